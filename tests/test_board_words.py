"""The board page words the games' events itself (overturn/web/js/boards/words/): its French is the server's, word
for word, and its English words every kind.

Random playouts of the three games at the table collect every move's events with the move list's French lines
(``entry_for``'s ``effects``), every awaited decision with the view's French ``awaiting``, and Insider's event log
with its French; a few events made here reach the branches a short playout may miss (a Bodyguard's time out, a
bounced marble removed, every card at every power, every kind at least once). Node runs the page's catalogues on the same events, as the
server sends them (``msgspec.to_builtins``), naming Insider's seats as the server's French does (*Joueur 1*).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import msgspec
import pytest
from test_web_modules import _node, needs_node

from overturn.referees.insider import effects as insider
from overturn.referees.insider.words import POWERS_FR
from overturn.referees.offboard import effects as offboard
from overturn.referees.overload import effects as overload
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
const english = (seat) => `Seat ${seat + 1}`;
const vectors = JSON.parse(readFileSync(0, "utf8"));
console.log(JSON.stringify(vectors.map(({ game, event, listed }) => {
  const say = listed ? line : word;
  return { fr: say(game, "fr", event, french) ?? null, en: say(game, "en", event, english) ?? null };
})));
"""

KINDS_IN_NODE = """
import * as insider from "./js/boards/words/insider.js";
import * as offboard from "./js/boards/words/offboard.js";
import * as overload from "./js/boards/words/overload.js";
const games = { insider, offboard, overload };
console.log(JSON.stringify(Object.fromEntries(Object.entries(games).map(([name, words]) =>
  [name, { fr: Object.keys(words.fr), en: Object.keys(words.en) }]))));
"""


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
              for card, power in POWERS_FR),
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
def test_the_page_french_is_the_server_french(worded: list[tuple[dict[str, Any], dict[str, str | None]]]) -> None:
    wrong = [(vector["event"], answer["fr"], vector["french"]) for vector, answer in worded if answer["fr"] != vector["french"]]
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


@needs_node
def test_the_page_words_every_declared_kind_in_both_languages() -> None:
    catalogues = _node(KINDS_IN_NODE)
    for game, module in EFFECTS.items():
        every = kinds(*module.EFFECTS, *module.AWAITING)
        assert set(catalogues[game]["fr"]) == every, game
        assert set(catalogues[game]["en"]) == every, game


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

