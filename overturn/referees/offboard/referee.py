"""offboard as the command scaffold sees it: set-up by layout, move words, drawing, table wording.

Move words (``play`` and ``session``): each argument is one player's turn in the
notation of ``parse_move`` (``C3-D4``, ``place E5``, ``remove``), and ``remove``
may carry the move that follows it in the same argument (``"remove E5-E6"``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from overturn.jsonstore import StateFileError, errors_named
from overturn.referees.base import winning_seats
from overturn.referees.offboard.geometry import Player
from overturn.referees.offboard.layouts import Layout, layout_names, load_layout_file, named_layout
from overturn.referees.offboard.render import describe_layout, render, status
from overturn.referees.offboard.state import MoveReport, OffboardState, computer_move, format_move, parse_turn
from overturn.referees.offboard.store import layout_json, state_from_json, state_to_json
from overturn.referees.protocol import Played, Referee, UsageProblem, nothing_to_undo

SEED_RANGE = (0, 2**32 - 1)

SESSION_HELP = """At the prompt type a move, as 'play' takes it:
  C3-D4          the marble on C3 steps to D4; its line ahead moves along and pushes
  place E5       put your bounced marble back on a free hole (your whole turn)
  remove         take your bounced marble out of the game...
  remove E5-E6   ...and play your move in the same line"""


def resolve_layout(spec: str | None) -> Layout:
    """``--layout``: a packaged name, else a layout file; UsageProblem saying which and why."""
    if spec is None:
        return named_layout(layout_names()[0])
    if spec in layout_names():
        return named_layout(spec)
    if not Path(spec).exists():
        raise UsageProblem(f"--layout {spec!r}: neither a packaged layout ({', '.join(layout_names())}) nor a file")
    try:
        return load_layout_file(spec)
    except StateFileError as exc:
        raise UsageProblem(f"--layout: {exc}") from None


def _played(report: MoveReport) -> Played:
    return Played(f"{report.player.label} {format_move(report.move)}", effects=(report.effect(),), events=(report.acted(), report.event()))


class OffboardReferee(Referee[OffboardState]):
    """offboard's rules for the command line and the library: the state is the record, moves in the hole notation.

    >>> import overturn
    >>> referee = overturn.OffboardReferee()
    >>> game = referee.new_game()
    >>> referee.legal(game)[:3]
    ['A1-A2', 'A1-B2', 'A1-B1']
    >>> game, played = referee.play(game, ["A1-A2"])  # played on a copy
    >>> played[0].action, referee.state(game).current_player()
    ('red A1-A2', <Player.YELLOW: 1>)
    >>> referee.state(game).scores
    [0, 0]
    """

    name = "offboard"
    title = "offboard"
    rules_package = "overturn.referees.offboard"

    # ----- the file ---------------------------------------------------------

    def new_game(self, layout: str | None = None, **_: Any) -> OffboardState:
        return OffboardState(resolve_layout(layout))

    def to_json(self, game: OffboardState) -> dict[str, Any]:
        return state_to_json(game)

    def from_json(self, data: Any, origin: str) -> OffboardState:
        with errors_named(origin):
            return state_from_json(data)

    def state(self, game: OffboardState) -> OffboardState:
        return game

    # ----- what the table sees ----------------------------------------------

    def render(self, game: OffboardState, legend: bool = True, **_: Any) -> str:
        return render(game, legend=legend)

    def awaiting(self, game: OffboardState) -> str:
        return status(game)

    def view_json(self, game: OffboardState, **_: Any) -> dict[str, Any]:
        over = game.is_terminal()
        saved = state_to_json(game)
        del saved["to_move"], saved["winner"]  # the save's names; the view says it as the four games do (seats from 0)
        return {
            **saved,
            "turn": None if over else int(game.to_move),
            "winners": winning_seats(game.returns(), over),
            "seat_names": [player.label for player in Player],
            "layout": {**layout_json(game.layout), "custom": game.layout.is_custom, "label": describe_layout(game)},
            "not_in_play": {player.label: game.not_in_play(player) for player in Player},
            "target_values": [target.value for target in game.layout.targets],
            "win_reason": game.win_reason(),
            "awaiting": self.awaiting(game),
            "legal": self.legal(game),
        }

    # ----- moves ------------------------------------------------------------

    def play(self, game: OffboardState, moves: Sequence[str], **_: Any) -> tuple[OffboardState, list[Played]]:
        if not moves:
            raise UsageProblem(f"nothing to play. {self.awaiting(game)}")
        state = game.clone()
        log = [_played(state.apply_action(move)) for text in moves for move in parse_turn(text)]
        return state, log

    def rewind(self, game: OffboardState, count: int) -> tuple[OffboardState, list[str]]:
        if count > len(game.history):
            raise nothing_to_undo(count, len(game.history), "move")
        earlier = game.rewound(count)
        return earlier, [format_move(move) for move in game.history[len(earlier.history) :]]

    # ----- session ----------------------------------------------------------

    def computer_turn(
        self, game: OffboardState, computer: str = "none", seed: int | None = None, **_: Any
    ) -> tuple[OffboardState, list[Played]] | None:
        """The computer's move: the most points on offer, ties broken by a generator drawn from the seed and the ply."""
        if computer == "none" or game.is_terminal() or game.to_move is not Player.from_label(computer):
            return None
        rng = random.Random(None if seed is None else f"{seed}:{len(game.history)}")
        state = game.clone()
        report = state.apply_action(computer_move(state, rng))
        played = _played(report)
        return state, [replace(played, action=f"computer: {played.action}")]

    def session_undo(
        self, game: OffboardState, computer: str = "none", **_: Any
    ) -> tuple[OffboardState, list[str]]:
        """Take back the last move and the computer's moves before it, back to the table's turn."""
        if not game.history:
            raise nothing_to_undo(1, 0, "move")
        count = 1
        while count < len(game.history) and computer != "none" and game.rewound(count).to_move.label == computer:
            count += 1
        return self.rewind(game, count)

    def prompt(self, game: OffboardState) -> str:
        if game.in_hand() is not None:
            return f"{game.to_move.label} (place HOLE, or remove [MOVE])"
        return game.to_move.label

    def session_help(self) -> str:
        return SESSION_HELP

