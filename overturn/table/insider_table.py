"""Insider at the table: hidden hands, the server's draws, the Bodyguard clock and the board the page draws.

Each seat gets its own hand of action cards and the others' counts only (as
boardgame.io's ``playerView``); the seed (which decides every draw) is never
sent, and a card drawn, taken or swapped is named in the move list only to the
seat that drew it. A watcher sees no hand at all.
"""

from __future__ import annotations

import random
from typing import Any

from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.insider.effects import Acted, CardPlayed, Effect, TimedOut, TotalOutMoved
from overturn.referees.insider.referee import InsiderReferee
from overturn.referees.insider.render import awaited
from overturn.referees.insider.render import render as insider_render
from overturn.referees.insider.state import InsiderState
from overturn.referees.insider.words import FR
from overturn.referees.protocol import UsageProblem
from overturn.referees.wording import Event, say
from overturn.table.board_seating import BoardRules, BoardTable
from overturn.table.views import InsiderView

#: Bounds of Insider's time for a Bodyguard answer (seconds).
MIN_GUARD, MAX_GUARD = 5, 600
#: Moves whose card only their seat may read.
PRIVATE = ("card", "steal", "swap")
#: The server's own draws, from the system's entropy: nobody at the table can foresee them.
_SERVER_DRAWS = random.SystemRandom()
#: Insider's events shown in the view, the latest last.
EVENTS_SHOWN = 30



class InsiderRules(BoardRules):
    name = "insider"
    referee = InsiderReferee()
    players = (2, 4)
    seeds = (0, 2**53 - 1)
    chance_from_seed = True
    words = FR
    effect_type = Effect
    view = InsiderView
    options = ("guard_seconds",)
    clock_option = "guard_seconds"
    timeout_move = "pass"

    def new_game(self, players: int, seed: int, options: dict[str, Any], table_dice: bool) -> Any:
        seconds = options.get("guard_seconds")
        if seconds is not None and (not isinstance(seconds, int) or isinstance(seconds, bool) or not MIN_GUARD <= seconds <= MAX_GUARD):
            raise UsageProblem(f"'guard_seconds' is Insider's time for a Bodyguard answer, {MIN_GUARD} to {MAX_GUARD} seconds")
        return self.referee.new_game(players=players, seed=seed, table_chance=table_dice)

    def check_loaded(self, game: Any, table_dice: bool) -> None:
        if table_dice == game.auto_chance:
            raise ValueError("the table's chance option does not match its saved game")

    def chance_seat(self, game: Any) -> int:
        return int(game.chance_seat())

    def legal_moves(self, game: Any, table_dice: bool) -> list[str]:
        """A card drawn at the table is typed from every type (never a hint at what the deck holds); a card taken from
        another's hand is one tap, drawn blind by the server."""
        if game.is_chance_node() and game.pending[-1]["kind"] == "draw":
            return [f"card {card}" for card in CARD_TYPES]
        if game.is_chance_node() and game.pending[-1]["kind"] == "steal":
            return ["steal"]
        return super().legal_moves(game, table_dice)

    def blind(self, game: Any, words: list[str], table_dice: bool) -> str | None:
        """At a table with its own dice the thief once typed the card to take, and the refusals of the types the victim
        lacked told the hand: now any 'steal' takes a card drawn blind from the victim's hand by the server, as a hand
        held face down at the table would give it; the type typed, if any, is not looked at."""
        if not table_dice or not words or words[0] != "steal" or not game.is_chance_node() or game.pending[-1]["kind"] != "steal":
            return None
        outcomes = game.chance_outcomes()
        actions, weights = zip(*outcomes, strict=True)
        return str(_SERVER_DRAWS.choices(actions, weights)[0])

    def hidden(self, words: list[str]) -> str | None:
        return f"{words[0]} ?" if words[0] in PRIVATE else None

    def marks(self, before: Any, text: str, events: list[Event]) -> list[str]:
        """The squares and path spaces the move named (a pawn ``b2:1`` by its square) and where a Total OUT went."""
        board = before.board
        names = [word.split(":")[0] for event in events if isinstance(event, Acted) for word in event.action.split()]
        names += [arg.split(":")[0] for event in events if isinstance(event, CardPlayed) for arg in event.args]
        names += [place for event in events if isinstance(event, TotalOutMoved) for place in (event.frm, event.to)]
        names += [word.split(":")[0] for word in text.split()]
        marks = set()
        for name in names:
            try:
                marks.add(board.name(board.parse(name)))
            except KeyError:  # a word naming no place (a card, a power, a seat)
                continue
        return sorted(marks)

    def awaited(self, game: Any) -> Event:
        return awaited(game)

    def waits_on_clock(self, game: Any) -> bool:
        """A starred card was played against the seat to move: its Bodyguard answer is awaited."""
        return bool(game.pending) and game.pending[-1]["kind"] == "guard"

    def timeout_event(self, seconds: int) -> Event:
        return TimedOut(seconds)

    def public_part(self, table: BoardTable) -> dict[str, Any]:
        game: InsiderState = table.game
        pending = game.pending[-1]["kind"] if game.pending else None
        view: dict[str, Any] = {
            "board_text": insider_render(game, show_hands=False),
            "scores": list(game.scores),
            "hand_counts": [game.hand_size(player) for player in range(game.players)],
            "deck": game.deck_size(),
            "discard": sum(game.discard.values()),
            "evaluations_done": game.evaluations_done,
            "events": [say(FR, event) for event in game.log[-EVENTS_SHOWN:]],
            "question": pending,
            "drawing": drawing(game),
        }
        if pending == "guard":
            play = game.pending[-1]["play"]
            view["guard"] = {
                "from": play["player"], "card": play["card"], "power": play["power"], "seconds": table.clock_seconds,
                "deadline": table.deadline,
            }
        return view

    def seat_part(self, table: BoardTable, seat: int | None, legal: list[str]) -> dict[str, Any]:
        """A seat's own hand (a watcher's: none)."""
        hands = table.game.hands
        return {"hand": None if seat is None else {card: count for card, count in hands[seat].items() if count}}


