"""Referee for offboard (Lalet & Lévi, 2011): push the opponent's marbles off the board into targets.

Two players, 12 marbles each, on a 61-hole hexagonal board; red starts; the first to
reach 6 points wins. The state follows the OpenSpiel API (``legal_actions``,
``apply_action``, ``is_terminal``, ``returns``, ``current_player``) with moves as small
value objects written in a compact notation (``parse_move`` / ``format_move``).

Rules as implemented, including where the rule book is silent (docs/offboard.md):

* A move is named by the marble at its rear and the hole it steps into (``C3-D4``).
  The own marbles lined up ahead of it in that direction move along (a line move),
  and if opponent marbles follow them they are pushed. A single marble only steps into a
  free hole; lines move only along their own axis, so there are no sideways group moves.
* A line of any length may move or push; a push needs strictly more pushing marbles than
  the opponent marbles in the pushed line, and the hole behind that line must be free or
  off the board. An own marble behind it blocks the push; own marbles never leave the board.
* A marble pushed off lands in the target its exit leads to (the layout, layouts.py); a
  main-diagonal corner exit reaches two targets and always goes to the lower value, even
  when that target is taken. An empty target takes the marble and the pusher scores its
  value; a taken one does not, and the marble goes back to its owner, who on their next
  turn must either ``place`` it on any free hole (their whole turn) or ``remove`` it from
  the game and then play a normal move.
* A player reaching 6 points wins at once (checked after every move). A player who
  cannot move when their turn comes loses (the rule book does not say; this way every
  position that is not final has a legal move, and a blocked game still has a winner).

Long because it is the rule book: every rule that decides a push, a bounce or a win lives here, where the legal-move generator can see them all.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from overturn.referees.base import TERMINAL, BaseState, IllegalAction, win_returns
from overturn.referees.offboard.effects import Acted, GameOver, Placed, Removed, Stepped
from overturn.referees.offboard.geometry import (
    HOLE_COUNT,
    HOLE_INDEX,
    HOLES,
    INWARD_RAYS,
    MARBLES_PER_PLAYER,
    RAYS,
    WIN_SCORE,
    Direction,
    Hex,
    Player,
    parse_hex,
)
from overturn.referees.offboard.layouts import Layout, default_layout
from overturn.referees.offboard.render import awaited, render
from overturn.referees.offboard.words import EN, why_en
from overturn.referees.wording import say

EMPTY = -1


@dataclass(frozen=True, slots=True)
class Step:
    """The marble on ``origin`` steps toward ``direction``; the own line ahead of it moves along and pushes."""

    origin: Hex
    direction: Direction

    @property
    def destination(self) -> Hex:
        return self.origin.step(self.direction)


@dataclass(frozen=True, slots=True)
class Place:
    """Put one's bounced marble back on a free hole; this is the whole turn."""

    hole: Hex


@dataclass(frozen=True, slots=True)
class Remove:
    """Take one's bounced marble out of the game for good; the same player then moves normally."""


Move = Step | Place | Remove

# Interned move objects: legal_actions() hands these out instead of allocating new ones.
_STEPS: tuple[Step, ...] = tuple(Step(hole, direction) for hole in HOLES for direction in Direction)
_PLACES: tuple[Place, ...] = tuple(Place(hole) for hole in HOLES)
REMOVE = Remove()

_STEP_PATTERN = re.compile(r"^([A-Ia-i][1-9])\s*[-\s]\s*([A-Ia-i][1-9])$|^([A-Ia-i][1-9])([A-Ia-i][1-9])$")
_PLACE_PATTERN = re.compile(r"^place\s+(\S+)$", re.IGNORECASE)


MAX_MOVE_TEXT = 40  # far longer than any move; longer text is refused before any parsing


def parse_move(text: str) -> Move:
    """Read ``C3-D4`` (also ``c3d4``, ``C3 D4``), ``place E5`` or ``remove``; IllegalAction('notation') otherwise."""
    cleaned = text.strip()
    if len(cleaned) > MAX_MOVE_TEXT:
        raise IllegalAction("notation", f"cannot read a move of {len(cleaned)} characters: expected e.g. 'C3-D4'")
    return _parse_cleaned(cleaned)


