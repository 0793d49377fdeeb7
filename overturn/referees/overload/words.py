"""Overload's events in words: ``EN`` for the command line, ``FR`` for the table page, one entry per kind.

Names stay those of the notation (pawn ``red1``); the French names the
players' colours as the page's seats do (*rouge*).
"""

from __future__ import annotations

from overturn.referees.overload.effects import Finished, Reason, Space
from overturn.referees.wording import Catalogue, french_count

#: The players' colours in French.
COLOURS_FR = {"red": "rouge", "blue": "bleu", "yellow": "jaune", "green": "vert", "black": "noir", "white": "blanc"}
#: Why the table played an action for the player (``Acted.cause``).
CAUSES_EN = {"seeded": "seeded die", "forced": "forced", "no-load": "no discs chosen before the roll"}
CAUSES_FR = {"seeded": "tiré par le serveur", "forced": "forcé", "no-load": "aucun disque choisi avant le lancer"}
ACTIONS_FR = {
    "roll": "dé : {}", "load": "charge {}", "move": "déplace {}", "give": "donne à {}", "take": "prend à {}",
    "step": "{}",
}
STEPS_FR = {"forward": "avance d'une case", "back": "recule d'une case"}


def _acted_value_fr(action: str, value: str) -> str:
    """The action's argument in French: a step's direction, a load's discs counted, else the notation's name."""
    if action == "load" and value.isdecimal():
        return french_count(int(value), "disque")
    return STEPS_FR.get(value, value)


def colour(name: str) -> str:
    return COLOURS_FR.get(name, name)


def space_en(space: Space) -> str:
    """As the track's drawing names it: ``start 0``, ``finish 23``, ``7`` or ``7 [+]``."""
    if space.role == "start":
        return f"start {space.number}"
    if space.role == "finish":
        return f"finish {space.number}"
    return f"{space.number} [{space.special}]" if space.special else str(space.number)


def space_fr(space: Space) -> str:
    if space.role == "start":
        return "départ"
    if space.role == "finish":
        return f"arrivée ({space.number})"
    return f"case {space.number}" + (f" [{space.special}]" if space.special else "")


def _finished_en(e: Finished) -> str:
    bonus = f" + {e.bonus} bonus for exactly {e.bonus_discs}" if e.bonus_discs is not None else ""
    return f"{e.pawn} reaches the finish with {e.discs} discs{bonus} = {e.points} points; back to the start, its discs to the cup"


def _finished_fr(e: Finished) -> str:
    bonus = f" + {e.bonus} de bonus pour exactement {e.bonus_discs}" if e.bonus_discs is not None else ""
    return (f"{e.pawn} atteint l'arrivée avec {french_count(e.discs, 'disque')}{bonus} = {french_count(e.points, 'point')} ; "
            "retour au départ, ses disques vont dans la coupe")


def _reason_en(reason: Reason) -> str:
    return f"{reason.points} for the Overload of {reason.overload}" if reason.overload else f"{reason.points} for the finish"


def _reason_fr(reason: Reason) -> str:
    return f"{reason.points} pour la surcharge de {reason.overload}" if reason.overload else f"{reason.points} pour l'arrivée"


def _either(choices: list[str] | tuple[str, ...]) -> str:
    return ", ".join(choices)


EN: Catalogue = {
    "acted": lambda e: f"{e.action} {e.value}" + (f" ({CAUSES_EN[e.cause]})" if e.cause else ""),
    "moved": lambda e: f"{e.pawn} {space_en(e.frm)} -> {space_en(e.to)}, {e.discs} discs",
    "discs": lambda e: f"{e.pawn} {e.before} -> {e.after} discs",
    "finished": _finished_en,
    "overloaded": lambda e: f"Overload (surcharge)! {e.pawn} would carry a {e.disc}th disc: back to the start, its discs to the cup",
    "scored": lambda e: f"{e.player} scores {e.points} ({', '.join(map(_reason_en, e.reasons))}; total {e.total})",
    "won": lambda e: f"{e.player} reaches {e.target} points and wins",
    "await-load": lambda e: (f"{e.player}: choose 0-{e.most} discs for {e.pawn} on the start "
                             f"(play load N), then roll (play roll R with the real die, or play roll)."),
    "await-roll": lambda e: f"{e.player}: roll the die (play roll R with the real die, or play roll for the seeded die).",
    "await-move": lambda e: f"{e.player} rolled {e.roll}: move a pawn (play move NAME): {_either(e.pawns)}.",
    "await-step": lambda e: f"{e.player}: {e.pawn} is on a +/- space and must step at once (play step forward|back).",
    "await-settle": lambda e: (f"{e.player}: {e.pawn} on {space_en(e.space)} settles each pawn met, giving or taking "
                               f"{'2 discs (x2 space)' if e.discs == 2 else '1 disc'} (play give NAME / take NAME): {_either(e.options)}."),
    "game-won": lambda e: f"Game over: {e.player} wins with {e.points} points.",
}

FR: Catalogue = {
    "acted": lambda e: ACTIONS_FR[e.action].format(_acted_value_fr(e.action, e.value)) + (f" ({CAUSES_FR[e.cause]})" if e.cause else ""),
    "moved": lambda e: f"{e.pawn} : {space_fr(e.frm)} → {space_fr(e.to)}, {french_count(e.discs, 'disque')}",
    "discs": lambda e: f"{e.pawn} : {e.before} → {french_count(e.after, 'disque')}",
    "finished": _finished_fr,
    "overloaded": lambda e: f"Surcharge ! {e.pawn} porterait un {e.disc}e disque : retour au départ, ses disques vont dans la coupe",
    "scored": lambda e: f"{colour(e.player)} marque {e.points} ({', '.join(map(_reason_fr, e.reasons))} ; total {e.total})",
    "won": lambda e: f"{colour(e.player)} atteint {e.target} points et gagne",
    "await-load": lambda e: f"{colour(e.player)} : choisissez de 0 à {e.most} disques pour {e.pawn} au départ, puis lancez le dé.",
    "await-roll": lambda e: f"{colour(e.player)} : lancez le dé.",
    "await-move": lambda e: f"{colour(e.player)} a fait {e.roll} : déplacez un pion ({_either(e.pawns)}).",
    "await-step": lambda e: f"{colour(e.player)} : {e.pawn} est sur une case +/- et doit avancer ou reculer d'une case tout de suite.",
    "await-settle": lambda e: (f"{colour(e.player)} : {e.pawn} règle chaque pion rencontré, en donnant ou en prenant "
                               f"{'2 disques (case x2)' if e.discs == 2 else '1 disque'}."),
    "game-won": lambda e: f"Partie terminée : {colour(e.player)} gagne avec {e.points} points.",
}
