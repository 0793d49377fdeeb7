"""A referee's game at the shared table, whichever it is: the store, the replay, the move list and the views.

What differs from game to game comes from the game's own adapter, a
``BoardRules`` (``overload_table``, ``offboard_table``, ``insider_table``,
registered in ``games``): its options and seats, its legal moves, which moves
are private, what a move did (the referee's tagged Structs, ``wording.Event``)
and their French (the game's ``words.FR`` catalogue), the marks of a move and
its own parts of a view. Nothing here names a game.

The stored state is JSON text: the referee's own save (``Referee.to_json``,
rebuilt from its inputs and recorded actions and checked field by field on
every load, as a file is), the table's options (``table_dice``, a clock) and
the move list as the table heard it (seat, notation, what each move did as
events). A move entry stored before the events were kept shows its stored
lines as they were written.

What a seat sees is made here, never by the page: every reader gets the board,
scores and whose turn; only the seat to move gets the legal moves; a game adds
what that seat alone may see (``BoardRules.seat_part``); a private move (a card
drawn) is named in the move list only to its seat.

Chance: by default the server draws from the game's seed; with ``table_dice``
the seat to move types the outcome, as the CLI's ``--table`` games do.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from overturn.referees.base import CHANCE, IllegalAction, winning_seats
from overturn.referees.protocol import Played, Referee, UsageProblem
from overturn.referees.templates import shared, table_says
from overturn.referees.wording import Catalogue, Event, say
from overturn.table.board_base import MoveEntry
from overturn.table.contract import Judged, TableMeta, Timer
from overturn.table.errors import MalformedMove, NoSuchMove, NotYourTurn
from overturn.table.views import BoardAfterMove, BoardAnswer, BoardRefusal, BoardView, MoveListEntry

#: Moves kept in a table's move list (a long game of Insider is a few hundred actions).
MAX_MOVE_LIST = 5000


class BoardRules:
    """One referee's game as a table holds it; a game's adapter subclasses it and fills in what differs.

    The defaults suit a game with no option, no hidden card and no clock.
    """

    name: str
    referee: Referee[Any]
    #: Fewest and most seats; the seeds the game accepts.
    players: tuple[int, int]
    seeds: tuple[int, int] = (0, 2**32 - 1)
    #: The server rolls or draws from the seed (unless the table rolls its own dice): whoever chose it foresees them.
    chance_from_seed: bool = False
    #: The game's French (``words.FR``) and the type its stored events decode to.
    words: Catalogue
    effect_type: Any
    #: The game's own view Struct (tagged with its name), which ``player_view`` answers.
    view: type[BoardView]
    #: Options the game takes besides ``table_dice``.
    options: tuple[str, ...] = ()
    #: The option giving seconds for a timed answer, and the move played when they run out (no clock: empty).
    clock_option: str = ""
    timeout_move: str = ""

    def new_game(self, players: int, seed: int, options: dict[str, Any], table_dice: bool) -> Any:
        """A fresh referee game; ``UsageProblem`` (English, for the API) for an option it does not take."""
        raise NotImplementedError

    def check_loaded(self, game: Any, table_dice: bool) -> None:
        """Raise ``ValueError`` if a stored game contradicts the table's options."""

    def seat_names(self, players: int) -> list[str]:
        return [table_says("fr", "seat", number=index + 1) for index in range(players)]

    def chance_seat(self, game: Any) -> int:
        """The seat that rolls or draws at a chance node: by default the player whose turn it is."""
        current: int = getattr(self.referee.state(game), "current")  # noqa: B009  (not in the State protocol)
        return current

    def legal_moves(self, game: Any, table_dice: bool) -> list[str]:
        state = self.referee.state(game)
        return [state.action_to_string(action) for action in state.legal_actions()]

    def blind(self, game: Any, words: list[str], table_dice: bool) -> str | None:
        """A move the server completes by drawing blind (a card taken from a hidden hand), or None to play it as typed."""
        return None

    def precheck(self, game: Any, words: list[str], table_dice: bool) -> BoardRefusal | None:
        """A refusal the table makes before the referee hears the move (its chance is the table's or the server's)."""
        return None

    def hidden(self, words: list[str]) -> str | None:
        """What others read of a private move (a card drawn), or None for a public one."""
        return None

    def entry_events(self, played: list[Played], text: str, private: bool) -> list[Event]:
        """What the move list keeps of a move: each action's effects, after the action itself when it differs from what was typed."""
        return [
            event for entry in played
            for event in (entry.events[1:] if private or entry.action == text.lower() else entry.events)
        ]

    def french(self, events: list[Event]) -> list[str]:
        """The move list's lines for ``events``, in French."""
        return [say(self.words, event) for event in events]

    def marks(self, before: Any, text: str, events: list[Event]) -> list[str]:
        """The places a public move touched, for the page to highlight."""
        return []

    def awaited(self, game: Any) -> Event:
        """What the game waits for, as the game's Struct."""
        raise NotImplementedError

    def public_part(self, table: BoardTable) -> dict[str, Any]:
        """The game's own part of the view every reader gets (``board_text``, ``scores``...)."""
        raise NotImplementedError

    def seat_part(self, table: BoardTable, seat: int | None, legal: list[str]) -> dict[str, Any]:
        """What ``seat`` alone sees besides the public view (a hand, previews of its legal moves)."""
        return {}

    def waits_on_clock(self, game: Any) -> bool:
        """The game waits for an answer the clock may give (``timeout_move``)."""
        return False

    def timeout_event(self, seconds: int) -> Event:
        """What the move list says of a timed-out answer (a game with a clock words it)."""
        raise NotImplementedError

    def refusal(self, rule: str, detail: str) -> BoardRefusal:
        """The refusal of ``rule`` in the table's French (overturn/wording/fr.json, the page's words too), ``detail`` the referee's English."""
        french = shared("fr")
        return BoardRefusal(rule, french["refusals"].get(rule, french["refused"]), detail)


