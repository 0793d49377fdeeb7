"""One voice on the command line (issue 33): start-up, colours, paths, cut lists, word lists, lexicons, saved games, the library face."""

from __future__ import annotations

import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from overturn_cli.main import COMMANDS, SUMMARIES, main

BOARD = "ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET"  # seed 311's top layer
ANSI = "\x1b["


def run(*args: str, input: str | None = None) -> click.testing.Result:
    return CliRunner().invoke(main, list(args), input=input)


def program(*args: str, env: dict[str, str] | None = None, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "overturn_cli", *args], capture_output=True, text=True, input=input, timeout=120,
        env={**os.environ, **(env or {})}, cwd=cwd, check=False,
    )


# ----- start-up and the top level ---------------------------------------------------------------


def test_top_level_help_imports_no_command() -> None:
    """`overturn --help` lists the commands from their summaries: no command module, no solver, no lexicon."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "overturn_cli", "--help"], capture_output=True, text=True, timeout=60, check=True)
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "overturn_cli.main" in imported and "click" in imported
    heavy = {name for name in imported if name.startswith(("overturn.", "overturn_cli.")) and name not in
             {"overturn_cli.main", "overturn_cli.lazy", "overturn_cli.strict", "overturn_cli.console", "overturn_cli.entry"}}
    assert not heavy, heavy
    for name in COMMANDS:
        assert re.search(rf"^  {name} ", done.stdout, re.MULTILINE), name


#: What a look-up must not import: click, typing (2 ms), the pattern engine, and what issue 41 found it paying 16 ms for:
#: pathlib (with fnmatch, urllib.parse and ipaddress), json (with re) and re.
NOT_FOR_A_LOOKUP = {
    "click", "typing", "msgspec", "overturn.lexicon.pattern", "overturn.lexicon.lemmas", "overturn_cli.main",
    "pathlib", "fnmatch", "json", "re", "urllib", "urllib.parse", "ipaddress",
}


def _modules_at_exit(code: str) -> tuple[str, set[str]]:
    """What ``code`` prints, and the modules loaded when it is done, in a fresh interpreter started as users start it (site and all)."""
    done = subprocess.run([sys.executable, "-c", f"{code}\nimport sys\nprint(*sys.modules, file=sys.stderr)"],
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout, set(done.stderr.split())


def test_a_lookup_imports_only_what_it_reads(default_lexicon) -> None:
    """`dict lookup WORD` in text, through the console script's fast path: beyond what a bare start-up
    (`python -c pass`, site included) has loaded, no click, typing, pathlib, json, re or urllib."""
    _, bare = _modules_at_exit("pass")
    shown, loaded = _modules_at_exit("from overturn_cli.entry import run_fast\nrun_fast(['dict', 'lookup', 'maison'])")
    assert shown.startswith("MAISON: valid") and "definition: https://fr.wiktionary.org/wiki/maison" in shown, shown
    assert {"overturn.lexicon.lexicon", "overturn.lexicon.links", "marisa_trie"} <= loaded
    assert not (loaded - bare) & NOT_FOR_A_LOOKUP, sorted((loaded - bare) & NOT_FOR_A_LOOKUP)


def _imported(*args: str) -> set[str]:
    """The modules a Python process imports (``-X importtime``'s names), run with ``args``."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args], capture_output=True, text=True, timeout=60, check=False)
    return {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


def test_the_installed_command_launches_a_lookup_without_re(default_lexicon) -> None:
    """The `overturn` the install put beside the interpreter (bin/overturn) starts a look-up importing nothing a bare
    start-up has not, of what a look-up must not import: pip's own launcher for an entry point imports re."""
    launcher = Path(sys.executable).parent / "overturn"
    assert launcher.is_file() and "import re" not in launcher.read_text(), launcher
    extra = _imported(str(launcher), "dict", "lookup", "maison") - _imported("-c", "pass")
    assert "overturn.lexicon.lexicon" in extra and not extra & NOT_FOR_A_LOOKUP, sorted(extra & NOT_FOR_A_LOOKUP)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_summary_is_the_command_s_first_sentence(name: str) -> None:
    command = main.get_command(click.Context(main), name)
    assert command is not None and command.help is not None
    text = " ".join(command.help.split("\n\n")[0].split())
    first = re.split(r"(?<=\.)\s", text)[0]
    assert SUMMARIES[name] == first


def test_did_you_mean_at_the_top_level() -> None:
    result = run("solv", "x")
    assert result.exit_code == 2 and "Did you mean 'solve'?" in result.output


def test_import_overturn_is_light_and_offers_the_library_face() -> None:
    code = (
        "import sys, overturn\n"
        "loaded = sorted(name for name in sys.modules if name.startswith('overturn.'))\n"
        "assert not loaded, loaded\n"
        "from overturn import Game, Board, Solver, WordMove, PassMove, load_lexicon, referee_word\n"
        "assert overturn.Game is Game and Game.__module__ == 'overturn.game.state'\n"
        "assert overturn.OverloadReferee().name == 'overload' and overturn.InsiderReferee and overturn.OffboardReferee\n"
        "assert set(overturn.__all__) == {'__version__', *overturn._EXPORTS} and set(overturn.__all__) <= set(dir(overturn))\n"
        # dir() shows the public names alone: no TYPE_CHECKING, annotations or importlib of the module's own workings
        "assert dir(overturn) == sorted(overturn.__all__), dir(overturn)\n"
        "assert not hasattr(overturn, 'TYPE_CHECKING') and not hasattr(overturn, 'annotations') and not hasattr(overturn, 'importlib')\n"
        "try:\n    overturn.Nothing\nexcept AttributeError as exc:\n    assert 'Nothing' in str(exc)\n"
        "else:\n    raise SystemExit('no AttributeError')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("document", "section"), [("README.md", "## Library"), ("docs/game.md", "## Python API")])
def test_the_docs_library_examples_run(document: str, section: str, default_lexicon) -> None:
    """The documented examples of the library face, run as written."""
    text = (Path(__file__).resolve().parent.parent / document).read_text(encoding="utf-8")
    block = re.search(rf"{section}\n.*?```python\n(.*?)```", text, re.DOTALL)
    assert block, f"{document} has a {section} section with a python block"
    assert "import overturn\n" in block.group(1)
    scope: dict[str, object] = {}
    exec(compile(block.group(1), document, "exec"), scope)  # noqa: S102 - the documented example
    game, best = scope["game"], scope.get("best")
    assert [played.move.word for played in game.history][:1] == ["ROI"]  # type: ignore[attr-defined]
    # the README plays the best reply too: a ranked move is a move
    assert [played.move for played in game.history][1:] == ([best.move] if document == "README.md" else [])  # type: ignore[attr-defined]


# ----- colours ------------------------------------------------------------------------------------


def on_a_terminal(args: list[str], env: dict[str, str], cwd: Path) -> str:
    """What ``overturn ARGS`` writes to a pseudo-terminal (so that colour is on unless something says no)."""
    leader, follower = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "TERM")}
    process = subprocess.Popen([sys.executable, "-m", "overturn_cli", *args], stdout=follower, stderr=subprocess.DEVNULL,
                               stdin=subprocess.DEVNULL, env={**environment, **env}, cwd=cwd)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: the program ended
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize(
    "args",
    [
        ["show", BOARD, "--word", "BOIRE"],
        ["referee", "BOIRE", "--board", BOARD],
        ["game", "show"],
        ["game", "hint"],
    ],
    ids=["show", "referee", "game show", "game hint"],
)
def test_colour_follows_no_color_and_term_dumb(args: list[str], tmp_path: Path) -> None:
    state = str(tmp_path / "overturn-game.json")
    assert run("game", "new", "--seed", "311", "--state", state).exit_code == 0
    assert run("game", "play", "ROI", "--state", state).exit_code == 0  # rings to colour
    assert ANSI in on_a_terminal(args, {"TERM": "xterm"}, tmp_path)
    assert ANSI not in on_a_terminal(args, {"TERM": "xterm", "NO_COLOR": "1"}, tmp_path)
    assert ANSI not in on_a_terminal(args, {"TERM": "dumb"}, tmp_path)
    assert ANSI in on_a_terminal([*args, "--color"], {"TERM": "dumb", "NO_COLOR": "1"}, tmp_path)
    assert ANSI not in on_a_terminal([*args, "--no-color"], {"TERM": "xterm"}, tmp_path)


def test_every_drawing_command_takes_color() -> None:
    """The commands that draw a board all take --color/--no-color."""
    for path in (["show"], ["referee"], ["play"], ["game", "new"], ["game", "show"], ["game", "play"], ["game", "hint"],
                 ["game", "next-layer"], ["table", "show"], ["table", "play"], ["table", "watch"]):
        result = run(*path, "--help")
        assert "--color / --no-color" in result.output, path


# ----- solve's paths, cut lists --------------------------------------------------------------------


def test_solve_text_shows_each_word_s_path(default_lexicon) -> None:
    from overturn.game.board import Board, parse_path

    board = Board.parse(BOARD)
    result = run("solve", BOARD, "--no-group")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == json.loads(run("solve", BOARD, "--json").stdout)["count"] > 100
    for line in lines:
        word, *cells = line.split()
        assert all(re.fullmatch(r"[A-F][1-6]", cell) for cell in cells), line
        path = parse_path(" ".join(cells), board)
        assert "".join(board.faces[cell] for cell in path).upper() == word, line
        assert all(a == b or board.adjacent(a, b) for a, b in zip(path, path[1:])), line
    assert run("solve", BOARD, "--no-group", "--no-paths").stdout.split() == [line.split()[0] for line in lines]


def test_every_cut_list_says_so(default_lexicon) -> None:
    cut = run("dict", "prefix", "")
    assert cut.stdout.count("\n") == 100 and "list cut at 100: --limit 200 for more" in cut.stderr
    assert json.loads(run("dict", "prefix", "", "--json").stdout)["truncated"] is True
    assert json.loads(run("dict", "prefix", "ognon", "--json").stdout)["truncated"] is False
    assert "(list cut at 1000" in run("dict", "find", "--starts", "E").stderr
    assert "--limit" in run("dict", "grep", "E.*", "--limit", "5").stderr
    assert "list cut at 1: --limit 2" in run("dict", "anagram", "CHIEN", "--limit", "1").stderr
    plus = json.loads(run("dict", "plus", "AEINRST", "--limit", "5", "--json").stdout)
    assert plus["count"] == 5 and plus["truncated"] is True and sum(map(len, plus["by_letter"].values())) == 5
    assert "list cut at 3" in run("dict", "list", "two", "--limit", "3").stderr
    moves = run("game", "moves", "--limit", "2", "--state", "missing.json")
    assert moves.exit_code == 2


def test_game_moves_says_how_many_it_left_out(default_lexicon, tmp_path: Path) -> None:
    state = str(tmp_path / "g.json")
    assert run("game", "new", "--seed", "311", "--state", state).exit_code == 0
    out = run("game", "moves", "--limit", "2", "--state", state).stdout
    assert re.search(r"the best 2 moves of \d+ for green .*; --limit \d+ for all:", out)


def test_anagram_jokers_count_in_the_cap(default_lexicon) -> None:
    assert run("dict", "anagram", "????").exit_code == 2
    assert run("dict", "anagram", "CH??", "-w", "2").exit_code == 2
    assert run("dict", "anagram", "CHIE?").exit_code == 0


# ----- word lists, lexicons -------------------------------------------------------------------------


def test_dict_lookup_checks_a_list_from_stdin_and_a_file(default_lexicon, tmp_path: Path) -> None:
    done = program("dict", "lookup", "-", input="maison\nxyzzy\n")
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["MAISON: valid (maison)", "XYZZY: not in lexicon fr"]
    lines = [json.loads(line) for line in program("dict", "lookup", "-", "--json", input="maison\nxyzzy\n").stdout.splitlines()]
    assert [(line["key"], line["valid"]) for line in lines] == [("MAISON", True), ("XYZZY", False)]
    listing = tmp_path / "list.txt"
    listing.write_text("pêche\n\nvoici\n", encoding="utf-8")
    assert run("dict", "lookup", "--file", str(listing)).exit_code == 0
    listing.write_bytes(b"maison\nr\xe9sum\xe9\n")
    bad = run("dict", "lookup", "--file", str(listing))
    assert bad.exit_code == 2 and "line 2: r\ufffdsum\ufffd: invalid input: not UTF-8 text" in bad.output


def test_lookup_gives_definition_links(default_lexicon) -> None:
    data = json.loads(run("dict", "lookup", "maison", "--json").stdout)["results"][0]
    assert data["links"] == {"wiktionnaire": "https://fr.wiktionary.org/wiki/maison", "cnrtl": "https://www.cnrtl.fr/definition/maison"}
    assert "definition: https://fr.wiktionary.org/wiki/maison" in run("dict", "lookup", "maison").stdout


def test_definition_links_are_quoted_as_urllib_quotes_them() -> None:
    """The links' own percent-encoding (a look-up does not import urllib.parse) gives urllib's answer."""
    from urllib.parse import quote as urllib_quote

    from overturn.lexicon.links import quote

    for text in ["maison", "œil", "pêché", "aujourd'hui", "porte-clé", "a b/c~d_e.f", "ça%20", "\U0001f600", ""]:
        assert quote(text) == urllib_quote(text), text


def test_a_latin1_word_list_builds(isolated_cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "ods.txt"
    source.write_bytes("kiffer\nrésumé\n".encode("latin-1"))
    strict = run("lexicon", "build", str(source), "--name", "ods", "--encoding", "utf-8")
    assert strict.exit_code == 2 and "line 2" in strict.output
    built = run("lexicon", "build", str(source), "--name", "ods")
    assert built.exit_code == 0 and "not UTF-8 (line 2)" in built.stderr
    assert "résumé" in run("dict", "lookup", "resume", "-l", "ods").stdout
    assert run("lexicon", "build", str(source), "--name", "ods2", "--encoding", "latin-1").exit_code == 0


def test_lexicon_remove(isolated_cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "mots.txt"
    source.write_text("kiffer\n", encoding="utf-8")
    assert run("lexicon", "build", str(source), "--name", "jetable").exit_code == 0
    assert "jetable" in run("lexicon", "list").stdout
    assert run("lexicon", "remove", "jetable").exit_code == 0
    assert "jetable" not in run("lexicon", "list").stdout
    assert run("dict", "lookup", "kiffer", "-l", "jetable").exit_code == 2
    again = run("lexicon", "remove", "jetable")
    assert again.exit_code == 1 and "no lexicon you built" in again.output
    assert run("lexicon", "remove", "fr").exit_code == 2


def test_lexicon_list_leaves_out_what_cannot_be_used(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from overturn.lexicon import registry

    monkeypatch.setattr(registry, "WFRENCH_PATH", tmp_path / "no-french")
    result = run("lexicon", "list")
    assert result.exit_code == 0 and "fr " in result.stdout and "wfrench" not in result.stdout
    assert "note: wfrench is not usable here" in result.stderr
    assert [row["name"] for row in json.loads(run("lexicon", "list", "--json").stdout)["lexicons"]].count("wfrench") == 0


# ----- games are never lost -------------------------------------------------------------------------


def test_play_without_state_saves_in_the_data_folder(default_lexicon, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    result = run("play", "--seed", "311", "--no-color", input="ROI\nquit\n")
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "data" / "overturn" / "games").glob("play-*.json"))
    assert len(saved) == 1 and f"resume it with: overturn play --state {saved[0]}" in result.output
    assert [move["word"] for move in json.loads(saved[0].read_text(encoding="utf-8"))["moves"]] == ["ROI"]
    resumed = run("play", "--state", str(saved[0]), "--no-color", input="quit\n")
    assert resumed.exit_code == 0 and "silver" in resumed.output


def test_next_layer_keeps_each_layer_and_review_covers_them(default_lexicon, tmp_path: Path) -> None:
    state = tmp_path / "g.json"
    assert run("game", "new", "--seed", "311", "--state", str(state)).exit_code == 0
    assert run("game", "play", "ROI", "--state", str(state)).exit_code == 0
    moved = run("game", "next-layer", "--force", "--state", str(state), "--json")
    assert moved.exit_code == 0, moved.output
    data = json.loads(moved.stdout)
    assert data["kept"] == str(tmp_path / "g.layer-1.json") and data["total"] == {"scores": [3, 0], "layers": 2}
    assert [move["word"] for move in json.loads((tmp_path / "g.layer-1.json").read_text(encoding="utf-8"))["moves"]] == ["ROI"]
    review = run("game", "review", "--state", str(state))
    assert "layer 1 (" in review.stdout and "ROI +3" in review.stdout and "layer 2 (" in review.stdout
    assert "total over 2 layers: green 3 · silver 0" in run("game", "show", "--state", str(state), "--no-color").stdout
    earlier = json.loads(run("game", "review", "--state", str(state), "--json").stdout)["earlier_layers"]
    assert [move["played"]["word"] for move in earlier[0]["moves"]] == ["ROI"]


# ----- one JSON vocabulary ----------------------------------------------------------------------------

#: A CLI command and the HTTP API request that answers the same question.
SAME_QUESTION = [
    (["dict", "lookup", "maison"], "/api/words/maison"),
    (["dict", "prefix", "ogn"], "/api/prefix?q=ogn"),
    (["dict", "grep", "P.CHE"], "/api/pattern?q=P.CHE"),
    (["dict", "anagram", "CHIEN"], "/api/anagrams?letters=CHIEN"),
    (["dict", "hooks", "MAISON"], "/api/hooks?word=MAISON"),
    (["dict", "fit", "..E.S", "AIRT?"], "/api/fit?pattern=..E.S&rack=AIRT?"),
    (["dict", "plus", "CHIEN"], "/api/plus-one?letters=CHIEN"),
    (["dict", "find", "--starts", "RE", "--length", "4"], "/api/find?starts=RE&length=4"),
    (["dict", "list", "two"], "/api/lists/two"),
    (["dict", "forms", "manger"], "/api/forms?word=manger"),
]


@pytest.fixture(scope="module")
def api():
    from starlette.testclient import TestClient

    from overturn.service.app import create_app

    with TestClient(create_app()) as client:
        yield client


@pytest.mark.parametrize(("args", "url"), SAME_QUESTION, ids=[" ".join(args) for args, _ in SAME_QUESTION])
def test_the_cli_speaks_the_api_s_json(args: list[str], url: str, api, default_lexicon) -> None:
    """Every key the HTTP API answers, the CLI's --json answers too, with the same words and spellings."""
    served = api.get(url).json()
    said = json.loads(run(*args, "--json").stdout)
    if "results" in said:  # dict lookup checks several words: the API's answer is one of them
        said = {"lexicon": said["lexicon"], **said["results"][0]}
    assert set(served) <= set(said), set(served) - set(said)
    for key in ("words", "spellings", "count", "entries", "links", "jokers", "by_letter", "lemmas", "front", "back", "inserted"):
        if key in served:
            assert said[key] == served[key], key


def test_solve_and_referee_keys_match_the_api(api, default_lexicon) -> None:
    served = api.post("/api/solve", json={"board": BOARD}).json()
    said = json.loads(run("solve", BOARD, "--json").stdout)
    assert set(said["words"][0]) == set(served["words"][0]) == {"word", "path", "readings"}
    assert {"board", "count", "lexicon", "mode", "rules", "truncated", "words"} <= set(said) & set(served)
    assert said["rules"] == served["rules"] and said["words"][0]["path"] == served["words"][0]["path"]  # cell numbers
    judged = api.post("/api/referee", json={"word": "XYZZY", "board": BOARD}).json()
    verdict = json.loads(run("referee", "XYZZY", "--board", BOARD, "--json").stdout)
    assert set(judged) - {"lexicon", "board"} <= set(verdict)


def test_every_listing_has_spellings_and_every_search_truncated(default_lexicon) -> None:
    searches = [["dict", "grep", "P.CHE"], ["dict", "prefix", "ogn"], ["dict", "anagram", "CHIEN"], ["dict", "anagram", "CHIE?"],
                ["dict", "fit", "..E.S", "AIRT?"], ["dict", "find", "--starts", "RE", "--length", "4"], ["dict", "list", "two"]]
    for args in searches:
        data = json.loads(run(*args, "--json").stdout)
        assert isinstance(data["truncated"], bool) and isinstance(data["spellings"], dict), args
    for args in (["dict", "hooks", "MAISON"], ["dict", "plus", "CHIEN"]):
        assert isinstance(json.loads(run(*args, "--json").stdout)["spellings"], dict), args
    assert json.loads(run("dict", "plus", "CHIEN", "--json").stdout)["truncated"] is False
    assert json.loads(run("solve", BOARD, "--json").stdout)["truncated"] is False  # /api/solve's answer: its spellings are a look-up away


def test_readings_are_objects_and_refusals_one_shape(default_lexicon, tmp_path: Path) -> None:
    """Readings are {face: reading} in solve, moves, hint, referee and play; a refusal is error {rule, message} in all four games."""
    state = str(tmp_path / "g.json")
    assert run("game", "new", "--seed", "311", "--state", state, "--json").exit_code == 0
    assert all(isinstance(item["readings"], dict) for item in json.loads(run("solve", BOARD, "--json").stdout)["words"])
    moves = json.loads(run("game", "moves", "--limit", "3", "--state", state, "--json").stdout)
    assert moves["truncated"] is True and all(isinstance(move["readings"], dict) for move in moves["moves"])
    assert isinstance(json.loads(run("game", "hint", "--state", state, "--json").stdout)["moves"][0]["readings"], dict)
    assert isinstance(json.loads(run("referee", "BOIRE", "--board", BOARD, "--json").stdout)["readings"], dict)
    played = json.loads(run("game", "play", "ROI", "--state", state, "--json").stdout)
    assert isinstance(played["verdict"]["readings"], dict) and played["error"] is None
    refusals = [
        run("game", "play", "XYZZY", "--state", state, "--json"),
        run("referee", "XYZZY", "--board", BOARD, "--json"),
        run("game", "pass", "E3", "--state", state, "--json"),
    ]
    overload = str(tmp_path / "ov.json")
    assert run("overload", "new", "--players", "3", "--seed", "7", "--state", overload).exit_code == 0
    refusals.append(run("overload", "play", "roll", "9", "--state", overload, "--json"))
    for refused in refusals:
        assert refused.exit_code == 1
        error = json.loads(refused.stdout)["error"]
        assert set(error) == {"rule", "message"} and error["rule"] and error["message"]


def test_json_on_every_command_that_changes_a_game(default_lexicon, tmp_path: Path) -> None:
    state = str(tmp_path / "g.json")
    new = json.loads(run("game", "new", "--seed", "311", "--state", state, "--json").stdout)
    assert new["result"]["turn"] == 0 and new["game"]["seed"] == 311
    passed = json.loads(run("game", "pass", "A1", "--state", state, "--json").stdout)
    assert passed["verdict"]["path"] == [0] and passed["result"]["turn"] == 1  # A1, by its number, as /api/game/pass says it
    undone = json.loads(run("game", "undo", "--state", state, "--json").stdout)
    assert undone["game"]["moves"] == [] and undone["result"]["turn"] == 0  # /api/game/undo's answer: the game without the pass
    for path in (["table", "pass"], ["table", "watch"], ["game", "next-layer"]):
        assert "--json" in run(*path, "--help").output, path


def test_two_plays_at_once_without_player_refuse_the_second(default_lexicon, tmp_path: Path) -> None:
    """The second `game play`, typed while the first held the file, is refused rather than played for the other side."""
    import time

    from overturn.game.moves import WordMove
    from overturn.game.state import Game
    from overturn.jsonstore import update_lock

    state = tmp_path / "g.json"
    assert run("game", "new", "--seed", "311", "--state", str(state)).exit_code == 0
    with update_lock(state):  # the first command holds the file...
        second = subprocess.Popen([sys.executable, "-m", "overturn_cli", "game", "play", "BOIRE", "--state", str(state)],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(3)  # ...while the second starts, reads the file and waits for the lock
        first = Game.load(state, default_lexicon)
        first.push(WordMove("ROI"))
        first.save(state)
    out, err = second.communicate(timeout=60)
    assert second.returncode == 1 and "another move was saved" in err, (out, err)
    assert [played.move.word for played in Game.load(state, default_lexicon).history] == ["ROI"]
    claimed = run("game", "play", "BOIRE", "--player", "silver", "--state", str(state))
    assert claimed.exit_code == 0, claimed.output


# ----- one language, one naming ----------------------------------------------------------------------


def test_an_accented_board_is_folded_as_words_are(default_lexicon) -> None:
    plain = run("solve", BOARD, "--no-paths").stdout
    assert run("solve", BOARD.replace("E", "É", 1), "--no-paths").stdout == plain
    assert run("show", BOARD.replace("E", "È", 1), "--word", "BOIRE", "--no-color").exit_code == 0


def test_one_seed_range_and_no_letter_with_two_meanings() -> None:
    """Every --seed takes 0 to 4294967295; -l is --lexicon wherever words are needed; -v means nothing."""
    for path in (["deal"], ["game", "new"], ["play"], ["game", "match"], ["overload", "new"], ["offboard", "session"], ["insider", "new"]):
        too_big = run(*path, "--seed", "4294967296", "--state", "x.json") if path[0] in ("overload", "insider", "offboard") else run(*path, "--seed", "4294967296")
        assert too_big.exit_code == 2 and "4294967296" in too_big.output, path
    for path in (["dict", "lookup"], ["solve"], ["bench"], ["show"], ["referee"], ["game", "new"], ["game", "match"], ["play"], ["serve"]):
        assert "-l, --lexicon" in run(*path, "--help").output, path
    assert run("overload", "new", "-v", "2", "--state", "x.json").exit_code == 2


def test_referee_names_categories_as_lookup_does(default_lexicon) -> None:
    verdict = run("referee", "BOIRE", "--board", BOARD, "--no-color").stdout
    assert "boire (verb, lemma boire)" in verdict or "boire (noun, lemma boire)" in verdict
    assert ", N)" not in verdict and ", V)" not in verdict


def _match(*scores: tuple[int, int]):
    from overturn.game.match import GameRecord, MatchResult
    from overturn.game.moves import Colour

    result = MatchResult(2, 1, "reuse")
    result.games = [GameRecord(index, index, 0, Colour.GREEN, a, b, 20) for index, (a, b) in enumerate(scores)]
    return result


def test_the_match_summary_says_infinite_elo_in_words_and_no_negative_zero() -> None:
    swept = _match((9, 3), (7, 2)).summary()
    assert "2 games" in swept and "all 2 games won: the Elo difference cannot be estimated" in swept and "inf" not in swept
    assert "the game lost: the Elo difference cannot be estimated" in _match((1, 5)).summary() and "1 game " in _match((1, 5)).summary()
    even = _match((3, 3), (4, 4)).summary()
    assert "Elo difference 0 (95%: 0 to 0)" in even and "-0" not in even
    mixed = _match((9, 3), (2, 7), (5, 1)).summary()  # two wins in three: a finite figure, and an interval reaching past any figure
    assert re.search(r"Elo difference \+\d+ \(95%: (-\d+|0|\+\d+) to (no upper bound|\+\d+)\)", mixed), mixed


def test_counts_agree_with_their_nouns(tmp_path: Path) -> None:
    """A count of one takes the singular on every screen that can show one: no '1 passes', '1 times', 'move(s)', 'None'."""
    from overturn.game.state import Game
    from overturn.jsonstore import StateFileError
    from overturn.referees.insider.referee import InsiderReferee
    from overturn.referees.overload.referee import OverloadReferee

    assert re.search(r"Cup: \d+ discs\.", OverloadReferee().render(OverloadReferee().new_game(players=3, seed=1)))
    shown = InsiderReferee().render(InsiderReferee().new_game(players=2, seed=1))
    assert "(s)" not in shown and "1 cards" not in shown
    state = tmp_path / "g.json"
    assert run("game", "new", "--seed", "311", "--state", str(state)).exit_code == 0
    assert run("game", "play", "ROI", "--state", str(state)).exit_code == 0
    data = json.loads(state.read_text(encoding="utf-8"))
    ringed = next(index for index, ring in enumerate(data["rings"]) if ring is not None)
    data["rings"][ringed] = None
    state.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(StateFileError, match=r"holds no ring but the moves give a (green|silver) ring$"):
        Game.load(state)
    passed = tmp_path / "p.json"
    assert run("game", "new", "--seed", "311", "--state", str(passed)).exit_code == 0
    assert run("game", "pass", "A1", "--state", str(passed)).exit_code == 0
    reviewed = run("game", "review", "--state", str(passed)).stdout
    assert "green: 1 move (1 pass)" in reviewed and "0 moves (0 passes)" in reviewed, reviewed
