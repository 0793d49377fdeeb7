"""The family filter: the maintained list (french-badwords-list) with the project's edits, applied by lemma, both ways."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from overturn.game.board import Board
from overturn.game.state import Game, WordMove
from overturn.lexicon.family import family_blocked_keys, family_safe, family_words
from overturn.lexicon.sources import Entry
from overturn_cli.main import main

#: C O N E across the first two tiles of the top row.
BOARD = "CONEWW/WWWWWW/WWWWWW/WWWWWW/WWWWWW/WWWWWW"


def test_the_list_and_the_projects_edits() -> None:
    words = family_words()
    assert {"ENCULER", "SALOPE", "CON", "ENCULERIE"} <= words  # listed, and one word added with its reason
    assert not {"SALE", "EPAIS", "GLAND", "PEDALE", "PUNAISE"} & words  # innocent first senses kept
    assert all(word.isalpha() and word.isupper() and word.isascii() for word in words)  # keys, not the list's leetspeak


@pytest.mark.parametrize(
    ("key", "entries", "safe"),
    [
        ("ENCULERAIS", [Entry("enculerais", "enculer", "V")], False),  # through its lemma
        ("CONS", [Entry("cons", "con", "N")], False),
        ("PEDALER", [Entry("pédaler", "pédaler", "V")], True),  # shares PÉDALE's letters, not its lemma
        ("BORDELAIS", [Entry("bordelais", "bordelais", "A")], True),
        ("CONTE", [Entry("conte", "conte", "N")], True),
        ("SALE", [Entry("sale", "sale", "A")], True),
    ],
)
def test_a_word_is_kept_off_by_its_key_or_its_lemma(key: str, entries: list[Entry], safe: bool) -> None:
    assert family_safe(key, entries) is safe


@pytest.mark.lexicon
def test_the_default_lexicons_kept_off_keys(default_lexicon) -> None:
    blocked = family_blocked_keys(default_lexicon)
    assert {"ENCULERIES", "ENCULERAIS", "CONNARDS", "SALOPE"} <= blocked
    assert not {"PEDALER", "BORDELAIS", "SALE", "CONTE", "CONE", "MAISON"} & blocked


def test_a_family_game_refuses_the_word_and_never_proposes_it(make_lexicon, tmp_path: Path) -> None:
    lexicon = make_lexicon({"CON": [Entry("con", "con", "N")], "CONE": [Entry("cône", "cône", "N")]})
    family = Game.from_board(Board.parse(BOARD), lexicon=lexicon, family=True)
    verdict = family.check(WordMove("CON"))
    assert not verdict.legal and verdict.reason == "family_filter"
    assert [ranked.move.word for ranked in family.legal_moves() if isinstance(ranked.move, WordMove)] == ["CONE"]
    ordinary = Game.from_board(Board.parse(BOARD), lexicon=lexicon)
    assert ordinary.check(WordMove("CON")).legal
    saved = family.to_json()
    assert saved["family"] is True and "family" not in ordinary.to_json()  # older files read as ordinary tables
    assert Game.from_json(saved, lexicon).family is True


def test_solve_and_game_new_take_family(tmp_path: Path) -> None:
    from overturn.lexicon.compiled import write_build

    directory = write_build(tmp_path / "two", {"CON": [Entry("con", "con", "N")], "CONE": [Entry("cône", "cône", "N")]}, {"name": "two"})
    plain = CliRunner().invoke(main, ["solve", "--json", "--lexicon", str(directory), BOARD])
    kept = CliRunner().invoke(main, ["solve", "--json", "--family", "--lexicon", str(directory), BOARD])
    assert plain.exit_code == 0 and kept.exit_code == 0, kept.output
    assert {word["word"] for word in json.loads(plain.output)["words"]} == {"CON", "CONE"}
    assert {word["word"] for word in json.loads(kept.output)["words"]} == {"CONE"}
    state = tmp_path / "g.json"
    made = CliRunner().invoke(main, ["game", "new", "--family", "--board", BOARD, "--lexicon", str(directory), "--state", str(state)])
    assert made.exit_code == 0, made.output
    refused = CliRunner().invoke(main, ["game", "play", "CON", "--state", str(state)])
    assert refused.exit_code == 1 and "family_filter" in refused.output


def test_a_family_table_over_http(tmp_path: Path) -> None:
    import httpx

    from overturn.lexicon.compiled import write_build
    from overturn.service.app import create_app
    from overturn.service.server import BackgroundServer

    directory = write_build(tmp_path / "two", {"CON": [Entry("con", "con", "N")], "CONE": [Entry("cône", "cône", "N")]}, {"name": "two"})
    with BackgroundServer(create_app(str(directory))) as url, httpx.Client(base_url=url, timeout=30) as client:
        game = client.post("/api/game/new", json={"board": BOARD, "family": True}).json()["game"]
        assert game["family"] is True
        refused = client.post("/api/game/play", json={"game": game, "word": "CON"}).json()
        assert refused["verdict"]["reason"] == "family_filter" and refused["game"] == game
        table = client.post("/api/tables", json={"board": BOARD, "family": True}).json()
        move = {"seat": table["tokens"][0], "version": 0, "action": {"kind": "word", "word": "CON"}}
        assert client.post(f"/api/tables/{table['table']['id']}/moves", json=move).json()["verdict"]["reason"] == "family_filter"
        assert client.post("/api/game/new", json={"board": BOARD, "family": "maybe"}).status_code == 400
