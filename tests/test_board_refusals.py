"""A refused move's words live in one catalogue per language (overturn/wording/<lang>.json) that the server words
its refusals from and the page imports (issue 30: the server sends codes, the page words them): every code a
referee or the table can send has a French and an English wording there, and no table module writes one itself.

The codes are found where they are raised: every string a referee's or the table's code passes as a rule to
``IllegalAction`` or ``refusal`` or returns as a ``(rule, message)`` pair, and every code a random playout's refused moves carry.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from overturn.referees.templates import CATALOGUES, shared
from overturn.table.board_base import MoveEntry
from overturn.table.games import BOARDS, new_board_table

ROOT = Path(__file__).resolve().parent.parent / "overturn"
ACCENTS = re.compile(r"[àâäçéèêëîïôöûùüÿœæ«»]", re.IGNORECASE)


def _raised_codes() -> set[str]:
    """The rule codes written in the referees' and the table's code: a string literal that is the first argument of
    ``IllegalAction(...)`` or ``refusal(...)``, or the first item of a returned ``(rule, message)`` pair (which the
    referees' diagnoses hand to ``IllegalAction``)."""
    codes: set[str] = set()
    for path in [*(ROOT / "referees").rglob("*.py"), *(ROOT / "table").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                first = node.args[0]
                if name in ("IllegalAction", "refusal") and isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
            elif isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) == 2:
                rule, message = node.value.elts
                if isinstance(rule, ast.Constant) and isinstance(rule.value, str) and isinstance(message, (ast.Constant, ast.JoinedStr)):
                    codes.add(rule.value)
    return codes


def _refused_in_play() -> set[str]:
    """The codes of moves refused in random playouts of every game (a wrong move tried before each legal one)."""
    codes: set[str] = set()
    wrong = ["", "zzz", "roll 99", "load 42", "move nobody", "take red1", "E5-E6", "place A1", "remove", "walk", "draw",
             "die 3", "dice 3 4", "guard 3", "seat 9", "vip a b", "totalout a1 b2", "play heli 3 2", "end", "pass", "done"]
    for game, players in (("overload", 3), ("offboard", 2), ("insider", 3)):
        for seed in range(2):
            table, rng = new_board_table(game, players, seed, {}), random.Random(seed)
            for _ in range(200):
                seat = table.seat_to_move()
                if table.is_over() or seat is None:
                    break
                judged = table.judge(seat, rng.choice(wrong))
                if not isinstance(judged, MoveEntry):  # (a "wrong" move the game happens to take is simply played)
                    codes.add(judged.rule)
                    legal = sorted(table.legal_moves())
                    if not legal:
                        break
                    assert isinstance(table.judge(seat, rng.choice(legal)), MoveEntry)
    return codes


def test_every_refusal_a_table_can_send_has_a_french_and_an_english_wording() -> None:
    french, english = shared("fr")["refusals"], shared("en")["refusals"]
    raised, refused = _raised_codes(), _refused_in_play()
    assert len(raised) >= 30 and len(refused) >= 10  # the finders found codes in every game
    assert raised | refused <= french.keys(), sorted((raised | refused) - french.keys())
    assert french.keys() == english.keys()
    for rule, words in english.items():
        assert words.strip() and french[rule].strip(), rule
        assert not ACCENTS.search(words), (rule, words)
        assert words != french[rule], rule


def test_a_table_words_its_refusals_from_the_catalogue() -> None:
    """The table's French for a refusal is the catalogue's, in every game; a code the catalogue lacks still reads."""
    french = shared("fr")
    for rules in BOARDS.values():
        for rule, words in french["refusals"].items():
            assert rules.refusal(rule, "detail").message == words
        assert rules.refusal("a-newer-code", "detail").message == french["refused"]


def test_no_table_module_writes_a_refusal_itself() -> None:
    """The catalogue's sentences are written nowhere else, in the Python or the page's scripts: not one French
    sentence, and no run of English ones (a short English sentence may be another table's too: "The game is over.")."""
    french, english = (list(shared(lang)["refusals"].values()) for lang in ("fr", "en"))
    scripts = [path for path in (ROOT / "web").rglob("*.js") if not path.name.startswith("catalogue-")]  # made from it
    sources = [*ROOT.rglob("*.py"), *scripts]
    assert len(sources) > 50
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert not [words for words in french if words in text], path
        assert len([words for words in english if words in text]) <= 2, path
    assert sorted(path.name for path in CATALOGUES.iterdir()) == ["en.json", "fr.json"]