@lru_cache(maxsize=2048)
def _parse_cleaned(cleaned: str) -> Move:
    """Moves are immutable and few (about 430 spellings in canonical form), so replays reuse their parse."""
    if cleaned.lower() == "remove":
        return REMOVE
    placed = _PLACE_PATTERN.match(cleaned)
    if placed:
        try:
            return Place(parse_hex(placed.group(1)))
        except ValueError as exc:
            raise IllegalAction("notation", str(exc)) from None
    stepped = _STEP_PATTERN.match(cleaned)
    if not stepped:
        raise IllegalAction(
            "notation", f"cannot read move {cleaned!r}: expected e.g. 'C3-D4', 'place E5' or 'remove'"
        )
    first, second = (group for group in stepped.groups() if group)
    try:
        origin, destination = parse_hex(first), parse_hex(second)
    except ValueError as exc:
        raise IllegalAction("notation", str(exc)) from None
    for direction in Direction:
        if origin.step(direction) == destination:
            return Step(origin, direction)
    raise IllegalAction("not-adjacent", f"{origin}-{destination}: a move goes to a neighbouring hole")


def parse_turn(text: str) -> list[Move]:
    """One player's words for a turn: a move, or ``remove`` and the move that follows it (``remove E5-E6``)."""
    first, _, rest = text.strip().partition(" ")
    if first.lower() == "remove" and rest.strip():
        return [REMOVE, parse_move(rest)]
    return [parse_move(text)]


@lru_cache(maxsize=2048)
def format_move(move: Move) -> str:
    """Canonical notation, the inverse of parse_move (cached like it: saves write every move of a game)."""
    if isinstance(move, Step):
        return f"{move.origin}-{move.destination}"
    if isinstance(move, Place):
        return f"place {move.hole}"
    return "remove"


class MoveReport(NamedTuple):
    """What a move did (or would do): for messages and scripts."""

    move: Move
    player: Player
    marbles: int  # own marbles moved
    pushed: int  # opponent marbles pushed one step
    target: int | None  # number of the target an ejected marble fell toward
    points: int  # points the mover scored
    bounced: bool  # the ejected marble met a taken target: its owner must place or remove it

    def describe(self) -> str:
        """One sentence for the table: who played what, and what it did."""
        return f"{self.player.label} {format_move(self.move)}: {self.effect()}"

    def effect(self) -> str:
        return say(EN, self.event())

    def acted(self) -> Acted:
        """The move itself, as the move list names it."""
        if isinstance(self.move, Place):
            return Acted(self.player.label, format_move(self.move), "place", self.move.hole.name)
        return Acted(self.player.label, format_move(self.move), "remove" if isinstance(self.move, Remove) else "step")

    def event(self) -> Stepped | Placed | Removed:
        """What the move did."""
        if isinstance(self.move, Place):
            return Placed(self.player.label, self.move.hole.name)
        if isinstance(self.move, Remove):
            return Removed(self.player.label)
        return Stepped(self.player.label, self.player.opponent.label, self.marbles, self.pushed, self.target, self.points, self.bounced)


def _step_label(move: Step) -> str:
    """How a step is named in refusals; a step off the board has no destination hole."""
    return format_move(move) if move.destination.is_hole() else f"{move.origin} {move.direction.name}"


class _StepPlan(NamedTuple):
    ray: tuple[int, ...]
    ray_index: int
    marbles: int
    pushed: int
    ejects: bool


