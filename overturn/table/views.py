"""What a table shows its readers, one Struct per shape: the schema, the encoding and the checks all derive from these.

A table's view is its game's view (Overturn's ``GameView``; a board game's
own, ``OverloadView``, ``OffboardView``, ``InsiderView``) with the table's own part: its id, its version and its seats.
The answers to a creation and to a move wrap a view with what only that
request receives (the tokens; the verdict or the refusal).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from overturn.game.answers import Ranked, Refusal, VerdictView
from overturn.game.save import ColourName
from overturn.game.view import GameView, Scores

Seat = Annotated[int, Meta(ge=0, description="A seat's number, from 0.")]
Version = Annotated[int, Meta(ge=0, description="Moves committed; send it with the next move.")]


class SeatPresence(Struct):
    """Who is at the table: a seat's invitation claimed by a phone, and that phone following the table live now."""

    joined: Annotated[bool, Meta(description="A phone claimed the seat's invitation (always true for the computer's).")]
    connected: Annotated[bool, Meta(description="A live stream of the seat is open on this server process now.")]


class TablePresence(Struct):
    """A ``presence`` event: every seat's presence, in seat order."""

    presence: list[SeatPresence]


Presence = Annotated[list[SeatPresence], Meta(description="Each seat's presence (reads and live streams; absent in other answers).")]


# ----- Overturn ---------------------------------------------------------------------------------


class OverturnSeat(Struct):
    seat: Seat
    name: str
    colour: ColourName
    computer: Annotated[int, Meta(description="The computer's level")] | None


class OverturnSeating(Struct):
    id: str
    version: Version
    seats: list[OverturnSeat]
    turn: Annotated[Seat | None, Meta(description="Whose turn (as the game's result.turn); null once the game is over.")]
    layers: Annotated[list[Scores], Meta(description="The scores of the layers already played, each a list by seat.")]
    totals: Annotated[Scores, Meta(description="The rings of every layer so far, this one's included, by seat.")]
    you: Annotated[Seat | None, Meta(description="The reader's seat; null for a watcher.")]
    helps: Annotated[bool, Meta(description="The creator's choice: hints, the list of legal words and the dictionary offered to the seats.")] = True
    layer_started_by: Annotated[Seat | None, Meta(description="The seat that dealt this layer; null for the first.")] = None
    presence: Presence | UnsetType = UNSET


class OverturnTableView(GameView, tag_field="view", tag="overturn"):
    """An Overturn table: the game as every reader sees it (Overturn hides nothing) and the table's part."""

    table: OverturnSeating


class OverturnAnswer(Struct):
    """What an Overturn move tells its mover: the verdict (null for the next layer)."""

    verdict: VerdictView | None


class ComputerAnswer(Struct):
    """The move a computer seat chose."""

    move: Ranked


# ----- the board games ---------------------------------------------------------------------------


class BoardSeat(Struct):
    seat: Seat
    name: str


class BoardSeating(Struct):
    id: str
    version: Version
    seats: list[BoardSeat]
    presence: Presence | UnsetType = UNSET


class MoveListEntry(Struct):
    """One move of a board game's list as its reader may read it (a card drawn is named to its drawer only)."""

    seat: Seat
    move: str
    effects: Annotated[list[str], Meta(description="What the move did, in French.")]
    marks: Annotated[list[str], Meta(description="The places the move touched, for the board to outline.")]
    events: Annotated[list[dict[str, Any]], Meta(description="What the move did, as data: each event's 'kind' (the game's own) and fields.")]


class BoardGameView(Struct):
    """What every board game's table shows one reader (built up for that seat: a watcher sees no hand); each game's
    own view adds its own fields and its ``view`` tag, so the schema says exactly what each seat of each game sees."""

    game: str
    title: str
    table_dice: bool
    over: bool
    winners: Annotated[list[Seat], Meta(description="The winning seats once the game is over (every seat on a draw); empty while playing.")]
    turn: Annotated[Seat | None, Meta(description="The seat that moves (rolls, draws, answers) now; null once over.")]
    board_text: Annotated[str, Meta(description="The referee's own text drawing (no hand).")]
    awaiting: Annotated[str, Meta(description="What the game waits for, in French.")]
    awaited: Annotated[dict[str, Any], Meta(description="The same as data: its 'kind' (the game's own) and fields.")]
    scores: list[int]
    you: Annotated[Seat | None, Meta(description="The reader's seat; null for a watcher.")]
    moves: Annotated[list[MoveListEntry], Meta(description="The move list; a card drawn or taken is named only to its seat.")]
    legal: Annotated[list[str], Meta(description="The moves the reader may play now (empty unless it is the reader's turn).")]
    table: BoardSeating
    seed_chosen: Annotated[bool, Meta(description="The creator chose the seed (a lesson): the draws may be foreseen.")] = False


