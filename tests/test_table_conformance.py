"""One conformance suite over the four games a table holds (``overturn.table.games.GAMES``), privacy included.

Long because the four games share one set of contract checks, and privacy needs its own constructions beside them.

Seeded random playouts drive each game in-process through the table contract
(``overturn.table.contract``), as the table service does, and check at every
step what the service relies on: ``seat_to_move`` names a seat, or None only
once the game is over; a refused move and a move out of turn leave the stored
state as it was; a stored state loads back (``GameKind.load``) to the same
views for every reader; every view is JSON and carries the table's version.
One setup per game is also played to its end.

Privacy, the OpenSpiel way: (1) the live game is copied with what a reader may
not know drawn again (the other seats' hands and the deck, the cards of their
private moves, the seed of a game that draws its own chance): that reader's
view must not change, a watcher's whatever is redrawn, and the owner's must
(so the test cannot pass by redrawing nothing); (2) two table-chance Insider
games get the same public moves but other draws for one seat: the other seats'
views, move lists and event logs, and the watcher's, must be equal. Overturn
hides nothing: its readers' views differ only by ``you``. A playout is bounded
by ``STEPS`` moves and ``SECONDS`` seconds.
"""

from __future__ import annotations

import json
import pickle
import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

import msgspec
import pytest

from overturn.game.board import Board
from overturn.game.computer import LEVELS
from overturn.game.state import Game, WordMove
from overturn.lexicon.lexicon import Lexicon
from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.insider.playout import _progress
from overturn.referees.insider.state import InsiderState
from overturn.table.board_seating import BoardTable
from overturn.table.contract import Judged, TableGame, TableMeta
from overturn.table.errors import NoSuchMove, NotYourTurn
from overturn.table.games import GAMES, new_board_table
from overturn.table.insider_table import InsiderRules
from overturn.table.record import Seat
from overturn.table.seating import OverturnTable

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "ALLEZ", "MAISON", "SAC", "CASE", "ETE", "SANS", "TAS", "SONT"]
#: Seeds long enough that finding their digits in a view is a leak, not a coincidence.
INSIDER_SEED, OVERLOAD_SEED = 6_700_417_339_001, 8_888_123_456_789_012
#: Bounds of a checked playout (every step checked), and of a game played to its end (only its end checked).
STEPS, SECONDS, WHOLE_GAME = 120, 4.0, 5000
#: Every how many moves the stored state is loaded back (an Insider load replays the whole game).
LOAD_EVERY = 10


@dataclass(frozen=True)
class Setup:
    game: str
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    #: Played to its end too (one setup per game, the one that ends soonest).
    whole: bool = False

    @property
    def id(self) -> str:
        return "-".join([self.game, str(self.players), *(f"{key}={value}" for key, value in self.options.items())])


SETUPS = [
    Setup("overturn", 2, whole=True),
    Setup("overload", 3, OVERLOAD_SEED, whole=True),
    Setup("overload", 4, OVERLOAD_SEED, {"table_dice": True, "variant": 5}),
    Setup("offboard", 2),
    Setup("offboard", 2, options={"layout": "contact"}, whole=True),
    Setup("insider", 3, INSIDER_SEED, {"guard_seconds": 30}, whole=True),
    Setup("insider", 2, INSIDER_SEED, {"table_dice": True}),
]
#: The games whose chance is drawn by the server from a seed no reader may see, or with hands.
HIDDEN = [setup for setup in SETUPS if setup.game in ("overload", "insider")]
WHOLE = [setup for setup in SETUPS if setup.whole]


def test_the_suite_covers_every_game_of_the_table() -> None:
    assert {setup.game for setup in SETUPS} == {setup.game for setup in WHOLE} == set(GAMES)


@pytest.fixture(scope="module")
def lexicon(make_lexicon: Any) -> Lexicon:
    return make_lexicon(WORDS, "small")


def _new_table(setup: Setup, lexicon: Lexicon) -> TableGame:
    if setup.game == "overturn":
        return OverturnTable(Game.from_board(Board.parse(BOARD), "reuse", "small", lexicon, "position"))
    return new_board_table(setup.game, setup.players, setup.seed, setup.options)


def _legal(table: TableGame) -> list[Any]:
    if isinstance(table, OverturnTable):
        return [ranked.move for ranked in table.game.legal_moves()]
    assert isinstance(table, BoardTable)
    return table.legal_moves()


