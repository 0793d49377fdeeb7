"""The board games speak French at the table and English on the command line, from the same Structs.

Every kind of effect and awaited decision of each referee has a French and an
English wording in its catalogue (``referees/<game>/words.py``). Random
playouts of the three games at the table (Overload with and without the
variant and at every player count, offboard on each packaged layout, Insider
with the server's and the table's chance) collect each move's events, Insider's
event log and what the game awaits after every move: none is un-worded, and
none of the French keeps the referees' English.
"""

from __future__ import annotations

import json
import random
import re
from types import ModuleType

import msgspec
import pytest

from overturn.referees.insider import effects as insider_effects
from overturn.referees.insider import words as insider_words
from overturn.referees.offboard import effects as offboard_effects
from overturn.referees.offboard import words as offboard_words
from overturn.referees.offboard.layouts import layout_names
from overturn.referees.overload import effects as overload_effects
from overturn.referees.overload import words as overload_words
from overturn.referees.wording import Event, kind, kinds, say
from overturn.table.board_base import MoveEntry
from overturn.table.board_seating import BoardTable
from overturn.table.games import BOARDS, new_board_table

#: Words only the referees' English has; none may survive the French rendering.
ENGLISH = re.compile(
    r"\b(the|wins?|moves?|marble|pushes|rolled|draws|takes|scores|discs|reaches|card\(s\)|game over|to play|choose)\b"
    r"|\b(red|blue|yellow|green|black|white)\d\b"  # a pawn's code (red1): the French names it « pion rouge 1 »
    r"|\[\d",  # a Python list (tables [2, 3, 0, 1])
    re.IGNORECASE,
)
#: Numbers a French reader does not say so: « 0 carte », « 1 pts ».
NOT_FRENCH = re.compile(r"\b0 (carte|case|disque)\b|\b1 pts\b")

GAMES: dict[str, tuple[ModuleType, ModuleType]] = {
    "overload": (overload_effects, overload_words),
    "offboard": (offboard_effects, offboard_words),
    "insider": (insider_effects, insider_words),
}

SETUPS = [
    *(("overload", players, {}) for players in (3, 4, 5)),
    ("overload", 4, {"variant": 2}),
    *(("offboard", 2, {"layout": layout}) for layout in layout_names()),
    ("insider", 2, {}),
    ("insider", 3, {}),
    ("insider", 4, {"table_dice": True}),
]


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_has_a_french_and_an_english_wording(game: str) -> None:
    effects, words = GAMES[game]
    every = kinds(*effects.EFFECTS, *effects.AWAITING)
    assert set(words.FR) == every and set(words.EN) == every
    assert BOARDS[game].words is words.FR


def test_offboard_previews_word_what_a_move_would_do() -> None:
    assert set(offboard_words.PREVIEW_FR) == kinds(offboard_effects.Stepped, offboard_effects.Placed, offboard_effects.Removed)


def _playout(kind_name: str, players: int, options: dict[str, object], seed: int, steps: int) -> tuple[list[Event], list[str]]:
    """The events of one random game (each move's, then Insider's log) and the French lines the move list shows."""
    table = new_board_table(kind_name, players, seed, options)
    rng = random.Random(seed)
    events: list[Event] = [table.rules.awaited(table.game)]
    lines: list[str] = [table.public_view()["awaiting"]]
    for _ in range(steps):
        legal = table.legal_moves()
        seat = table.seat_to_move()
        if table.is_over() or not legal or seat is None:
            break
        played = table.judge(seat, rng.choice(legal))
        if isinstance(played, MoveEntry):
            events += played.events
            shown = table.entry_for(played, seat)
            lines += shown["effects"]
            assert msgspec.convert(shown["events"], list[table.rules.effect_type]) == played.events  # the data round-trips
        events.append(table.rules.awaited(table.game))
        lines.append(table.public_view()["awaiting"])
    events += getattr(table.game, "log", [])
    lines += table.public_view().get("events", [])
    return events, lines


@pytest.mark.parametrize(("kind_name", "players", "options"), SETUPS, ids=lambda value: str(value))
def test_every_event_of_a_random_game_is_worded_in_both_languages(kind_name: str, players: int, options: dict[str, object]) -> None:
    _, words = GAMES[kind_name]
    seen, english = set(), set()
    for seed in range(4):
        events, lines = _playout(kind_name, players, options, seed, 500)
        for event in events:
            seen.add(kind(event))
            assert say(words.EN, event) and say(words.FR, event)
        english |= {line for line in lines if ENGLISH.search(line) or NOT_FRENCH.search(line) or re.search(r"\bP\d\b", line)}
    assert not english, sorted(english)[:20]
    assert len(seen) >= {"overload": 8, "offboard": 3, "insider": 12}[kind_name], sorted(seen)


