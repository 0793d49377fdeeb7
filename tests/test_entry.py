"""The start-up fast path (`overturn_cli.entry`) against click: same output, same status, or hands over untouched."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import click
import pytest
from click.testing import CliRunner

from overturn_cli import entry
from overturn_cli.dict_cmds import lookup
from overturn_cli.main import main
from overturn_cli.solve_cmds import solve

BOARD = "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW"
BOGGLE = "CHIE/NPOL/AMEU/RSTU"
WORDS = ["pêche", "péché", "poche", "chien", "chine", "niche", "roi", "pole", "pôle", "lame", "aza", "sax", "saz", "jupon", "mer", "lem"]


@pytest.fixture(scope="module")
def lexicon_dir(make_lexicon) -> str:  # type: ignore[no-untyped-def]
    return str(make_lexicon(WORDS).directory)


@contextmanager
def captured() -> Iterator[tuple[io.BytesIO, io.BytesIO]]:
    """sys.stdout and sys.stderr as UTF-8 text streams over byte buffers, as a real terminal or pipe gives."""
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr
    streams = io.TextIOWrapper(out, encoding="utf-8"), io.TextIOWrapper(err, encoding="utf-8")
    sys.stdout, sys.stderr = streams
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = saved
        for stream in streams:
            stream.flush()
            stream.detach()  # the buffers stay open for reading


def fast(argv: list[str]) -> tuple[int | None, str, str]:
    with captured() as (out, err):
        status = entry.run_fast(argv)
    return status, out.getvalue().decode("utf-8", "surrogateescape"), err.getvalue().decode("utf-8", "surrogateescape")


def through_click(argv: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def steady(text: str) -> str:
    """Output with the solve's own timing taken out (it differs between any two runs)."""
    return re.sub(r'"elapsed_ms": [0-9.e-]+|in [0-9.]+ ms', "<time>", text)


def random_lookup(rng: random.Random, lexicon_dir: str) -> list[str]:
    """A lookup command line, plain most of the time, with a wrong or unknown part now and then."""
    words = rng.sample(WORDS + ["POCHO", "xyzzy", "porte-clé", "", "é" * 70, "ac\udc80ces", "e\u0301te", "Œuvre", "\x1b[31mroi"], rng.randint(0, 3))
    lexicon = [["--lexicon", lexicon_dir], [f"--lexicon={lexicon_dir}"], ["-l", lexicon_dir]] * 3 + [["-l", "/nonexistent"], ["--lexicon"]]
    options = rng.choice([[], ["--json"]]) + rng.choice(lexicon) + rng.choice([[]] * 8 + [["--json"], ["-h"], ["--color"], ["--"], ["-"]])
    tokens = words + options
    rng.shuffle(tokens)
    return ["dict", "lookup", *tokens]


def random_solve(rng: random.Random, lexicon_dir: str) -> list[str]:
    """A solve command line, plain most of the time, with a wrong or unknown part now and then."""

    def pick(good: list[str], bad: list[str]) -> str:
        return rng.choice(good) if rng.random() < 0.8 else rng.choice(bad)

    board = pick([BOARD, BOARD.lower(), "ROIBEN PLEMAT ZASCDE FGHIJK LMNOPQ RSTUVW"], [BOGGLE, BOARD[:-1], "x" * 1001])
    choices = [
        ["--mode", pick(["reuse", "advanced"], ["Reuse", "fast"])],
        ["--preset", pick(["overturn", "advanced"], ["boggle4", "boggle5", "chess"])],
        [f"--sort={pick(['length', 'alpha'], [''])}"],
        [pick(["--group", "--no-group"], ["--group=1"])],
        ["--min-len", pick(["0", "3", "5", "007"], ["+3", "-1", "x", "9" * 12])],
        ["--pattern", pick([".*E", "P.*", "[AEIOU]{2}.*", "pêche|mer"], ["(", "a{99999999}"])],
        ["--contains", pick(["E", "é", "LE"], ["-", "x" * 65, "1"])],
        ["--json"],
    ]
    options = [["--lexicon", lexicon_dir], *rng.sample(choices, rng.randint(0, 4))]
    if rng.random() < 0.1:
        options.append(rng.choice([["--board-file", "/dev/null"], ["--mode", "reuse"], ["--json"]]))
    rng.shuffle(options)
    return ["solve", *[token for option in options for token in option], *([board] if rng.random() < 0.95 else [])]


def test_fast_path_matches_click_or_hands_over(lexicon_dir: str) -> None:
    """On random command lines, the fast path prints what click prints, or prints nothing and defers to click."""
    rng = random.Random(12)
    taken = handed_over = 0
    for case in range(240):
        argv = (random_lookup if case % 2 else random_solve)(rng, lexicon_dir)
        status, out, err = fast(argv)
        if status is None:
            assert (out, err) == ("", ""), argv
            handed_over += 1
            continue
        taken += 1
        click_status, click_out, click_err = through_click(argv)
        assert status == click_status, argv
        assert steady(out) == steady(click_out), argv
        assert steady(err) == steady(click_err), argv
    assert taken >= 60 and handed_over >= 60, (taken, handed_over)


