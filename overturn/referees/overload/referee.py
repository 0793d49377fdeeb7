"""Overload as the command scaffold sees it: set-up, move words, drawing and table wording.

Move words (``play`` and ``session``), read left to right, each one action:

* the notation of ``OverloadState.parse_action``: ``load 3``, ``roll 5``,
  ``move red1``, ``step forward``, ``give blue2``, ``take blue2``;
* ``roll`` alone: the seeded die; the n-th roll of a game is always the same
  face for a given seed, so an undone roll comes back the same;
* short forms: a bare number is the discs (when a pawn waits on the start) or
  the die face, a bare pawn name is a move, ``forward``/``back`` a step.

Choices the rules leave single (the start pawn must enter, one pawn to settle
one way) are played for the player and noted "forced"; rolling while the
discs are still to choose applies the rule book's ``load 0``.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from overturn.jsonstore import errors_named
from overturn.referees.base import IllegalAction, winning_seats
from overturn.referees.overload.effects import (
    Acted,
    Awaiting,
    AwaitLoad,
    AwaitMove,
    AwaitRoll,
    AwaitSettle,
    AwaitStep,
    Discs,
    Effect,
    Finished,
    GameWon,
    Moved,
    Overloaded,
    Reason,
    Scored,
    Space,
    Won,
)
from overturn.referees.overload.rules import RulesDataError, Special, load_rules, read_rules_file
from overturn.referees.overload.state import (
    PHASE_OF_KIND,
    START,
    Action,
    Kind,
    OverloadState,
    Phase,
    seeded_face,
)
from overturn.referees.overload.store import SEED_RANGE, CustomRules, SavedGame, game_from_json, game_to_json, snapshot
from overturn.referees.overload.words import EN, space_en
from overturn.referees.protocol import Played, Referee, UsageProblem, nothing_to_undo
from overturn.referees.wording import plural, say

SPECIAL_NAMES = {
    Special.PLUS: "+ (a disc from the cup)",
    Special.MINUS: "- (a disc back to the cup)",
    Special.STEP: "+/- (one space forward or back at once)",
    Special.DOUBLE: "x2 (everything doubled)",
}


class OverloadReferee(Referee[SavedGame]):
    """Overload's rules for the command line and the library: a game record, moves in words, a seeded die.

    >>> import overturn
    >>> referee = overturn.OverloadReferee()
    >>> game = referee.new_game(players=3, seed=7)
    >>> referee.legal(game)[:3]
    ['load 0', 'load 1', 'load 2']
    >>> game, played = referee.play(game, ["load 3", "roll"])  # played on a copy; the seed fixes the die
    >>> [move.action for move in played]
    ['load 3', 'roll 7', 'move red1']
    >>> referee.state(game).scores
    [0, 0, 0]
    """

    name = "overload"
    title = "Overload"
    rules_package = "overturn.referees.overload"

    # ----- the file ---------------------------------------------------------

    def new_game(self, players: int = 3, variant: int = 0, seed: int | None = None,
                 rules_path: Path | None = None, **_: Any) -> SavedGame:
        custom = None
        try:
            if rules_path is None:
                rules = load_rules()
            else:
                path = str(Path(rules_path).resolve())
                rules, digest = read_rules_file(path)
                custom = CustomRules(path=path, sha256=digest)
            state = OverloadState.new(players, variant, rules)
        except (ValueError, RulesDataError) as exc:
            raise UsageProblem(str(exc)) from None
        die_seed = secrets.randbelow(2**32) if seed is None else seed
        if not SEED_RANGE[0] <= die_seed <= SEED_RANGE[1]:
            raise UsageProblem(f"the seed must be from {SEED_RANGE[0]} to {SEED_RANGE[1]}")
        return SavedGame(state=state, die_seed=die_seed, custom_rules=custom)

    def to_json(self, game: SavedGame) -> dict[str, Any]:
        return game_to_json(game)

    def from_json(self, data: Any, origin: str) -> SavedGame:
        with errors_named(origin):
            return game_from_json(data)

    def state(self, game: SavedGame) -> OverloadState:
        return game.state

    # ----- what the table sees ----------------------------------------------

    def render(self, game: SavedGame, **_: Any) -> str:
        state = game.state
        lines = [
            setup_line(game),
            f"Cup: {plural(state.cup, 'disc')}.  Scores: "
            + ", ".join(f"{state.player_name(player)} {score}" for player, score in enumerate(state.scores)),
        ]
        if state.track.specials:
            lines.append("Special spaces: " + "; ".join(
                f"{space} {SPECIAL_NAMES[action]}" for space, action in sorted(state.track.specials.items())))
        lines.append(f"Track (space: pawn (discs, spaces to the finish)), finish {state.track.finish} at the top:")
        for space in range(state.track.finish, START - 1, -1):
            here = ", ".join(
                f"{state.pawn_name(index)} ({plural(state.pawns[index].discs, 'disc')}, {state.track.finish - space} to go)"
                for index in state.pawns_at(space)
            )
            lines.append(f"  {space_name(state, space):>15} {here}".rstrip())
        lines.append(self.awaiting(game))
        return "\n".join(lines)

    def awaiting(self, game: SavedGame) -> str:
        return say(EN, awaited(game.state))

    def view_json(self, game: SavedGame, **_: Any) -> dict[str, Any]:
        state = game.state
        custom = game.custom_rules
        view = {
            "game": self.name,
            "players": state.players,
            "variant_sections": state.variant_sections,
            "custom_rules": None if custom is None else {"path": custom.path, "sha256": custom.sha256},
            "die_seed": game.die_seed,
            **snapshot(state),
            "awaiting": self.awaiting(game),
            "legal": self.legal(game),
        }
        for pawn in view["pawns"].values():
            pawn["to_finish"] = state.track.finish - pawn["space"]
        # Whose turn and who won as the four games say it (seats from 0); the save's turn object, its player aside, is the turn's progress.
        progress = view.pop("turn")
        del progress["player"], view["winner"]
        over = state.phase is Phase.OVER
        view.update(turn=None if over else state.current, winners=winning_seats(state.returns(), over),
                    seat_names=[state.player_name(player) for player in range(state.players)], turn_progress=progress)
        return view

    # ----- moves ------------------------------------------------------------

    def play(self, game: SavedGame, moves: Sequence[str], **_: Any) -> tuple[SavedGame, list[Played]]:
        words = [word.lower() for move in moves for word in move.split()]
        if not words:
            raise UsageProblem(f"nothing to play. {self.awaiting(game)}")
        state = game.state.clone()
        log: list[Played] = []
        position = 0
        while position < len(words):
            kind, value, position = _next_move(state, words, position)
            _advance_to(state, PHASE_OF_KIND[kind], log)
            if value is None:  # a roll of the seeded die: the n-th roll of the game is always the same face
                value = seeded_face(game.die_seed, state.rolls_so_far(), state.rules.die_faces)
                _apply(state, Action(kind, value), log, "seeded")
            else:
                _apply(state, Action(kind, value), log)
        _apply_forced(state, log)
        return replace(game, state=state), log

    def session_step(self, game: SavedGame, answer: str, **_: Any) -> tuple[SavedGame, list[Played]]:
        return self.play(game, answer.split() or ["roll"])

    def prompt(self, game: SavedGame) -> str:
        state = game.state
        who = state.player_name(state.current)
        if state.phase is Phase.LOAD:
            return f"{who}: discs for {state.pawn_name(state.mover or 0)} (0-{state.rules.max_start_discs})"
        if state.phase is Phase.ROLL:
            return f"{who}: die face (1-{state.rules.die_faces}, Enter = seeded roll)"
        return self.awaiting(game)

    def session_help(self) -> str:
        return SESSION_HELP

    def rewind(self, game: SavedGame, count: int) -> tuple[SavedGame, list[str]]:
        state = game.state
        if count > len(state.history):
            raise nothing_to_undo(count, len(state.history), "action")
        earlier = state.rewound(count)
        taken_back = [state.action_to_string(action) for action in state.history[len(earlier.history):]]
        return replace(game, state=earlier), taken_back


SESSION_HELP = """At each prompt, one or more move words (as 'play' takes them):
  0-8                discs for the pawn entering (when asked), or the die face
  Enter / roll       roll the seeded die (when the die is awaited)
  red1               move that pawn (after the roll)
  forward / back     leave a +/- space
  give blue1 / take blue1   settle a pawn met on the space
  load 3, roll 5, move red1, step back   the full notation, at any time"""

TURN_ORDER = (Phase.LOAD, Phase.ROLL, Phase.MOVE, Phase.STEP, Phase.ENCOUNTER, Phase.OVER)
MOVE_FORMS = "load N, roll [R], move PAWN, step forward|back, give PAWN, take PAWN, a number, a pawn name"


def setup_line(game: SavedGame) -> str:
    """The game's set-up in one line, custom rules marked."""
    state = game.state
    specials = ", ".join(f"{action.value} on {space}" for space, action in sorted(state.track.specials.items()))
    variant = f"variant with {state.variant_sections} special sections ({specials})" if specials else "basic game"
    custom = game.custom_rules
    rules = "" if custom is None else f"; CUSTOM rules {custom.path} (sha256 {custom.sha256[:12]})"
    return (f"Overload, {state.players} players, first to {state.target} points wins; "
            f"start 0, finish {state.track.finish}; {variant}; die seed {game.die_seed}{rules}")