def _choose(table: TableGame, rng: random.Random) -> Any:
    """A random legal move; at Insider most often one that brings a pawn nearer the INSIDER, so a game ends in hundreds."""
    legal = _legal(table)
    if isinstance(table, BoardTable) and table.kind == "insider" and rng.random() < 0.85:
        hurried = [move for move in legal if _progress(table.game, move)]
        if hurried:
            return rng.choice(hurried)
    return rng.choice(legal)


def _nonsense(table: TableGame) -> Any:
    return WordMove("QQQQQ") if isinstance(table, OverturnTable) else "no such move at all"


def _plain(value: Any) -> Any:
    """A view or an answer as the JSON a reader receives (they are Structs: the wire form is what privacy is about)."""
    return msgspec.to_builtins(value)


def _over(view: dict[str, Any]) -> bool:
    return bool(view["result"]["over"] if "result" in view else view["over"])


def _scores(view: dict[str, Any]) -> Any:
    return view["result"]["scores"] if "result" in view else view["scores"]


def _you(view: dict[str, Any]) -> int | None:
    return view["table"]["you"] if "result" in view else view["you"]


def _views(table: TableGame, meta: TableMeta) -> dict[int | None, dict[str, Any]]:
    return {reader: _plain(table.player_view(meta, reader)) for reader in (None, *range(len(meta.seats)))}


@dataclass
class Step:
    """The table after a move of the playout; ``judged``: that move (None at the start)."""

    table: TableGame
    meta: TableMeta
    judged: Judged | None
    mover: int | None


def _playout(setup: Setup, lexicon: Lexicon, seed: int, steps: int = STEPS, seconds: float = SECONDS) -> Iterator[Step]:
    """A seeded random playout of legal moves (and, now and then, a timed-out answer; at Overturn, seat 1 is a computer
    of every level in turn, its search run here); a refused one changes nothing."""
    rng = random.Random(seed)
    table = _new_table(setup, lexicon)
    meta = TableMeta("conform1", 0, tuple(Seat(index, f"P{index}", "") for index in range(setup.players)))
    yield Step(table, meta, None, None)
    stop = time.monotonic() + seconds
    for index in range(steps):
        seat = table.seat_to_move()
        if seat is None or time.monotonic() > stop:
            return
        before = table.dump() if index < STEPS else None  # (a stored state grows with the game: kept to the checked part)
        timer = table.timer()
        if timer is not None and rng.random() < 0.5:
            assert timer.seat == seat, "a timer plays for the seat the game waits on"
            judged = table.expire(timer)
            assert judged.accepted
        elif isinstance(table, OverturnTable) and seat == 1:  # the search travels to another process: it pickles
            job = pickle.loads(pickle.dumps(table.computer_job(seat, LEVELS[index % len(LEVELS)], f"conform:{index}")))
            judged = table.computer_play(seat, job())
            assert judged.accepted
        else:
            judged = table.play(seat, _choose(table, rng))
        if not judged.accepted:
            # a legal move is refused only as a chance outcome the seat typed that the game cannot give
            assert isinstance(table, BoardTable) and _plain(judged.answer)["error"]["rule"] == "bad-outcome", _plain(judged.answer)
            assert before is None or table.dump() == before
            continue
        assert judged.logged and isinstance(judged.logged, str)
        json.dumps(_plain(judged.answer), allow_nan=False)
        meta = replace(meta, version=meta.version + 1)
        yield Step(table, meta, judged, seat)


# ----- the contract ------------------------------------------------------------------------


