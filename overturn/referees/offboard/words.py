"""offboard's events in words: ``EN`` for the command line, ``FR`` for the table page, one entry per kind;
``PREVIEW_FR`` says what a move would do before it is confirmed. Holes keep their names (``E5``)."""

from __future__ import annotations

from overturn.referees.offboard.effects import Acted, GameOver, Score, Stepped
from overturn.referees.wording import Catalogue, french_count

COLOURS_FR = {"red": "rouge", "yellow": "jaune"}


def colour(name: str) -> str:
    return COLOURS_FR.get(name, name)


def _stepped_en(e: Stepped) -> str:
    text = "1 marble steps" if e.marbles == 1 else f"line of {e.marbles} moves"
    if e.pushed:
        text = f"line of {e.marbles} pushes {e.pushed} {e.opponent}"
    if e.target is not None and e.bounced:
        text += f"; {e.opponent} marble off toward target {e.target}, already taken: no points, {e.opponent} must place or remove it"
    elif e.target is not None:
        text += f"; {e.opponent} marble off into target {e.target}: +{e.points}"
    return text


def _stepped_fr(e: Stepped) -> str:
    text = "une bille avance" if e.marbles == 1 else f"une ligne de {e.marbles} avance"
    if e.pushed:
        text = f"une ligne de {e.marbles} pousse {french_count(e.pushed, 'bille ' + colour(e.opponent), 'billes ' + colour(e.opponent) + 's')}"
    if e.target is not None and e.bounced:
        text += (f" ; une bille {colour(e.opponent)} sort vers la cible {e.target}, déjà prise : pas de point, "
                 f"{colour(e.opponent)} doit la replacer ou la retirer")
    elif e.target is not None:
        text += f" ; une bille {colour(e.opponent)} sort dans la cible {e.target} : +{e.points}"
    return text


def _stepped_preview(e: Stepped) -> str:
    text = "1 bille avance" if e.marbles == 1 else f"une ligne de {e.marbles} billes avance"
    if e.pushed:
        text = f"une ligne de {e.marbles} billes pousse {e.pushed} bille{'s' if e.pushed > 1 else ''} {colour(e.opponent)}"
    if e.target is not None and e.bounced:
        text += f" ; une bille {colour(e.opponent)} sort vers la cible n°{e.target}, déjà prise : pas de point, elle rebondit"
    elif e.target is not None:
        text += f" ; une bille {colour(e.opponent)} sort dans la cible n°{e.target} : +{e.points}"
    return text


def _acted_fr(e: Acted) -> str:
    if e.form == "place":
        return f"{colour(e.player)} replace sa bille en {e.hole}"
    if e.form == "remove":
        return f"{colour(e.player)} retire sa bille du jeu"
    return f"{colour(e.player)} {e.move}"


def _score_en(score: Score) -> str:
    removed = [f"{side} {count}" for side, count in (("red", score.removed_red), ("yellow", score.removed_yellow)) if count]
    return f"red {score.red}, yellow {score.yellow}" + (f"; removed from the game after a bounce: {', '.join(removed)}" if removed else "")


def _score_fr(score: Score) -> str:
    removed = [f"{colour(side)} {count}" for side, count in (("red", score.removed_red), ("yellow", score.removed_yellow)) if count]
    return f"rouge {score.red}, jaune {score.yellow}" + (f" ; retirées du jeu après un rebond : {', '.join(removed)}" if removed else "")


def why_en(e: GameOver) -> str:
    """Why the game ended, as ``show --json``'s ``win_reason`` says it."""
    if e.why == "points":
        return f"{e.winner} reached {e.points} points (6 win)"
    why = "has no marble left on the board" if e.why == "no-marble" else "has no legal move"
    return f"{e.loser} {why} on its turn, and a player who cannot move loses (a choice: the rule book does not say)"


def _why_fr(e: GameOver) -> str:
    if e.why == "points":
        return f"{colour(e.winner)} atteint {e.points} points"
    return f"{colour(e.loser)} n'a plus de " + ("bille sur le plateau" if e.why == "no-marble" else "coup possible") + " et perd"


EN: Catalogue = {
    "acted": lambda e: f"{e.player} {e.move}",
    "stepped": _stepped_en,
    "placed": lambda e: f"bounced marble back on {e.hole}",
    "removed": lambda e: "bounced marble removed from the game; same player moves again",
    "await-play": lambda e: f"score: {_score_en(e.score)}. {e.player} to play" + (
        ": its pushed-off marble bounced off a taken target; 'place HOLE' (whole turn) or 'remove' (then play, e.g. 'remove E5-E6')."
        if e.in_hand else "."),
    "game-over": lambda e: f"score: {_score_en(e.score)}. Game over: {e.winner} wins: {why_en(e)}.",
}

FR: Catalogue = {
    "acted": _acted_fr,
    "stepped": _stepped_fr,
    "placed": lambda e: f"la bille rebondie revient en {e.hole}",
    "removed": lambda e: "la bille rebondie est retirée du jeu ; le même joueur rejoue",
    "await-play": lambda e: f"Score : {_score_fr(e.score)}. Aux {colour(e.player)}s de jouer" + (
        " : leur bille sortie a rebondi sur une cible prise ; la replacer (tout le tour) ou la retirer du jeu puis jouer."
        if e.in_hand else "."),
    "game-over": lambda e: f"Score : {_score_fr(e.score)}. Partie terminée : {colour(e.winner)} gagne ({_why_fr(e)}).",
}

#: What a move would do, said on its button before it is played (the bounced marble "qui a rebondi").
PREVIEW_FR: Catalogue = {
    "stepped": _stepped_preview,
    "placed": lambda e: f"la bille qui a rebondi revient sur {e.hole}",
    "removed": lambda e: "la bille qui a rebondi quitte la partie ; vous rejouez",
}