def space_of(state: OverloadState, space: int) -> Space:
    if space == START:
        return Space(space, "start")
    if space == state.track.finish:
        return Space(space, "finish")
    special = state.track.special_at(space)
    return Space(space, "track", special.value if special else "")


def space_name(state: OverloadState, space: int) -> str:
    return space_en(space_of(state, space))


def _next_move(state: OverloadState, words: list[str], position: int) -> tuple[Kind, int | None, int]:
    """Read one move from ``words[position:]``: (kind, value or None for a seeded roll, next position)."""
    word = words[position]
    following = words[position + 1] if position + 1 < len(words) else None
    if word == Kind.ROLL.value and (following is None or not following.isdecimal()):
        return Kind.ROLL, None, position + 1
    if word in {kind.value for kind in Kind}:
        if following is None:
            raise IllegalAction("notation", f"'{word}' needs a value, e.g. '{word} {_example(Kind(word))}'")
        action = state.parse_action(f"{word} {following}")
        return action.kind, action.value, position + 2
    if word.isdecimal():
        phase = _phase_after_forced(state)
        if phase not in (Phase.LOAD, Phase.ROLL):
            raise IllegalAction("notation", f"a bare number is discs or a die face, but the game waits for: {phase.value}")
        action = state.parse_action(f"{(Kind.LOAD if phase is Phase.LOAD else Kind.ROLL).value} {word}")
        return action.kind, action.value, position + 1
    if word in ("forward", "back"):
        action = state.parse_action(f"step {word}")
        return action.kind, action.value, position + 1
    if any(state.pawn_name(index) == word for index in range(len(state.pawns))):
        return Kind.MOVE, state.pawn_index(word), position + 1
    raise IllegalAction("notation", f"cannot read {word!r}; moves are: {MOVE_FORMS}")


