"""An Overturn game at a table (the table contract's adapter): seat 0 plays Green, seat 1 Silver.

The stored state is JSON text: the saved game (``Game.to_json``, replayed and
checked on every load, as files are), the results of the earlier layers, so the
table can show a total across both layers, whether its players may use helps
(the creator's choice) and who dealt the current layer. Overturn hides nothing, so
every reader's view is the public one plus which seat the reader holds.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from overturn.game.answers import CellAsked, PathError, Ranked, TracedPath, cell_number, path_numbers
from overturn.game.computer import choose_move
from overturn.game.moves import Colour, GameError, Move, PassMove, WordMove
from overturn.game.review import ranked_json
from overturn.game.save import MAX_WORD, colour_name
from overturn.game.state import Game
from overturn.game.view import view_of
from overturn.lexicon.lexicon import Lexicon
from overturn.table.contract import Judged, TableMeta, Timer
from overturn.table.errors import HelpsRefused, MalformedMove, MoveNotAllowed, NoSuchMove, NotYourTurn, UnusableMove
from overturn.table.views import BoardAfterMove, ComputerAnswer, OverturnAnswer, OverturnSeat, OverturnSeating, OverturnTableView, TableView

#: The game's name at a table (``overturn.table.games``).
GAME = "overturn"
#: Seats of an Overturn table, in colour order.
COLOURS = (Colour.GREEN, Colour.SILVER)
#: Most earlier layers a table keeps the scores of (two per deal; a long evening deals again).
MAX_LAYERS_KEPT = 100


class WordAction(Struct, tag_field="kind", tag="word", omit_defaults=True, forbid_unknown_fields=True):
    """An Overturn word (the best path when none is traced)."""

    word: Annotated[str, Meta(min_length=1, max_length=MAX_WORD)]
    path: TracedPath | None = None


class PassAction(Struct, tag_field="kind", tag="pass", forbid_unknown_fields=True):
    """No word: the new cell that gets the opponent's ring (its number, or [row, col] as older clients send)."""

    cell: CellAsked


class NextLayerAction(Struct, tag_field="kind", tag="next-layer", forbid_unknown_fields=True):
    """The next game, once this one is over."""


#: An Overturn move as a request's ``move`` (or its older name ``action``) gives it: an object with its ``kind``.
OverturnMove = WordAction | PassAction | NextLayerAction


def helped_game(view: TableView, watcher: bool) -> dict[str, Any]:
    """The saved game whose legal words a reader of ``view`` may list (the table's helps), or why not."""
    if not isinstance(view, OverturnTableView):
        raise NoSuchMove("only an Overturn table offers helps")
    if not view.table.helps:
        raise HelpsRefused("this table was created without helps: no hint, no list of legal words", "helps_off")
    if watcher and not view.result.over:
        raise HelpsRefused("a watcher gets no help while the game is live", "helps_watcher")
    return view.game


#: Lexicons a computer player's process has opened, by build directory (memory-mapped: opening is cheap once).
_WORKER_LEXICONS: dict[str, Lexicon] = {}


def computer_choice(saved: dict[str, Any], lexicon_directory: str, level: int, seed: str) -> dict[str, Any]:
    """The computer's move in the saved game, as JSON: run in a computer player's process, off the server's threads.

    Seeded by ``seed`` (the table and the move number), so a replay of the log makes the same choice.
    """
    lexicon = _WORKER_LEXICONS.get(lexicon_directory)
    if lexicon is None:
        lexicon = _WORKER_LEXICONS[lexicon_directory] = Lexicon.open(Path(lexicon_directory))
    game = Game.from_json(saved, lexicon)
    choice = choose_move(game, level, random.Random(seed))
    return ranked_json(choice, game.board)