def test_a_few_events_word_for_word() -> None:
    """The French and English of a few events, as the move list and the command line show them (both the catalogues')."""
    fr, en = overload_words.FR, overload_words.EN
    moved = overload_effects.Moved("red1", overload_effects.Space(0, "start"), overload_effects.Space(5, "track", "+"), 3)
    assert (say(fr, moved), say(en, moved)) == ("pion rouge 1 : départ → case 5 [+], 3 disques", "red pawn 1: start → space 5 [+], 3 discs")
    finish = overload_effects.Moved("red1", overload_effects.Space(12, "track"), overload_effects.Space(23, "finish"), 0)
    assert (say(fr, finish), say(en, finish)) == ("pion rouge 1 : case 12 → arrivée (23), sans disque", "red pawn 1: space 12 → finish (23), 0 discs")
    scored = overload_effects.Scored("blue", 7, (overload_effects.Reason(4), overload_effects.Reason(3, "red2")), 19)
    assert say(fr, scored) == "bleu marque 7 (4 pour l'arrivée, 3 pour la surcharge du pion rouge 2 ; total 19)"
    assert say(en, scored) == "blue scores 7 (4 for the finish, 3 for the Overload of the red pawn 2; total 19)"
    pushed = offboard_effects.Stepped("red", "yellow", 3, 2, 4, 3)
    assert say(offboard_words.FR, pushed) == "une ligne de 3 pousse 2 billes jaunes ; une bille jaune sort dans la cible 4 : +3"
    assert say(offboard_words.EN, pushed) == "a line of 3 pushes 2 yellow marble(s); a yellow marble goes off into target 4: +3"
    flew = insider_effects.CardPlayed(0, "heli", 2, ("a1", "c3"))
    assert (say(insider_words.FR, flew), say(insider_words.EN, flew)) == ("Joueur 1 joue Hélicoptère 2 : vol a1 → c3", "P0 plays Helicopter 2: flight a1 → c3")
    skipped = insider_effects.CardPlayed(1, "scandal", 1, ("0",))
    assert (say(insider_words.FR, skipped), say(insider_words.EN, skipped)) == (
        "Joueur 2 joue Scandale 1 : Joueur 1 passe un tour", "P1 plays Scandal 1: P0 skips a turn",
    )
    evaluated = insider_effects.Evaluated(1, "media-hype", "5c", (-4, 3), (-4, 3))
    assert say(insider_words.FR, evaluated) == "évaluation 1 (battage médiatique) de la carte 5c : Joueur 1 -4 → -4, Joueur 2 +3 → 3"
    assert say(insider_words.EN, evaluated) == "evaluation 1 (media hype) of card 5c: P0 -4 → -4, P1 +3 → 3"
    drew = [say(insider_words.FR, insider_effects.Drew(0, count, occupied)) for count, occupied in ((0, 0), (0, 2), (1, 1), (2, 3))]
    assert drew == [
        "Joueur 1 ne pioche aucune carte (aucun pion sur une case qui en donne)", "Joueur 1 ne pioche aucune carte (main pleine)",
        "Joueur 1 pioche 1 carte (1 case occupée)", "Joueur 1 pioche 2 cartes (3 cases occupées)",
    ]
    turned = insider_effects.EvaluationTurned("2b", (2, 3, 0, 1))
    assert say(insider_words.FR, turned) == "carte d'évaluation 2b retournée : les tables de l'INSIDER valent 2, 3, 0 et 1 points"


def test_overload_move_list_indents_what_each_action_did() -> None:
    """The action's line first (forced ones and the server's die noted), what it did indented under it."""
    table = new_board_table("overload", 3, 1, {})
    entry = table.judge(0, "load 2")
    assert isinstance(entry, MoveEntry)
    assert table.entry_for(entry, 0)["effects"] == ["charge 2 disques", "  pion rouge 1 : 0 → 2 disques"]
    rolled = table.judge(0, "roll")
    assert isinstance(rolled, MoveEntry)
    lines = table.entry_for(rolled, 0)["effects"]
    assert lines[0].startswith("dé : ") and lines[0].endswith(" (tiré au hasard)")
    assert lines[1].startswith("déplace le pion rouge 1 (forcé)") and lines[2].startswith("  pion rouge 1 : départ → case ")


def test_a_move_stored_before_events_were_kept_shows_its_lines_as_written() -> None:
    """A table stored by an earlier server (each move's lines, no events) loads and shows those lines unchanged."""
    table = new_board_table("offboard", 2, 0, {})
    table.judge(0, table.legal_moves()[0])
    stored = json.loads(table.dump())
    for move in stored["moves"]:
        del move["events"]
        move["effects"] = ["une ligne écrite avant"]
    again = BoardTable.load(BOARDS["offboard"], json.dumps(stored))
    assert again.entry_for(again.moves[0], 0)["effects"] == ["une ligne écrite avant"]
    assert json.loads(again.dump())["moves"][0]["effects"] == ["une ligne écrite avant"]
    fresh = BoardTable.load(BOARDS["offboard"], table.dump())
    assert fresh.entry_for(fresh.moves[0], 0) == table.entry_for(table.moves[0], 0)
