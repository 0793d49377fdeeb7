"""The games' events are worded from one catalogue per language (overturn/wording/<lang>.json) by one small
template format, implemented twice: overturn/referees/templates.py (the table's French) and the page's
js/boards/words/format.js. Both are fed the same cases and must agree; the catalogue words every kind in both
languages; no wording is written in code any more.

Random playouts of the three games at the table collect every move's events with the move list's French lines
(``entry_for``'s ``effects``), every awaited decision with the view's French ``awaiting``, and Insider's event log
with its French; a few events made here reach the branches a short playout may miss (a Bodyguard's time out, a
bounced marble removed, every card at every power, every kind at least once). Node runs the page's formatter on the
same events, as the server sends them (``msgspec.to_builtins``), naming Insider's seats as the server's French does
(*Joueur 1*).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from test_web_modules import NODE, _node, needs_node

from overturn.referees.insider import effects as insider
from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.offboard import effects as offboard
from overturn.referees.overload import effects as overload
from overturn.referees.templates import SharedCatalogue, Wording, WordingError, shared
from overturn.referees.wording import Event, kinds, say
from overturn.table.board_base import MoveEntry
from overturn.table.games import BOARDS, new_board_table

EFFECTS = {"overload": overload, "offboard": offboard, "insider": insider}
SETUPS = [
    ("overload", 3, {}), ("overload", 5, {}), ("overload", 4, {"variant": 2}),
    ("offboard", 2, {"layout": "apart"}), ("offboard", 2, {"layout": "contact"}),
    ("insider", 2, {}), ("insider", 3, {}), ("insider", 4, {"table_dice": True}),
]
#: Words of the server's French (and accents) that the page's English must not keep.
FRENCH = re.compile(
    r"[àâçéèêëîïôûù«»]|\b(joueur|joue|pion|carte|cartes|bille|billes|disques?|tour|gagne|partie|rouge|jaune|bleu|vert|noir|"
    r"blanc|case|départ|arrivée|relance|pioche|prend|une?|les?|la|des?|du|et|ou|au|aux)\b",
    re.IGNORECASE,
)
#: What a wording slip leaves in JavaScript's text.
SLIPS = re.compile(r"undefined|null|NaN|\[object|\{\w*\}")

WORD_IN_NODE = """
import { line, word } from "./js/boards/words/say.js";
import { readFileSync } from "node:fs";
const french = (seat) => `Joueur ${seat + 1}`;  // the server's French names the seats so
const english = (seat) => String(seat + 1);  // as the catalogue's English, which has no seat wording, names them
const vectors = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(vectors.map(({ game, event, listed }) => {
  const say = listed ? line : word;
  return { fr: say(game, "fr", event, french) ?? null, en: say(game, "en", event, english) ?? null };
})));
"""

FORMAT_IN_NODE = """
import { Wording } from "./js/boards/words/format.js";
import { readFileSync } from "node:fs";
const cases = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(cases.map(({ lang, game, wording, scope }) => {
  try {
    return new Wording(lang, game, (seat) => `Joueur ${seat + 1}`).say(wording, scope);
  } catch (error) {
    return { error: error.constructor.name };
  }
})));
"""
#: A game's tables and parts for the format's cases.
GAME = {"tables": {"colour": {"red": "rouge"}}, "parts": {"space": ["case {number}", {"if": "special", "then": " [{special}]"}]}}
#: The format's cases, each with what both implementations must say (or ``WordingError``).
CASES: list[tuple[str, Any, dict[str, Any], str | type[WordingError]]] = [
    *((lang, "{n|count:carte}", {"n": n}, said) for lang, n, said in (
        ("fr", 0, "0 carte"), ("fr", 1, "1 carte"), ("fr", -1, "-1 carte"), ("fr", 2, "2 cartes"), ("fr", "5", "5 cartes"),
        ("en", 0, "0 cartes"), ("en", 1, "1 carte"), ("en", -1, "-1 cartes"), ("fr", "back", "back"))),
    ("fr", "{n|count:case occupée:cases occupées}", {"n": 3}, "3 cases occupées"),
    *((lang, {"count": "who", "one": "gagne", "other": "gagnent"}, {"who": who}, said) for lang, who, said in (
        ("fr", [1], "gagne"), ("fr", [1, 2], "gagnent"), ("fr", [], "gagne"), ("fr", 0, "gagne"), ("en", [], "gagnent"), ("en", 1, "gagne"))),
    ("fr", "{p|table:colour} et {q|table:colour}", {"p": "red", "q": "mauve"}, "rouge et mauve"),
    ("fr", "{s|part:space}, {t|part:space}", {"s": {"number": 4, "special": "x2"}, "t": {"number": 0, "special": ""}}, "case 4 [x2], case 0"),
    ("fr", "{l|part:space|join: / }", {"l": [{"number": 1, "special": None}, {"number": 2, "special": "+"}]}, "case 1 / case 2 [+]"),
    ("fr", "{w|seat|join:, } ; {x|seat} ; {y|seat}", {"w": [0, 2], "x": "3", "y": "c3"}, "Joueur 1, Joueur 3 ; Joueur 4 ; c3"),
    ("fr", "{a|signed} {b|signed} {c|signed}", {"a": 0, "b": 3, "c": -2}, "+0 +3 -2"),
    ("en", " ".join(f"{{n.{i}|ordinal}}" for i in range(7)), {"n": [1, 2, 3, 11, 12, 22, 113]}, "1st 2nd 3rd 11th 12th 22nd 113th"),
    ("fr", "{n|ordinal|either:et} lettres", {"n": [1, "3", 22]}, "1re, 3e et 22e lettres"),
    ("fr", "au tour {a|de}, le lien {b|de}, {c|de}", {"a": "Zoé", "b": "Inès", "c": "Hugo"}, "au tour de Zoé, le lien d'Inès, d'Hugo"),
    ("en", "{a|capital} {b|capital}", {"a": "red", "b": ""}, "Red "),
    ("fr", "{a|either:et} / {b|join:+}", {"a": "Zoé", "b": 4}, "Zoé / 4"),  # a single value: a list of one
    ("fr", "[{a}] [{b}] [{c}] [{d.0}] [{e.1}] [{f}]", {"a": None, "b": True, "c": 7, "d": ["x"], "e": ["x"]}, "[] [true] [7] [x] [] []"),
    *(("fr", {"if": test, "then": "oui", "else": "non"}, {"z": 0, "o": 1, "e": [], "l": ["walk"], "s": "", "n": None}, said) for test, said in (
        ("z", "non"), ("o", "oui"), ("e", "non"), ("l", "oui"), ("s", "non"), ("n", "non"), ("missing", "non"), ("z set", "oui"),
        ("n set", "non"), ("not n set", "oui"), ("o = 1", "oui"), ("z = 1", "non"), ("l has walk", "oui"), ("l has roll", "non"),
        ("not l has roll", "oui"), (["z", "o"], "oui"), (["z", "e"], "non"))),
    ("fr", {"if": "z", "then": "oui"}, {"z": 0}, ""),
    *(("fr", {"switch": "k", "cases": {"a": "A", "2": "deux"}, **extra}, {"k": k}, said) for k, extra, said in (
        ("a", {}, "A"), (2, {}, "deux"), ("b", {}, "b"), ("b", {"else": "autre {k}"}, "autre b"))),
    *(("fr", {"list": [{"if": "a", "then": "marcher"}, {"if": "b", "then": "lancer"}, "piocher"], "either": "ou"}, scope, said) for scope, said in (
        ({"a": 1, "b": 1}, "marcher, lancer ou piocher"), ({"a": 0, "b": 1}, "lancer ou piocher"), ({"a": 0, "b": 0}, "piocher"))),
    ("fr", {"list": ["a", {"if": "n", "then": "b"}, "c"], "join": "+"}, {"n": 0}, "a+c"),
    ("fr", {"each": ["g", "s"], "as": "{index|seat} {g|signed} → {s}", "join": ", "}, {"g": [-4, 3], "s": [-4, 3]}, "Joueur 1 -4 → -4, Joueur 2 +3 → 3"),
    ("fr", {"each": "r", "as": "{r.p} ({k})", "join": "; "}, {"r": [{"p": 1}, {"p": 2}], "k": "x"}, "1 (x); 2 (x)"),
    ("fr", [{"part": "space"}, " !"], {"number": 9, "special": ""}, "case 9 !"),
    ("fr", "{l}", {"l": [1]}, WordingError), ("fr", "{a", {"a": 1}, WordingError), ("fr", "a}", {}, WordingError),
    ("fr", "{a|nope}", {"a": 1}, WordingError), ("fr", {"if": "a b c d"}, {"a": 1}, WordingError), ("fr", 3, {}, WordingError),
    ("fr", {"what": 1}, {}, WordingError), ("fr", "{a.b}", {"a": 3}, WordingError),
]


def _vector(game: str, event: Event, french: str, listed: bool) -> dict[str, Any]:
    """An event as the page receives it, with the server's French of it; ``listed``: a move list line (else a sentence)."""
    return {"game": game, "event": msgspec.to_builtins(event), "french": french, "listed": listed}