@pytest.mark.parametrize("setup", SETUPS, ids=[setup.id for setup in SETUPS])
def test_the_contract_holds_over_a_random_playout(setup: Setup, lexicon: Lexicon) -> None:
    assert GAMES[setup.game].players[0] <= setup.players <= GAMES[setup.game].players[1]
    steps = 0
    for step in _playout(setup, lexicon, 1):
        table, meta = step.table, step.meta
        steps += 1
        seat = table.seat_to_move()
        views = _views(table, meta)
        assert (seat is None) == _over(views[None]), "no seat to move exactly when the game is over"
        for reader, view in views.items():
            json.dumps(view, allow_nan=False)
            assert view["table"]["version"] == meta.version
            assert _you(view) == reader
            scores = _scores(view)  # every game's score is a list by seat, in the order of the table's seats
            assert isinstance(scores, list) and len(scores) == setup.players and all(type(score) is int for score in scores), scores
        if isinstance(table, OverturnTable):  # no private part: every reader sees the watcher's view and its seat
            for reader, view in views.items():
                assert {**view, "table": {**view["table"], "you": None}} == views[None], reader
        else:
            assert isinstance(table, BoardTable)
            for reader, view in views.items():
                assert view["legal"] == (table.legal_moves() if reader is not None and reader == seat else [])
        if step.judged is not None and isinstance(table, BoardTable):
            assert step.mover is not None
            assert _plain(step.judged.answer)["result"] == views[step.mover]["moves"][-1], "the mover reads its move as its view lists it"
        _check_refusals(table, seat, setup.players)
        if steps % LOAD_EVERY == 1 or seat is None:
            _check_round_trip(setup, table, meta, views, lexicon)
    assert steps > 5


def _check_refusals(table: TableGame, seat: int | None, players: int) -> None:
    """Nonsense is refused, and a move out of turn raises ``NotYourTurn``; neither changes the stored state."""
    before = table.dump()
    if seat is None:
        for anyone in range(players):
            with pytest.raises(NotYourTurn) as over:
                table.play(anyone, _nonsense(table))
            assert over.value.reason == "game_over"
        assert table.dump() == before
        return
    refused = table.play(seat, _nonsense(table))
    assert not refused.accepted and _plain(refused.answer)
    json.dumps(_plain(refused.answer), allow_nan=False)
    assert table.dump() == before and table.seat_to_move() == seat
    legal = _legal(table)
    for other in {(seat + 1) % players, (seat + players - 1) % players} - {seat}:
        with pytest.raises(NotYourTurn) as wrong:
            table.play(other, legal[0])
        assert wrong.value.reason == "not_your_turn"
    assert table.dump() == before and table.seat_to_move() == seat


def _check_round_trip(setup: Setup, table: TableGame, meta: TableMeta, views: dict[int | None, dict[str, Any]], lexicon: Lexicon) -> None:
    stored = table.dump()
    json.loads(stored)
    again = GAMES[setup.game].load(stored, lambda name: lexicon)
    assert again.dump() == stored
    assert again.seat_to_move() == table.seat_to_move() and again.timer() == table.timer()
    assert _views(again, meta) == views


@pytest.mark.parametrize("setup", WHOLE, ids=[setup.id for setup in WHOLE])
def test_a_game_played_to_its_end_has_no_seat_to_move_and_takes_no_move(setup: Setup, lexicon: Lexicon) -> None:
    *_, last = _playout(setup, lexicon, 6, WHOLE_GAME, float("inf"))
    table, meta = last.table, last.meta
    assert table.seat_to_move() is None, f"the game did not end within {WHOLE_GAME} moves"
    views = _views(table, meta)
    for reader, view in views.items():
        assert _over(view) and _you(view) == reader and view["table"]["version"] == meta.version
        json.dumps(view, allow_nan=False)
    assert table.timer() is None
    _check_refusals(table, None, setup.players)
    _check_round_trip(setup, table, meta, views, lexicon)


@pytest.mark.parametrize("setup", SETUPS, ids=[setup.id for setup in SETUPS])
def test_positions_answer_the_move_list_as_each_reader_reads_it(setup: Setup, lexicon: Lexicon) -> None:
    """``position(n, reader)`` holds move n as the reader's view lists it; past the list (or at Overturn), ``NoSuchMove``."""
    last: Step | None = None
    for number, step in enumerate(_playout(setup, lexicon, 2)):
        last = step
        if number % LOAD_EVERY != 1:
            continue
        views = _views(step.table, step.meta)
        for reader, view in views.items():
            if isinstance(step.table, OverturnTable):
                with pytest.raises(NoSuchMove):
                    step.table.position(number, reader)
                continue
            shown = _plain(step.table.position(number, reader))
            json.dumps(shown, allow_nan=False)
            assert shown["entry"] == view["moves"][number - 1]
            assert "hand" not in shown["position"] and "legal" not in shown["position"]
    assert last is not None
    for wrong in (0, last.meta.version + 1):
        with pytest.raises(NoSuchMove):
            last.table.position(wrong, None)


# ----- privacy -----------------------------------------------------------------------------


