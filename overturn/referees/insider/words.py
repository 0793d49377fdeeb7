"""Insider's events in words: ``EN`` for the command line, ``FR`` for the table page, one entry per kind.

English names players ``P0``, ``P1``...; French as the page's seats
(*Joueur 1*) and the cards as the page names them (*Hélicoptère*). Squares
and pawn references keep the notation's names (``c3``, ``b2:1``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from overturn.referees.insider.effects import AwaitChoice, AwaitEnd, AwaitMoving, CardPlayed, Evaluated
from overturn.referees.wording import Catalogue, either, french_count, french_verb

#: Insider's cards, as the page names them.
CARDS_FR = {"admin": "Administrateur", "heli": "Hélicoptère", "scandal": "Scandale", "trend": "Tendance", "guard": "Garde du corps"}
#: What a card does at each power; ``{0}``, ``{1}`` are its arguments, ``{p0}`` its first argument as a player.
POWERS_EN = {
    ("admin", 1): "swap {0} and {1}", ("admin", 2): "swap {0} and {1}", ("admin", 3): "special VIP",
    ("heli", 1): "fly {0} -> {1}", ("heli", 2): "fly {0} -> {1}", ("heli", 3): "meeting for {p0}",
    ("scandal", 1): "{p0} skips a turn", ("scandal", 2): "{p0} on one die until the next evaluation",
    ("scandal", 3): "bomb alert", ("trend", 1): "play again", ("trend", 2): "move Total OUT cards",
    ("trend", 3): "media hype",
}
POWERS_FR = {
    ("admin", 1): "échange {0} et {1}", ("admin", 2): "échange {0} et {1}", ("admin", 3): "réarrangement VIP",
    ("heli", 1): "vol {0} → {1}", ("heli", 2): "vol {0} → {1}", ("heli", 3): "réunion pour {p0}",
    ("scandal", 1): "{p0} passe un tour", ("scandal", 2): "{p0} n'a qu'un dé jusqu'à la prochaine évaluation",
    ("scandal", 3): "alerte à la bombe", ("trend", 1): "rejoue", ("trend", 2): "déplace des cartes Total OUT",
    ("trend", 3): "battage médiatique",
}
REASONS_EN = {"last-table": "the last table is taken", "media-hype": "media hype"}
REASONS_FR = {"last-table": "la dernière table est prise", "media-hype": "battage médiatique"}
MAIN_FR = {"walk": "marcher", "roll": "lancer", "draw": "piocher"}


def en(player: int) -> str:
    return f"P{player}"


def fr(player: int) -> str:
    """A seat as the page names it (``Joueur 1`` for P0)."""
    return f"Joueur {player + 1}"


def _players(players: Iterable[int], name: Callable[[int], str] = en) -> str:
    return ", ".join(name(p) for p in players)


def _power(powers: dict[tuple[str, int], str], e: CardPlayed, player: Callable[[int], str]) -> str:
    first = e.args[0] if e.args else ""
    p0 = player(int(first)) if first.isdecimal() else first
    return powers[(e.card, e.power)].format(*e.args, p0=p0)


def _evaluated_en(e: Evaluated) -> str:
    gains = ", ".join(f"P{p} {g:+d} -> {s}" for p, (g, s) in enumerate(zip(e.gains, e.scores)))
    return f"evaluation {e.number} ({REASONS_EN[e.reason]}) of card {e.card}: {gains}"


def _evaluated_fr(e: Evaluated) -> str:
    gains = ", ".join(f"{fr(p)} {g:+d} → {s}" for p, (g, s) in enumerate(zip(e.gains, e.scores)))
    return f"évaluation {e.number} ({REASONS_FR[e.reason]}) de la carte {e.card} : {gains}"


def _choice_en(e: AwaitChoice) -> str:
    return f"P{e.player} to play: {either(list(e.legal), 'or')}" + ("" if "walk" in e.legal else " (rumours: one die, no walk)")


def _choice_fr(e: AwaitChoice) -> str:
    choices = [MAIN_FR[action] for action in ("walk", "roll", "draw") if action in e.legal]
    rumours = "" if "walk" in e.legal else " (rumeurs : un seul dé, pas de marche)"
    return f"Au tour de {fr(e.player)} : {either(choices, 'ou')}{rumours}."


def _moving_en(e: AwaitMoving) -> str:
    options = ["move FROM TO", "step FROM TO"] + (["play cards"] if e.cards else []) + (["'totalout FROM TO' (double)"] if e.totalout else [])
    return f"P{e.player} moving: {e.points} point(s) left ({either(options, 'or')})"


def _moving_fr(e: AwaitMoving) -> str:
    options = ["déplacer un pion"] + (["jouer des cartes"] if e.cards else []) + (["déplacer un Total OUT (double)"] if e.totalout else [])
    return f"{fr(e.player)} avance : {french_count(e.points, 'point')} à jouer ({either(options, 'ou')})."


def _end_en(e: AwaitEnd) -> str:
    options = (["play cards"] if e.cards else []) + (["'totalout FROM TO' (double)"] if e.totalout else []) + (["'swap CARD'"] if e.swap else [])
    return f"P{e.player}: {either([*options, 'end'], 'or')}"


def _end_fr(e: AwaitEnd) -> str:
    options = (["jouer des cartes"] if e.cards else []) + (["déplacer un Total OUT (double)"] if e.totalout else [])
    options += ["échanger une carte"] if e.swap else []
    return f"{fr(e.player)} : {either([*options, 'finir le tour'], 'ou')}."


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

FR: Catalogue = {
    "acted": lambda e: e.action,
    "drew": lambda e: f"{fr(e.player)} pioche {french_count(e.count, 'carte')} ({french_count(e.occupied, 'case occupée', 'cases occupées')})",
    "swapped-card": lambda e: f"{fr(e.player)} défausse une carte et en pioche une",
    "card-played": lambda e: f"{fr(e.player)} joue {CARDS_FR[e.card]} {e.power} : {_power(POWERS_FR, e, fr)}",
    "declined": lambda e: f"{fr(e.player)} ne prend pas de carte et peut continuer",
    "stolen": lambda e: f"{fr(e.thief)} prend une carte à {fr(e.victim)}",
    "rolled-seven": lambda e: f"{fr(e.player)} fait 7 : relance",
    "rolled": lambda e: f"{fr(e.player)} fait {'+'.join(map(str, e.dice))}" + (" (double)" if e.double else ""),
    "evaluation-turned": lambda e: f"carte d'évaluation {e.card} retournée : tables {list(e.tables)}",
    "guarded": lambda e: f"Garde du corps de {_players(e.helpers, fr)} : la carte {CARDS_FR[e.card]} {e.power} est annulée",
    "meeting": lambda e: f"réunion : tous les pions de {fr(e.player)} rentrent à leur base",
    "bomb-alert": lambda e: f"alerte à la bombe : tous les pions rentrent, la carte {e.card} passe sous la pile",
    "total-out-hit": lambda e: f"{french_count(e.count, 'pion')} de {fr(e.player)} sous le Total OUT {french_verb(e.count, 'rentre', 'rentrent')} à la base",
    "total-out-moved": lambda e: f"Total OUT déplacé de {e.frm} à {e.to}",
    "evaluated": _evaluated_fr,
    "game-over": lambda e: f"partie terminée : {_players(e.winners, fr)} {french_verb(len(e.winners), 'gagne', 'gagnent')}",
    "reshuffled": lambda e: "la pioche est vide : la défausse est mélangée en une nouvelle pioche",
    "points-lost": lambda e: f"{fr(e.player)} ne peut plus avancer : {french_count(e.points, 'point perdu', 'points perdus')}",
    "plays-again": lambda e: f"{fr(e.player)} rejoue (Tendance)",
    "skipped": lambda e: f"{fr(e.player)} passe ce tour (scandale)",
    "timed-out": lambda e: f"temps écoulé ({e.seconds} s) : pas de garde du corps",
    "ended": lambda e: (f"Partie terminée après {french_count(e.evaluations, 'évaluation')} : "
                        f"{_players(e.winners, fr)} {french_verb(len(e.winners), 'gagne', 'gagnent')}."),
    "await-guard": lambda e: (f"{fr(e.victim)} : répondez à la carte {CARDS_FR[e.card]} {e.power} de {fr(e.attacker)} "
                              "par un Garde du corps, ou passez."),
    "await-meet": lambda e: (f"{fr(e.player)} : votre pion rencontre {_players(e.victims, fr)} : prenez une carte à chacun "
                             "(le pion s'arrête) ou refusez (il peut continuer)."),
    "await-draw": lambda e: f"Hasard : la carte piochée par {fr(e.player)}.",
    "await-steal": lambda e: f"Hasard : la carte que {fr(e.player)} prend.",
    "await-dice": lambda e: "Hasard : le lancer du dé." if e.dice == 1 else "Hasard : le lancer des dés.",
    "await-evaluation": lambda e: "Hasard : la carte d'évaluation retournée.",
    "await-seat": lambda e: f"{fr(e.player)} : choisissez une table libre.",
    "await-vip": lambda e: f"{fr(e.player)} : réarrangez les tables, puis « Terminé ».",
    "await-totalout": lambda e: f"{fr(e.player)} : déplacez jusqu'à {e.left} Total OUT, puis « Terminé ».",
    "await-choice": _choice_fr,
    "await-moving": _moving_fr,
    "await-end": _end_fr,
}
