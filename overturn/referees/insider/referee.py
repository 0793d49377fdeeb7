"""Insider as the command scaffold sees it: set-up, typed actions, undo, drawing and table wording.

The game record is the ``InsiderState`` itself: it carries the rules' inputs
(players, seed, chance mode) and the recorded actions the file is rebuilt from.
With a seeded game the referee draws dice and cards itself after every action;
the n-th chance outcome of a game depends only on the seed and n, so undoing a
roll and rolling again gives the same dice.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from overturn.jsonstore import errors_named
from overturn.referees.insider.codec import state_from_json, state_to_json
from overturn.referees.insider.effects import Acted
from overturn.referees.insider.notation import canonical_actions
from overturn.referees.insider.render import describe_turn, legal_lines, render
from overturn.referees.insider.state import InsiderState
from overturn.referees.insider.words import EN
from overturn.referees.protocol import Played, Referee, UsageProblem, nothing_to_undo
from overturn.referees.wording import say


class InsiderReferee(Referee[InsiderState]):
    """Insider's rules for the command line and the library: the state is the record, its chance drawn from the seed.

    >>> import overturn
    >>> referee = overturn.InsiderReferee()
    >>> game = referee.new_game(seed=7)
    >>> referee.legal(game)
    ['walk', 'roll', 'draw']
    >>> game, played = referee.play(game, ["roll"])  # played on a copy
    >>> played[0].effects
    ('P0 rolled 7: rolls again', 'P0 rolled 5+6')
    >>> referee.state(game).scores
    [0, 0]
    """

    name = "insider"
    title = "Insider"
    rules_package = "overturn.referees.insider"

    # ----- the file ---------------------------------------------------------

    def new_game(self, players: int = 2, seed: int | None = None, table_chance: bool = False,
                 **_: Any) -> InsiderState:
        try:
            state = InsiderState(players, seed=secrets.randbelow(2**31) if seed is None else seed)
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
        state.auto_chance = not table_chance
        if state.auto_chance:
            state.resolve_chance()
        return state

    def to_json(self, game: InsiderState) -> dict[str, Any]:
        return state_to_json(game)

    def from_json(self, data: Any, origin: str) -> InsiderState:
        with errors_named(origin):
            return state_from_json(data)

    def state(self, game: InsiderState) -> InsiderState:
        return game

    # ----- what the table sees ----------------------------------------------

    def render(self, game: InsiderState, hands: bool = False, **_: Any) -> str:
        return render(game, show_hands=hands)

    def awaiting(self, game: InsiderState) -> str:
        return describe_turn(game)

    def view_json(self, game: InsiderState, **_: Any) -> dict[str, Any]:
        return {
            "game": self.name,
            "players": game.players,
            "seed": game.seed,
            "chance": "seeded" if game.auto_chance else "table",
            "turn": game.seat_to_act(),
            "awaiting": describe_turn(game),
            "terminal": game.is_terminal(),
            "scores": list(game.scores),
            "returns": game.returns(),
            "winners": game.winners(),
            "evaluations_done": game.evaluations_done,
            "legal": game.legal_actions(),
            "chance_outcomes": [[action, probability] for action, probability in game.chance_outcomes()],
            "state": state_to_json(game),
        }

    def legal(self, game: InsiderState) -> list[str]:
        return legal_lines(game)

    # ----- moves ------------------------------------------------------------

    def play(self, game: InsiderState, moves: Sequence[str], **_: Any) -> tuple[InsiderState, list[Played]]:
        typed = typed_actions(moves)
        if not typed:
            raise UsageProblem(f"nothing to play. {describe_turn(game)}")
        work = game.clone()
        if work.auto_chance:
            work.resolve_chance()  # a seeded game taken back to its start waits for its deal
        log: list[Played] = []
        for text in typed:
            for action in canonical_actions(work, text):
                seen = len(work.log)
                work.apply_action(action)
                if work.auto_chance:
                    work.resolve_chance()
                events = work.log[seen:]
                log.append(Played(action, effects=tuple(say(EN, event) for event in events), events=(Acted(action), *events)))
        return work, log

    def rewind(self, game: InsiderState, count: int) -> tuple[InsiderState, list[str]]:
        """Take back ``count`` recorded actions; in a seeded game, also back to the decision that led
        to a chance outcome (undoing a roll takes back the roll and its dice, which come back the same)."""
        waiting = chance_waits(game) if game.auto_chance else [False] * (len(game.history) + 1)
        decisions = sum(not wait for wait in waiting[:-1])  # the deal's cards and the dice are no one's to take back
        if count > len(game.history) or not decisions:
            raise nothing_to_undo(count, decisions, "action")
        cut = len(game.history) - count
        while cut > 0 and waiting[cut]:
            cut -= 1
        return replayed(game, game.history[:cut]), game.history[cut:]

    def session_help(self) -> str:
        return SESSION_HELP


SESSION_HELP = """At each prompt, one action as 'play' takes it (see 'legal' for what is allowed now):
  walk | roll | draw            the turn's main action
  move a1 b1                    walk a pawn along a whole link (or 'step a1 a1-b1.1', one step)
  take | decline                a card from the opponents met, or move on
  heli 2 b2 c3, admin 1 b2:0 d4:1, scandal 1 1, trend 1   card plays
  guard 2 | pass                a Bodyguard answer;  seat 2   a table in the INSIDER
  end | swap CARD               finish the turn
With --table games: dice 5 2, die 4, card heli, steal admin, eval 4b."""


def typed_actions(moves: Sequence[str]) -> list[str]:
    """The actions of a command line: words joined into one action, actions separated by commas.

    ``play move a1 b1`` is one action; ``play walk, move a1 b1`` or
    ``play "walk" "move a1 b1"`` (arguments holding spaces) are two.
    """
    if any(" " in move.strip() for move in moves):
        pieces = [piece for move in moves for piece in move.split(",")]
    else:
        pieces = " ".join(moves).split(",")
    return [piece.strip() for piece in pieces if piece.strip()]


def replayed(game: InsiderState, actions: Sequence[str]) -> InsiderState:
    """A fresh game with the same inputs (players, seed, chance mode) after ``actions``."""
    state = InsiderState(game.players, seed=game.seed, material=game.material)
    state.auto_chance = game.auto_chance
    for action in actions:
        state.apply_action(action)
    return state


def chance_waits(game: InsiderState) -> list[bool]:
    """For each point of the history (0 = the set-up, len = now): does the game wait for a chance outcome?"""
    state = replayed(game, [])
    waits = [state.is_chance_node()]
    for action in game.history:
        state.apply_action(action)
        waits.append(state.is_chance_node())
    return waits