def drawing(game: InsiderState) -> dict[str, Any]:
    """The public board for the page to draw: the squares (pawns per player, Total OUT, INSIDER, bases), the paths
    between them with the pawns on each space, the evaluation card's tables and who sits there, the staircase."""
    board = game.board
    squares = []
    for square in range(board.square_count):
        squares.append({
            "name": board.name(square),
            "pawns": [pawns.count(square) for pawns in game.pawns],
            "total_out": square in game.total_out,
            "centre": square == board.centre,
            "base": game.bases.index(square) if square in game.bases else None,
            "corner": square in board.corners,
        })
    on_paths = [sum(1 for position in pawns if not board.is_square(position)) for pawns in game.pawns]
    paths = [
        {
            "from": board.name(a),
            "to": board.name(b),
            "spaces": [{"name": board.name(space), "pawns": [pawns.count(space) for pawns in game.pawns]} for space in spaces],
        }
        for a, b, spaces in board.links
    ]
    card = game.material.evaluation_cards[game.evaluation_card] if game.evaluation_card else None
    stairs = game.material.staircase
    return {
        "columns": board.columns,
        "rows": board.rows,
        "squares": squares,
        "on_paths": on_paths,
        "paths": paths,
        "evaluation": None if card is None else {
            "card": card.card_id, "penalty": card.penalty,
            "tables": [{"value": value, "seat": owner} for value, owner in zip(card.tables, game.tables)],
        },
        "staircase": {"cave": stairs.cave, "top": stairs.top},
        "evaluations": [game.evaluations_done, game.material.evaluations_per_game],
    }


INSIDER = InsiderRules()
