"""The exit status of every command, in one table: 0 done, 1 not found or refused, 2 usage or unreadable input, 130 Ctrl-C.

Each row is a command line run in a fresh folder prepared with a few files
(a game, a referee's game for each other game, a damaged file, a tile set that
is not JSON, a Latin-1 word list). The Ctrl-C rows start the real program,
send SIGINT once it has done some of its work, and check that what was done is
printed or saved before the status 130.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli.main import main

BOARD = "ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET"  # seed 311's top layer: ROI and BOIRE are on it
LINK = "http://127.0.0.1:9/?table=T&seat=S"  # nothing listens on port 9: an unreachable server

# (command line, expected status). Rows are grouped by command; every command has its
# success, its "no" (where it has one), a usage error and an unreadable file or configuration.
TABLE: list[tuple[str, int]] = [
    # dict
    ("dict lookup maison", 0),
    ("dict lookup xyzzy", 1),
    ("dict lookup maison -l typo", 2),
    ('dict lookup "aujourd\x27hui"', 2),
    ("dict lookup --file words.txt", 1),
    ("dict lookup --file latin1.txt", 2),
    ("dict lookup --file missing.txt", 2),
    ("dict lookup", 2),
    ("dict grep P.CHE", 0),
    ("dict grep (", 2),
    ("dict prefix ogn", 0),
    ("dict prefix ogn --limit -1", 2),
    ("dict anagram CHIEN", 0),
    ("dict anagram ????????????", 2),
    ("dict hooks MAISON", 0),
    ("dict hooks 12", 2),
    ("dict forms manger", 0),
    ("dict forms xyzzy", 1),
    ("dict forms xyzzy --json", 1),
    ("dict fit ..E.S AIRT?", 0),
    ("dict fit ..E.S 123", 2),
    ("dict plus CHIEN", 0),
    ("dict plus ABCDEFGHIJKLMNOPQRST", 2),
    ("dict find --starts RE --length 4", 0),
    ("dict find --length 3 --min-len 5", 2),
    ("dict list two", 0),
    ("dict list four", 2),
    ("dict lookp maison", 2),
    # lexicon
    ("lexicon list", 0),
    ("lexicon info fr", 0),
    ("lexicon info typo", 2),
    ("lexicon path fr", 0),
    ("lexicon build words.txt --name mine", 0),
    ("lexicon build latin1.txt --name old", 0),
    ("lexicon build latin1.txt --name old --encoding utf-8", 2),
    ("lexicon build x --name fr", 2),
    ("lexicon build words.txt --name fr", 2),
    ("lexicon build empty.txt --name empty", 2),
    ("lexicon remove nothere", 1),
    ("lexicon remove fr", 2),
    ("lexicon diff words.txt fr", 0),
    ("lexicon diff words.txt typo", 2),
    # solve, deal, bench, show
    (f"solve {BOARD}", 0),
    ("solve ROIB", 2),
    ("solve --state damaged.json", 2),
    ("solve --board-file latin1.txt", 2),
    (f"solve {BOARD} -l typo", 2),
    ("deal --seed 311", 0),
    ("deal --seed -1", 2),
    ("deal --tiles damaged.json", 2),
    ("bench --boards 2", 0),
    ("bench --boards 0", 2),
    ("bench --boards 2 -l typo", 2),
    (f"show {BOARD} --word BOIRE", 0),
    (f"show {BOARD} --word XYZZY", 1),
    (f"show {BOARD} --path 'A1 C3'", 2),
    (f"show {BOARD} --word BOIRE -l typo", 2),
    # game
    ("game show", 0),
    ("game show --state damaged.json", 2),
    ("game show --state missing.json", 2),
    ("game play XYZZY", 1),
    ("game play ROI --path 'E3 D2 D3'", 0),
    ("game play ROI --path 'A1 Z9'", 2),
    ("game play BOIRE --player green", 1),
    ("game play BOIRE --state damaged.json", 2),
    ("game moves --limit 3", 0),
    ("game moves --limit 0", 2),
    ("game hint", 0),
    ("game hint --state damaged.json", 2),
    ("game pass A1", 0),
    ("game pass A1", 1),
    ("game pass Z9", 2),
    ("game undo", 0),
    ("game undo --state fresh.json", 1),
    ("game undo --state damaged.json", 2),
    ("game new --seed 311 --ending passes --state over.json", 0),
    ("game pass A1 --state over.json", 0),
    ("game pass B1 --state over.json", 0),  # two passes: over
    ("game moves --state over.json", 1),
    ("game moves --json --state over.json", 1),
    ("game hint --state over.json", 1),
    ("game hint --json --state over.json", 1),
    ("game review", 0),
    ("game review --state damaged.json", 2),
    ("game next-layer", 1),
    ("game next-layer --force", 0),
    ("game next-layer --state damaged.json", 2),
    ("game new --seed 311", 2),
    ("game new --seed 311 --state other.json", 0),
    ("game new --seed x --state other2.json", 2),
    ("game new --state other3.json -l typo", 2),
    ("game match --a 2 --b 1 --games 1", 0),
    ("game match --a 9 --b 1", 2),
    ("game match --a 2 --b 1 -l typo", 2),
    ("game nex-layer", 2),
    # referee, play
    (f"referee BOIRE --board {BOARD}", 0),
    (f"referee XYZZY --board {BOARD}", 1),
    ("referee BOIRE --board ROIB", 2),
    (f"referee '' --board {BOARD}", 2),  # as dict lookup '': not a word of letters
    (f"referee 12 --board {BOARD}", 2),
    ("referee BOIRE --state damaged.json", 2),
    (f"referee BOIRE --board {BOARD} -l typo", 2),
    ("play --seed 311 --state played.json", 0),
    ("play --level 9", 2),
    ("play --state damaged.json", 2),
    ("play -l typo", 2),
    # the other games' referees
    ("overload new --players 3 --seed 7 --state ov.json", 0),
    ("overload new --players 3 --state ov.json", 2),
    ("overload new --players 9 --state ov2.json", 2),
    ("overload show --state ov.json", 0),
    ("overload legal --state ov.json", 0),
    ("overload play roll 9 --state ov.json", 1),
    ("overload play load 3 roll 5 --state ov.json", 0),
    ("overload undo --state ov.json", 0),
    ("overload new --players 3 --seed 7 --state ov0.json", 0),
    ("overload undo --state ov0.json", 1),  # nothing to undo: refused, as in game undo
    ("overload show --state damaged.json", 2),
    ("overload rules", 0),
    ("offboard new --state off.json", 0),
    ("offboard play C3-D4 --state off.json", 0),
    ("offboard play C3-D4 --state off.json", 1),
    ("offboard undo -n 0 --state off.json", 2),
    ("offboard new --state off0.json", 0),
    ("offboard undo --state off0.json", 1),
    ("offboard show --state damaged.json", 2),
    ("insider new --players 2 --seed 7 --state ins.json", 0),
    ("insider play end --state ins.json", 1),
    ("insider play walk --state ins.json", 0),
    ("insider show --state missing.json", 2),
    ("insider new --players 2 --seed 7 --state ins0.json", 0),
    ("insider undo --state ins0.json", 1),  # the deal's cards are no one's move to take back
    # table (no server answers on port 9), serve
    (f"table show {LINK}", 1),
    ("table show not-a-link", 2),
    ("table new not-a-server", 2),
    (f"table pass Z9 {LINK}", 1),
    ("serve --port 70000", 2),
    ("serve --store foo://x", 2),  # once a SQLite file ./foo:/x
    ("serve --host nowhere.invalid --store memory", 2),
    ("serve -l typo --store memory", 2),
    ("serve --presence-lapse 0 --store memory", 2),
    # web
    ("web export site", 0),
    ("web export site", 0),  # a previous export, replaced
    ("web export .", 2),  # a folder holding other things
    ("web export words.txt", 2),
    ("web export other -l typo", 2),
    ("web export", 2),
    # the top level
    ("--help", 0),
    ("solv", 2),
]


def prepare(folder: Path) -> None:
    """The files the table's rows read."""
    (folder / "words.txt").write_text("maison\nxyzzy\n", encoding="utf-8")
    (folder / "latin1.txt").write_bytes("résumé\nkiffer\n".encode("latin-1"))
    (folder / "empty.txt").write_text("\n", encoding="utf-8")
    (folder / "damaged.json").write_text('{"version": ', encoding="utf-8")
    runner = CliRunner()
    for args in (["game", "new", "--seed", "311"], ["game", "new", "--seed", "311", "--state", "fresh.json"]):
        assert runner.invoke(main, args).exit_code == 0


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for the whole table (the rows run in order: a game is played, then undone...)."""
    from overturn.lexicon import registry

    root = tmp_path_factory.mktemp("exit-codes")
    cache = root / "cache" / "lexicons"
    cache.mkdir(parents=True)
    real = registry.lexicons_root()
    if real.is_dir():
        for entry in real.iterdir():
            if entry.name != "user":
                (cache / entry.name).symlink_to(entry)
    work = root / "work"
    work.mkdir()
    return work


@pytest.fixture
def inside(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from overturn.lexicon import registry

    monkeypatch.setenv("OVERTURN_CACHE_DIR", str(folder.parent / "cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(folder.parent / "data"))
    monkeypatch.setattr(registry, "_loaded", {})
    monkeypatch.chdir(folder)
    if not (folder / "damaged.json").exists():
        prepare(folder)
    return folder


@pytest.mark.parametrize(("line", "status"), TABLE, ids=[line for line, _ in TABLE])
def test_exit_status(line: str, status: int, inside: Path) -> None:
    import shlex

    result = CliRunner().invoke(main, shlex.split(line), input="quit\n")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == status, f"overturn {line} exited {result.exit_code}, not {status}:\n{result.output}"
    assert "Traceback" not in result.output


def test_every_command_is_in_the_table() -> None:
    """A new command gets its rows here."""
    import click

    from overturn_cli.main import COMMANDS

    covered = {line.split()[0] for line, _ in TABLE}
    assert set(COMMANDS) <= covered
    for group_name in ("dict", "lexicon", "game", "overload"):
        group = main.get_command(click.Context(main), group_name)
        assert isinstance(group, click.Group)
        names = set(group.list_commands(click.Context(group)))
        rows = {line.split()[1] for line, _ in TABLE if line.split()[0] == group_name}
        assert names - {"preview", "roll", "session"} <= rows, (group_name, names - rows)


def test_a_busy_port_is_exit_2_with_the_reason(tmp_path: Path) -> None:
    """uvicorn logged an OSError and exited 3, outside the table; now 2, saying what to do, before the server starts."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port), "--store", str(tmp_path / "t.sqlite3")])
    assert result.exit_code == 2, result.output
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in result.output and "--port" in result.output


