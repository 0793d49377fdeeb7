"""Referee for offboard (Lalet & Lévi, 2011): push the opponent's marbles off the board into targets.

The package keeps what is offboard's own: ``geometry`` (holes, directions, exits),
``layouts`` (targets and start holes, packaged or from a file), ``state`` (the rules,
OpenSpiel-style, and the move notation), ``store`` (saved games), ``render`` (the
drawing and what the game awaits), ``effects`` (what a move did, as tagged Structs),
``words`` (their English and French) and ``data/rules.md`` (the rules summary). The names below are its API.
"""

from overturn.referees.offboard.geometry import WIN_SCORE, Direction, Exit, Hex, Player, parse_hex
from overturn.referees.offboard.layouts import (
    Layout,
    LayoutError,
    default_layout,
    layout_names,
    load_layout_file,
    named_layout,
)
from overturn.referees.offboard.state import (
    REMOVE,
    Move,
    MoveReport,
    OffboardState,
    Place,
    Remove,
    Step,
    computer_move,
    format_move,
    parse_move,
    parse_turn,
    random_playout,
)
from overturn.referees.offboard.store import load_state, save_state, state_from_json, state_to_json

__all__ = [
    "REMOVE", "WIN_SCORE", "Direction", "Exit", "Hex", "Layout", "LayoutError", "Move", "MoveReport",
    "OffboardState", "Place", "Player", "Remove", "Step", "computer_move", "default_layout", "format_move",
    "layout_names", "load_layout_file", "load_state", "named_layout", "parse_hex", "parse_move", "parse_turn",
    "random_playout", "save_state", "state_from_json", "state_to_json",
]