def _redrawn_insider(table: BoardTable, reader: int | None, rng: random.Random) -> BoardTable:
    """``table`` with everything ``reader`` (None: a watcher) may not know drawn again: the other seats' hands (of the
    same sizes) and the deck, from the cards they hold between them; the cards the current seat drew this turn if it
    is another's; the cards named by the others' private moves; the seed."""
    game: InsiderState = table.game.clone()
    others = [player for player in range(game.players) if player != reader]
    cards = list((Counter(game.deck) + sum((Counter(game.hands[player]) for player in others), Counter())).elements())
    rng.shuffle(cards)
    for player in others:
        size = game.hand_size(player)
        game.hands[player] = dict.fromkeys(CARD_TYPES, 0) | Counter(cards[:size])
        cards = cards[size:]
    game.deck = dict.fromkeys(CARD_TYPES, 0) | Counter(cards)
    if game.current in others and game.turn.fresh:
        drawn = list(Counter(game.hands[game.current]).elements())
        rng.shuffle(drawn)
        game.turn.fresh = dict(Counter(drawn[: sum(game.turn.fresh.values())]))
    game.seed = rng.randrange(2**40)
    game.refresh()
    moves = [
        replace(entry, move=f"{entry.move.split()[0]} {rng.choice(CARD_TYPES)}") if entry.private and entry.seat != reader else entry
        for entry in table.moves
    ]
    return BoardTable(table.rules, game, table.table_dice, moves, table.clock_seconds, table.deadline)


def _redrawn(table: TableGame, reader: int | None, rng: random.Random) -> BoardTable:
    """The game with the private data ``reader`` may not know drawn again (Overload: only its die seed, hidden from all)."""
    assert isinstance(table, BoardTable)
    if table.kind == "insider":
        return _redrawn_insider(table, reader, rng)
    return BoardTable(table.rules, replace(table.game, die_seed=rng.randrange(2**62)), table.table_dice, list(table.moves))


def _private(table: BoardTable, seat: int) -> Any:
    """What ``seat`` alone knows: its hand and its private moves (Overload: nothing)."""
    hand = table.game.hands[seat] if table.kind == "insider" else None
    return hand, [entry.move for entry in table.moves if entry.private and entry.seat == seat]


@pytest.mark.parametrize("setup", HIDDEN, ids=[setup.id for setup in HIDDEN])
def test_no_reader_sees_what_only_others_may_know(setup: Setup, lexicon: Lexicon) -> None:
    """Seat i's view is the same in two games that differ only in other seats' private data (or in the seed), and a
    watcher's is the same in two games that differ in any; no view holds the game's seed."""
    rng = random.Random(3)
    shown_to_owner = 0
    for step in _playout(setup, lexicon, 3):
        table, meta = step.table, step.meta
        views = _views(table, meta)
        for reader, view in views.items():
            assert str(setup.seed) not in json.dumps(view, ensure_ascii=False), "the seed decides every coming draw"
            twin = _redrawn(table, reader, rng)
            assert isinstance(table, BoardTable) and _plain(twin.player_view(meta, reader)) == view, f"reader {reader} sees a private draw of another seat"
            for owner in set(range(setup.players)) - {reader}:
                if _private(twin, owner) != _private(table, owner):
                    assert _plain(twin.player_view(meta, owner)) != views[owner], "a redrawn hand shows to its owner"
                    shown_to_owner += 1
    if setup.game == "insider":
        assert shown_to_owner > 10, "the playout redrew almost no hand: the privacy test compared nothing"


#: Moves tried on the seat to move whose refusals (in the referee's words) could name what the game hides.
PROBES = ("roll", "roll 3", "draw", "card heli", "steal guard", "guard 1", "swap heli", "play scandal 1 1", "take", "end")


@pytest.mark.parametrize("setup", [setup for setup in HIDDEN if not setup.options.get("table_dice")], ids=lambda setup: setup.id)
def test_a_refusal_names_nothing_hidden_from_the_mover(setup: Setup, lexicon: Lexicon) -> None:
    """The mover's answer to a move the game refuses is the same whatever the others' hands and the seed (a seat that
    types the outcome of a table's chance learns, as at the table, that the card it named is not there)."""
    rng, refused = random.Random(5), 0
    for number, step in enumerate(_playout(setup, lexicon, 5)):
        table, seat = step.table, step.table.seat_to_move()
        if number % 5 or seat is None:
            continue
        assert isinstance(table, BoardTable)
        for probe in PROBES:  # each tried on a copy (the referee never changes the game it is given): a probe may be legal
            answers = [BoardTable(each.rules, each.game, each.table_dice, list(each.moves)).play(seat, probe) for each in (table, _redrawn(table, seat, rng))]
            assert answers[0].accepted == answers[1].accepted, probe
            if not answers[0].accepted:
                assert _plain(answers[0].answer) == _plain(answers[1].answer) and str(setup.seed) not in json.dumps(_plain(answers[0].answer)), probe
                refused += 1
    assert refused > 20


