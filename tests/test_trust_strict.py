"""A repeated single-valued option is a usage error in every command, through one hook in LazyGroup."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from overturn_cli.main import main
from overturn_cli.strict import guard


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    "args",
    [
        ("deal", "--seed", "1", "--seed", "2"),
        ("deal", "--seed=1", "--seed", "2"),
        ("deal", "--json", "--seed", "3", "--json"),
        ("game", "show", "--color", "--no-color"),
        ("game", "new", "--seed", "1", "--seed", "2", "--state", "unused.json"),
        ("overload", "play", "roll", "3", "--state", "a.json", "--state", "b.json"),
        ("overload", "new", "-p", "3", "--players", "4"),
        ("dict", "prefix", "AB", "--limit", "1", "--limit", "2"),
    ],
)
def test_every_command_refuses_a_repeated_option_before_running(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run(*args)
    assert result.exit_code == 2
    assert "was given more than once" in result.output
    assert list(tmp_path.iterdir()) == []  # nothing ran, nothing was written


def test_single_occurrences_and_repeatable_options_still_work():
    assert run("deal", "--seed", "3", "--json").exit_code == 0

    @click.command()
    @click.option("--tag", multiple=True)
    @click.option("-v", "verbose", count=True)
    @click.option("--name")
    def tool(tag: tuple[str, ...], verbose: int, name: str | None) -> None:
        click.echo(f"{','.join(tag)} {verbose} {name}")

    guarded = guard(tool)
    assert guard(guarded) is guarded
    ok = CliRunner().invoke(guarded, ["--tag", "a", "--tag", "b", "-vv", "--name", "x"])
    assert ok.exit_code == 0 and ok.output == "a,b 2 x\n"
    repeated = CliRunner().invoke(guarded, ["--name", "x", "--name", "y"])
    assert repeated.exit_code == 2 and "--name was given more than once" in repeated.output