@pytest.mark.parametrize(
    ("game", "new"), [("overload", ["--players", "3", "--seed", "7"]), ("offboard", []), ("insider", ["--players", "2", "--seed", "7"])],
)
def test_nothing_to_undo_is_said_so_in_every_game(game: str, new: list[str], tmp_path: Path) -> None:
    """Overload and offboard said "cannot take back 1 actions: 0 were played" (exit 2); Insider took back its own deal."""
    state = str(tmp_path / "g.json")
    assert CliRunner().invoke(main, [game, "new", *new, "--state", state]).exit_code == 0
    before = Path(state).read_bytes()
    result = CliRunner().invoke(main, [game, "undo", "--state", state])
    assert result.exit_code == 1 and "nothing to undo: no " in result.output and "has been played yet" in result.output, result.output
    assert Path(state).read_bytes() == before
    fresh = tmp_path / "overturn.json"
    assert CliRunner().invoke(main, ["game", "new", "--seed", "7", "--state", str(fresh)]).exit_code == 0
    undone = CliRunner().invoke(main, ["game", "undo", "--state", str(fresh)])
    assert undone.exit_code == 1 and "nothing to undo: no move has been played yet" in undone.output


def test_moves_and_hint_on_a_finished_game_say_it_is_over(tmp_path: Path) -> None:
    state = str(tmp_path / "over.json")
    for args in (["new", "--seed", "311", "--ending", "passes"], ["pass", "A1"], ["pass", "B1"]):
        assert CliRunner().invoke(main, ["game", *args, "--state", state]).exit_code == 0
    listed = CliRunner().invoke(main, ["game", "moves", "--state", state])
    assert listed.exit_code == 1 and "the game is over (a tie, green 1 · silver 1): no move to list" in listed.output
    hinted = CliRunner().invoke(main, ["game", "hint", "--json", "--state", state])
    assert hinted.exit_code == 1 and json.loads(hinted.stdout)["error"]["rule"] == "game_over"


