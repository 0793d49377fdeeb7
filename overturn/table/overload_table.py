"""Overload at the table: its options, its seeded die, its move list lines and the pawns a move marks."""

from __future__ import annotations

from typing import Any

from overturn.referees.overload.effects import Acted, Effect
from overturn.referees.overload.referee import OverloadReferee, awaited
from overturn.referees.overload.rules import load_rules
from overturn.referees.overload.store import SEED_RANGE
from overturn.referees.overload.words import FR
from overturn.referees.protocol import Played, UsageProblem
from overturn.referees.wording import Event, say
from overturn.table.board_seating import BoardRules, BoardTable
from overturn.table.views import BoardRefusal, OverloadView

#: Actions that name a pawn (``move red1``, ``give blue2``).
PAWN_ACTIONS = ("move", "give", "take")


class OverloadRules(BoardRules):
    name = "overload"
    referee = OverloadReferee()
    players = (3, 5)
    seeds = SEED_RANGE
    chance_from_seed = True
    words = FR
    effect_type = Effect
    view = OverloadView
    options = ("variant",)

    def new_game(self, players: int, seed: int, options: dict[str, Any], table_dice: bool) -> Any:
        variant = options.get("variant", 0)
        if not isinstance(variant, int) or isinstance(variant, bool) or variant < 0:
            raise UsageProblem("'variant' is a number of special sections (0 for the basic game)")
        return self.referee.new_game(players=players, variant=variant, seed=seed)

    def seat_names(self, players: int) -> list[str]:
        colours = FR.table("colour")
        return [colours.get(colour, colour).capitalize() for colour in load_rules().colours[:players]]

    def legal_moves(self, game: Any, table_dice: bool) -> list[str]:
        """The server rolls a seeded table's die: one 'roll' tap."""
        if game.state.is_chance_node() and not table_dice:
            return ["roll"]
        return super().legal_moves(game, table_dice)

    def precheck(self, game: Any, words: list[str], table_dice: bool) -> BoardRefusal | None:
        if table_dice:
            if words in (["roll"], ["lancer"]):
                return self.refusal("table-chance", "this table rolls its own die: play 'roll N' with the face shown")
            return None
        faced = any(word == "roll" and index + 1 < len(words) and words[index + 1].isdecimal() for index, word in enumerate(words))
        if faced or (game.state.is_chance_node() and words and words[0].isdecimal()):
            return self.refusal("seeded-chance", "this table rolls the seeded die: play 'roll' without a face")
        return None

    def entry_events(self, played: list[Played], text: str, private: bool) -> list[Event]:
        """Every action with what it did: the move list shows the forced ones and the die too."""
        return [event for entry in played for event in entry.events]

    def french(self, events: list[Event]) -> list[str]:
        """Each action's line, then what it did indented under it."""
        return [("" if isinstance(event, Acted) else "  ") + say(self.words, event) for event in events]

    def marks(self, before: Any, text: str, events: list[Event]) -> list[str]:
        """The pawns the move named or changed."""
        pawns = {event.value for event in events if isinstance(event, Acted) and event.action in PAWN_ACTIONS}
        pawns |= {pawn for event in events if isinstance(pawn := getattr(event, "pawn", None), str)}
        return sorted(pawns)

    def awaited(self, game: Any) -> Event:
        return awaited(game.state)

    def public_part(self, table: BoardTable) -> dict[str, Any]:
        full = self.referee.view_json(table.game)
        full.pop("legal", None)
        full.pop("die_seed", None)  # the seed decides every coming roll
        # the referee's set-up line names the die seed too
        board_text = self.referee.render(table.game).replace(f"; die seed {table.game.die_seed}", "", 1)
        return {"board_text": board_text, "board": full, "scores": full["scores"]}


OVERLOAD = OverloadRules()
