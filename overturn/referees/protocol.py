"""The contract between a referee and the shared command scaffold (``overturn_cli.referee_app``).

Two layers, so the rules never depend on the command line:

* ``State``: the OpenSpiel-style state every game implements (``base.BaseState``
  holds the defaults). ``current_player()`` is a seat number from 0, or
  ``CHANCE`` at a chance node, or ``TERMINAL`` once the game is over;
  ``legal_actions()``, ``apply_action(action)`` (raises
  ``IllegalAction(rule, message)`` and leaves the state untouched),
  ``is_terminal()``, ``returns()`` (``base.win_returns``: +1 per winner, -1 per
  other player, zeros while the game goes on or on a full tie), ``scores``
  (each player's points, a list by seat, as every game's JSON gives them),
  ``is_chance_node()`` and ``chance_outcomes()`` (outcome, probability) pairs
  summing to 1, ``clone()`` (independent of the original). Actions: each game's
  action is a hashable value of its own type (Insider: its notation string;
  Overload: ``Action``; offboard: ``Step``/``Place``/``Remove``), written by
  ``action_to_string(action)`` and read back by ``parse_action(text)``
  (unreadable text raises ``IllegalAction("notation", ...)``), so that
  ``parse_action(action_to_string(a)) == a``.
* ``Referee[G]``: what the CLI needs from one game, where ``G`` is the game
  record a file holds (the state plus the inputs it was built from: player
  count, variant, seed, the hash of a custom rules or layout file). A game
  subclasses it and fills in: ``new_game`` (options from the command line),
  ``to_json``/``from_json`` (the file is evidence: rebuild from the inputs plus
  the recorded actions, then check every stored field; refuse with
  ``StateFileError`` naming the field), ``state``, ``render``, ``awaiting``
  (one line: what the game waits for and the command that gives it),
  ``view_json`` (the complete ``show --json``), ``play`` (words of the game's
  notation, applied to a copy), ``rewind`` (undo). ``rules_text`` reads the
  packaged ``data/rules.txt`` of ``rules_package``. Optional hooks with
  defaults: ``legal`` (grouping), ``random_action`` (playouts), ``session_step``, ``computer_turn`` and
  ``session_undo`` (computer players in `session`), ``prompt``, ``session_help``.

Refusals by the rules are ``IllegalAction`` (exit 1), and so is an undo past the
start of the game (``NothingToUndo``, exit 1, as Overturn's `game undo`); a command
line that asks for something meaningless is ``UsageProblem`` (exit 2).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from msgspec import to_builtins

from overturn.referees.base import CHANCE, TERMINAL, IllegalAction
from overturn.referees.errors import RefereeException
from overturn.referees.wording import Event, plural

__all__ = ["CHANCE", "TERMINAL", "IllegalAction", "NothingToUndo", "Played", "Referee", "State", "UsageProblem", "nothing_to_undo"]

ActionT = TypeVar("ActionT")
GameT = TypeVar("GameT")


class UsageProblem(RefereeException, ValueError):
    """A request that is not a move at all (bad option, nothing to play): exit 2."""


class NothingToUndo(RefereeException, ValueError):
    """An undo past the start of the game (nothing played, or fewer actions than asked): refused, exit 1."""


def nothing_to_undo(count: int, played: int, noun: str) -> NothingToUndo:
    """The refusal of taking back ``count`` of ``noun`` when ``played`` were played (``nothing to undo`` when none were)."""
    if played == 0:
        return NothingToUndo(f"nothing to undo: no {noun} has been played yet")
    return NothingToUndo(f"cannot take back {plural(count, noun)}: only {plural(played, noun)} {'has' if played == 1 else 'have'} been played")


class State(Protocol[ActionT]):
    """The OpenSpiel-style state API shared by the three referees (conventions in the module docstring)."""

    def current_player(self) -> int: ...

    def is_chance_node(self) -> bool: ...

    def chance_outcomes(self) -> list[tuple[ActionT, float]]: ...

    def legal_actions(self) -> list[ActionT]: ...

    def apply_action(self, action: ActionT) -> object: ...  # a game may return a report of what the action did

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...

    @property
    def scores(self) -> list[int]:
        """Each player's points, a list by seat (the order of ``returns``)."""
        ...

    def action_to_string(self, action: ActionT) -> str: ...

    def parse_action(self, text: str) -> ActionT: ...

    def clone(self) -> State[ActionT]: ...


