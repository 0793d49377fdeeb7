"""The dictionary, lexicon and solver commands, through click's runner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn_cli.main import main

BOARD = "ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW"


@pytest.fixture(scope="module")
def lexicon_dir(make_lexicon) -> str:
    lexicon = make_lexicon(["pêche", "péché", "poche", "chien", "chine", "niche", "roi", "pole", "pôle", "lame", "aza", "sax", "saz", "jupon"])
    return str(lexicon.directory)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_lookup_valid_and_missing_words(lexicon_dir: str) -> None:
    code, out, _ = run("dict", "lookup", "pêche", "--lexicon", lexicon_dir)
    assert code == 0 and "PECHE: valid" in out and "pêche" in out and "péché" in out
    code, out, _ = run("dict", "lookup", "peche", "pocho", "--lexicon", lexicon_dir)
    assert code == 1 and "POCHO: not in lexicon" in out and "POCHE" in out
    code, out, _ = run("dict", "lookup", "porte-clé", "--json", "--lexicon", lexicon_dir)
    data = json.loads(out)
    assert code == 2 and data["results"][0]["valid"] is False and "error" in data["results"][0]


def test_grep_prefix_anagram(lexicon_dir: str) -> None:
    # one key a line, then its spellings when they differ from it (accents as the sources write them)
    assert run("dict", "grep", "p.che", "--lexicon", lexicon_dir)[1].splitlines() == ["PECHE  pêche, péché", "POCHE"]
    code, _, err = run("dict", "grep", "(", "--lexicon", lexicon_dir)
    assert code == 2 and "bad pattern" in err
    assert run("dict", "prefix", "ch", "--lexicon", lexicon_dir)[1].split() == ["CHIEN", "CHINE"]
    data = json.loads(run("dict", "anagram", "NICHE", "--json", "--lexicon", lexicon_dir)[1])
    assert data["words"] == ["CHIEN", "CHINE", "NICHE"] and data["count"] == 3


def test_solve_text_and_json(lexicon_dir: str) -> None:
    code, out, err = run("solve", BOARD, "--lexicon", lexicon_dir)
    assert code == 0 and "POLE" in out and "ROI" in out and "words" in err
    data = json.loads(run("solve", BOARD, "--json", "--lexicon", lexicon_dir)[1])
    words = {item["word"]: item for item in data["words"]}
    assert set(words) >= {"POLE", "ROI", "SAX", "SAZ", "JUPON"}
    assert data["truncated"] is False and sum(data["lengths"].values()) == data["count"] == len(data["words"])
    assert words["SAX"]["readings"] == {"ZX": "X"} and words["JUPON"]["readings"] == {"QU": "U"}
    cols = data["rules"]["cols"]
    steps = [(divmod(a, cols), divmod(b, cols)) for item in data["words"] for a, b in zip(item["path"], item["path"][1:])]
    assert steps and all(abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1 for a, b in steps)  # cell numbers, row * cols + col
    advanced = json.loads(run("solve", BOARD, "--mode", "advanced", "--min-len", "4", "--json", "--lexicon", lexicon_dir)[1])
    assert advanced["mode"] == "advanced" and all(len(item["word"]) >= 4 for item in advanced["words"])


def test_solve_refuses_bad_boards_clearly(lexicon_dir: str) -> None:
    code, _, err = run("solve", BOARD.replace("PLEMAT", "PLE1AT"), "--lexicon", lexicon_dir)
    assert code == 2 and "row 2, column 4" in err and "Traceback" not in err
    code, _, err = run("solve", "--lexicon", lexicon_dir)
    assert code == 2 and "give a BOARD" in err


def test_show_draws_a_path(lexicon_dir: str) -> None:
    code, out, _ = run("show", BOARD, "--word", "pole", "--lexicon", lexicon_dir, "--no-color")
    assert code == 0 and "[P]1" in out and "[O]2" in out and "[E]4" in out
    code, _, err = run("show", BOARD, "--word", "chien", "--lexicon", lexicon_dir)
    assert code == 1 and "cannot be traced" in err


def test_deal_is_reproducible() -> None:
    first = json.loads(run("deal", "--seed", "4", "--json")[1])
    assert first == json.loads(run("deal", "--seed", "4", "--json")[1]) and len(first["layers"]) == 2


def test_lexicon_build_and_use(isolated_cache: Path, tmp_path: Path) -> None:
    source = tmp_path / "club.txt"
    source.write_text("ZOUKER\nkiffer\nporte-clé\n", encoding="utf-8")
    code, out, err = run("lexicon", "build", str(source), "--name", "club")
    assert code == 0 and "2 words" in out and "skipped 1 line that is not" in err
    assert run("dict", "lookup", "zouker", "--lexicon", "club")[0] == 0
    assert "club" in run("lexicon", "list")[1]
    code, _, err = run("dict", "lookup", "x", "--lexicon", "nope")
    assert code == 2 and "unknown lexicon 'nope'" in err


def test_help_teaches() -> None:
    code, out, _ = run("--help")
    assert code == 0 and "solve" in out and "dict" in out and "overload" in out
    assert "Examples" in run("solve", "--help")[1]


def test_solve_for_a_saved_game_lists_only_words_legal_now(lexicon_dir: str, tmp_path: Path) -> None:
    state = str(tmp_path / "game.json")
    assert run("game", "new", "--board", BOARD, "--lexicon", lexicon_dir, "--state", state)[0] == 0
    before = {item["word"] for item in json.loads(run("solve", "--state", state, "--json")[1])["words"]}
    assert "ROI" in before and "POLE" in before
    code, _, err = run("game", "play", "ROI", "--state", state)
    assert code == 0, err
    after = json.loads(run("solve", "--state", state, "--json")[1])["words"]
    assert "ROI" not in {item["word"] for item in after}
    ringed = {(0, 0), (0, 1), (0, 2)}  # R, O, I of the first row
    for item in after:
        cells = {divmod(cell, 6) for cell in item["path"]}  # cell numbers, row * cols + col
        assert cells & ringed and cells - ringed, item  # a used letter and a new one


def test_bench_with_workers_checks_the_batches(lexicon_dir: str) -> None:
    code, out, _ = run("bench", "--boards", "12", "--workers", "2", "--json", "--lexicon", lexicon_dir)
    assert code == 0, out
    data = json.loads(out)
    assert data["boards"] == 12 and data["workers"] == 2
    assert data["boards_per_second"] > 0 and data["boards_per_second_1"] > 0 and data["speedup"] > 0


def test_bench_with_workers_text_blames_busy_cores_only_when_the_threads_were_starved(lexicon_dir: str) -> None:
    code, out, err = run("bench", "--boards", "12", "--workers", "1", "--lexicon", lexicon_dir)
    assert code == 0, err
    line = next(line for line in out.splitlines() if line.startswith("batches on 1 thread"))
    used = float(line.rsplit("process CPU time / wall time ", 1)[1].split()[0])
    assert ("busy elsewhere" in line) is (used < 0.9), line