def _example(kind: Kind) -> str:
    return {Kind.LOAD: "3", Kind.ROLL: "5", Kind.STEP: "forward"}.get(kind, "red1")


def _phase_after_forced(state: OverloadState) -> Phase:
    probe = state.clone()
    _apply_forced(probe, [])
    return probe.phase


def _apply(state: OverloadState, action: Action, log: list[Played], cause: str = "") -> None:
    before = state.clone()
    state.apply_action(action)
    notation = state.action_to_string(action)
    events = describe(before, action, state)
    acted = Acted(action.kind.value, notation.split(" ", 1)[1], cause)
    log.append(Played(notation, EN.table("cause").get(cause, ""), tuple(say(EN, event) for event in events), (acted, *events)))


def _advance_to(state: OverloadState, phase: Phase, log: list[Played]) -> None:
    """Play the forced actions of this turn standing between the game and a move of ``phase``;
    rolling before choosing the discs is the rule book's ``load 0``. Never crosses into the next turn."""
    if state.phase is Phase.LOAD and phase is Phase.ROLL:
        _apply(state, Action(Kind.LOAD, 0), log, "no-load")
    if TURN_ORDER.index(phase) < TURN_ORDER.index(state.phase):
        return  # asking for an earlier step of the turn: refused with the rule that applies
    player = state.current
    while state.phase is not phase and state.current == player:
        legal = state.legal_actions()
        if state.phase in (Phase.LOAD, Phase.ROLL, Phase.OVER) or len(legal) != 1:
            return  # the move itself will be refused with the rule that applies
        _apply(state, legal[0], log, "forced")