@dataclass
class OverturnTable:
    game: Game
    layers: list[dict[str, int]] = field(default_factory=list)
    #: Hints, the legal words and the dictionary offered to the seats (a fair table turns them off).
    helps: bool = True
    #: The seat that dealt the current layer (None for the first).
    layer_started_by: int | None = None
    #: The public view, made once per table version and shared by every reader of it.
    _public: tuple[int, OverturnTableView] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, state: str, lexicon: Lexicon) -> OverturnTable:
        """The table's game from its stored state, replayed and checked move by move."""
        data = json.loads(state)
        layers = data.get("layers", [])
        if not isinstance(layers, list) or not all(isinstance(entry, dict) for entry in layers):
            raise GameError("the table's earlier layers are not a list of scores")
        helps, started = data.get("helps", True), data.get("layer_started_by")
        if not isinstance(helps, bool) or not (started is None or (type(started) is int and 0 <= started < len(COLOURS))):
            raise GameError("the table's helps or the seat that dealt its layer are not what a table stores")
        scores = [{"green": int(e["green"]), "silver": int(e["silver"])} for e in layers]
        return cls(Game.from_json(data["game"], lexicon), scores, helps, started)

    def dump(self) -> str:
        state: dict[str, Any] = {"game": self.game.to_json(), "layers": self.layers}
        if not self.helps:
            state["helps"] = False
        if self.layer_started_by is not None:
            state["layer_started_by"] = self.layer_started_by
        return json.dumps(state, ensure_ascii=False, separators=(",", ":"))

    def seat_to_move(self) -> int | None:
        """The seat whose turn it is; None once the game is over."""
        return None if self.game.is_over() else COLOURS.index(self.game.to_move)

    def parse(self, move: Any, field: str) -> Move | None:
        """The move a request's ``field`` gives (``OverturnMove``) on this board; None for the next layer."""
        if not isinstance(move, WordAction | PassAction | NextLayerAction):
            raise MalformedMove(f"'{field}' must be an Overturn move: an object whose kind is word, pass or next-layer", field=field)
        rules = self.game.board.rules
        try:
            if isinstance(move, WordAction):
                path = None if move.path is None else path_numbers(move.path, rules.rows, rules.cols, f"{field}.path", most=4 * rules.size)
                return WordMove(move.word, path)
            if isinstance(move, PassAction):
                return PassMove(cell_number(move.cell, rules.rows, rules.cols, f"{field}.cell"))
        except PathError as exc:
            named = f"{field}.path" if isinstance(move, WordAction) else f"{field}.cell"
            raise (MalformedMove if exc.malformed else UnusableMove)(str(exc), field=named) from None
        return None

    def play(self, seat: int, move: Move | None) -> Judged:
        """Judge ``move`` for ``seat`` (None: the next layer) and play it when legal; a refused move changes nothing."""
        if move is None:
            self.next_layer()
            self.layer_started_by = seat
            return Judged(True, OverturnAnswer(None), '{"kind":"next-layer"}')
        if self.game.is_over():
            raise NotYourTurn("the game is over: deal the next layer to play on", "game_over")
        if self.seat_to_move() != seat:
            raise NotYourTurn(f"it is {self.game.to_move.value}'s turn, not {COLOURS[seat].value}'s")  # seats named, as JSON numbers them from 0
        colour = COLOURS[seat]
        verdict = self.game.check(move, colour, near=self.helps)  # a fair table offers no close words to a refused one
        if verdict.legal:
            self.game.push(move, colour)
        return Judged(verdict.legal, OverturnAnswer(verdict.view()), self._logged(move))

    def _logged(self, move: Move) -> str:
        """The move as the store's log keeps it: cells as ``[row, col]``, the log's format before answers spoke cell numbers."""
        cols = self.game.board.rules.cols
        if isinstance(move, PassMove):
            entry: dict[str, Any] = {"kind": "pass", "cell": list(divmod(move.cell, cols))}
        else:
            entry = {"kind": "word", "word": move.word}
            if move.path is not None:
                entry["path"] = [list(divmod(cell, cols)) for cell in move.path]
        return json.dumps(entry, ensure_ascii=False, separators=(",", ":"))

    def timer(self) -> Timer | None:
        return None  # Overturn plays without a clock

    def expire(self, timer: Timer) -> Judged:
        raise AssertionError("an Overturn table has no timer")

    def computer_job(self, seat: int, level: int, seed: str) -> Callable[[], dict[str, Any]]:
        """The search for ``seat``'s move, as a call another process can run (the saved game travels, not the object)."""
        if self.game.lexicon is None:
            raise GameError("a game without its lexicon has no computer player")
        return partial(computer_choice, self.game.to_json(), str(self.game.lexicon.directory), level, seed)

    def computer_play(self, seat: int, chosen: dict[str, Any]) -> Judged:
        """Play the move ``computer_choice`` chose (checked as any move is: a worker's answer is not trusted blindly)."""
        cols = self.game.board.rules.cols
        if chosen["kind"] == "pass":
            move: Move = PassMove(chosen["cell"])
            kept = {**chosen, "cell": list(divmod(chosen["cell"], cols))}
        else:
            move = WordMove(chosen["word"], tuple(chosen["path"]))
            kept = {**chosen, "path": [list(divmod(cell, cols)) for cell in chosen["path"]]}
        verdict = self.game.check(move, COLOURS[seat])
        if not verdict.legal:
            raise GameError(f"the computer's move was refused: {verdict.message}")
        self.game.push(move, COLOURS[seat])
        logged = json.dumps({"kind": "computer", "move": kept}, ensure_ascii=False, separators=(",", ":"))  # as _logged keeps cells
        return Judged(True, ComputerAnswer(msgspec.convert(chosen, Ranked)), logged)

    def position(self, number: int, seat: int | None) -> BoardAfterMove:
        raise NoSuchMove("an Overturn table shows its moves on the board itself")

    def player_view(self, meta: TableMeta, seat: int | None) -> OverturnTableView:
        """The public view (made once per version) with the reader's seat; a watcher's ``you`` is null."""
        if self._public is None or self._public[0] != meta.version:
            self._public = (meta.version, self._public_view(meta))
        public = self._public[1]
        return msgspec.structs.replace(public, table=msgspec.structs.replace(public.table, you=seat))

    def _public_view(self, meta: TableMeta) -> OverturnTableView:
        seats = [OverturnSeat(seat.index, seat.name, colour_name(COLOURS[seat.index]), seat.computer) for seat in meta.seats]
        layers = [[layer["green"], layer["silver"]] for layer in self.layers]
        seating = OverturnSeating(
            meta.id, meta.version, seats, self.seat_to_move(), layers, self.totals(), None, self.helps, self.layer_started_by
        )
        return OverturnTableView(**msgspec.structs.asdict(view_of(self.game)), table=seating)

    def next_layer(self) -> None:
        """The next game once this one is over: its score joins the table's earlier layers."""
        if not self.game.is_over():
            raise MoveNotAllowed("the game is not over: the next layer is dealt once it ends", "not_over")
        try:
            following = self.game.next_layer()
        except GameError as exc:
            raise MoveNotAllowed(str(exc), "no_next_layer") from None
        result = self.game.result()
        self.layers = [*self.layers, {"green": result.green, "silver": result.silver}][-MAX_LAYERS_KEPT:]
        self.game = following

    def totals(self) -> list[int]:
        """The rings of every layer so far, this one's included, by seat (green 0, silver 1)."""
        result = self.game.result()
        return [result.green + sum(entry["green"] for entry in self.layers), result.silver + sum(entry["silver"] for entry in self.layers)]
