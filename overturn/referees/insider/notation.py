"""What people type at the table, turned into the referee's canonical actions.

The state machine accepts one canonical spelling per action (the words of
``legal_actions()``). Players may also write:

* ``move FROM TO``: a whole walk along one link (``move a1 b1``), expanded into
  the ``step`` actions it takes, jumping occupied path spaces as the rules do;
* a path space named from either end of its link (``b1-a1.1`` for ``a1-b1.2``);
* dice in any order (``dice 5 2``);
* a card play without its leading ``play`` (``heli 2 b2 c3``).

An unknown position is refused with the nearest names as a suggestion.
"""

from __future__ import annotations

import difflib

from overturn.referees.base import IllegalAction
from overturn.referees.insider.position import PLAYABLE_TYPES, InsiderPosition


def canonical_actions(state: InsiderPosition, text: str) -> list[str]:
    """The canonical actions ``text`` stands for (several for a ``move``), or IllegalAction."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("syntax", "empty action (see 'overturn insider legal')")
    if words[0] in PLAYABLE_TYPES:
        words.insert(0, "play")
    for index in _position_slots(words):
        words[index] = _canonical_ref(state, words[index])
    if words[0] == "dice" and len(words) == 3:
        words[1:] = sorted(words[1:])
    if words[0] == "move":
        return _move_steps(state, words)
    return [" ".join(words)]


def _position_slots(words: list[str]) -> list[int]:
    """Indexes of the words that name positions (or SQUARE:PLAYER pawns) in this action."""
    if words[0] in ("step", "move", "totalout"):
        return [i for i in (1, 2) if i < len(words)]
    if words[0] == "play" and words[1:2] in (["heli"], ["admin"]) and words[2:3] in (["1"], ["2"]):
        return [i for i in (3, 4) if i < len(words)]
    return []


def _canonical_ref(state: InsiderPosition, word: str) -> str:
    """A position (or SQUARE:PLAYER, or an admin's tN) under its canonical name."""
    if word.startswith("t") and word[1:].isdigit():
        return word
    square, colon, owner = word.partition(":")
    board = state.board
    try:
        return board.name(board.parse(square)) + colon + owner
    except KeyError:
        raise IllegalAction("unknown-position", f"unknown position '{square}'{suggestion(state, square)}") from None


def suggestion(state: InsiderPosition, name: str) -> str:
    """``; did you mean a1-b1.1?`` from the nearest position names, or a reminder of the notation."""
    board = state.board
    close = difflib.get_close_matches(name, [*board.names, *board.reversed_names], n=3, cutoff=0.6)
    if close:
        return "; did you mean " + " or ".join(close) + "?"
    return "; big squares are a1..e5, path spaces a1-b1.1 (space 1 next to a1)"


def _move_steps(state: InsiderPosition, words: list[str]) -> list[str]:
    """The steps of a walk from FROM to TO along the one link joining them, checked on a copy."""
    if len(words) != 3:
        raise IllegalAction("syntax", "move FROM TO (along one link, e.g. 'move a1 b1' or 'move a1 a1-b1.2')")
    board = state.board
    start, target = board.parse(words[1]), board.parse(words[2])
    route = next((r for r in board.routes[start] if target in r), None)
    if route is None:
        raise IllegalAction("not-on-a-link", f"{words[2]} is not along a link from {words[1]}: "
                                             "'move' follows one link, from a square to the next one")
    trial = state.clone()
    steps: list[str] = []
    here = start
    ahead = list(route[: route.index(target) + 1])
    while here != target:
        occupied = {pos for pawns in trial.pawns for pos in pawns if not board.is_square(pos)}
        stop = next((pos for pos in ahead if board.is_square(pos) or pos not in occupied), None)
        if stop is None:
            raise IllegalAction("space-occupied", f"{words[2]} holds a pawn: a path space holds one pawn")
        step = f"step {board.name(here)} {board.name(stop)}"
        trial.apply_action(step)
        steps.append(step)
        ahead = ahead[ahead.index(stop) + 1:]
        here = stop
    return steps
