"""The board games at the table speak French: every line the referees produce in random games has a French rendering.

Random playouts of the three games (Overload with and without the variant and
at every player count, offboard on each packaged layout, Insider with the
server's and the table's chance) collect each move's effect lines, Insider's
events and the awaiting line after every move; each must come out of
``overturn.table.french`` without the referee's English.
"""

from __future__ import annotations

import random
import re

import pytest

from overturn.referees.offboard.layouts import layout_names
from overturn.table import french
from overturn.table.board_seating import BoardTable, MoveEntry

#: Words only the referees' English has; none may survive the French rendering.
ENGLISH = re.compile(r"\b(the|wins?|moves?|marble|pushes|rolled|draws|takes|scores|discs|reaches|card\(s\)|game over|to play|choose)\b", re.IGNORECASE)

SETUPS = [
    *(("overload", players, {}) for players in (3, 4, 5)),
    ("overload", 4, {"variant": 2}),
    *(("offboard", 2, {"layout": layout}) for layout in layout_names()),
    ("insider", 2, {}),
    ("insider", 3, {}),
    ("insider", 4, {"table_dice": True}),
]


def _playout(kind: str, players: int, options: dict[str, object], seed: int, steps: int) -> tuple[list[str], list[str]]:
    """The effect lines and events of one random game, and the awaiting line after each move."""
    table = BoardTable.new(kind, players, seed, options)
    rng = random.Random(seed)
    lines: list[str] = []
    waits = [table.public_view()["awaiting"]]
    for _ in range(steps):
        legal = table.legal_moves()
        seat = table.seat_to_move()
        if table.is_over() or not legal or seat is None:
            break
        played = table.judge(seat, rng.choice(legal))
        if isinstance(played, MoveEntry):
            lines += played.effects
        waits.append(table.public_view()["awaiting"])
    lines += getattr(table.game, "events", [])
    return lines, waits


@pytest.mark.parametrize(("kind", "players", "options"), SETUPS, ids=lambda value: str(value))
def test_every_line_of_a_random_game_is_said_in_french(kind: str, players: int, options: dict[str, object]) -> None:
    unknown, english = set(), set()
    for seed in range(4):
        lines, waits = _playout(kind, players, options, seed, 500)
        for line in lines:
            if not french.knows(line):
                unknown.add(line.strip())
            elif ENGLISH.search(french.say(line)):
                english.add((line.strip(), french.say(line)))
        english |= {(wait, wait) for wait in waits if ENGLISH.search(wait) or re.search(r"\bP\d\b", wait)}
    assert not unknown, sorted(unknown)[:20]
    assert not english, sorted(english)[:20]


def test_a_few_lines_word_for_word() -> None:
    assert french.say("red1 start 0 -> 5 [+1], 3 discs") == "red1 : départ → case 5 [+1], 3 disque(s)"
    assert french.say("  red1 12 -> finish 23, 0 discs") == "  red1 : case 12 → arrivée (23), 0 disque(s)"
    assert french.say("blue scores 7 (4 for the finish, 3 for the Overload of red2; total 19)") == (
        "bleu marque 7 (4 pour l'arrivée, 3 pour la surcharge de red2 ; total 19)"
    )
    assert french.say("line of 3 pushes 2 yellow; yellow marble off into target 4: +3") == (
        "une ligne de 3 pousse 2 bille(s) jaune ; une bille jaune sort dans la cible 4 : +3"
    )
    assert french.say("P0 plays 2 heli: fly a1 -> c3") == "Joueur 1 joue Hélicoptère 2 : vol a1 → c3"
    assert french.say("evaluation 1 (media hype) of card 5c: P0 -4 -> -4, P1 +3 -> 3") == (
        "évaluation 1 (battage médiatique) de la carte 5c : Joueur 1 -4 → -4, Joueur 2 +3 → 3"
    )
    assert french.say("  a line nobody wrote") == "  a line nobody wrote"  # kept as the referee wrote it