@dataclass
class BoardTable:
    """A referee game at a table: ``game`` is the referee's own record, ``rules`` the game's adapter."""

    rules: BoardRules
    game: Any
    table_dice: bool = False
    moves: list[MoveEntry] = field(default_factory=list)
    #: Seconds a timed answer may take before the server plays ``rules.timeout_move`` (None: no limit).
    clock_seconds: int | None = None
    #: When the awaited timed answer is due (epoch seconds), stored with the table so a restarted server keeps it.
    deadline: float | None = None
    #: The seed was chosen by the table's creator (a lesson's server): whoever chose it may foresee the draws, and
    #: every reader is told so.
    seed_chosen: bool = False
    #: The public view, made once per table version and shared by every reader of it.
    _public: tuple[int, dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    @property
    def kind(self) -> str:
        return self.rules.name

    @property
    def referee(self) -> Referee[Any]:
        return self.rules.referee

    # ----- creating, storing, loading ------------------------------------------------

    @classmethod
    def new(cls, rules: BoardRules, players: int, seed: int, options: dict[str, Any]) -> BoardTable:
        """A fresh game; ``UsageProblem`` (in English, for the API) for an option the game does not take."""
        low, high = rules.players
        if not low <= players <= high:
            raise UsageProblem(f"{rules.name} is for {low} to {high} players, not {players}")
        low, high = rules.seeds
        if not low <= seed <= high:
            raise UsageProblem(f"the seed must be from {low} to {high}")
        unknown = set(options) - {"table_dice", *rules.options}
        if unknown:
            taken = ", ".join(("table_dice", *rules.options))
            raise UsageProblem(f"unknown option(s) {', '.join(sorted(unknown))}: {rules.name} takes {taken}")
        table_dice = bool(options.get("table_dice", False))
        game = rules.new_game(players, seed, options, table_dice)
        return cls(rules, game, table_dice, clock_seconds=options.get(rules.clock_option) if rules.clock_option else None)

    def dump(self) -> str:
        data = {
            "game": self.kind,
            "table_dice": self.table_dice,
            # stored under Insider's names, the first game with a clock, so tables stored before keep theirs
            "guard_seconds": self.clock_seconds,
            "guard_deadline": self.deadline,
            "save": self.referee.to_json(self.game),
            "moves": [entry.to_json() for entry in self.moves],
            "seed_chosen": self.seed_chosen,
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def load(cls, rules: BoardRules, text: str) -> BoardTable:
        """The table from its stored state: the referee rebuilds and checks its save (``StateFileError`` if it does not replay)."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != rules.name:
            raise ValueError(f"the stored state is not a {rules.name} table")
        game = rules.referee.from_json(data["save"], f"table ({rules.name})")
        moves = [
            MoveEntry(
                int(m["seat"]), str(m["move"]), _events(rules, m.get("events", [])), bool(m.get("private")),
                str(m.get("hidden", "")), None if m.get("at") is None else int(m["at"]), [str(mark) for mark in m.get("marks", [])],
                [] if "events" in m else [str(line) for line in m["effects"]],
            )
            for m in data.get("moves", [])
        ]
        table_dice = bool(data.get("table_dice"))
        rules.check_loaded(game, table_dice)
        seconds, deadline = data.get("guard_seconds"), data.get("guard_deadline")
        return cls(
            rules, game, table_dice, moves, None if seconds is None else int(seconds), None if deadline is None else float(deadline),
            bool(data.get("seed_chosen")),
        )

    # ----- whose turn, what is legal --------------------------------------------------

    def is_over(self) -> bool:
        return bool(self.referee.state(self.game).is_terminal())

    def seat_to_move(self) -> int | None:
        """The seat that moves now (at a chance node: the seat that rolls or draws); None once the game is over."""
        state = self.referee.state(self.game)
        if state.is_terminal():
            return None
        player = state.current_player()
        return self.rules.chance_seat(self.game) if player == CHANCE else int(player)

    def winners(self) -> list[int]:
        state = self.referee.state(self.game)
        return winning_seats(state.returns(), state.is_terminal())  # as the referees' own views say it

    def legal_moves(self) -> list[str]:
        """The moves the seat to move may tap now, in the game's notation (the server's chance shown as one tap)."""
        if self.referee.state(self.game).is_terminal():
            return []
        return self.rules.legal_moves(self.game, self.table_dice)

    # ----- playing --------------------------------------------------------------------

    def parse(self, move: Any, field: str) -> str:
        """The move a request's ``field`` gives: text in the game's notation (an object is another game's move)."""
        if not isinstance(move, str):
            raise MalformedMove(f"'{field}' must be a {self.kind} move in its notation (text)", field=field)
        return move

    def play(self, seat: int, move: str) -> Judged:
        """Judge ``move`` (the game's notation) for ``seat``: the refusal, or the move list entry as the mover reads it."""
        outcome = self.judge(seat, move)
        if isinstance(outcome, BoardRefusal):
            return Judged(False, BoardAnswer(outcome, None))
        return Judged(True, BoardAnswer(None, msgspec.convert(self.entry_for(outcome, seat), MoveListEntry)), " ".join(move.strip().split()))

    def timer(self) -> Timer | None:
        """A game with a clock waiting for a timed answer: ``rules.timeout_move`` at the stored deadline."""
        if self.clock_seconds is None or self.deadline is None or not self.rules.waits_on_clock(self.game):
            return None
        seat = self.seat_to_move()
        return None if seat is None else Timer(self.deadline, seat)

    def expire(self, timer: Timer) -> Judged:
        seconds = self.clock_seconds or 0
        outcome = self.judge(timer.seat, self.rules.timeout_move)
        if isinstance(outcome, BoardRefusal):
            return Judged(False, BoardAnswer(outcome, None))
        outcome.events.insert(0, self.rules.timeout_event(seconds))
        return Judged(True, BoardAnswer(None, msgspec.convert(self.entry_for(outcome, timer.seat), MoveListEntry)), f"{self.rules.timeout_move} (timeout)")

    def computer_job(self, seat: int, level: int, seed: str) -> Callable[[], Any]:
        raise AssertionError("board-game tables seat no computer")

    def computer_play(self, seat: int, chosen: Any) -> Judged:
        raise AssertionError("board-game tables seat no computer")

    def position(self, number: int, seat: int | None) -> BoardAfterMove:
        """Move ``number`` (1-based) of the move list as ``seat`` reads it, and the public board after it."""
        if not 1 <= number <= len(self.moves):
            raise NoSuchMove(f"the move list has {len(self.moves)} moves")
        try:
            shown = self.position_after(number - 1)
        except (ValueError, UsageProblem) as exc:
            raise NoSuchMove(str(exc)) from None
        return BoardAfterMove(number, msgspec.convert(self.entry_for(self.moves[number - 1], seat), MoveListEntry), shown)

    def player_view(self, meta: TableMeta, seat: int | None) -> BoardView:
        """What ``seat`` sees (None: a watcher): the public view, made once per version, with the seat's own parts added
        (checked against the game's own view Struct as it is made, so no field reaches a reader untyped)."""
        if self._public is None or self._public[0] != meta.version:
            self._public = (meta.version, self.public_view())
        table = {"id": meta.id, "version": meta.version, "seats": [{"seat": s.index, "name": s.name} for s in meta.seats]}
        return msgspec.convert({**self.seat_view(self._public[1], seat), "table": table}, self.rules.view)

    def judge(self, seat: int, move: str) -> BoardRefusal | MoveEntry:
        """Judge ``move`` for ``seat``; accepted, it is played and returned as the move list entry; refused, the game is unchanged."""
        if self.is_over():
            raise NotYourTurn(table_says("fr", "game-over"), "game_over")
        if self.seat_to_move() != seat:
            raise NotYourTurn(table_says("fr", "not-your-turn"))
        text = " ".join(move.strip().split())
        if not text:
            return self.rules.refusal("notation", "empty move")
        words = text.lower().split()
        drawn = self.rules.blind(self.game, words, self.table_dice)
        if drawn is not None:
            text, words = drawn, drawn.split()
        refused = self.rules.precheck(self.game, words, self.table_dice)
        if refused is not None:
            return refused
        before = self.game
        try:
            game, played = self.referee.play(self.game, [text])
        except IllegalAction as exc:
            return self.rules.refusal(exc.rule, exc.message)
        except UsageProblem as exc:
            return self.rules.refusal("notation", str(exc))
        hidden = self.rules.hidden(words)
        private = hidden is not None
        events = self.rules.entry_events(played, text, private)
        self.game = game
        marks = [] if private else self.rules.marks(before, text, events)
        entry = MoveEntry(seat, text, events, private, hidden or "", _actions_played(self.referee, game), marks)
        self.moves = [*self.moves, entry][-MAX_MOVE_LIST:]
        timed = self.clock_seconds is not None and self.rules.waits_on_clock(game)
        self.deadline = time.time() + self.clock_seconds if timed and self.clock_seconds is not None else None
        return entry

    # ----- what a reader sees ---------------------------------------------------------

    def entry_for(self, entry: MoveEntry, seat: int | None) -> dict[str, Any]:
        """A move list entry as ``seat`` reads it: the move (or what others read of a private one), its lines in French, its events."""
        shown = entry.move if not entry.private or seat == entry.seat else entry.hidden
        lines = entry.lines or self.rules.french(entry.events)
        return {"seat": entry.seat, "move": shown, "effects": lines, "marks": entry.marks, "events": msgspec.to_builtins(entry.events)}

    def public_view(self) -> dict[str, Any]:
        """What every reader of the table may see (no hand, no seed of a game with hidden cards)."""
        awaited = self.rules.awaited(self.game)
        return {
            "game": self.kind,
            "title": self.referee.title,
            "table_dice": self.table_dice,
            "over": self.is_over(),
            "winners": self.winners(),
            "turn": self.seat_to_move(),
            "awaiting": say(self.rules.words, awaited),
            "awaited": msgspec.to_builtins(awaited),
            "seed_chosen": self.seed_chosen,
            **self.rules.public_part(self),
        }

    def position_after(self, index: int) -> dict[str, Any]:
        """The public board as it stood after move ``index`` of the move list (0-based), for stepping through the
        list: the referee's game taken back to that point (``Referee.rewind``); no hand, no legal move."""
        entry = self.moves[index]
        if entry.at is None:
            raise ValueError("this move was recorded without its place in the game")
        history = _actions_played(self.referee, self.game)
        earlier, _ = self.referee.rewind(self.game, history - entry.at)
        view = BoardTable(self.rules, earlier, self.table_dice, clock_seconds=self.clock_seconds).public_view()
        keep = ("board_text", "awaiting", "scores", "hand_counts", "drawing", "board", "targets", "events", "turn", "over", "winners")
        return {key: view[key] for key in keep if key in view}

    def seat_view(self, public: dict[str, Any], seat: int | None) -> dict[str, Any]:
        """``public`` (from ``public_view``) as ``seat`` sees it (None: a watcher): its legal moves, the move list, its own parts."""
        view = dict(public)
        view["you"] = seat
        view["moves"] = [self.entry_for(entry, seat) for entry in self.moves]
        view["legal"] = self.legal_moves() if seat is not None and seat == public["turn"] else []
        view.update(self.rules.seat_part(self, seat, view["legal"]))
        return view


def _actions_played(referee: Referee[Any], game: Any) -> int:
    """How many actions the referee's game records (each state keeps its ``history``, the file's replay list)."""
    history: list[Any] = getattr(referee.state(game), "history")  # noqa: B009  (not in the State protocol)
    return len(history)


def _events(rules: BoardRules, stored: Any) -> list[Event]:
    """A stored move's events, decoded to the game's Structs (``msgspec.ValidationError`` if they are not)."""
    decoded: list[Event] = msgspec.convert(stored, list[rules.effect_type])  # type: ignore[name-defined]
    return decoded