def _playout(game: str, players: int, options: dict[str, object], seed: int, steps: int) -> list[dict[str, Any]]:
    """One random game's events, each with the French the server sends for it."""
    table = new_board_table(game, players, seed, options)
    rng = random.Random(seed)
    vectors = [_vector(game, table.rules.awaited(table.game), table.public_view()["awaiting"], False)]
    for _ in range(steps):
        legal, seat = table.legal_moves(), table.seat_to_move()
        if table.is_over() or not legal or seat is None:
            break
        played = table.judge(seat, rng.choice(sorted(legal)))
        if isinstance(played, MoveEntry):
            shown = table.entry_for(played, seat)
            assert len(shown["effects"]) == len(played.events)  # one line per event: the page words each in its place
            vectors += [_vector(game, event, text, True) for event, text in zip(played.events, shown["effects"])]
        vectors.append(_vector(game, table.rules.awaited(table.game), table.public_view()["awaiting"], False))
    words = BOARDS[game].words
    vectors += [_vector(game, event, say(words, event), False) for event in getattr(table.game, "log", [])]
    return vectors


def _made() -> list[dict[str, Any]]:
    """One event of every kind at least (a random playout may miss some), and branches a playout may not reach,
    worded by the server's catalogue."""
    ov, off, ins = overload, offboard, insider
    score = off.Score(2, 5, removed_red=1)
    made: dict[str, list[Event]] = {
        "overload": [
            ov.AwaitStep("red", "red1"),
            ov.AwaitSettle("blue", "blue2", ov.Space(7, "track", "x2"), 2, ("give red1", "take red1")),
            ov.Finished("green1", 3, 9, 2, 3), ov.Overloaded("red2", 7), ov.Overloaded("red2", 11), ov.Overloaded("red2", 22),
            ov.Acted("step", "back", "forced"), ov.Acted("load", "0", "no-load"), ov.GameWon("white", 31),
            ov.AwaitLoad("black", "black1", 8), ov.AwaitRoll("green"), ov.AwaitMove("yellow", 4, ("yellow1", "yellow2")),
            ov.Discs("red1", 2, 0), ov.Moved("blue1", ov.Space(0, "start"), ov.Space(23, "finish"), 1),
            ov.Scored("blue", 7, (ov.Reason(4), ov.Reason(3, "red2")), 19), ov.Won("blue", 30),
        ],
        "offboard": [
            off.Removed("red"), off.Placed("yellow", "E5"), off.Acted("red", "remove", "remove"), off.Acted("yellow", "place E5", "place", "E5"),
            off.Stepped("red", "yellow", 3, 2, 4, 0, True), off.Stepped("red", "yellow", 1, 0),
            off.AwaitPlay("yellow", score, True), off.GameOver("red", "yellow", "points", 6, score),
            off.GameOver("yellow", "red", "no-marble", 3, score), off.GameOver("yellow", "red", "no-move", 3, score),
        ],
        "insider": [
            ins.Acted("move a1 b1"), ins.AwaitVip(0), ins.AwaitSeat(1), ins.Ended(3, (0, 2)), ins.Ended(3, (1,)), ins.GameOver((1,)), ins.PointsLost(1, 2),
            ins.TimedOut(30), ins.BombAlert("5c"), ins.Guarded((0, 2), "heli", 3), ins.Meeting(2), ins.Skipped(1), ins.PlaysAgain(0),
            ins.Evaluated(2, "last-table", "3a", (0, -2, 5), (4, -2, 9)), ins.AwaitSteal(1, None), ins.AwaitDice(1), ins.AwaitDice(2),
            ins.AwaitGuard(2, 0, "scandal", 1), ins.AwaitMeet(1, (0, 2)), ins.AwaitTotalOut(2, 3), ins.Rolled(0, (4, 4), True),
            ins.AwaitChoice(0, ("roll", "draw")), ins.AwaitChoice(1, ("walk", "roll", "draw")),
            ins.AwaitMoving(1, 3, True, True), ins.AwaitEnd(2, False, False, False), ins.AwaitEnd(0, True, True, True),
            ins.AwaitDraw(0), ins.AwaitEvaluation(), ins.Declined(1), ins.Drew(2, 1, 1), ins.EvaluationTurned("2b", (1, 0, 3)),
            ins.Reshuffled(), ins.RolledSeven(0), ins.Stolen(2, 0), ins.SwappedCard(1), ins.TotalOutHit(2, 1), ins.TotalOutMoved("c2", "d2"),
            *(ins.CardPlayed(1, card, power, ("2",) if (card, power) in {("heli", 3), ("scandal", 1), ("scandal", 2)} else ("b2:1", "c3"))
              for card in CARD_TYPES if card != "guard" for power in (1, 2, 3)),
        ],
    }
    return [_vector(game, event, say(BOARDS[game].words, event), False) for game, events in made.items() for event in events]


