"""The table's authority, below HTTP: one code path that loads, judges, commits, publishes and times every game's tables.

As boardgame.io's ``Master``, it has no transport inside: the HTTP router
(``overturn.service.routers.tables``) parses requests, calls these methods and
turns the domain errors of ``overturn.table.errors`` into statuses; the tests
drive it in-process. A move is judged on the game kept at the table's version
(else replayed from the store and checked), committed only if the store is
still at that version, then published once to every open stream as each
reader's view. The server's own moves run here too: a computer seat's (in
its own pool, off the human move path), a timed-out Bodyguard answer, and the
moves other server processes committed on a shared PostgreSQL store.

Long because the service is one piece: its move, its timers and its relay share the lock, the kept games and the hub.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from overturn.lexicon.lexicon import Lexicon
from overturn.table.cache import LoadedTables
from overturn.table.contract import GameKind, Judged, SeatViews, TableGame, TableMeta
from overturn.table.errors import (
    BadSeatToken,
    ComputerSeat,
    InvitationSpent,
    NotCreator,
    NotYourTurn,
    StaleMove,
    StoreFull,
    StoreUnavailable,
    TableNotFound,
    WatcherCannotMove,
)
from overturn.table.games import GAMES
from overturn.table.hub import Hub
from overturn.table.presence import PresenceRelay
from overturn.table.record import (
    CREDENTIAL_PREFIX,
    Seat,
    StoreError,
    TableRecord,
    digest,
    new_credential,
    new_table_id,
    new_token,
    token_matches,
)
from overturn.table.store import TableStore
from overturn.table.views import BoardAfterMove, TableView

log = logging.getLogger("overturn.table")

T = TypeVar("T")
#: Longest seat token read (a token is 32 characters; anything longer opens nothing).
MAX_TOKEN = 128
#: Quiet tables read per round of a prune (each finished one is read back to tell it is finished).
PRUNE_BATCH = 500
#: The level a computer seat plays at once its table has spent its search budget.
CHEAPEST_LEVEL = 1
#: Tables whose computers' search time this process remembers (the most recent).
SPENT_KEPT = 10_000
#: Tables of a game with a clock read back at start to resume their clocks, the most recently active first.
RESUMED = 1000
#: Threads that wait on the store for requests: a database that stops answering holds at most these, and the requests
#: past them are answered (503) at their deadline without a thread.
STORE_THREADS = 16
#: Seconds a request waits for the store before it is answered 503 (a database that does not answer).
STORE_TIMEOUT = 0.8


class Runner(Protocol):
    """Runs a blocking job off the event loop, bounded in time (the service's judging or computer pool)."""

    def __call__(self, job: Callable[[], T], what: str) -> Awaitable[T]: ...


@dataclass(frozen=True)
class SeatAsked:
    """A seat at a new table: a person's name, or a computer level (no token)."""

    name: str
    computer: int | None = None


@dataclass(frozen=True)
class Pruned:
    """The tables a prune removed (or, dry, would remove), and the quiet ones it kept (unfinished, not idle long enough)."""

    removed: list[str]
    kept: int


@dataclass(frozen=True)
class Created:
    """A new table: its record, the creator's token, each seat's token (None for a computer) and every reader's view."""

    record: TableRecord
    kind: GameKind
    creator: str
    tokens: list[str | None]
    views: SeatViews


@dataclass(frozen=True)
class Moved:
    """A move judged for ``seat``: played (committed at ``record.version``) or refused; ``view`` is the mover's after it."""

    record: TableRecord
    kind: GameKind
    judged: Judged
    view: TableView


class TableService:
    def __init__(
        self,
        store: TableStore,
        hub: Hub,
        lexicon: Callable[[str | None], Lexicon],
        judge: Runner,
        think: Runner,
        kept: int = 64,
        computer_budget: float = 60.0,
        max_tables: int = 100_000,
        presence_lapse: float = 30.0,
        store_timeout: float = STORE_TIMEOUT,
    ) -> None:
        self.store = store
        #: Seconds a request's call to the store may take; past it the request is refused (503) and the call, left to
        #: finish in its thread, no longer awaited (a database that stopped answering holds no phone for long).
        self.store_timeout = store_timeout
        self._store_threads = ThreadPoolExecutor(STORE_THREADS, thread_name_prefix="overturn-store")
        #: When the store last answered a request's call (the event loop's clock): a call waits past ``store_timeout``
        #: only while the store answers others.
        self._last_answer = float("-inf")
        self.hub = hub
        #: Seconds another process keeps this one's seats connected once it stops renewing them (killed).
        self.presence_lapse = presence_lapse
        #: Presence shared with the other processes on the store (a store that announces changes: PostgreSQL).
        self.relay: PresenceRelay | None = None
        self._lexicon = lexicon
        self._judge = judge
        self._think = think
        #: Seconds of search a table's computer seats may take at their own level; past it they play at level 1 (their
        #: table goes on, cheaply, and never holds the computer players' processes from the other tables for long).
        self.computer_budget = computer_budget
        #: Tables the store may hold: the store's size bounded by configuration (a table is a few kilobytes).
        self.max_tables = max_tables
        self._spent: dict[str, float] = {}
        self.loaded: LoadedTables[TableGame] = LoadedTables(kept)
        #: Tables whose computer seat is thinking, and the timers set (table, version), in this process.
        self._computing: set[str] = set()
        self._timers: set[tuple[str, int]] = set()
        #: The tasks of the server's own moves, kept so they are not collected mid-move.
        self.background: set[asyncio.Task[None]] = set()

    async def _ask(self, call: Callable[..., T], *args: Any) -> T:
        """A request's call to the store, in the store's threads. On a store across a connection (``remote``:
        PostgreSQL), ``StoreError`` once it has waited ``store_timeout`` while the store answered no call at all in
        that time (a database that does not answer); one that answers others meanwhile is busy, not dead, and the call
        waits its turn. A local file (SQLite) is waited on: its one connection takes calls one at a time, so a disk's
        slow sync under load would look like a dead database, and another process holding its lock is refused by the
        store itself within its busy timeout.
        A write abandoned so may still be committed when the database answers again: as after a lost answer, the
        phone's next read shows it (and a retry is 409 with it), while a move answered 200 is always committed."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._store_threads, call, *args)
        if not getattr(self.store, "remote", False):  # a file: waited on as its disk takes (its own lock times out)
            return await future
        future.add_done_callback(self._store_answered)
        deadline = loop.time() + self.store_timeout
        while True:
            try:
                return await asyncio.wait_for(asyncio.shield(future), max(0.0, deadline - loop.time()))
            except TimeoutError:
                if loop.time() - self._last_answer >= self.store_timeout:
                    future.cancel()  # not started yet: it never will be; started: left to end in its thread
                    raise StoreError(f"the table store answered nothing for {self.store_timeout:g} s") from None
                deadline = self._last_answer + self.store_timeout

    def _store_answered(self, future: asyncio.Future[Any]) -> None:
        """A call ended: an answer if it succeeded (a call given up on, or one that found no pooled connection, is none)."""
        if not future.cancelled() and future.exception() is None:
            self._last_answer = asyncio.get_running_loop().time()

    # ----- reading -------------------------------------------------------------------------

    async def record(self, table_id: Any) -> TableRecord:
        """The stored table; ``TableNotFound`` for an id of no table, ``StoreUnavailable`` when the store is down."""
        if not isinstance(table_id, str) or not 8 <= len(table_id) <= 64:
            raise TableNotFound("no such table")
        try:
            record = await self._ask(self.store.get, table_id)
        except StoreError as exc:
            raise _store_down(exc) from None
        if record.game not in GAMES:
            raise TableNotFound(f"table {table_id} holds a game this server does not know ({record.game})")
        return record

    @staticmethod
    def reader(record: TableRecord, token: Any) -> Seat | None:
        """The seat a token opens; None for a watcher. A token that opens nothing is refused, not taken for a watcher."""
        if token is None or token == "":
            return None
        seat = record.seat_of(token) if isinstance(token, str) and len(token) <= MAX_TOKEN else None
        if seat is None:
            raise BadSeatToken("this seat link is not (or no longer) valid at this table")
        return seat

    async def show(self, table_id: Any, token: Any) -> tuple[TableRecord, Seat | None, SeatViews]:
        """The table as the token's seat (or a watcher) reads it; wakes a computer seat or a timer left waiting."""
        record = await self.record(table_id)
        seat = self.reader(record, token)
        return record, seat, await self.views(record)

    async def views(self, record: TableRecord) -> SeatViews:
        """Every reader's view at the record's version: made once per version, even when a thousand streams open at once."""
        latest = self.hub.latest(record.id)
        if latest is not None and latest.version == record.version:
            return latest.views
        kept = self.loaded.view(record.id, record.version)
        if kept is not None:
            return kept
        async with self.loaded.lock(record.id):
            return await self._views_locked(record)

    async def _views_locked(self, record: TableRecord) -> SeatViews:
        kept = self.loaded.view(record.id, record.version)
        if kept is not None:
            return kept
        game = await self._game_at(record)
        views = await self._keep(record, game)
        self._wake(record, game)  # a restarted server (or another process) takes up a computer's turn or a deadline
        return views

    async def _game_at(self, record: TableRecord) -> TableGame:
        """The game at the record's version, now the caller's alone: the one this process kept, else replayed."""
        kept = self.loaded.take(record.id, record.version)
        if kept is not None:
            return kept
        kind = GAMES[record.game]
        return await self._judge(lambda: kind.load(record.state, self._lexicon), "table")

    async def _keep(self, record: TableRecord, game: TableGame) -> SeatViews:
        """Keeps the game and every reader's view at the record's version; the views."""
        meta = TableMeta(record.id, record.version, record.seats)

        def made() -> SeatViews:
            return SeatViews(record.version, game.player_view(meta, None), tuple(game.player_view(meta, seat.index) for seat in record.seats))

        views = await self._judge(made, "table")
        self.loaded.put(record.id, record.version, game)
        self.loaded.keep_view(record.id, record.version, views)
        return views

    async def position(self, table_id: Any, token: Any, number: int) -> BoardAfterMove:
        """Move ``number`` of the table's move list and the public board after it (``NoSuchMove`` past the list)."""
        record = await self.record(table_id)
        seat = self.reader(record, token)
        async with self.loaded.lock(record.id):
            game = await self._game_at(record)
            self.loaded.put(record.id, record.version, game)
        return await self._judge(lambda: game.position(number, None if seat is None else seat.index), "table position")

    # ----- creating ------------------------------------------------------------------------

    async def create(self, kind_name: str, game: TableGame, seats: list[SeatAsked]) -> Created:
        """A new table holding ``game`` (made by the caller from its request), with a token per person's seat."""
        kind = GAMES[kind_name]
        try:
            full = await self._ask(self.store.count) >= self.max_tables
        except StoreError as exc:
            raise _store_down(exc) from None
        if full:
            raise StoreFull(f"this server keeps at most {self.max_tables} tables and holds that many: try again once old ones are removed")
        creator = new_token()
        tokens = [None if seat.computer is not None else new_token() for seat in seats]
        stored = tuple(
            Seat(index, seat.name, digest(token) if token else "", seat.computer) for index, (seat, token) in enumerate(zip(seats, tokens, strict=True))
        )
        record = TableRecord(new_table_id(), kind.name, time.time(), 0, game.dump(), digest(creator), stored)
        try:
            await self._ask(self.store.create, record)
        except StoreError as exc:
            raise _store_down(exc) from None
        views = await self._keep(record, game)
        self._wake(record, game)
        return Created(record, kind, creator, tokens, views)

    def computer_tables(self) -> int:
        """Tables whose computer seat is thinking now in this process (a table where only computers play, all game long)."""
        return len(self._computing)

    async def claim(self, table_id: Any, token: Any) -> tuple[TableRecord, Seat, str]:
        """A phone takes its seat: the invitation it opened is exchanged for a credential of its own, which the creator
        never sees (as boardgame.io's players get their own credentials). A credential claims itself: nothing changes."""
        record = await self.record(table_id)
        if isinstance(token, str) and token.startswith(CREDENTIAL_PREFIX):
            seat = self.reader(record, token)
            assert seat is not None
            return record, seat, token
        try:
            seat = self.reader(record, token)
        except BadSeatToken:
            raise InvitationSpent("this invitation was used already (or the seat was handed over since): ask the table's creator for a new link") from None
        if seat is None:
            raise WatcherCannotMove("a watcher's link has no seat to claim")
        credential = new_credential()
        try:
            swapped = await self._ask(self.store.swap_token, record.id, seat.index, seat.token_digest, digest(credential))
        except StoreError as exc:
            raise _store_down(exc) from None
        if not swapped:
            raise InvitationSpent("another phone claimed this seat a moment ago: ask the table's creator for a new link")
        claimed = Seat(seat.index, seat.name, digest(credential), seat.computer)
        self.seen(dataclasses.replace(record, seats=tuple(claimed if other.index == seat.index else other for other in record.seats)))
        return record, seat, credential

    async def hand_over(self, table_id: Any, creator: Any, seat_index: int) -> tuple[TableRecord, str]:
        """A new token for a person's seat, asked with the creator's token; the old one stops opening it."""
        record = await self.record(table_id)
        if not isinstance(creator, str) or len(creator) > MAX_TOKEN or not token_matches(creator, record.creator_digest):
            raise NotCreator("only the table's creator can hand a seat over")
        if not 0 <= seat_index < len(record.seats):
            raise ComputerSeat(f"this table has {len(record.seats)} seats")
        if record.seats[seat_index].computer is not None:
            raise ComputerSeat("the computer's seat has no link to hand over")
        token = new_token()
        try:
            self.seen(await self._ask(self.store.replace_token, record.id, seat_index, digest(token)))
        except StoreError as exc:
            raise _store_down(exc) from None
        return record, token

    def seen(self, record: TableRecord) -> None:
        """The seats as just stored or read: the table's streams hear who has joined, and those opened with a token
        that no longer opens its seat (claimed by a phone, handed over) are revoked."""
        for seat in record.seats:
            if seat.computer is None:
                self.hub.reseated(record.id, seat.index, seat.token_digest)
        self.hub.seated(record.id, joined(record))

    # ----- moving ----------------------------------------------------------------------------

    async def move(self, table_id: Any, token: Any, version: int, parse: Callable[[TableGame], Any]) -> Moved:
        """One move for the token's seat, made on ``version``: ``parse`` reads it against the game (its errors pass
        through untouched), the game judges it, and a legal move is committed under the version check and published."""
        record = await self.record(table_id)
        if self.reader(record, token) is None:
            raise WatcherCannotMove("watchers cannot move: open the table with a seat link")
        kind = GAMES[record.game]
        async with self.loaded.lock(record.id):
            record = await self.record(record.id)  # as it is now that this table's earlier moves here are done
            seat = self.reader(record, token)
            assert seat is not None
            if version != record.version:
                raise await self._stale(record, seat)
            game = await self._game_at(record)
            try:
                move = parse(game)
                judged = await self._judge(lambda: game.play(seat.index, move), "table move")
            except NotYourTurn as exc:
                self.loaded.put(record.id, record.version, game)
                views = await self._views_locked(record)
                raise NotYourTurn(exc.message, exc.reason, state=views.for_reader(seat.index)) from None
            except BaseException:
                self.loaded.put(record.id, record.version, game)  # a refused request leaves the game as it was
                raise
            if not judged.accepted:
                self.loaded.put(record.id, record.version, game)
                views = await self._views_locked(record)
                return Moved(record, kind, judged, views.for_reader(seat.index))
            committed = await self._commit(record, game, seat.index, judged)
            views = await self._keep(committed, game)
        self._published(committed, game, views)
        return Moved(committed, kind, judged, views.for_reader(seat.index))

    async def _commit(self, record: TableRecord, game: TableGame, seat: int | None, judged: Judged) -> TableRecord:
        try:
            return await self._ask(self.store.commit, record.id, record.version, game.dump(), seat, judged.logged)
        except StaleMove as exc:
            raise await self._stale(exc.current, None if seat is None else record.seats[seat]) from None
        except StoreError as exc:
            raise _store_down(exc) from None

    async def _stale(self, current: TableRecord, seat: Seat | None) -> StaleMove:
        views = await self._views_locked(current)
        return StaleMove(
            f"the table moved on (it is at move {current.version}): your move was not played; here is the table as it is",
            version=current.version,
            state=views.for_reader(None if seat is None else seat.index),
        )

    def _published(self, record: TableRecord, game: TableGame, views: SeatViews) -> None:
        """A committed version reaches every stream once, and the server's own next move is scheduled."""
        self.hub.publish(record.id, record.version, views)
        self._wake(record, game)

    # ----- the server's own moves: computer seats, timers, other processes' moves -----------

    def _wake(self, record: TableRecord, game: TableGame) -> None:
        """Schedules what the server plays by itself at this version: a computer seat's move, a timed-out answer."""
        to_move = game.seat_to_move()
        if to_move is not None and record.seats[to_move].computer is not None and record.id not in self._computing:
            self._computing.add(record.id)
            self._spawn(self._play_computer(record.id), lambda: self._computing.discard(record.id))
        timer = game.timer()
        key = (record.id, record.version)
        if timer is not None and key not in self._timers:
            self._timers.add(key)
            self._spawn(self._expire(record.id, record.version, timer.seat, max(0.0, timer.deadline - time.time())), lambda: self._timers.discard(key))

    def _spawn(self, work: Awaitable[object], done: Callable[[], None]) -> None:
        async def run() -> None:
            try:
                await work
            finally:
                done()

        task = asyncio.get_running_loop().create_task(run())
        self.background.add(task)
        task.add_done_callback(self.background.discard)

    async def _play_computer(self, table_id: str) -> None:
        try:
            while await self._computer_step(table_id):
                pass
        except StaleMove:
            return  # someone else moved (a second server process, a hand-over race): the next read reschedules
        except Exception as exc:  # noqa: BLE001  (a background task: logged, never lost silently)
            log.warning("computer move at table %s not played: %s", table_id, exc)

    async def _computer_step(self, table_id: str) -> bool:
        """One computer move if a computer seat is to move; False when none is."""
        async with self.loaded.lock(table_id):
            record = await self.record(table_id)
            game = await self._game_at(record)
            to_move = game.seat_to_move()
            if to_move is None or (level := record.seats[to_move].computer) is None:
                self.loaded.put(record.id, record.version, game)
                return False
            if self._spent.get(table_id, 0.0) >= self.computer_budget:
                level = CHEAPEST_LEVEL
            # seeded by the table and the move number: a replay of the log makes the same choice
            started = time.monotonic()
            chosen = await self._think(game.computer_job(to_move, level, f"{table_id}:{record.version}"), "computer move")
            self._spent[table_id] = self._spent.pop(table_id, 0.0) + time.monotonic() - started
            if len(self._spent) > SPENT_KEPT:
                self._spent.pop(next(iter(self._spent)))  # the table that thought least recently
            judged = await self._judge(lambda: game.computer_play(to_move, chosen), "computer move")
            committed = await self._commit(record, game, to_move, judged)
            views = await self._keep(committed, game)
        self._published(committed, game, views)  # a timer the move set; this task itself plays a next computer move
        return True

    async def _expire(self, table_id: str, version: int, seat: int, delay: float) -> None:
        """At the deadline, the awaited move is played for ``seat`` unless the table moved on (at the same moment in
        every server process: the deadline is stored with the table)."""
        await asyncio.sleep(delay)
        try:
            async with self.loaded.lock(table_id):
                record = await self.record(table_id)
                if record.version != version:
                    return  # answered in time (or the table moved on)
                game = await self._game_at(record)
                timer = game.timer()
                if timer is None or timer.seat != seat:
                    self.loaded.put(record.id, record.version, game)
                    return
                judged = await self._judge(lambda: game.expire(timer), "timed-out move")
                if not judged.accepted:
                    log.warning("table %s: the timed-out move was refused: %s", table_id, judged.answer)
                    return
                committed = await self._commit(record, game, seat, judged)
                views = await self._keep(committed, game)
            self._published(committed, game, views)
        except Exception as exc:  # noqa: BLE001  (a background task: logged, never lost silently)
            log.warning("table %s: the timed-out move was not played: %s", table_id, exc)

    def follow_other_processes(self) -> None:
        """Moves committed by other server processes on the same store reach this one's streams, and presence is
        shared with them (PostgreSQL NOTIFY and leases, ``overturn.table.presence``)."""
        loop = asyncio.get_running_loop()

        def heard(table_id: str, version: int) -> None:  # in the store's listening thread
            try:
                loop.call_soon_threadsafe(self._heard, table_id, version)
            except RuntimeError:  # this server has stopped (its loop is closed); the store may serve another
                return

        def heard_presence(table_id: str, process: str) -> None:  # in the store's listening thread
            try:
                loop.call_soon_threadsafe(self._heard_presence, table_id, process)
            except RuntimeError:
                return

        if self.store.follow(heard, heard_presence):
            self.relay = PresenceRelay(self.store, self.hub, self.presence_lapse)
            self._spawn(self.relay.run(), lambda: None)

    def _heard_presence(self, table_id: str, process: str) -> None:
        if self.relay is None or not self.hub.watching(table_id) or process == self.relay.process:
            return  # nobody here follows that table, or the change was this process's own
        self._spawn(self._presence_relayed(table_id, process), lambda: None)

    async def _presence_relayed(self, table_id: str, process: str) -> None:
        """A seat claimed or handed over (no ``process``: the seats reread), or another process's streams changed."""
        assert self.relay is not None
        try:
            if process:
                await self.relay.refresh(table_id)
            else:
                self.seen(await self.record(table_id))
        except Exception as exc:  # noqa: BLE001  (a background task: logged, never lost silently)
            log.warning("presence at table %s not relayed: %s", table_id, exc)

    async def elsewhere(self, table_id: str) -> frozenset[int] | None:
        """The seats of a table other processes have a live stream for, when the hub does not follow it already (None:
        the hub knows, or presence is not shared); a store unavailable counts as none."""
        if self.relay is None or self.hub.watching(table_id):
            return None
        try:
            return await self.relay.elsewhere(table_id)
        except StoreError:
            return frozenset()

    def _heard(self, table_id: str, version: int) -> None:
        known = self.hub.latest(table_id)
        if not self.hub.watching(table_id) or (known is not None and known.version >= version):
            return  # nobody here follows that table, or the move was made here
        self._spawn(self._relay(table_id), lambda: None)

    async def _relay(self, table_id: str) -> None:
        try:
            record = await self.record(table_id)
            self.hub.publish(record.id, record.version, await self.views(record))
        except Exception as exc:  # noqa: BLE001  (a background task: logged, never lost silently)
            log.warning("a move made elsewhere at table %s not relayed: %s", table_id, exc)

    async def reread(self, table_id: str, sent: int) -> tuple[int, SeatViews] | None:
        """At a stream's heartbeat: the table if another process moved it past ``sent`` (published here too); None if not.
        A seat claimed or handed over through another process is seen here then too (``seen``)."""
        try:
            record = await self.record(table_id)
            self.seen(record)
            if record.version <= sent:
                return None
            views = await self.views(record)
        except (TableNotFound, StoreUnavailable):
            return None
        self.hub.publish(record.id, record.version, views)
        return record.version, views

    # ----- the life cycle: tables nobody plays any more are removed ------------------------------

    async def prune(self, idle: float, finished: float, dry_run: bool = False, now: float | None = None, unclaimed: float | None = None) -> Pruned:
        """Removes the tables with no move for ``idle`` seconds, and the finished ones with none for ``finished`` seconds
        (a finished game is read back to tell), and, given ``unclaimed``, the tables made that long ago that no phone
        joined and no one moved at (links opened by no one: a crowd's tables go within hours, not days); with
        ``dry_run``, only says which it would remove."""
        now = time.time() if now is None else now
        removed: list[str] = []
        while unclaimed is not None:  # each round removes a whole batch or is the last
            batch = [table.id for table in await asyncio.to_thread(self.store.unclaimed_since, now - unclaimed, PRUNE_BATCH)]
            if not dry_run and batch:
                await asyncio.to_thread(self.store.delete, batch)
            removed += batch
            if len(batch) < PRUNE_BATCH or dry_run:
                break
        while True:  # each round removes at least one table or is the last: bounded by the store's size
            quiet = await asyncio.to_thread(self.store.quiet_since, now - min(idle, finished), PRUNE_BATCH)
            batch = [table.id for table in quiet if table.last_active < now - idle or await self._finished(table.id)]
            if not dry_run and batch:
                await asyncio.to_thread(self.store.delete, batch)
            if dry_run:  # a table both rules name is listed once
                listed = set(removed)
                removed += [table_id for table_id in batch if table_id not in listed]
            else:
                removed += batch
            if len(quiet) < PRUNE_BATCH or dry_run or not batch:
                return Pruned(removed, len(quiet) - len(batch))

    async def _finished(self, table_id: str) -> bool:
        try:
            record = await self.record(table_id)
            game = await self._judge(lambda: GAMES[record.game].load(record.state, self._lexicon), "table")
        except Exception:  # noqa: BLE001  (gone meanwhile, unreadable, its lexicon not served: left for the idle rule)
            return False
        return game.seat_to_move() is None

    async def prune_every(self, seconds: float, idle: float, finished: float, unclaimed: float | None = None) -> None:
        """The server's schedule: a prune at start, then every ``seconds``; a failure is logged and tried again next time."""
        while True:
            try:
                pruned = await self.prune(idle, finished, unclaimed=unclaimed)
                if pruned.removed:
                    log.info("removed %d tables nobody plays any more", len(pruned.removed))
            except (StoreUnavailable, StoreError) as exc:
                log.warning("tables not pruned this time: %s", exc)
            await asyncio.sleep(seconds)

    def start(self, prune_every: float, idle: float, finished: float, unclaimed: float | None = None) -> None:
        """The server's own schedule, once its loop runs: the clocks tables left running (a restarted server plays a
        timed-out answer at its deadline, read or not) and the life-cycle prune (``prune_every``)."""
        self._spawn(self.resume_clocks(time.time() - idle), lambda: None)
        self._spawn(self.prune_every(prune_every, idle, finished, unclaimed), lambda: None)

    async def resume_clocks(self, since: float) -> int:
        """Wakes the tables of the games with a clock that moved since ``since``: those waiting on one get their timer.
        How many tables were looked at (the most recent first, at most ``RESUMED``)."""
        looked = 0
        for kind in (kind for kind in GAMES.values() if kind.clocked):
            try:
                recent = await asyncio.to_thread(self.store.active_since, since, kind.name, RESUMED)
            except StoreError as exc:
                log.warning("table clocks not resumed: %s", exc)
                return looked
            for table in recent:
                try:
                    await self.views(await self.record(table.id))  # made once, and _wake sets a timer the game waits on
                except Exception as exc:  # noqa: BLE001  (one unreadable table must not stop the others' clocks)
                    log.warning("table %s: clock not resumed: %s", table.id, exc)
                looked += 1
        return looked

    def close(self) -> None:
        self._store_threads.shutdown(wait=False, cancel_futures=True)
        for task in list(self.background):
            task.cancel()
        if self.relay is not None:
            self.relay.withdraw()


def joined(record: TableRecord) -> tuple[bool | None, ...]:
    """Each seat claimed by a phone (None for a computer's): presence's "joined", which every server process reads alike."""
    return tuple(None if seat.computer is not None else seat.claimed for seat in record.seats)


def _store_down(exc: StoreError) -> StoreUnavailable:
    log.error("table store: %s", exc)
    return StoreUnavailable("the table store is unavailable; try again")