def _draws(outcomes_a: list[str], outcomes_b: list[str], rng: random.Random) -> tuple[str, str] | None:
    """One draw in each game for a seat whose draws may differ: other cards where both decks allow, but a Bodyguard in
    both or in neither (the rules ask in public whoever holds enough Bodyguards, so their count must stay alike)."""
    first = rng.choice(outcomes_a)
    if first.endswith(" guard"):
        return (first, first) if first in outcomes_b else None
    others = [outcome for outcome in outcomes_b if not outcome.endswith(" guard") and outcome != first]
    if others:
        return first, rng.choice(others)
    return (first, first) if first in outcomes_b else None


def test_two_insider_games_that_differ_only_in_one_seats_draws_look_alike_to_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two table-chance games of Insider get the same public moves, but seat 0's cards are drawn differently (and so
    are the cards taken from it, which makes the taker's hand differ too): every view of a seat whose hand is alike in
    both, every watcher's, and the move lists and event logs in them, are the same in both games."""
    # the cards taken are the ones this test types, in both games alike (a real table's server draws them blind:
    # tests/test_boardgames_api.py::test_a_steal_takes_a_card_the_thief_cannot_see)
    monkeypatch.setattr(InsiderRules, "blind", lambda self, game, words, table_dice: None)
    players, rng = 3, random.Random(4)
    games = [new_board_table("insider", players, INSIDER_SEED, {"table_dice": True}) for _ in range(2)]
    meta = TableMeta("conform2", 0, tuple(Seat(index, f"P{index}", "") for index in range(players)))
    differing = {0}
    compared = 0
    stop = time.monotonic() + SECONDS
    while time.monotonic() < stop and meta.version < 3 * STEPS:
        seat = games[0].seat_to_move()
        assert games[1].seat_to_move() == seat
        if seat is None:
            break
        first, second = (table.game for table in games)
        node = first.pending[-1]["kind"] if first.pending else None
        if node in ("draw", "steal"):
            if node == "steal" and first.pending[-1]["victims"][0] in differing:
                differing.add(seat)
            outcomes_a, outcomes_b = ([outcome for outcome, _ in game.chance_outcomes()] for game in (first, second))
            common = [outcome for outcome in outcomes_a if outcome in outcomes_b]
            pair = _draws(outcomes_a, outcomes_b, rng) if seat in differing else (rng.choice(common),) * 2 if common else None
        else:
            common = [move for move in games[0].legal_moves() if move in games[1].legal_moves()]
            hurried = [move for move in common if _progress(first, move)] if rng.random() < 0.85 else []
            move = "take" if "take" in common else rng.choice(hurried or common)  # a card taken from seat 0: the taker's differ
            swaps = [other for other in games[1].legal_moves() if other.startswith("swap ") and not other.endswith(" guard")]
            private = seat in differing and move.startswith("swap ") and not move.endswith(" guard")
            pair = (move, rng.choice(swaps)) if private and swaps else (move, move)  # a card discarded face down
        if pair is None:
            break  # the decks no longer allow draws that differ and keep the Bodyguards alike
        for table, move in zip(games, pair, strict=True):
            assert table.play(seat, move).accepted, move
        meta = replace(meta, version=meta.version + 1)
        first, second = (table.game for table in games)
        assert first.pending == second.pending and first.turn.phase == second.turn.phase
        assert _plain(games[0].player_view(meta, None)) == _plain(games[1].player_view(meta, None)), "a watcher sees a private draw"
        for reader in set(range(players)) - differing:
            assert _plain(games[0].player_view(meta, reader)) == _plain(games[1].player_view(meta, reader)), f"seat {reader} sees another's draw"
        compared += first.hands[0] != second.hands[0]
    assert compared > 20, "seat 0's hands hardly differed: the games compared nothing private"