@pytest.fixture(scope="module")
def worded() -> list[tuple[dict[str, Any], dict[str, str | None]]]:
    """Each event (played or made here, once each) with the page's French and English of it."""
    unique: dict[str, dict[str, Any]] = {}
    for game, players, options in SETUPS:
        for seed in range(2):
            for vector in _playout(game, players, options, seed, 300):
                unique.setdefault(json.dumps(vector, sort_keys=True), vector)
    for vector in _made():
        unique.setdefault(json.dumps(vector, sort_keys=True), vector)
    vectors = list(unique.values())
    return list(zip(vectors, _node(WORD_IN_NODE, vectors)))


@needs_node
def test_the_page_and_the_server_word_every_event_alike(worded: list[tuple[dict[str, Any], dict[str, str | None]]]) -> None:
    """The two formatters on the same catalogue and events: the same French and English; the French is what the
    table sent (its move list lines and awaited decisions), and every kind was compared."""
    catalogues = {(lang, game): SharedCatalogue(lang, game) for lang in ("fr", "en") for game in EFFECTS}
    # the command line's English names Insider's seats P0, P1 (the catalogue's ``seat``); the page and this test by number
    english = {game: Wording("en", shared("en")["events"][game], lambda seat: str(seat + 1)) for game in EFFECTS}
    wrong = []
    for vector, answer in worded:
        event, game = vector["event"], vector["game"]
        indented = vector["listed"] and game == "overload" and event["kind"] != "acted"  # the move list's lines under the action
        for lang in ("fr", "en"):
            python = (english[game].say(shared("en")["events"][game]["kinds"][event["kind"]], json.loads(json.dumps(event))) if lang == "en"
                      else catalogues[lang, game][event["kind"]](event))
            page = answer[lang] or ""
            if (page[2:] if indented else page) != python:
                wrong.append((lang, event, page, python))
        if answer["fr"] != vector["french"]:
            wrong.append(("table", event, answer["fr"], vector["french"]))
    assert not wrong, wrong[:5]
    seen = {(vector["game"], vector["event"]["kind"]) for vector, _ in worded}
    every = {(game, name) for game, module in EFFECTS.items() for name in kinds(*module.EFFECTS, *module.AWAITING)}
    assert seen == every  # every kind compared: the events made here hold one of each