def _apply_forced(state: OverloadState, log: list[Played]) -> None:
    """Play decisions the rules leave no choice about (a single legal action) up to the next real choice."""
    while state.phase not in (Phase.LOAD, Phase.ROLL, Phase.OVER):
        legal = state.legal_actions()
        if len(legal) != 1:
            return
        _apply(state, legal[0], log, "forced")


def describe(before: OverloadState, action: Action, after: OverloadState) -> list[Effect]:
    """What an action did, in the rule book's terms: overtakes, Overload (surcharge), finish and bonus, points."""
    reaches_finish = action.kind is Kind.MOVE and before.pawns[action.value].position + (before.roll or 0) >= before.track.finish
    finisher = action.value if reaches_finish else None
    events: list[Effect] = []
    overloaded = []
    finish_points = 0
    rules = after.rules
    for index, (old, new) in enumerate(zip(before.pawns, after.pawns)):
        if (old.position, old.discs) == (new.position, new.discs):
            continue
        name = after.pawn_name(index)
        if index == finisher and new.position == START:
            finish_points = rules.finish_points(old.discs)
            exact = rules.bonus_discs if old.discs == rules.bonus_discs else None
            events.append(Finished(name, old.discs, finish_points, rules.bonus_points if exact is not None else 0, exact))
        elif new.position == START and old.position != START:
            overloaded.append(index)
            events.append(Overloaded(name, rules.max_discs + 1))
        elif old.position != new.position:
            events.append(Moved(name, space_of(before, old.position), space_of(after, new.position), new.discs))
        else:
            events.append(Discs(name, old.discs, new.discs))
    for player, (old_score, new_score) in enumerate(zip(before.scores, after.scores)):
        if new_score == old_score:
            continue
        reasons = [Reason(finish_points)] if finish_points else []
        rewarded = [after.pawn_name(index) for index in overloaded if after.pawns[index].owner != player]
        reasons += [Reason(rules.overload_reward, name) for name in rewarded]
        events.append(Scored(after.player_name(player), new_score - old_score, tuple(reasons), new_score))
    if after.is_terminal() and not before.is_terminal():
        events.append(Won(after.player_name(after.winner or 0), after.target))
    return events


def awaited(state: OverloadState) -> Awaiting:
    """What the game waits for now (or who won)."""
    if state.is_terminal():
        winner = state.winner or 0
        return GameWon(state.player_name(winner), state.scores[winner])
    who = state.player_name(state.current)
    if state.phase is Phase.LOAD:
        return AwaitLoad(who, state.pawn_name(state.mover or 0), state.rules.max_start_discs)
    if state.phase is Phase.ROLL:
        return AwaitRoll(who)
    if state.phase is Phase.MOVE:
        return AwaitMove(who, state.roll or 0, tuple(state.pawn_name(action.value) for action in state.legal_actions()))
    mover = state.pawn_name(state.mover or 0)
    if state.phase is Phase.STEP:
        return AwaitStep(who, mover)
    options = tuple(state.action_to_string(action) for action in state.legal_actions())
    return AwaitSettle(who, mover, space_of(state, state.pawns[state.mover or 0].position), state.multiplier, options)