@pytest.mark.parametrize(
    "argv",
    [
        ["dict", "lookup", "pêche", "POCHO"],
        ["dict", "lookup", "--json", "chien", "niche"],
        ["solve", BOARD],
        ["solve", "--json", "--min-len", "3", BOARD],
        ["solve", "--sort", "alpha", "--no-group", "--mode", "advanced", BOARD],
        ["solve", "--preset", "boggle4", BOGGLE],
        ["solve", "--pattern", "p.*", "--contains", "é", BOARD],
    ],
)
def test_plain_forms_take_the_fast_path(lexicon_dir: str, argv: list[str]) -> None:
    status, out, err = fast([*argv, "-l", lexicon_dir])
    click_status, click_out, click_err = through_click([*argv, "-l", lexicon_dir])
    assert status is not None and out
    assert (status, steady(out), steady(err)) == (click_status, steady(click_out), steady(click_err))


@pytest.mark.parametrize(
    "argv",
    [
        ["--version"],
        ["dict", "lookup"],
        ["dict", "lookup", "--help"],
        ["dict", "lookup", "roi", "--json", "--json"],
        ["dict", "lookup", "roi", "-lfr"],
        ["dict", "grep", "ROI"],
        ["solve"],
        ["solve", BOARD, BOARD],
        ["solve", "--state", "game.json"],
        ["solve", "--min-len", "+3", BOARD],
        ["solve", "--mode", "-", BOARD],
        ["solve", "--contains", "x" * 65, BOARD],
        ["solve", "BAD"],
        ["solve", "--pattern", "(", BOARD],
        ["solve", "--lexicon", "/nonexistent", BOARD],
    ],
)
def test_anything_else_goes_to_click_untouched(argv: list[str]) -> None:
    assert fast(argv) == (None, "", "")


def test_the_parser_knows_click_s_solve_options() -> None:
    """The fast path's option tables are click's: same names, keywords, flags, choices and defaults."""

    def parsed(*argv: str) -> dict[str, object]:
        return solve.make_context("solve", [*argv, BOARD]).params

    options = [parameter for parameter in solve.params if isinstance(parameter, click.Option)]
    declared = {option: parameter for parameter in options for option in [*parameter.opts, *parameter.secondary_opts]}
    for option, keyword in entry.SOLVE_VALUES.items():
        assert declared[option].name == keyword and not declared[option].is_flag  # type: ignore[attr-defined]
    for option, (keyword, value) in entry.SOLVE_FLAGS.items():
        assert declared[option].name == keyword and parsed(option)[keyword] is value
    for keyword, allowed in entry.SOLVE_CHOICES.items():
        (parameter,) = [p for p in solve.params if p.name == keyword]
        assert isinstance(parameter.type, click.Choice) and tuple(parameter.type.choices) == allowed
    defaults = parsed()
    assert {keyword: defaults[keyword] for keyword in entry.SOLVE_DEFAULTS} == entry.SOLVE_DEFAULTS
    handled = {*entry.SOLVE_VALUES, *entry.SOLVE_FLAGS}
    left_to_click = {option for option in declared if option not in handled}
    assert left_to_click == {"--board-file", "--state", "--family", "--limit"}  # --family reads the family list: the full command


def test_the_parser_knows_click_s_lookup_options() -> None:
    """Every option of `dict lookup` is the fast path's, with the same keywords and defaults."""
    options = [parameter for parameter in lookup.params if isinstance(parameter, click.Option)]
    # --file reads a list: the full command
    assert {option: parameter.name for parameter in options for option in parameter.opts} == {**entry.LEXICON, "--json": "as_json", "--file": "list_file"}
    defaults = lookup.make_context("lookup", ["roi"]).params
    assert {keyword: defaults[keyword] for keyword in entry.LOOKUP_DEFAULTS} == entry.LOOKUP_DEFAULTS


def test_the_fast_path_does_not_import_click() -> None:
    code = (
        "import sys\n"
        "from overturn_cli.entry import run_fast\n"
        f"status = run_fast(['solve', '--no-group', '{BOARD}'])\n"
        "assert status == 0 and 'click' not in sys.modules, (status, 'click' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_closed_pipe_ends_quietly(lexicon_dir: str) -> None:
    """`overturn dict lookup roi roi … | head -1`: status 1 and no traceback, on the fast path as through click."""
    argv = ["dict", "lookup", "-l", lexicon_dir, *["roi"] * 3000]
    for program in ("from overturn_cli.entry import run; run()", "from overturn_cli.main import main; main()"):
        pipe = subprocess.Popen(
            [sys.executable, "-c", f"import sys; sys.argv[1:] = {argv!r}; {program}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert pipe.stdout is not None and pipe.stderr is not None
        assert pipe.stdout.readline() == b"ROI: valid\n"
        pipe.stdout.close()
        stderr = pipe.stderr.read().decode()
        assert pipe.wait(timeout=60) == 1 and stderr == "", (program, stderr)


@pytest.mark.parametrize("program", ["from overturn_cli.entry import run; run()", "from overturn_cli.main import main; main()"])
def test_an_undecodable_word_under_a_strict_utf8_locale(lexicon_dir: str, program: str) -> None:
    """A byte that is not UTF-8 in an argument is reported, in text and in valid JSON, never a UnicodeEncodeError."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    command = [sys.executable.encode(), b"-c", program.encode(), b"dict", b"lookup", b"-l", lexicon_dir.encode(), b"ac\x80ces"]
    text = subprocess.run(command, check=False, capture_output=True, env=env, timeout=60)
    assert text.returncode == 2 and text.stderr == b"" and b"invalid input" in text.stdout
    as_json = subprocess.run([*command, b"--json"], check=False, capture_output=True, env=env, timeout=60)
    assert as_json.returncode == 2 and json.loads(as_json.stdout.decode("utf-8"))["results"][0]["word"] == "ac\udc80ces"