@needs_node
def test_the_page_english_words_every_kind(worded: list[tuple[dict[str, Any], dict[str, str | None]]]) -> None:
    for vector, answer in worded:
        english = answer["en"]
        assert english and english.strip(), vector["event"]
        assert not FRENCH.search(english), (english, vector["event"])
        assert not SLIPS.search(english), (english, vector["event"])
        assert not re.search(r"\bP\d\b", english), english  # seats by name, not the command line's P0
        if vector["listed"] and vector["game"] == "overload":  # the move list indents what Overload's action did, in both languages
            assert english.startswith("  ") == (vector["event"]["kind"] != "acted"), english


def _python_says(lang: str, wording: Any, scope: dict[str, Any]) -> str | dict[str, str]:
    try:
        return Wording(lang, GAME, lambda seat: f"Joueur {seat + 1}").say(wording, scope)
    except WordingError:
        return {"error": "WordingError"}


@needs_node
def test_both_formatters_read_the_format_alike() -> None:
    """Each node, filter, test and plural rule of the format, and its errors, fed to both implementations."""
    cases = [{"lang": lang, "game": GAME, "wording": wording, "scope": scope} for lang, wording, scope, _ in CASES]
    page = _node(FORMAT_IN_NODE, cases)
    for (lang, wording, scope, expected), said in zip(CASES, page):
        wanted = {"error": "WordingError"} if expected is WordingError else expected
        assert _python_says(lang, wording, scope) == wanted, (wording, scope)
        assert said == wanted, (wording, scope)