@pytest.mark.parametrize("given", ["0", "-5", "0.5", "3601", "inf", "nan"])
def test_a_presence_lapse_out_of_bounds_is_refused_by_name(given: str) -> None:
    """From 1 s (leases renewed every third of it) to an hour; nan, which every comparison fails, is refused too."""
    result = CliRunner().invoke(main, ["serve", "--presence-lapse", given, "--store", "memory"])
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '--presence-lapse': {float(given):g} is not a number of seconds from 1 to 3600." in result.output


# ----- Ctrl-C: the real program, interrupted ----------------------------------------------------


def interrupt(
    args: list[str], ready: str, folder: Path, env: dict[str, str] | None = None, stdin: str = "", merged: bool = False
) -> tuple[int, str, str]:
    """Start `overturn ARGS`, wait until stderr (or stdout too, ``merged``) shows ``ready``, send SIGINT: status, stdout, stderr."""
    process = subprocess.Popen(
        [sys.executable, "-m", "overturn_cli", *args], cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT if merged else subprocess.PIPE, env={**os.environ, **(env or {})}, text=True,
    )
    assert process.stdout is not None and process.stdin is not None
    process.stdin.write(stdin)
    process.stdin.flush()
    stream = process.stdout if merged else process.stderr
    assert stream is not None
    seen = ""
    deadline = time.monotonic() + 120
    while ready not in seen and time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen += line
    assert ready in seen, seen
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return process.returncode, (seen + out) if merged else out, seen + (err or "")


