"""What the three referees say, in French, for the table page.

The referees speak English (their command line is English); the table page
speaks French. The line saying who must do what (``awaiting``) is written here
from the game's state; the lines a move produced (``say``: Overload's moves and
scores, offboard's pushes, Insider's events) are the referees' own sentences,
each shape rewritten by one pattern below. A line no pattern knows is shown as
the referee wrote it; ``tests/test_table_french.py`` plays random games of all
three and holds every line they produce to a French rendering.

Names stay those of the notation the buttons send (pawn ``red1``, hole ``E5``,
square ``c3``); colours and players read as the page's seats do (*rouge*,
*Joueur 1*).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from overturn.referees.insider.state import InsiderState
from overturn.referees.offboard.geometry import Player
from overturn.referees.offboard.state import OffboardState
from overturn.referees.overload.state import Phase

#: The referees' colour names, in French (Overload's players and pawns, offboard's two sides).
COLOURS = {"red": "rouge", "blue": "bleu", "yellow": "jaune", "green": "vert", "black": "noir", "white": "blanc"}
#: Insider's cards, as the page names them.
CARDS = {"admin": "Administrateur", "heli": "Hélicoptère", "scandal": "Scandale", "trend": "Tendance", "guard": "Garde du corps"}
#: Insider's card effects (``insider.state._describe``), by card and power.
CARD_EFFECTS = {
    "swap": "échange {0} et {1}",
    "special VIP": "réarrangement VIP",
    "fly": "vol {0} → {1}",
    "meeting for": "réunion pour {0}",
    "skips a turn": "{0} passe un tour",
    "on one die until the next evaluation": "{0} n'a qu'un dé jusqu'à la prochaine évaluation",
    "bomb alert": "alerte à la bombe",
    "play again": "rejoue",
    "move Total OUT cards": "déplace des cartes Total OUT",
    "media hype": "battage médiatique",
}

_COLOUR = r"(red|blue|yellow|green|black|white)"


def colour(name: str) -> str:
    return COLOURS.get(name, name)


def player(name: str) -> str:
    """Insider's ``P0`` as the page's seat name (``Joueur 1``)."""
    return f"Joueur {int(name[1:]) + 1}" if re.fullmatch(r"P\d", name) else name


def _players(text: str) -> str:
    return re.sub(r"\bP(\d)\b", lambda match: player(match[0]), text)


def _space(text: str) -> str:
    """An Overload space as ``space_name`` writes it: ``start 0``, ``finish 23``, ``7`` or ``7 [+1]``."""
    if text.startswith("start"):
        return "départ"
    if text.startswith("finish"):
        return f"arrivée ({text.split()[1]})"
    return f"case {text}"


def _score_reasons(text: str) -> str:
    parts = []
    for part in text.split(", "):
        if match := re.fullmatch(r"(\d+) for the finish", part):
            parts.append(f"{match[1]} pour l'arrivée")
        elif match := re.fullmatch(r"(\d+) for the Overload of (\w+)", part):
            parts.append(f"{match[1]} pour la surcharge de {match[2]}")
        else:
            parts.append(part)
    return ", ".join(parts)


def _card_play(match: re.Match[str]) -> str:
    who, power, card, effect = player(match[1]), match[2], CARDS.get(match[3], match[3]), match[4]
    for english, french in CARD_EFFECTS.items():
        if effect == english:
            return f"{who} joue {card} {power} : {french}"
        if effect.startswith(english + " ") or effect.endswith(" " + english):
            args = [_players(arg) for arg in re.split(r" and | -> ", effect.removeprefix(english + " ").removesuffix(" " + english))]
            return f"{who} joue {card} {power} : {french.format(*args)}"
    return f"{who} joue {card} {power} : {effect}"


def _evaluation(match: re.Match[str]) -> str:
    reason = {"the last table is taken": "la dernière table est prise", "media hype": "battage médiatique"}.get(match[2], match[2])
    gains = ", ".join(
        f"{player(item[1])} {item[2]} → {item[3]}" for item in re.finditer(r"(P\d) ([+-]\d+) -> (-?\d+)", match[4])
    )
    return f"évaluation {match[1]} ({reason}) de la carte {match[3]} : {gains}"


def _offboard_line(match: re.Match[str]) -> str:
    marbles, pushed = match[1], match[2]
    text = f"une ligne de {marbles} pousse {pushed} bille(s) {COLOURS.get(match[3], match[3])}"
    rest = match[4] or ""
    if found := re.fullmatch(rf"; {_COLOUR} marble off into target (\d+): \+(\d+)", rest):
        text += f" ; une bille {colour(found[1])} sort dans la cible {found[2]} : +{found[3]}"
    elif found := re.fullmatch(rf"; {_COLOUR} marble off toward target (\d+), already taken: no points, {_COLOUR} must place or remove it", rest):
        text += (f" ; une bille {colour(found[1])} sort vers la cible {found[2]}, déjà prise : pas de point, "
                 f"{colour(found[3])} doit la replacer ou la retirer")
    elif rest:
        return match[0]
    return text


Rewrite = Callable[[re.Match[str]], str]
#: Each shape of line the referees write, and its French; the first pattern that matches the whole line wins.
LINES: list[tuple[re.Pattern[str], Rewrite]] = [
    (re.compile(pattern), rewrite)
    for pattern, rewrite in [
        # Overload: the move itself (its notation, as the move list shows it), then what it did
        (r"roll (\d+) \(seeded die\)", lambda m: f"dé : {m[1]} (tiré par le serveur)"),
        (r"roll (\d+)", lambda m: f"dé : {m[1]}"),
        (r"load (\d+)", lambda m: f"charge {m[1]} disque(s)"),
        (r"(move|give|take) (\w+)( \(forced\))?",
         lambda m: {"move": "déplace", "give": "donne à", "take": "prend à"}[m[1]] + f" {m[2]}" + (" (forcé)" if m[3] else "")),
        (r"step (forward|back)( \(forced\))?", lambda m: ("avance" if m[1] == "forward" else "recule") + " d'une case" + (" (forcé)" if m[2] else "")),
        (r"(\w+) reaches the finish with (\d+) discs(?: \+ (\d+) bonus for exactly (\d+))? = (\d+) points; back to the start, its discs to the cup",
         lambda m: f"{m[1]} atteint l'arrivée avec {m[2]} disques" + (f" + {m[3]} de bonus pour exactement {m[4]}" if m[3] else "")
         + f" = {m[5]} points ; retour au départ, ses disques vont dans la coupe"),
        (r"Overload \(surcharge\)! (\w+) would carry a (\d+)th disc: back to the start, its discs to the cup",
         lambda m: f"Surcharge ! {m[1]} porterait un {m[2]}e disque : retour au départ, ses disques vont dans la coupe"),
        (r"(\w+) (start \d+|finish \d+|\d+(?: \[[^\]]+\])?) -> (start \d+|finish \d+|\d+(?: \[[^\]]+\])?), (\d+) discs",
         lambda m: f"{m[1]} : {_space(m[2])} → {_space(m[3])}, {m[4]} disque(s)"),
        (r"(\w+) (\d+) -> (\d+) discs", lambda m: f"{m[1]} : {m[2]} → {m[3]} disque(s)"),
        (rf"{_COLOUR} scores (\d+) \((.*); total (\d+)\)", lambda m: f"{colour(m[1])} marque {m[2]} ({_score_reasons(m[3])} ; total {m[4]})"),
        (rf"{_COLOUR} reaches (\d+) points and wins", lambda m: f"{colour(m[1])} atteint {m[2]} points et gagne"),
        # offboard
        (rf"{_COLOUR} ([A-I]\d)-([A-I]\d)", lambda m: f"{colour(m[1])} {m[2]}-{m[3]}"),
        (rf"{_COLOUR} place ([A-I]\d)", lambda m: f"{colour(m[1])} replace sa bille en {m[2]}"),
        (rf"{_COLOUR} remove", lambda m: f"{colour(m[1])} retire sa bille du jeu"),
        (r"1 marble steps", lambda m: "une bille avance"),
        (r"line of (\d+) moves", lambda m: f"une ligne de {m[1]} avance"),
        (rf"line of (\d+) pushes (\d+) {_COLOUR}(;.*)?", _offboard_line),
        (r"bounced marble back on ([A-I]\d)", lambda m: f"la bille rebondie revient en {m[1]}"),
        (r"bounced marble removed from the game; same player moves again", lambda m: "la bille rebondie est retirée du jeu ; le même joueur rejoue"),
        # Insider
        (r"(P\d) draws (\d+) card\(s\) \((\d+) square\(s\) occupied\)", lambda m: f"{player(m[1])} pioche {m[2]} carte(s) ({m[3]} case(s) occupée(s))"),
        (r"(P\d) discards a card and draws one", lambda m: f"{player(m[1])} défausse une carte et en pioche une"),
        (r"(P\d) plays (\d) (\w+): (.*)", _card_play),
        (r"(P\d) takes no card and may move on", lambda m: f"{player(m[1])} ne prend pas de carte et peut continuer"),
        (r"(P\d) takes a card from (P\d)", lambda m: f"{player(m[1])} prend une carte à {player(m[2])}"),
        (r"(P\d) rolled 7: rolls again", lambda m: f"{player(m[1])} fait 7 : relance"),
        (r"(P\d) rolled ([\d+]+)( \(double\))?", lambda m: f"{player(m[1])} fait {m[2]}" + (" (double)" if m[3] else "")),
        (r"evaluation card (\w+) turned: tables \[([\d, ]*)\]", lambda m: f"carte d'évaluation {m[1]} retournée : tables [{m[2]}]"),
        (r"Bodyguard from ([P\d, ]+): the (\w+) (\d) is cancelled",
         lambda m: f"Garde du corps de {_players(m[1])} : la carte {CARDS.get(m[2], m[2])} {m[3]} est annulée"),
        (r"meeting: every pawn of (P\d) goes back to its base", lambda m: f"réunion : tous les pions de {player(m[1])} rentrent à leur base"),
        (r"bomb alert: every pawn goes home, card (\w+) goes under the pile",
         lambda m: f"alerte à la bombe : tous les pions rentrent, la carte {m[1]} passe sous la pile"),
        (r"(\d+) pawn\(s\) of (P\d) under the Total OUT go back to base",
         lambda m: f"{m[1]} pion(s) de {player(m[2])} sous le Total OUT rentrent à la base"),
        (r"Total OUT moved (\w+) -> (\w+)", lambda m: f"Total OUT déplacé de {m[1]} à {m[2]}"),
        (r"evaluation (\d+) \(([^)]*)\) of card (\w+): (.*)", _evaluation),
        (r"game over: ([P\d, ]+) win\(s\)", lambda m: f"partie terminée : {_players(m[1])} gagne(nt)"),
        (r"the action deck is empty: the discard pile is shuffled into a new deck",
         lambda m: "la pioche est vide : la défausse est mélangée en une nouvelle pioche"),
        (r"(P\d) cannot move further: (\d+) point\(s\) lost", lambda m: f"{player(m[1])} ne peut plus avancer : {m[2]} point(s) perdu(s)"),
        (r"(P\d) plays again \(Trendsetter\)", lambda m: f"{player(m[1])} rejoue (Tendance)"),
        (r"(P\d) skips this turn \(scandal\)", lambda m: f"{player(m[1])} passe ce tour (scandale)"),
    ]
]


def say(line: str) -> str:
    """One line a referee wrote about a move, in French (kept as written when no pattern knows it)."""
    indent = line[: len(line) - len(line.lstrip())]
    text = line.strip()
    for pattern, rewrite in LINES:
        if match := pattern.fullmatch(text):
            return indent + rewrite(match)
    return line


def knows(line: str) -> bool:
    """Whether ``say`` has a French rendering of ``line``."""
    return any(pattern.fullmatch(line.strip()) for pattern, _ in LINES)


# ----- who must do what now ----------------------------------------------------------


def awaiting(kind: str, game: Any) -> str:
    """The line saying who must do what now, in French, from the game's state."""
    if isinstance(game, InsiderState):
        return _insider_awaiting(game)
    if isinstance(game, OffboardState):
        return _offboard_awaiting(game)
    return _overload_awaiting(game.state)


