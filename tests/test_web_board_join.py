"""Joining a board game's table and reading it at a phone (issue 32): the French counts and wordings the server sends,
then the page (/boardgame) at 390×844 in headless Chromium.

The wording tests are in-process (the page's French is held equal to the server's by tests/test_board_words.py).
The browser tests create a table with one tap (a double tap makes one table), find the creator seated with the
other seats' invitations as QR codes, read the move list in French newest first and the winner by name.
"""

from __future__ import annotations

import pytest

from overturn.referees.insider import effects as insider_effects
from overturn.referees.insider import words as insider_words
from overturn.referees.offboard import effects as offboard_effects
from overturn.referees.offboard import words as offboard_words
from overturn.referees.overload import effects as overload_effects
from overturn.referees.overload import words as overload_words
from overturn.referees.wording import french_count, french_verb, say


@pytest.mark.parametrize(
    ("count", "expected"),
    [(0, "0 carte"), (1, "1 carte"), (2, "2 cartes"), (-1, "-1 carte"), (-3, "-3 cartes"), (11, "11 cartes")],
)
def test_french_counts_are_singular_for_zero_and_one(count: int, expected: str) -> None:
    assert french_count(count, "carte") == expected


def test_french_counts_take_an_irregular_plural_and_verbs_agree() -> None:
    assert french_count(1, "case occupée", "cases occupées") == "1 case occupée"
    assert french_count(4, "case occupée", "cases occupées") == "4 cases occupées"
    assert [french_verb(n, "gagne", "gagnent") for n in (1, 2, 3)] == ["gagne", "gagnent", "gagnent"]


def test_the_server_french_has_no_plural_in_brackets() -> None:
    """The issue's "pioche 0 carte(s)", and its kin in every game, agree with their count."""
    fr = insider_words.FR
    assert say(fr, insider_effects.Drew(0, 0, 0)) == "Joueur 1 pioche 0 carte (0 case occupée)"
    assert say(fr, insider_effects.Drew(1, 2, 3)) == "Joueur 2 pioche 2 cartes (3 cases occupées)"
    assert say(fr, insider_effects.TotalOutHit(count=1, player=1)) == "1 pion de Joueur 2 sous le Total OUT rentre à la base"
    assert say(fr, insider_effects.TotalOutHit(count=3, player=1)) == "3 pions de Joueur 2 sous le Total OUT rentrent à la base"
    assert say(fr, insider_effects.Ended(1, (0,))) == "Partie terminée après 1 évaluation : Joueur 1 gagne."
    assert say(fr, insider_effects.Ended(3, (0, 2))) == "Partie terminée après 3 évaluations : Joueur 1, Joueur 3 gagnent."
    assert say(fr, insider_effects.PointsLost(1, 1)) == "Joueur 2 ne peut plus avancer : 1 point perdu"
    assert say(overload_words.FR, overload_effects.Acted("load", "1", "")) == "charge 1 disque"
    assert say(overload_words.FR, overload_effects.Acted("load", "5", "")) == "charge 5 disques"
    assert say(overload_words.FR, overload_effects.Acted("step", "back", "forced")) == "recule d'une case (forcé)"
    assert say(overload_words.FR, overload_effects.Finished("red1", 1, 1)).startswith("red1 atteint l'arrivée avec 1 disque = 1 point ;")
    pushed = offboard_effects.Stepped("red", "yellow", 2, 1, None, 0)
    assert say(offboard_words.FR, pushed) == "une ligne de 2 pousse 1 bille jaune"
    every = [say(words.FR, event) for words, event in (
        (insider_words, insider_effects.GameOver((1,))), (insider_words, insider_effects.AwaitMoving(0, 1, False, False)),
        (overload_words, overload_effects.Discs("red1", 2, 1)),
    )]
    assert every == ["partie terminée : Joueur 2 gagne", "Joueur 1 avance : 1 point à jouer (déplacer un pion).", "red1 : 2 → 1 disque"]
    assert not any("(s)" in text or "(nt)" in text for text in every)