def test_ctrl_c_in_bench_prints_the_boards_done(tmp_path: Path) -> None:
    status, out, err = interrupt(["bench", "--boards", "5000"], "solving", tmp_path)
    assert status == 130, err
    assert "interrupted after" in err and " boards, reuse mode: median" in out


def test_ctrl_c_in_a_match_prints_the_games_done(tmp_path: Path) -> None:
    status, out, err = interrupt(["game", "match", "--a", "2", "--b", "1", "--games", "1000", "--progress"], "game 2/1000", tmp_path)
    assert status == 130, err
    assert "interrupted after" in err and "level 2 against level 1" in out


def test_ctrl_c_stops_the_server_cleanly(tmp_path: Path) -> None:
    status, _, err = interrupt(["serve", "--port", "0", "--store", "memory"], "Uvicorn running", tmp_path)
    assert status == 130 and "server stopped" in err, err


def test_ctrl_c_in_a_lexicon_build_says_nothing_was_built(tmp_path: Path) -> None:
    import itertools
    import string

    words = ("".join(letters) for letters in itertools.product(string.ascii_lowercase, repeat=5))
    big = tmp_path / "big.txt"
    big.write_text("\n".join(itertools.islice(words, 500_000)), encoding="utf-8")
    env = {"OVERTURN_CACHE_DIR": str(tmp_path / "cache")}
    status, _, err = interrupt(["lexicon", "build", str(big), "--name", "big"], "overturn:", tmp_path, env)
    assert status == 130 and "was not built" in err, err
    assert not (tmp_path / "cache" / "lexicons" / "user" / "big").exists()


def test_ctrl_c_in_play_keeps_the_game(tmp_path: Path) -> None:
    """At the prompt, after one word: the game file holds it, the screen says where, the status is 130."""
    state = tmp_path / "kept.json"
    status, out, _ = interrupt(["play", "--seed", "311", "--state", str(state), "--no-color"], "plays ROI", tmp_path, stdin="ROI\n", merged=True)
    assert status == 130, out
    assert f"resume with: overturn play --state {state}" in out
    assert [move["word"] for move in json.loads(state.read_text(encoding="utf-8"))["moves"]] == ["ROI"]


@pytest.mark.parametrize(
    ("args", "option", "expected"),
    [
        (["serve", "--store", "memory", "--solve-timeout"], "--solve-timeout", "is not a number of seconds from 0.1 up."),
        (["serve", "--store", "memory", "--pattern-timeout"], "--pattern-timeout", "is not a number of seconds from 0.01 up."),
        (["serve", "--store", "memory", "--header-timeout"], "--header-timeout", "is not a number of seconds from 0.1 up."),
        (["serve", "--store", "memory", "--body-timeout"], "--body-timeout", "is not a number of seconds from 0.1 up."),
        (["dict", "grep", "M????N", "--timeout"], "--timeout", "is not a number of seconds from 0.01 to 60."),
        (["play", "--timer"], "--timer", "is not a number of seconds more than 0."),
        (["table", "prune", "--dry-run", "--store", "memory", "--idle-days"], "--idle-days", "is not a number of days from 0 up."),
        (["table", "prune", "--dry-run", "--store", "memory", "--finished-days"], "--finished-days", "is not a number of days from 0 up."),
    ],
)
@pytest.mark.parametrize("given", ["nan", "inf", "-inf", "1e400"])
def test_a_duration_that_is_no_finite_number_is_refused_by_name(args: list[str], option: str, expected: str, given: str) -> None:
    """Every seconds or days option refuses nan (which every range comparison passes) and infinities: exit 2, the
    option named, before anything starts (a server with a nan solve time-out used to start and never time out)."""
    result = CliRunner().invoke(main, [*args, given])
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}': {float(given):g} {expected}" in result.output, result.output