def _overload_awaiting(state: Any) -> str:
    if state.is_terminal():
        winner = state.winner or 0
        return f"Partie terminée : {colour(state.player_name(winner))} gagne avec {state.scores[winner]} points."
    who = colour(state.player_name(state.current))
    if state.phase is Phase.LOAD:
        name = state.pawn_name(state.mover or 0)
        return f"{who} : choisissez de 0 à {state.rules.max_start_discs} disques pour {name} au départ, puis lancez le dé."
    if state.phase is Phase.ROLL:
        return f"{who} : lancez le dé."
    if state.phase is Phase.MOVE:
        names = ", ".join(state.pawn_name(action.value) for action in state.legal_actions())
        return f"{who} a fait {state.roll} : déplacez un pion ({names})."
    mover = state.pawn_name(state.mover or 0)
    if state.phase is Phase.STEP:
        return f"{who} : {mover} est sur une case +/- et doit avancer ou reculer d'une case tout de suite."
    count = "2 disques (case x2)" if state.multiplier == 2 else "1 disque"
    return f"{who} : {mover} règle chaque pion rencontré, en donnant ou en prenant {count}."


def _offboard_awaiting(state: OffboardState) -> str:
    scores = f"rouge {state.score(Player.RED)}, jaune {state.score(Player.YELLOW)}"
    removed = [f"{colour(side.label)} {state.removed(side)}" for side in Player if state.removed(side)]
    if removed:
        scores += f" ; retirées du jeu après un rebond : {', '.join(removed)}"
    winner = state.winner()
    if winner is not None:
        loser = state.to_move
        if state.score(winner) >= 6:
            why = f"{colour(winner.label)} atteint {state.score(winner)} points"
        elif not state.marbles(loser):
            why = f"{colour(loser.label)} n'a plus de bille sur le plateau et perd"
        else:
            why = f"{colour(loser.label)} n'a plus de coup possible et perd"
        return f"Score : {scores}. Partie terminée : {colour(winner.label)} gagne ({why})."
    side = colour(state.to_move.label)
    if state.in_hand() is not None:
        return (f"Score : {scores}. Aux {side}s de jouer : leur bille sortie a rebondi sur une cible prise ; "
                "la replacer (tout le tour) ou la retirer du jeu puis jouer.")
    return f"Score : {scores}. Aux {side}s de jouer."