class OffboardState(BaseState[Move]):
    """A position plus whose turn it is; mutable, ``clone()`` for search and playouts."""

    __slots__ = (
        "layout",
        "_board",
        "_to_move",
        "_cups",
        "_removed",
        "_not_in_play",
        "_in_hand",
        "_history",
        "_winner",
        "_legal",
        "_setup",
    )

    def __init__(self, layout: Layout | None = None) -> None:
        self.layout = layout or default_layout()
        self._board = [EMPTY] * HOLE_COUNT
        for player, holes in self.layout.start.items():
            for hole in holes:
                self._board[HOLE_INDEX[hole]] = player
        self._to_move = Player.RED
        self._cups = [EMPTY] * len(self.layout.targets)  # colour of the marble in each target
        self._removed = [0, 0]
        self._not_in_play = [self.layout.not_in_play(player) for player in Player]  # never on the board
        self._in_hand: Player | None = None  # owner of a marble that bounced off a taken target
        self._history: list[Move] = []
        self._winner: Player | None = None  # set when a score reaches WIN_SCORE
        self._legal: list[Move] | None = None  # cache, dropped on every change
        self._setup: OffboardState | None = None  # a puzzle start (targets filled, yellow first): never saved

    @classmethod
    def from_position(
        cls,
        red: Iterable[str],
        yellow: Iterable[str],
        to_move: Player = Player.RED,
        targets: Mapping[int, Player] | None = None,
        in_hand: Player | None = None,
        layout: Layout | None = None,
    ) -> OffboardState:
        """A set-up position (puzzles, tests): holes by name, ``targets`` by number.

        The holes become a custom layout (``layout``'s targets, default the packaged
        ones), so the game can be saved like one started with ``--layout``; marbles
        not listed never enter play. Filled ``targets``, a marble ``in_hand`` or yellow
        to move give a position no game starts from: it plays, but cannot be saved.
        """
        holes = {}
        for player, names in ((Player.RED, red), (Player.YELLOW, yellow)):
            holes[player] = tuple(parse_hex(name) for name in names)
        state = cls((layout or default_layout()).with_start(holes[Player.RED], holes[Player.YELLOW]))
        if to_move is Player.RED and not targets and in_hand is None:
            return state
        for number, player in (targets or {}).items():
            if not 1 <= number <= len(state._cups):
                raise ValueError(f"there is no target {number} (1 to {len(state._cups)})")
            state._cups[number - 1] = player
        if in_hand is not None and in_hand != to_move:
            raise ValueError("only the player to move can hold a bounced marble")
        state._to_move = to_move
        state._in_hand = in_hand
        for player in Player:
            counts = state.marble_counts(player)
            state._not_in_play[player] = MARBLES_PER_PLAYER - sum(counts.values()) + counts["not_in_play"]
            if state._not_in_play[player] < 0:
                raise ValueError(f"{player.label} has more than {MARBLES_PER_PLAYER} marbles")
        winners = [player for player in Player if state.score(player) >= WIN_SCORE]
        if len(winners) == 2:
            raise ValueError(f"both players have {WIN_SCORE} points or more")
        state._winner = winners[0] if winners else None
        state._setup = state.clone()
        return state

    @property
    def is_puzzle(self) -> bool:
        """Started from a position no game starts from (see from_position): it cannot be saved."""
        return self._setup is not None

    # --- reading the position ---------------------------------------------------------

    def marble_at(self, hole: Hex) -> Player | None:
        cell = self._board[HOLE_INDEX[hole]]
        return None if cell == EMPTY else Player(cell)

    def marbles(self, player: Player) -> list[Hex]:
        return [HOLES[index] for index, cell in enumerate(self._board) if cell == player]

    def target_contents(self) -> list[Player | None]:
        """Colour of the marble in each target, in target order (None: empty)."""
        return [None if cup == EMPTY else Player(cup) for cup in self._cups]

    def not_in_play(self, player: Player) -> int:
        """Marbles of ``player`` a set-up start left off the board: never part of this game."""
        return self._not_in_play[player]

    def removed(self, player: Player) -> int:
        """Marbles of ``player`` taken out of the game after bouncing off a taken target."""
        return self._removed[player]

    def in_hand(self) -> Player | None:
        """The player holding a bounced marble, who must place or remove it now."""
        return self._in_hand

    def score(self, player: Player) -> int:
        """Points of ``player``: the values of the targets holding the opponent's marbles."""
        opponent = 1 - player
        return sum(target.value for target, cup in zip(self.layout.targets, self._cups) if cup == opponent)

    @property
    def scores(self) -> list[int]:
        """Each seat's points in seat order (red, yellow): the score as every game gives it."""
        return [self.score(player) for player in Player]

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    # --- OpenSpiel-like API -----------------------------------------------------------

    @property
    def to_move(self) -> Player:
        """The player whose turn it is or would be (also defined once the game is over)."""
        return self._to_move

    def current_player(self) -> int:
        """Whose turn it is (a ``Player``, which is an int); ``TERMINAL`` once the game is over."""
        return TERMINAL if self.is_terminal() else self._to_move

    def legal_actions(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate_legal()
        return list(self._legal)

    def is_terminal(self) -> bool:
        return self.winner() is not None

    def winner(self) -> Player | None:
        """The winner: first to WIN_SCORE points, or the opponent of a player left without a move."""
        if self._winner is not None:
            return self._winner
        if self._legal is None:
            self._legal = self._generate_legal()
        return self._to_move.opponent if not self._legal else None

    def win_reason(self) -> str | None:
        """Why the game is over, in words (None while it goes on)."""
        over = awaited(self)
        return why_en(over) if isinstance(over, GameOver) else None

    def returns(self) -> list[float]:
        """[red, yellow]: +1 for the winner, -1 for the loser, zeros while the game goes on."""
        winner = self.winner()
        return win_returns(len(Player), [] if winner is None else [winner])

    def check(self, move: Move) -> MoveReport:
        """What ``move`` would do; IllegalAction naming the broken rule if it is not allowed."""
        return self._judge(move)[0]

    def apply_action(self, move: Move) -> MoveReport:
        """Play ``move`` for the player to move; on IllegalAction nothing changes."""
        report, plan = self._judge(move)
        player = self._to_move
        if plan is not None:
            self._commit_step(plan, player)
        elif isinstance(move, Place):
            self._board[HOLE_INDEX[move.hole]] = player
            self._in_hand = None
            self._to_move = player.opponent
        else:
            self._in_hand = None
            self._removed[player] += 1
        self._history.append(move)
        self._legal = None
        return report

    def action_to_string(self, move: Move) -> str:
        return format_move(move)

    def parse_action(self, text: str) -> Move:
        return parse_move(text)

    def clone(self) -> OffboardState:
        twin = OffboardState.__new__(OffboardState)
        twin.layout = self.layout
        twin._board = self._board[:]
        twin._to_move = self._to_move
        twin._cups = self._cups[:]
        twin._removed = self._removed[:]
        twin._not_in_play = self._not_in_play
        twin._in_hand = self._in_hand
        twin._history = self._history[:]
        twin._winner = self._winner
        twin._legal = self._legal  # never mutated in place, so safe to share
        twin._setup = self._setup
        return twin

    def rewound(self, moves: int) -> OffboardState:
        """The same game with its last ``moves`` moves taken back (replayed from its start); ValueError past it."""
        if not 0 <= moves <= len(self._history):
            raise ValueError(f"cannot take back {moves} move(s): {len(self._history)} played")
        state = OffboardState(self.layout) if self._setup is None else self._setup.clone()
        for move in self._history[: len(self._history) - moves]:
            state.apply_action(move)
        return state

    def __str__(self) -> str:
        return render(self)

    # --- rules ------------------------------------------------------------------------

    def _judge(self, move: Move) -> tuple[MoveReport, _StepPlan | None]:
        """The move's report and plan, or IllegalAction; a legal move proves its player is not stalemated,
        so move generation (the costly part of a replay) only runs when a move is refused."""
        if self._winner is not None:
            raise IllegalAction("game-over", f"the game is over: {self._winner.label} has won")
        try:
            return self._judge_move(move)
        except IllegalAction:
            winner = self.winner()
            if winner is not None:
                raise IllegalAction("game-over", f"the game is over: {winner.label} has won") from None
            raise

    def _judge_move(self, move: Move) -> tuple[MoveReport, _StepPlan | None]:
        player = self._to_move
        if isinstance(move, Step):
            plan = self._plan_step(move)
            if not plan.ejects:
                return MoveReport(move, player, plan.marbles, plan.pushed, None, 0, False), plan
            target = self.layout.ray_target[plan.ray_index]
            taken = self._cups[target] != EMPTY
            points = 0 if taken else self.layout.targets[target].value
            return MoveReport(move, player, plan.marbles, plan.pushed, target + 1, points, taken), plan
        if self._in_hand is None:
            raise IllegalAction(
                "nothing-in-hand", f"{format_move(move)}: {player.label} has no bounced marble to place or remove"
            )
        if isinstance(move, Place) and self._board[HOLE_INDEX[move.hole]] != EMPTY:
            raise IllegalAction("occupied", f"place {move.hole}: the hole is not free")
        return MoveReport(move, player, int(isinstance(move, Place)), 0, None, 0, False), None

    def _generate_legal(self) -> list[Move]:
        if self._winner is not None:
            return []
        if self._in_hand is not None:
            placements: list[Move] = [_PLACES[index] for index, cell in enumerate(self._board) if cell == EMPTY]
            return [*placements, REMOVE]
        board = self._board
        player = self._to_move
        legal: list[Move] = []
        for index, cell in enumerate(board):
            if cell != player:
                continue
            for ray_index, ray in INWARD_RAYS[index]:
                ahead = board[ray[1]]
                if ahead == EMPTY:
                    legal.append(_STEPS[ray_index])  # the common case, decided without walking
                    continue
                length = len(ray)
                own = 1
                if ahead == player:
                    own = 2
                    while own < length and board[ray[own]] == player:
                        own += 1
                    if own == length:
                        continue  # would push an own marble off
                    ahead = board[ray[own]]
                    if ahead == EMPTY:
                        legal.append(_STEPS[ray_index])
                        continue
                end = own + 1
                while end < length and board[ray[end]] == ahead:
                    end += 1
                if end - own < own and (end == length or board[ray[end]] == EMPTY):
                    legal.append(_STEPS[ray_index])  # a push: outnumbered line, free or off-board behind
        return legal

    def _plan_step(self, move: Step) -> _StepPlan:
        """Walk the move's ray and refuse it with the precise rule it breaks."""
        if self._in_hand is not None:
            raise IllegalAction(
                "marble-in-hand",
                f"{self._to_move.label} must first deal with its bounced marble: 'place HOLE' or 'remove'",
            )
        player = self._to_move
        index = HOLE_INDEX[move.origin]
        if self._board[index] != player:
            raise IllegalAction("not-your-marble", f"{_step_label(move)}: {move.origin} holds no {player.label} marble")
        ray_index = 6 * index + move.direction
        ray = RAYS[ray_index]
        board = self._board
        own = 1
        while own < len(ray) and board[ray[own]] == player:
            own += 1
        if own == len(ray):
            raise IllegalAction("own-marble-off", f"{_step_label(move)}: it would push your own marble off the board")
        ahead = board[ray[own]]
        if ahead == EMPTY:
            return _StepPlan(ray, ray_index, own, 0, False)
        end = own + 1
        while end < len(ray) and board[ray[end]] == ahead:
            end += 1
        pushed = end - own
        if own == 1:
            raise IllegalAction("single-cannot-push", f"{_step_label(move)}: a single marble only moves to a free hole")
        if pushed >= own:
            raise IllegalAction(
                "outnumbered",
                f"{_step_label(move)}: {own} marbles cannot push {pushed}; the pushing line must be longer",
            )
        if end < len(ray) and board[ray[end]] != EMPTY:
            raise IllegalAction(
                "push-blocked", f"{_step_label(move)}: your own marble on {HOLES[ray[end]]} is behind the pushed line"
            )
        return _StepPlan(ray, ray_index, own, pushed, end == len(ray))

    def _commit_step(self, plan: _StepPlan, player: Player) -> None:
        board = self._board
        ray = plan.ray
        board[ray[0]] = EMPTY
        board[ray[plan.marbles]] = player  # the line shifts: only its two ends change
        if plan.pushed:
            opponent = player.opponent
            if plan.ejects:
                target = self.layout.ray_target[plan.ray_index]
                if self._cups[target] == EMPTY:
                    self._cups[target] = opponent
                else:
                    self._in_hand = opponent
            else:
                board[ray[plan.marbles + plan.pushed]] = opponent
        if plan.ejects and self.score(player) >= WIN_SCORE:  # only an ejection scores
            self._winner = player
        self._to_move = player.opponent

    def invariant_violations(self) -> list[str]:
        """Broken bookkeeping, in words; empty when every marble and the turn add up."""
        problems = []
        for player in Player:
            counts = self.marble_counts(player)
            if sum(counts.values()) != MARBLES_PER_PLAYER:
                problems.append(f"{player.label} marbles do not add up to {MARBLES_PER_PLAYER}: {counts}")
        if self._in_hand is not None and self._in_hand != self._to_move:
            problems.append(f"{self._in_hand.label} holds a bounced marble but {self._to_move.label} is to move")
        reached = [player for player in Player if self.score(player) >= WIN_SCORE]
        if reached != ([] if self._winner is None else [self._winner]):
            problems.append(f"winner {self._winner} does not match scores of {reached}")
        return problems

    def marble_counts(self, player: Player) -> dict[str, int]:
        """Where the 12 marbles of ``player`` are: on the board, in targets, removed, in hand, never in play."""
        return {
            "board": self._board.count(player),
            "targets": self._cups.count(player),
            "removed": self._removed[player],
            "not_in_play": self._not_in_play[player],
            "in_hand": int(self._in_hand == player),
        }


def random_playout(
    state: OffboardState,
    rng: random.Random,
    on_move: Callable[[OffboardState, MoveReport], None] | None = None,
    max_plies: int = 1000,
) -> int:
    """Play uniformly random legal moves until the end or ``max_plies``; returns the plies played.

    ``on_move`` sees the state after each move with its report (invariant checks). The cap
    exists because random play wanders: about a quarter of games are undecided at 1000.
    """
    plies = 0
    while plies < max_plies and not state.is_terminal():
        report = state.apply_action(rng.choice(state.legal_actions()))
        plies += 1
        if on_move is not None:
            on_move(state, report)
    return plies


def computer_move(state: OffboardState, rng: random.Random) -> Move:
    """A modest opponent for the interactive session: the move scoring most points now,
    ties (usually every move scores nothing) broken at random by ``rng``."""
    legal = state.legal_actions()
    if not legal:
        raise IllegalAction("game-over", "the game is over")
    reports = [state.check(move) for move in legal]
    best = max(report.points for report in reports)
    return rng.choice([report.move for report in reports if report.points == best])
