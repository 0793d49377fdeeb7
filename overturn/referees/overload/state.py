"""Referee for Overload (Wolfgang Riedl), in the OpenSpiel state style.

A turn is a short sequence of nodes, each either a player decision or the die:

    LOAD (only with a pawn on the start: 0..8 discs, chosen before the roll)
    -> ROLL (chance node: the die, 1..8, from the table or a seeded generator)
    -> MOVE (which pawn; forced to the start pawn while one waits there)
    -> STEP (only on a +/- space of the variant: forward or back)
    -> ENCOUNTER (one give/take per pawn met on the landing space)
    -> next player.

Interpretations where the rule book is silent (also in docs/overload.md):

* Pawns waiting on the start carry no disc; the discs chosen at LOAD go on the
  pawn about to enter (the first pawn on the start if both wait there). A
  player who rolls without choosing starts with 0 discs (the CLI applies
  ``load 0`` for them, as the rule book says).
* Overtaking gives one cup disc to every pawn, of any colour, standing strictly
  between the mover's departure and arrival spaces (the finish when it is
  reached or passed). Pawns on the start are never overtaken.
* Meeting pawns: the mover settles them one at a time in the order it picks,
  each by one give or one take; giving needs a disc on the mover, taking a
  disc on the other pawn. Whenever one of the two is possible it must be done
  (the rule book's compulsory case is exactly the one where a pawn has no
  disc); a pawn nobody can settle is skipped.
* Overload: the disc that would be the 9th goes back to the cup with the 8
  already there; the pawn goes to the start. The mover's player scores the
  reward unless the pawn was one of their own. A mover overloaded by a take
  or by a ``+`` space ends its move at once.
* Only the mover's player can score, so the first to reach the target wins at
  once (even mid-move) and no tie can happen. ``returns()`` is 1 for the
  winner and 0 for the others.
* Variant: ``+`` gives the pawn a cup disc, ``-`` returns one of its discs to
  the cup, ``+/-`` moves it one space forward or back at once (where a pawn it
  just overtook may be met), ``x2`` doubles the discs of an overtake on that
  space and of each give or take there (as far as the discs allow). A space's
  action is done before the pawns met there are settled.

Long because it is the rule book: loading, the roll, the moves with their give/take choices and the variants are one state machine.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from overturn.jsonstore import shorten
from overturn.referees.base import CHANCE, TERMINAL, BaseState, IllegalAction, win_returns
from overturn.referees.overload.rules import OverloadRules, Special, Track, load_rules

START = 0


class Phase(str, Enum):
    LOAD = "load"
    ROLL = "roll"
    MOVE = "move"
    STEP = "step"
    ENCOUNTER = "encounter"
    OVER = "over"


class Kind(str, Enum):
    LOAD = "load"
    ROLL = "roll"
    MOVE = "move"
    STEP = "step"
    GIVE = "give"
    TAKE = "take"


PHASE_OF_KIND = {
    Kind.LOAD: Phase.LOAD,
    Kind.ROLL: Phase.ROLL,
    Kind.MOVE: Phase.MOVE,
    Kind.STEP: Phase.STEP,
    Kind.GIVE: Phase.ENCOUNTER,
    Kind.TAKE: Phase.ENCOUNTER,
}
STEP_WORDS = {1: "forward", -1: "back"}


@dataclass(frozen=True)
class Action:
    """One decision or die outcome. ``value`` is the discs (LOAD), the face
    (ROLL), a pawn index (MOVE, GIVE, TAKE) or +1/-1 (STEP)."""

    kind: Kind
    value: int


@dataclass
class Pawn:
    owner: int
    slot: int
    position: int = START
    discs: int = 0


class OverloadState(BaseState["Action"]):
    """A whole game: board, cup, scores and whose decision it is."""

    def __init__(self, rules: OverloadRules, players: int, track: Track, variant_sections: int = 0) -> None:
        if players not in rules.layouts:
            raise ValueError(f"Overload is for {rules.player_counts[0]} to {rules.player_counts[-1]} players, not {players}")
        self.rules = rules
        self.players = players
        self.track = track
        self.variant_sections = variant_sections
        self.target = rules.target(players)
        self.pawns = [Pawn(owner, slot) for owner in range(players) for slot in range(rules.pawns_per_player)]
        self.cup = rules.total_discs
        self.scores = [0] * players
        self.current = 0
        self.phase = Phase.ROLL
        self.roll: int | None = None
        self.mover: int | None = None
        self.pending: list[int] = []
        self.multiplier = 1
        self.winner: int | None = None
        self.history: list[Action] = []
        self._load_actions = [Action(Kind.LOAD, discs) for discs in range(rules.max_start_discs + 1)]
        self._roll_actions = [Action(Kind.ROLL, face) for face in range(1, rules.die_faces + 1)]
        self._begin_turn()

    @classmethod
    def new(cls, players: int, variant_sections: int = 0, rules: OverloadRules | None = None) -> OverloadState:
        rules = rules or load_rules()
        return cls(rules, players, rules.build_track(players, variant_sections), variant_sections)

    # ----- naming -----------------------------------------------------------

    def pawn_name(self, index: int) -> str:
        pawn = self.pawns[index]
        return f"{self.rules.colours[pawn.owner]}{pawn.slot + 1}"

    def player_name(self, player: int) -> str:
        return self.rules.colours[player]

    def pawn_index(self, name: str) -> int:
        """Accepts a pawn name such as ``red1``; raises IllegalAction otherwise."""
        wanted = name.strip().lower()
        for index in range(len(self.pawns)):
            if self.pawn_name(index) == wanted:
                return index
        names = ", ".join(self.pawn_name(index) for index in range(len(self.pawns)))
        raise IllegalAction("unknown-pawn", f"there is no pawn {shorten(name)} in this game (pawns: {names})")

    def action_to_string(self, action: Action) -> str:
        if action.kind in (Kind.MOVE, Kind.GIVE, Kind.TAKE):
            return f"{action.kind.value} {self.pawn_name(action.value)}"
        if action.kind is Kind.STEP:
            return f"step {STEP_WORDS[action.value]}"
        return f"{action.kind.value} {action.value}"

    def parse_action(self, text: str) -> Action:
        """Reads the notation of ``action_to_string``: ``load 3``, ``roll 5``,
        ``move red1``, ``step forward``/``step back``, ``give blue2``, ``take blue2``."""
        words = text.split()
        if len(words) != 2:
            raise IllegalAction("notation", f"cannot read {shorten(text)}: expected '<kind> <value>', e.g. 'move red1'")
        word, value = words[0].lower(), words[1].lower()
        try:
            kind = Kind(word)
        except ValueError:
            kinds = ", ".join(kind.value for kind in Kind)
            raise IllegalAction("notation", f"unknown action {shorten(word)} (one of: {kinds})") from None
        if kind in (Kind.MOVE, Kind.GIVE, Kind.TAKE):
            return Action(kind, self.pawn_index(value))
        if kind is Kind.STEP:
            directions = {"forward": 1, "+1": 1, "+": 1, "back": -1, "-1": -1, "-": -1}
            if value not in directions:
                raise IllegalAction("notation", f"a step is 'forward' or 'back', not {shorten(value)}")
            return Action(kind, directions[value])
        try:
            return Action(kind, int(value))
        except ValueError:
            raise IllegalAction("notation", f"{kind.value} needs a number, not {shorten(value)}") from None

    # ----- OpenSpiel-style queries ------------------------------------------

    def current_player(self) -> int:
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase is Phase.ROLL:
            return CHANCE
        return self.current

    def is_chance_node(self) -> bool:
        return self.phase is Phase.ROLL

    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase is not Phase.ROLL:
            return []
        return [(action, 1 / len(self._roll_actions)) for action in self._roll_actions]

    def returns(self) -> list[float]:
        return win_returns(self.players, [] if self.winner is None else [self.winner])

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.LOAD:
            return list(self._load_actions)
        if self.phase is Phase.ROLL:
            return list(self._roll_actions)
        if self.phase is Phase.MOVE:
            return [Action(Kind.MOVE, index) for index in self._movable_pawns()]
        if self.phase is Phase.STEP:
            return [Action(Kind.STEP, 1), Action(Kind.STEP, -1)]
        if self.phase is Phase.ENCOUNTER:
            return self._encounter_actions()
        return []

    def clone(self) -> OverloadState:
        return copy.deepcopy(self)

    def rewound(self, count: int) -> OverloadState:
        """The game as it stood ``count`` actions ago, replayed from the set-up."""
        if not 0 <= count <= len(self.history):
            raise ValueError(f"cannot take back {count} actions: {len(self.history)} were played")
        earlier = OverloadState(self.rules, self.players, self.track, self.variant_sections)
        for action in self.history[: len(self.history) - count]:
            earlier.apply_action(action)
        return earlier

    def rolls_so_far(self) -> int:
        """How many die faces the history holds: the index of the next seeded draw."""
        return sum(1 for action in self.history if action.kind is Kind.ROLL)

    def pawns_at(self, space: int) -> list[int]:
        return [index for index, pawn in enumerate(self.pawns) if pawn.position == space]

    def own_pawns(self, player: int) -> list[int]:
        return [index for index, pawn in enumerate(self.pawns) if pawn.owner == player]

    def invariant_violations(self) -> list[str]:
        """Facts that must hold after every action (checked by the random playouts); empty when all is well."""
        problems = []
        on_pawns = sum(pawn.discs for pawn in self.pawns)
        if on_pawns + self.cup != self.rules.total_discs:
            problems.append(f"discs on pawns ({on_pawns}) + cup ({self.cup}) != {self.rules.total_discs}")
        step_spaces = [space for space, action in self.track.specials.items() if action is Special.STEP]
        for index, pawn in enumerate(self.pawns):
            if not START <= pawn.position < self.track.finish:
                problems.append(f"{self.pawn_name(index)} stands on {pawn.position}, off the track")
            if not 0 <= pawn.discs <= self.rules.max_discs:
                problems.append(f"{self.pawn_name(index)} carries {pawn.discs} discs")
            if pawn.position == START and pawn.discs and index != self.mover:
                problems.append(f"{self.pawn_name(index)} waits on the start with {pawn.discs} discs")
            if pawn.position in step_spaces and not (self.phase is Phase.STEP and index == self.mover):
                problems.append(f"{self.pawn_name(index)} stays on a +/- space")
        return problems

    # ----- applying actions -------------------------------------------------

    def apply_action(self, action: Action) -> None:
        """Plays one decision or die outcome; an illegal one raises IllegalAction and changes nothing."""
        self._refuse_if_illegal(action)
        self.history.append(action)
        if action.kind is Kind.LOAD:
            self._load(action.value)
        elif action.kind is Kind.ROLL:
            self.roll = action.value
            self.phase = Phase.MOVE
        elif action.kind is Kind.MOVE:
            self._move(action.value)
        elif action.kind is Kind.STEP:
            self._step(action.value)
        else:
            self._settle(action)

    def _refuse_if_illegal(self, action: Action) -> None:
        if self.phase is Phase.OVER:
            raise IllegalAction("game-over", f"the game is over: {self.player_name(self.winner or 0)} won")
        if PHASE_OF_KIND[action.kind] is not self.phase:
            raise IllegalAction(*self._wrong_phase(action.kind))
        if action in self.legal_actions():
            return
        if action.kind is Kind.LOAD:
            raise IllegalAction("load-range", f"a pawn starts with 0 to {self.rules.max_start_discs} discs, not {action.value}")
        if action.kind is Kind.ROLL:
            raise IllegalAction("die-range", f"the die shows 1 to {self.rules.die_faces}, not {action.value}")
        if action.kind is Kind.MOVE:
            if not 0 <= action.value < len(self.pawns) or self.pawns[action.value].owner != self.current:
                raise IllegalAction("not-your-pawn", f"{self.player_name(self.current)} moves one of their own pawns")
            raise IllegalAction("enter-start-pawn-first", "a pawn on the start must be entered before the other pawn moves")
        if action.kind is Kind.STEP:
            raise IllegalAction("step-direction", "a +/- space moves the pawn 1 space forward or back")
        raise IllegalAction(*self._encounter_refusal(action))

    def _wrong_phase(self, kind: Kind) -> tuple[str, str]:
        who = self.player_name(self.current)
        if self.phase is Phase.LOAD:
            if kind is Kind.ROLL:
                return "load-before-roll", f"{who} chooses the discs for the pawn on the start before rolling (forgetting means 0: 'load 0')"
            return "load-awaited", f"{who} first chooses 0 to {self.rules.max_start_discs} discs for the pawn on the start"
        if self.phase is Phase.ROLL:
            if kind is Kind.LOAD:
                if any(self.pawns[index].position == START for index in self.own_pawns(self.current)):
                    return "load-before-roll", "discs are chosen once per entry, before the roll"
                return "load-no-start-pawn", f"{who} has no pawn on the start to load"
            return "roll-awaited", f"the die must be rolled now (1 to {self.rules.die_faces})"
        if self.phase is Phase.MOVE:
            return "move-awaited", f"{who} rolled {self.roll} and must now choose which pawn to move"
        if self.phase is Phase.STEP:
            return "step-awaited", f"{self.pawn_name(self.mover or 0)} stands on a +/- space and must step forward or back first"
        return "encounter-awaited", f"{who} must first give or take a disc with each pawn met: {self._pending_names()}"

    def _encounter_refusal(self, action: Action) -> tuple[str, str]:
        mover = self.pawns[self.mover or 0]
        if action.value not in self.pending:
            return "not-met", f"{self._safe_name(action.value)} is not a pawn still to settle here ({self._pending_names()})"
        if action.kind is Kind.GIVE and mover.discs == 0:
            return "give-without-disc", f"{self.pawn_name(self.mover or 0)} has no disc to give"
        return "take-without-disc", f"{self.pawn_name(action.value)} has no disc to take"

    def _safe_name(self, index: int) -> str:
        return self.pawn_name(index) if 0 <= index < len(self.pawns) else f"pawn #{index}"

    def _pending_names(self) -> str:
        return ", ".join(self.pawn_name(index) for index in self.pending) or "none"

    # ----- turn mechanics ---------------------------------------------------

    def _begin_turn(self) -> None:
        waiting = [index for index in self.own_pawns(self.current) if self.pawns[index].position == START]
        self.roll = None
        self.pending = []
        self.multiplier = 1
        self.mover = waiting[0] if waiting else None
        self.phase = Phase.LOAD if waiting else Phase.ROLL

    def _end_turn(self) -> None:
        if self.phase is Phase.OVER:
            return
        self.current = (self.current + 1) % self.players
        self._begin_turn()

    def _movable_pawns(self) -> list[int]:
        if self.mover is not None:
            return [self.mover]
        return self.own_pawns(self.current)

    def _load(self, discs: int) -> None:
        assert self.mover is not None
        self.pawns[self.mover].discs += discs
        self.cup -= discs
        self.phase = Phase.ROLL

    def _move(self, index: int) -> None:
        """Advance by the roll, loading a disc on each pawn passed; finish or arrive."""
        assert self.roll is not None
        self.mover = index
        pawn = self.pawns[index]
        departure = pawn.position
        arrival = min(departure + self.roll, self.track.finish)
        for other in range(len(self.pawns)):
            passed = self.pawns[other]
            if other != index and departure < passed.position < arrival:
                self._put_from_cup(other, self._weight(passed.position))
                if self.phase is Phase.OVER:
                    return
        pawn.position = arrival
        if arrival == self.track.finish:
            self._finish(index)
        else:
            self._arrive(index)

    def _weight(self, space: int) -> int:
        return 2 if self.track.special_at(space) is Special.DOUBLE else 1

    def _finish(self, index: int) -> None:
        pawn = self.pawns[index]
        points = self.rules.finish_points(pawn.discs)
        self._send_to_start(pawn)
        self._award(self.current, points)
        self._end_turn()

    def _arrive(self, index: int) -> None:
        """Do the space's action, then open the give/take with the pawns met there."""
        pawn = self.pawns[index]
        special = self.track.special_at(pawn.position)
        if special is Special.STEP:
            self.phase = Phase.STEP
            return
        if special is Special.PLUS:
            self._put_from_cup(index, 1)
            if self.phase is Phase.OVER or pawn.position == START:
                self._end_turn()
                return
        elif special is Special.MINUS and pawn.discs:
            pawn.discs -= 1
            self.cup += 1
        self.multiplier = self._weight(pawn.position)
        self.pending = [other for other in self.pawns_at(pawn.position) if other != index]
        self._continue_encounters()

    def _step(self, direction: int) -> None:
        assert self.mover is not None
        self.pawns[self.mover].position += direction
        self._arrive(self.mover)

    def _encounter_actions(self) -> list[Action]:
        assert self.mover is not None
        mover = self.pawns[self.mover]
        actions = []
        for other in self.pending:
            if mover.discs:
                actions.append(Action(Kind.GIVE, other))
            if self.pawns[other].discs:
                actions.append(Action(Kind.TAKE, other))
        return actions

    def _continue_encounters(self) -> None:
        if self._encounter_actions():
            self.phase = Phase.ENCOUNTER
        else:
            self._end_turn()

    def _settle(self, action: Action) -> None:
        assert self.mover is not None
        self.pending.remove(action.value)
        if action.kind is Kind.GIVE:
            giver, receiver = self.mover, action.value
        else:
            giver, receiver = action.value, self.mover
        count = min(self.multiplier, self.pawns[giver].discs)
        self._pass_discs(giver, receiver, count)
        if self.phase is Phase.OVER:
            return
        if self.pawns[self.mover].position == START:
            self._end_turn()
        else:
            self._continue_encounters()

    # ----- discs and points -------------------------------------------------

    def _put_from_cup(self, index: int, count: int) -> None:
        for _ in range(count):
            if self._overloads(index):
                return
            self.cup -= 1
            self.pawns[index].discs += 1

    def _pass_discs(self, giver: int, receiver: int, count: int) -> None:
        for _ in range(count):
            self.pawns[giver].discs -= 1
            if self._overloads(receiver):
                self.cup += 1
                return
            self.pawns[receiver].discs += 1

    def _overloads(self, index: int) -> bool:
        """A full pawn receiving one more disc is overloaded: back to start, discs to the cup."""
        pawn = self.pawns[index]
        if pawn.discs < self.rules.max_discs:
            return False
        self._send_to_start(pawn)
        if pawn.owner != self.current:
            self._award(self.current, self.rules.overload_reward)
        return True

    def _send_to_start(self, pawn: Pawn) -> None:
        self.cup += pawn.discs
        pawn.discs = 0
        pawn.position = START

    def _award(self, player: int, points: int) -> None:
        self.scores[player] += points
        if self.scores[player] >= self.target:
            self.winner = player
            self.phase = Phase.OVER



def seeded_face(seed: int, draw: int, faces: int) -> int:
    """The ``draw``-th roll of the table's stand-in die for ``seed``, in constant time.

    Each draw has its own generator, so replaying a saved game or an undone
    roll costs nothing proportional to a number in the file, and the same
    draw always gives the same face (undo cannot fish for a better roll).
    """
    return random.Random(f"overload-die:{seed}:{draw}").randint(1, faces)


def random_playout(
    state: OverloadState,
    rng: random.Random,
    after_action: Callable[[OverloadState, Action], None] | None = None,
    max_actions: int = 100_000,
) -> int:
    """Play uniformly random legal actions, die included, to the end; return how many.

    For property checks and benchmarks: ``after_action`` sees every step, and a
    game that has not ended after ``max_actions`` is reported as an error.
    """
    for count in range(1, max_actions + 1):
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        if after_action is not None:
            after_action(state, action)
        if state.is_terminal():
            return count
    raise RuntimeError(f"the game did not end within {max_actions} actions")