def _insider_awaiting(state: InsiderState) -> str:
    if state.game_over:
        winners = ", ".join(player(f"P{p}") for p in state.winners())
        return f"Partie terminée après {state.evaluations_done} évaluation(s) : {winners} gagne(nt)."
    who = player(f"P{state.current}")
    if state.pending:
        node = state.pending[-1]
        kind = node["kind"]
        if kind == "guard":
            play = node["play"]
            victim, attacker, card = player(f"P{node['responders'][0]}"), player(f"P{play['player']}"), CARDS.get(play["card"], play["card"])
            return f"{victim} : répondez à la carte {card} {play['power']} de {attacker} par un Garde du corps, ou passez."
        met = ", ".join(player(f"P{victim}") for victim in node.get("victims", []))
        drawer = player(f"P{node.get('player')}")
        questions = {
            "meet": f"{who} : votre pion rencontre {met} : prenez une carte à chacun (le pion s'arrête) ou refusez (il peut continuer).",
            "draw": f"Hasard : la carte piochée par {drawer}.",
            "steal": f"Hasard : la carte que {who} prend.",
            "dice": "Hasard : le lancer du dé." if node.get("dice") == 1 else "Hasard : le lancer des dés.",
            "eval": "Hasard : la carte d'évaluation retournée.",
            "seat": f"{who} : choisissez une table libre.",
            "vip": f"{who} : réarrangez les tables, puis « Terminé ».",
            "totalout": f"{who} : déplacez jusqu'à {node.get('left')} Total OUT, puis « Terminé ».",
        }
        return questions[kind]
    turn = state.turn
    legal = state.legal_actions()
    if turn.phase == "choose":
        choices = [{"walk": "marcher", "roll": "lancer", "draw": "piocher"}[action] for action in ("walk", "roll", "draw") if action in legal]
        rumours = "" if "walk" in legal else " (rumeurs : un seul dé, pas de marche)"
        return f"Au tour de {who} : {_either(choices)}{rumours}."
    options = ["jouer des cartes"] if state.may_play_cards() else []
    if any(action.startswith("totalout ") for action in legal):
        options.append("déplacer un Total OUT (double)")
    if turn.phase == "move":
        return f"{who} avance : {turn.points} point(s) à jouer ({_either(['déplacer un pion', *options])})."
    if any(action.startswith("swap ") for action in legal):
        options.append("échanger une carte")
    return f"{who} : {_either([*options, 'finir le tour'])}."


def _either(choices: list[str]) -> str:
    """``a, b ou c``."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " ou " + choices[-1]
