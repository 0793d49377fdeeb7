"""offboard at the table: its layout option, the targets drawn around the hexagon, and a preview of each legal move."""

from __future__ import annotations

from typing import Any

from overturn.referees.base import IllegalAction
from overturn.referees.offboard.effects import Effect
from overturn.referees.offboard.layouts import layout_names
from overturn.referees.offboard.referee import OffboardReferee
from overturn.referees.offboard.render import awaited
from overturn.referees.offboard.state import parse_move
from overturn.referees.offboard.words import FR, PREVIEW_FR
from overturn.referees.protocol import UsageProblem
from overturn.referees.wording import Event, say
from overturn.table import board_marks
from overturn.table.board_seating import BoardRules, BoardTable
from overturn.table.views import OffboardView


class OffboardRules(BoardRules):
    name = "offboard"
    referee = OffboardReferee()
    players = (2, 2)
    words = FR
    effect_type = Effect
    view = OffboardView
    options = ("layout",)

    def new_game(self, players: int, seed: int, options: dict[str, Any], table_dice: bool) -> Any:
        if table_dice:
            raise UsageProblem("offboard has no dice: 'table_dice' does not apply")
        layout = options.get("layout")
        if layout is not None and layout not in layout_names():
            raise UsageProblem(f"unknown layout {layout!r}: use one of {', '.join(layout_names())}")
        return self.referee.new_game(layout=layout)

    def seat_names(self, players: int) -> list[str]:
        return [FR.table("colour")[side].capitalize() for side in ("red", "yellow")]

    def marks(self, before: Any, text: str, events: list[Event]) -> list[str]:
        try:
            return board_marks.offboard_played_marks(before, text)
        except (ValueError, IllegalAction):  # "remove E5-E6": two moves in one, only the place is drawn
            return []

    def awaited(self, game: Any) -> Event:
        return awaited(game)

    def public_part(self, table: BoardTable) -> dict[str, Any]:
        full = self.referee.view_json(table.game)
        full.pop("legal", None)
        return {
            "board_text": self.referee.render(table.game), "board": full, "scores": full["scores"],
            "targets": board_marks.offboard_layout(table.game),
        }

    def seat_part(self, table: BoardTable, seat: int | None, legal: list[str]) -> dict[str, Any]:
        """The seat to move sees what each legal move would do before confirming it, and the holes it would move."""
        if not legal:
            return {}
        game = table.game
        return {
            "previews": {move: say(PREVIEW_FR, game.check(parse_move(move)).event()) for move in legal},
            "preview_marks": {move: board_marks.offboard_preview_marks(game, move) for move in legal},
        }


OFFBOARD = OffboardRules()
