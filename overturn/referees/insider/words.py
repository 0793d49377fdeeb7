"""Insider's events in words: ``EN`` for the command line, one entry per kind; ``FR``, the table's, is the
catalogue the page reads too (overturn/web/i18n/fr.json).

English names players ``P0``, ``P1``...; French as the page's seats
(*Joueur 1*) and the cards as the page names them (*Hélicoptère*). Squares
and pawn references keep the notation's names (``c3``, ``b2:1``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from overturn.referees.insider.effects import AwaitChoice, AwaitEnd, AwaitMoving, CardPlayed, Evaluated
from overturn.referees.templates import SharedCatalogue
from overturn.referees.wording import Catalogue, either

#: What a card does at each power; ``{0}``, ``{1}`` are its arguments, ``{p0}`` its first argument as a player.
POWERS_EN = {
    ("admin", 1): "swap {0} and {1}", ("admin", 2): "swap {0} and {1}", ("admin", 3): "special VIP",
    ("heli", 1): "fly {0} -> {1}", ("heli", 2): "fly {0} -> {1}", ("heli", 3): "meeting for {p0}",
    ("scandal", 1): "{p0} skips a turn", ("scandal", 2): "{p0} on one die until the next evaluation",
    ("scandal", 3): "bomb alert", ("trend", 1): "play again", ("trend", 2): "move Total OUT cards",
    ("trend", 3): "media hype",
}
REASONS_EN = {"last-table": "the last table is taken", "media-hype": "media hype"}


def en(player: int) -> str:
    return f"P{player}"



def _players(players: Iterable[int], name: Callable[[int], str] = en) -> str:
    return ", ".join(name(p) for p in players)


def _power(powers: dict[tuple[str, int], str], e: CardPlayed, player: Callable[[int], str]) -> str:
    first = e.args[0] if e.args else ""
    p0 = player(int(first)) if first.isdecimal() else first
    return powers[(e.card, e.power)].format(*e.args, p0=p0)


def _evaluated_en(e: Evaluated) -> str:
    gains = ", ".join(f"P{p} {g:+d} -> {s}" for p, (g, s) in enumerate(zip(e.gains, e.scores)))
    return f"evaluation {e.number} ({REASONS_EN[e.reason]}) of card {e.card}: {gains}"


def _choice_en(e: AwaitChoice) -> str:
    return f"P{e.player} to play: {either(list(e.legal), 'or')}" + ("" if "walk" in e.legal else " (rumours: one die, no walk)")


def _moving_en(e: AwaitMoving) -> str:
    options = ["move FROM TO", "step FROM TO"] + (["play cards"] if e.cards else []) + (["'totalout FROM TO' (double)"] if e.totalout else [])
    return f"P{e.player} moving: {e.points} point(s) left ({either(options, 'or')})"


def _end_en(e: AwaitEnd) -> str:
    options = (["play cards"] if e.cards else []) + (["'totalout FROM TO' (double)"] if e.totalout else []) + (["'swap CARD'"] if e.swap else [])
    return f"P{e.player}: {either([*options, 'end'], 'or')}"


EN: Catalogue = {
    "acted": lambda e: e.action,
    "drew": lambda e: f"P{e.player} draws {e.count} card(s) ({e.occupied} square(s) occupied)",
    "swapped-card": lambda e: f"P{e.player} discards a card and draws one",
    "card-played": lambda e: f"P{e.player} plays {e.power} {e.card}: {_power(POWERS_EN, e, en)}",
    "declined": lambda e: f"P{e.player} takes no card and may move on",
    "stolen": lambda e: f"P{e.thief} takes a card from P{e.victim}",
    "rolled-seven": lambda e: f"P{e.player} rolled 7: rolls again",
    "rolled": lambda e: f"P{e.player} rolled {'+'.join(map(str, e.dice))}" + (" (double)" if e.double else ""),
    "evaluation-turned": lambda e: f"evaluation card {e.card} turned: tables {list(e.tables)}",
    "guarded": lambda e: f"Bodyguard from {_players(e.helpers)}: the {e.card} {e.power} is cancelled",
    "meeting": lambda e: f"meeting: every pawn of P{e.player} goes back to its base",
    "bomb-alert": lambda e: f"bomb alert: every pawn goes home, card {e.card} goes under the pile",
    "total-out-hit": lambda e: f"{e.count} pawn(s) of P{e.player} under the Total OUT go back to base",
    "total-out-moved": lambda e: f"Total OUT moved {e.frm} -> {e.to}",
    "evaluated": _evaluated_en,
    "game-over": lambda e: f"game over: {_players(e.winners)} win(s)",
    "reshuffled": lambda e: "the action deck is empty: the discard pile is shuffled into a new deck",
    "points-lost": lambda e: f"P{e.player} cannot move further: {e.points} point(s) lost",
    "plays-again": lambda e: f"P{e.player} plays again (Trendsetter)",
    "skipped": lambda e: f"P{e.player} skips this turn (scandal)",
    "timed-out": lambda e: f"time out ({e.seconds} s): no Bodyguard",
    "ended": lambda e: f"Game over after {e.evaluations} evaluation(s): {_players(e.winners)} win(s).",
    "await-guard": lambda e: f"P{e.victim}: answer P{e.attacker}'s {e.card} {e.power} with Bodyguard ('guard N') or 'pass'",
    "await-meet": lambda e: (f"P{e.player}: your pawn meets P{', P'.join(map(str, e.victims))}: "
                             "'take' a card from each (the pawn stops) or 'decline' (it may move on)"),
    "await-draw": lambda e: f"chance: action card drawn by P{e.player} ('card TYPE')",
    "await-steal": lambda e: f"chance: card P{e.player} takes from P{'?' if e.victim is None else e.victim} ('steal TYPE')",
    "await-dice": lambda e: "chance: the roll ('die A')" if e.dice == 1 else "chance: the roll ('dice A B')",
    "await-evaluation": lambda e: "chance: the evaluation card turned ('eval ID')",
    "await-seat": lambda e: f"P{e.player}: choose a free table ('seat N')",
    "await-vip": lambda e: f"P{e.player}: rearrange the tables ('vip A B', then 'done')",
    "await-totalout": lambda e: f"P{e.player}: move up to {e.left} Total OUT ('totalout FROM TO' or 'done')",
    "await-choice": _choice_en,
    "await-moving": _moving_en,
    "await-end": _end_en,
}

FR = SharedCatalogue("fr", "insider")
