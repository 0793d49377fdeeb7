"""offboard's events in words: ``EN`` for the command line, one entry per kind; ``FR``, the table's, and
``PREVIEW_FR`` (what a move would do, said before it is confirmed) are in the catalogue the page reads too
(overturn/web/i18n/fr.json). Holes keep their names (``E5``)."""

from __future__ import annotations

from overturn.referees.offboard.effects import GameOver, Score, Stepped
from overturn.referees.templates import SharedCatalogue
from overturn.referees.wording import Catalogue


def _stepped_en(e: Stepped) -> str:
    text = "1 marble steps" if e.marbles == 1 else f"line of {e.marbles} moves"
    if e.pushed:
        text = f"line of {e.marbles} pushes {e.pushed} {e.opponent}"
    if e.target is not None and e.bounced:
        text += f"; {e.opponent} marble off toward target {e.target}, already taken: no points, {e.opponent} must place or remove it"
    elif e.target is not None:
        text += f"; {e.opponent} marble off into target {e.target}: +{e.points}"
    return text


def _score_en(score: Score) -> str:
    removed = [f"{side} {count}" for side, count in (("red", score.removed_red), ("yellow", score.removed_yellow)) if count]
    return f"red {score.red}, yellow {score.yellow}" + (f"; removed from the game after a bounce: {', '.join(removed)}" if removed else "")


def why_en(e: GameOver) -> str:
    """Why the game ended, as ``show --json``'s ``win_reason`` says it."""
    if e.why == "points":
        return f"{e.winner} reached {e.points} points (6 win)"
    why = "has no marble left on the board" if e.why == "no-marble" else "has no legal move"
    return f"{e.loser} {why} on its turn, and a player who cannot move loses (a choice: the rule book does not say)"


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

FR = SharedCatalogue("fr", "offboard")
PREVIEW_FR = SharedCatalogue("fr", "offboard", "previews")