@dataclass(frozen=True)
class Played:
    """An accepted action as the table hears it: its notation, why it was played, what it did.

    ``events`` is the same as the game's tagged Structs (``wording.Event``):
    first the action itself (kind ``acted``), then what it did; ``effects``
    is what it did in English, worded from them by the game's catalogue
    (``words.EN``).
    """

    action: str
    note: str = ""
    effects: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()

    def lines(self) -> list[str]:
        return [self.action + (f" ({self.note})" if self.note else ""), *(f"  {effect}" for effect in self.effects)]

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "note": self.note, "effects": list(self.effects), "events": to_builtins(list(self.events))}


class Referee(ABC, Generic[GameT]):
    """One game as the command scaffold sees it; subclasses keep only what is the game's own."""

    name: ClassVar[str]  # the command name and the default file stem, e.g. "overload"
    title: ClassVar[str]  # e.g. "Overload"
    rules_package: ClassVar[str]  # the package whose data/rules.txt is the `rules` summary

    @abstractmethod
    def new_game(self, **options: Any) -> GameT:
        """A fresh game from the `new` options; a meaningless option raises UsageProblem."""

    @abstractmethod
    def to_json(self, game: GameT) -> dict[str, Any]:
        """The saved file: the rules' inputs, the recorded actions and a readable snapshot."""

    @abstractmethod
    def from_json(self, data: Any, origin: str) -> GameT:
        """Rebuild and check a saved game; anything else raises StateFileError naming ``origin`` and the field.

        The three games decode the file with ``jsonstore.convert`` into their save type and compare
        it with the replay through ``jsonstore.require_equal``, inside ``jsonstore.errors_named(origin)``.
        """

    @abstractmethod
    def state(self, game: GameT) -> State[Any]:
        """The rules state inside a game record."""

    @abstractmethod
    def render(self, game: GameT, **options: Any) -> str:
        """The text drawing of `show` (``options`` are the game's own show options)."""

    @abstractmethod
    def awaiting(self, game: GameT) -> str:
        """One line: what the game waits for and the command that gives it (or who won)."""

    @abstractmethod
    def view_json(self, game: GameT, **options: Any) -> dict[str, Any]:
        """Everything `show --json` prints: set-up, board, scores, whose turn, legal actions."""

    @abstractmethod
    def play(self, game: GameT, moves: Sequence[str], **options: Any) -> tuple[GameT, list[Played]]:
        """Apply the moves (words of the game's notation) to a copy; IllegalAction leaves ``game`` untouched."""

    @abstractmethod
    def rewind(self, game: GameT, count: int) -> tuple[GameT, list[str]]:
        """The game ``count`` actions ago and the actions taken back; NothingToUndo past the start."""

    def legal(self, game: GameT) -> list[str]:
        """The legal actions now, in the game's notation, for people (a game may group them)."""
        return self.actions(game)

    def actions(self, game: GameT) -> list[str]:
        """Every legal action now, each as 'play' takes it (what a program reads: ``legal --json``)."""
        state = self.state(game)
        return [state.action_to_string(action) for action in state.legal_actions()]

    def random_action(self, game: GameT, rng: random.Random) -> Any:
        """A random legal action for playouts (the save-file fuzzer, property tests); a game that draws
        its chance from its own seed overrides this so the playout stays a game its file can hold."""
        return rng.choice(self.state(game).legal_actions())

    def session_step(self, game: GameT, answer: str, **options: Any) -> tuple[GameT, list[Played]]:
        """One answer typed in `session` (``options``: the game's session options); by default one move for `play`."""
        return self.play(game, [answer])

    def computer_turn(self, game: GameT, **options: Any) -> tuple[GameT, list[Played]] | None:
        """In `session`, the move of a computer player whose turn it is, or None to prompt the table."""
        return None

    def session_undo(self, game: GameT, **options: Any) -> tuple[GameT, list[str]]:
        """`undo` typed in `session`; a game with computer players may take back to the table's last decision."""
        return self.rewind(game, 1)

    def prompt(self, game: GameT) -> str:
        """The `session` prompt; by default the awaiting line."""
        return self.awaiting(game)

    def session_help(self) -> str:
        """What `session` accepts besides the shared words (help, show, legal, undo, quit)."""
        return "Type a move in the notation of 'play' (see the 'rules' command)."

    def rules_text(self) -> str:
        """The packaged summary of the rules as this referee applies them."""
        return resources.files(self.rules_package).joinpath("data", "rules.txt").read_text(encoding="utf-8")
