"""An Overturn game at a table: seat 0 plays Green, seat 1 Silver; the layers already played keep their scores.

The stored state is JSON text: the saved game (``Game.to_json``, replayed and
checked on every load, as files are) and the results of the earlier layers,
so the table can show a total across both layers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from overturn.game.moves import Colour, GameError, Move
from overturn.game.referee import Verdict
from overturn.game.state import Game
from overturn.lexicon.lexicon import Lexicon

#: The game a table holds (the referees' games will join under their own names).
GAME = "overturn"
#: Seats of an Overturn table, in colour order.
COLOURS = (Colour.GREEN, Colour.SILVER)
#: Most earlier layers a table keeps the scores of (two per deal; a long evening deals again).
MAX_LAYERS_KEPT = 100


class NotYourTurn(Exception):
    """A move from a seat whose turn it is not (``reason`` not_your_turn), or after the end (game_over)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass
class OverturnTable:
    game: Game
    layers: list[dict[str, int]] = field(default_factory=list)

    @classmethod
    def load(cls, state: str, lexicon: Lexicon) -> OverturnTable:
        """The table's game from its stored state, replayed and checked move by move."""
        data = json.loads(state)
        layers = data.get("layers", [])
        if not isinstance(layers, list) or not all(isinstance(entry, dict) for entry in layers):
            raise GameError("the table's earlier layers are not a list of scores")
        return cls(Game.from_json(data["game"], lexicon), [{"green": int(e["green"]), "silver": int(e["silver"])} for e in layers])

    def dump(self) -> str:
        return json.dumps({"game": self.game.to_json(), "layers": self.layers}, ensure_ascii=False, separators=(",", ":"))

    def seat_to_move(self) -> int | None:
        """The seat whose turn it is; None once the game is over."""
        return None if self.game.is_over() else COLOURS.index(self.game.to_move)

    def play(self, seat: int, move: Move) -> Verdict:
        """Judge ``move`` for ``seat`` and play it when legal; a refused move leaves the game as it was."""
        if self.game.is_over():
            raise NotYourTurn("game_over", "the game is over: deal the next layer to play on")
        if self.seat_to_move() != seat:
            raise NotYourTurn("not_your_turn", f"it is not seat {seat + 1}'s turn")
        colour = COLOURS[seat]
        verdict = self.game.check(move, colour)
        if verdict.legal:
            self.game.push(move, colour)
        return verdict

    def next_layer(self) -> None:
        """The next game once this one is over: its score joins the table's earlier layers."""
        if not self.game.is_over():
            raise GameError("the game is not over: the next layer is dealt once it ends")
        following = self.game.next_layer()
        result = self.game.result()
        self.layers = [*self.layers, {"green": result.green, "silver": result.silver}][-MAX_LAYERS_KEPT:]
        self.game = following

    def totals(self) -> dict[str, int]:
        result = self.game.result()
        return {
            "green": result.green + sum(entry["green"] for entry in self.layers),
            "silver": result.silver + sum(entry["silver"] for entry in self.layers),
        }