def test_the_catalogue_words_every_kind_a_referee_emits_in_both_languages() -> None:
    for lang in ("fr", "en"):
        for game, module in EFFECTS.items():
            assert set(shared(lang)["events"][game]["kinds"]) == kinds(*module.EFFECTS, *module.AWAITING), (lang, game)
    assert BOARDS["insider"].words["drew"](insider.Drew(0, 2, 1)) == "Joueur 1 pioche 2 cartes (1 case occupée)"  # the seat as the server names it


def _fragments(wording: Any) -> list[str]:
    """The fixed text of a wording, between its holes."""
    if isinstance(wording, str):
        return re.split(r"\{[^{}]*\}", wording)
    if isinstance(wording, list):
        return [text for part in wording for text in _fragments(part)]
    if isinstance(wording, dict):
        return [text for key, part in wording.items() if key not in ("if", "switch", "count", "each", "part", "args") for text in _fragments(part)]
    return []


def test_no_event_wording_is_written_in_code() -> None:
    """The catalogues' sentences (their longer fixed pieces, the events' and the pages' own) appear in no page script, and the French ones in no
    Python module either: words/<game>.js keep the page's own move list sentences alone, and the Python catalogues
    hold no French (the page reads the catalogues as js/i18n/catalogue-<lang>.js, made from them; the English pieces
    are looked for in the scripts alone, as the Python modules' docstrings describe the events in English)."""
    root = Path(__file__).resolve().parent.parent / "overturn"
    scripts = sorted(path for path in (root / "web").rglob("*.js") if not path.name.startswith("catalogue-"))  # made from them
    modules = sorted(root.rglob("*.py"))
    # the pages' own words are looked for in the scripts alone: the lexicon's Python names French tenses for the CLI too
    for lang, section, sources in (("fr", "events", scripts + modules), ("en", "events", scripts), ("fr", "page", scripts), ("en", "page", scripts)):
        pieces = {text.strip() for text in _fragments(shared(lang)[section]) if len(text.strip()) >= 20}
        assert len(pieces) > 40, lang
        written = {(path.name, piece) for path in sources for piece in pieces if piece in path.read_text(encoding="utf-8")}
        assert not written, sorted(written)[:10]
    script = """
import * as insider from "./js/boards/words/insider.js";
import * as offboard from "./js/boards/words/offboard.js";
import * as overload from "./js/boards/words/overload.js";
console.log(JSON.stringify([insider, offboard, overload].map((module) => Object.keys(module))));
"""
    if NODE is not None:
        assert _node(script) == [["played"]] * 3


@needs_node
def test_a_kind_the_page_does_not_know_is_left_to_the_server() -> None:
    """A newer server's kind: no wording (the page then shows the server's French line), never a broken sentence."""
    script = """
import { line, word } from "./js/boards/words/say.js";
const event = { kind: "new-kind", player: 0 };
console.log(JSON.stringify([word("insider", "en", event, String) ?? null, line("overload", "fr", event, String) ?? null,
  word("offboard", "fr", { kind: "constructor" }, String) ?? null]));
"""
    assert _node(script) == [None, None, None]

