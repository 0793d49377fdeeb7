"""No English in the French a player reads (issue 40): the page's French (js/i18n/fr.js, every text and every
wording function called on sample arguments) and the catalogue the server and the page share (overturn/wording/fr.json, its
fixed text between the holes) hold no English word nor code: no pawn code (red1), no Python list (tables [2, 3]),
no notation verb (roll, walk), no count a French reader would not write (pioche 0 carte, 1 pts, pion(s)).

The move lists themselves, as the server and the page render them over random games, are scanned the same way by
tests/test_table_french.py (the server's lines) and tests/test_web_board_join.py (the page's sentences and lines).
"""

from __future__ import annotations

import re

from test_board_words import _fragments
from test_web_modules import _node, needs_node

from overturn.referees.templates import shared

#: English words and identifiers no French sentence holds (the games' names and INSIDER, Total OUT, VIP are names).
ENGLISH = re.compile(
    r"\b(the|and|of|to|is|with|your|you|moves?|cards?|turn|pawns?|marbles?|discs?|dice|die|roll(ed)?|draws?|walk|steps?|"
    r"players?|seats?|wins?|pass|game|seed|none|true|false|squares?|space|forward|finish|start|hand|left|"
    r"right|points? lost|taken|chance)\b"
    r"|\b(red|blue|yellow|green|black|white)\d\b|\[\d|\bpioche 0\b|\b1 pts\b|\(s\)",
)

FR_JS_IN_NODE = """
import fr from "./js/i18n/fr.js";
// every text of the page's French: its strings, and its functions called on a few kinds of arguments
const samples = [[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 3, 4, 5, 6], ["Zoé", "Ali", "Inès", "Paul", "Léa"]];
const review = { moves: 2, passes: 1, swing: 3, best_swing: 5, best_moves: 1, longest_played: "MAISON" };
const texts = [];
const walk = (value, key) => {
  if (typeof value === "string") texts.push([key, value]);
  else if (typeof value === "function") {
    for (const args of [...samples, ["Zoé", review], [1, "Zoé", "MAISON", "SAC", 2]]) {
      try { const said = value(...args); if (typeof said === "string") texts.push([key, said]); } catch (error) { /* not these arguments */ }
    }
  } else if (value && typeof value === "object") for (const [name, inner] of Object.entries(value)) walk(inner, `${key}.${name}`);
};
walk(fr, "fr");
console.log(JSON.stringify(texts));
"""


def test_the_shared_french_catalogue_has_no_english() -> None:
    pieces = [text for text in _fragments(shared("fr")) if text.strip()]
    assert len(pieces) > 100
    english = sorted({text for text in pieces if ENGLISH.search(text) and not re.fullmatch(r"Score : ", text)})
    assert not english, english


@needs_node
def test_the_page_french_has_no_english() -> None:
    texts = _node(FR_JS_IN_NODE)
    assert len(texts) > 400
    english = sorted({(key, text) for key, text in texts if ENGLISH.search(text) and "[object" not in text})
    assert not english, english[:30]


WINNERS_IN_NODE = """
import fr from "./js/i18n/fr.js";
console.log(JSON.stringify([fr.winners(["Zoé"], 1), fr.winners(["Zoé", "Ali", "Inès"], 3), fr.overloadInfo(1, 30, 0)]));
"""


@needs_node
def test_winners_and_counts_read_as_french() -> None:
    assert _node(WINNERS_IN_NODE) == [
        "Partie terminée : Zoé gagne !", "Partie terminée : Zoé, Ali et Inès gagnent !", "Réserve : 1 disque · objectif 30 points",
    ]


PROBLEM_IN_NODE = """
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
const { ApiProblem } = await import("./js/api.js");
const { messageOf, problemOf } = await import("./js/problems.js");
const refused = (field) => messageOf(problemOf(new ApiProblem(422, { error: "x", detail: { field } })));
console.log(JSON.stringify([refused("seats[1].name"), refused("seats[0].name"), refused("seed")]));
"""


@needs_node
def test_a_seat_name_refused_is_worded_with_its_seat() -> None:
    """Issue 40's names refused (bidi controls, line separators): the page says which name and why, in French (it
    said « Requête refusée (HTTP 422). »)."""
    second, first, seed = _node(PROBLEM_IN_NODE)
    assert second.startswith("Nom du joueur 2 refusé : 40 caractères au plus") and "inversion du sens d'écriture" in second
    assert first.startswith("Nom du joueur 1 refusé")
    assert seed == "Le numéro de donne est un entier de 0 à 4 294 967 295."  # Overturn's own deal number, as before