_REFEREE_BOARD = Meta(description="The referee's show --json, without the seed.")


class OverloadView(BoardGameView, tag_field="view", tag="overload", kw_only=True):
    """An Overload table: the public board; Overload hides nothing but its die seed."""

    board: Annotated[dict[str, Any], _REFEREE_BOARD]


class OffboardView(BoardGameView, tag_field="view", tag="offboard", kw_only=True):
    """An offboard table: the public board and its holes; the seat to move also sees what each legal move would do."""

    board: Annotated[dict[str, Any], _REFEREE_BOARD]
    targets: Annotated[list[dict[str, Any]], Meta(description="The board's holes and rails, for the page to draw.")]
    previews: Annotated[dict[str, str], Meta(description="The seat to move: each legal move's effect, in French.")] | UnsetType = UNSET
    preview_marks: Annotated[dict[str, dict[str, Any]], Meta(description="The seat to move: the places each legal move touches.")] | UnsetType = UNSET


class GuardQuestion(Struct):
    """A Bodyguard's answer awaited: the card played, by whom and with what power, and the clock (null: none)."""

    played_by: Seat = msgspec.field(name="from")
    card: str
    power: int
    seconds: Annotated[int, Meta(description="Seconds for the answer, then 'pass'.")] | None
    deadline: Annotated[float, Meta(description="When they run out (epoch seconds).")] | None


class InsiderView(BoardGameView, tag_field="view", tag="insider", kw_only=True):
    """An Insider table: the public board and counts, and the reader's own hand alone (a watcher's: null)."""

    hand: Annotated[dict[str, int] | None, Meta(description="The reader's own action cards (null for a watcher).")]
    hand_counts: Annotated[list[int], Meta(description="How many cards each seat holds.")]
    deck: int
    discard: int
    evaluations_done: int
    events: Annotated[list[str], Meta(description="The latest events, in French, the latest last.")]
    question: Annotated[str | None, Meta(description="The pending question's kind (a Bodyguard's 'guard'); null when none.")]
    drawing: Annotated[dict[str, Any], Meta(description="The public board for the page to draw.")]
    guard: Annotated[GuardQuestion, Meta(description="Only while a Bodyguard's answer is awaited.")] | UnsetType = UNSET


#: A board game's view, told apart by its ``view`` tag (the game's name).
BoardView = OverloadView | OffboardView | InsiderView


class BoardRefusal(Refusal):
    """A board-game move refused: the four games' refusal (rule, message in French) and the referee's own words."""

    detail: Annotated[str, Meta(description="The referee's own words.")]


class BoardAnswer(Struct):
    """What a board-game move tells its mover: the refusal (``error``, as every game names it), or the move as entered in the list."""

    error: BoardRefusal | None
    result: MoveListEntry | None


class BoardAfterMove(Struct):
    """Move ``number`` of the list and the public board after it (no hand, no legal move)."""

    number: int
    entry: MoveListEntry
    position: dict[str, Any]


#: What ``TableGame.player_view`` answers: one Struct per game's view, told apart by their ``view`` tag.
TableView = OverturnTableView | OverloadView | OffboardView | InsiderView


# ----- the answers to a creation and a move: a view wrapped with what only that request receives ----------------


class TableLinks(Struct):
    """The links to hand out: one per person's seat (``PAGE?table=ID#seat=TOKEN``: the invitation in the fragment;
    null for the computer's), and one to watch."""

    watch: str
    seats: list[str | None]


class OverturnTableCreated(OverturnTableView, kw_only=True):
    """A new Overturn table as a watcher sees it, and what only its creator receives: the creator's token (to hand
    seats over), each seat's token (null for the computer's) and the links."""

    creator: str
    tokens: list[str | None]
    links: TableLinks


def _board_table_created(view: type[BoardGameView]) -> type[Struct]:
    """A new board game's table as a watcher sees it (``view``), with the creator's token, each seat's token and the links."""
    name = view.__name__.removesuffix("View")
    fields = [("creator", str), ("tokens", list[str | None]), ("links", TableLinks)]
    created: type[Struct] = msgspec.defstruct(f"{name}TableCreated", fields, bases=(view,), kw_only=True, module=__name__)
    created.__doc__ = f"A new {name} table as a watcher sees it, and the creator's token, each seat's token and the links."
    return created


#: Each board game's answer to a new table, by its view's type.
BOARD_TABLES_CREATED: dict[type[BoardGameView], type[Struct]] = {view: _board_table_created(view) for view in (OverloadView, OffboardView, InsiderView)}


class OverturnTableMoved(OverturnTableView, kw_only=True):
    """An Overturn move judged: its verdict (null for the next layer) and the table after it, as the mover sees it."""

    verdict: VerdictView | None


class BoardTableMoved(BoardAnswer):
    """A board-game move played (``result``) or refused (``error``, the table unchanged), and the table after it."""

    state: BoardView
