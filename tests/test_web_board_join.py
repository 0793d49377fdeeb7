"""Joining a board game's table and reading it at a phone (issue 32): the French counts and wordings the server sends,
then the page (/boardgame) at 390×844 in headless Chromium.

The wording tests are in-process (the page's French is held equal to the server's by tests/test_board_words.py).
The browser tests create a table with one tap (a double tap makes one table), find the creator seated with the
other seats' invitations as QR codes, read the move list in French newest first and the winner by name.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_web import CHROMIUM, PHONE, base, browser, shoot, web_lexicon  # noqa: F401  (fixtures)
from test_web_modules import _node, needs_node

from overturn.referees.insider import effects as insider_effects
from overturn.referees.insider import words as insider_words
from overturn.referees.offboard import effects as offboard_effects
from overturn.referees.offboard import words as offboard_words
from overturn.referees.offboard.state import computer_move, format_move
from overturn.referees.overload import effects as overload_effects
from overturn.referees.overload import words as overload_words
from overturn.referees.wording import french_count, french_verb, say
from overturn.table.games import new_board_table

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")


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
    assert say(fr, insider_effects.Drew(0, 0, 0)) == "Joueur 1 ne pioche aucune carte (aucun pion sur une case qui en donne)"
    assert say(fr, insider_effects.Drew(1, 2, 3)) == "Joueur 2 pioche 2 cartes (3 cases occupées)"
    assert say(fr, insider_effects.TotalOutHit(count=1, player=1)) == "1 pion de Joueur 2 sous le Total OUT rentre à la base"
    assert say(fr, insider_effects.TotalOutHit(count=3, player=1)) == "3 pions de Joueur 2 sous le Total OUT rentrent à la base"
    assert say(fr, insider_effects.Ended(1, (0,))) == "Partie terminée après 1 évaluation : Joueur 1 gagne."
    assert say(fr, insider_effects.Ended(3, (0, 2))) == "Partie terminée après 3 évaluations : Joueur 1 et Joueur 3 gagnent."
    assert say(fr, insider_effects.PointsLost(1, 1)) == "Joueur 2 ne peut plus avancer : 1 point perdu"
    assert say(overload_words.FR, overload_effects.Acted("load", "1", "")) == "charge 1 disque"
    assert say(overload_words.FR, overload_effects.Acted("load", "5", "")) == "charge 5 disques"
    assert say(overload_words.FR, overload_effects.Acted("step", "back", "forced")) == "recule d'une case (forcé)"
    assert say(overload_words.FR, overload_effects.Finished("red1", 1, 1)).startswith("le pion rouge 1 atteint l'arrivée avec 1 disque = 1 point ;")
    pushed = offboard_effects.Stepped("red", "yellow", 2, 1, None, 0)
    assert say(offboard_words.FR, pushed) == "une ligne de 2 pousse 1 bille jaune"
    every = [say(words.FR, event) for words, event in (
        (insider_words, insider_effects.GameOver((1,))), (insider_words, insider_effects.AwaitMoving(0, 1, False, False)),
        (overload_words, overload_effects.Discs("red1", 2, 1)),
    )]
    assert every == ["partie terminée : Joueur 2 gagne", "Joueur 1 avance : 1 point à jouer (déplacer un pion).", "pion rouge 1 : 2 → 1 disque"]
    assert not any("(s)" in text or "(nt)" in text for text in every)



PAGE_WORDS_IN_NODE = """
import fr from "./js/i18n/fr.js";
import en from "./js/i18n/en.js";
import { word } from "./js/boards/words/say.js";
const acted = (action, value) => ({ kind: "acted", action, value, cause: "" });
console.log(JSON.stringify({
  overload: [acted("move", "red2"), acted("load", "1"), acted("load", "3")].map((e) => [word("overload", "fr", e), word("overload", "en", e)]),
  points: [0, 1, 2].map(fr.points), cards: [0, 1, 3].map(fr.cardCount), pointsEn: [1, 2].map(en.points),
  tables: [fr.evaluationTable(1, "Zoé"), fr.evaluationTable(3, "libre"), en.evaluationTable(1, "Zoé")],
  guard: ["heli", "admin", "scandal", "trend", "guard"].map((card) => fr.guardWait("Paul", `${fr.cardsTo[card]} 2`, "Inès")),
  guardTo: fr.guardWait("Inès", `${fr.cardsTo.scandal} 1`, "Zoé"),
  refused: fr.moveRefused("Coup illisible.", "cannot read 'n'importe'; moves are: A1-A2"),
  refusals: Object.values(fr.refusals).concat([fr.refused]).map((message) => fr.moveRefused(message, "the referee's English")),
  turn: [fr.boardTurnOf("Zoé (rouge)"), fr.yourMove("rouge"), en.boardTurnOf("Zoé (red)")],
}));
"""


@needs_node
def test_the_page_french_agrees_and_elides() -> None:
    """The page's own French: counts agree, « à l'Hélicoptère » and « d'Inès », no English after a refusal."""
    said = _node(PAGE_WORDS_IN_NODE)
    assert said["points"] == ["0 point", "1 point", "2 points"] and said["cards"] == ["aucune carte", "1 carte", "3 cartes"]
    assert said["tables"] == ["1 point : Zoé", "3 points : libre", "1 point: Zoé"]  # never « 1 pts »
    assert said["pointsEn"] == ["1 point", "2 points"]
    assert said["guard"] == [
        "Paul répond à l'Hélicoptère 2 d'Inès", "Paul répond à l'Administrateur 2 d'Inès", "Paul répond au Scandale 2 d'Inès",
        "Paul répond à la Tendance 2 d'Inès", "Paul répond au Garde du corps 2 d'Inès",
    ]
    assert said["guardTo"] == "Inès répond au Scandale 1 de Zoé"
    assert said["refused"] == "Coup illisible."  # the rule's French says it is refused; no English detail after it
    for refusal in said["refusals"]:  # never « Coup refusé : Coup illisible : … »
        assert refusal.count(" : ") <= 1 and "English" not in refusal, refusal
    assert said["overload"] == [["déplace le pion rouge 2", "moves the red pawn 2"], ["charge 1 disque", "loads 1 disc"], ["charge 3 disques", "loads 3 discs"]]
    assert said["turn"] == ["À Zoé (rouge) de jouer", "À vous de jouer (rouge)", "Zoé (red) to move"]


SENTENCES_IN_NODE = """
import { afterSentence, line, sentence } from "./js/boards/words/say.js";
import { readFileSync } from "node:fs";
const names = ["Zoé", "Inès", "Ali", "Léa"];
const entries = JSON.parse(readFileSync(0, "utf8"));
const name = (seat) => names[seat];
// the list's line as panels.js renders it: the sentence, then what the move did that the sentence does not say
const listed = (game, entry) => [sentence(game, "fr", entry, name),
  ...entry.events.map((event, index) => afterSentence(game, entry, index) ? line(game, "fr", event, name).trim() : null).filter((text) => text)].join(" — ");
console.log(JSON.stringify(entries.map(({ game, entry }) => [game, entry.move,
  sentence(game, "fr", entry, name) ?? null, sentence(game, "en", entry, name) ?? null, listed(game, entry)])));
"""
#: English words and identifiers a French move list must not show: the notation's verbs, Overload's pawn codes (red1), a
#: Python list (tables [2, 3, 0, 1]), a count a French reader would not write (0 carte, 1 pts).
NOT_FRENCH = re.compile(
    r"\b(the|and|or|of|to|rolled|draws?|takes?|moves?|wins?|scores?|discs?|card|cards|square|pawn|marble|turn|roll|load|give|walk|step|"
    r"play|end|pass|dice|die|none|true|false)\b|\b(red|blue|yellow|green|black|white)\d\b|\[\d|\b0 (carte|case|disque)\b|\b1 pts\b|undefined|null|NaN",
)


@needs_node
def test_every_move_of_the_list_reads_as_a_sentence() -> None:
    """Random playouts of the three games (table dice too): each move of the list as the page words it, in the past,
    the mover named, never the notation's English verb ("Joué : roll", "move red2")."""
    entries = []
    for game, players, options in [("overload", 3, {}), ("overload", 4, {"variant": 2}), ("offboard", 2, {}), ("insider", 3, {}), ("insider", 4, {"table_dice": True})]:
        table = new_board_table(game, players, 1, options)
        rng = random.Random(1)
        for _ in range(250):
            seat, legal = table.seat_to_move(), table.legal_moves()
            if table.is_over() or seat is None or not legal:
                break
            table.judge(seat, rng.choice(sorted(legal)))
        entries += [{"game": game, "entry": entry} for entry in table.seat_view(table.public_view(), 0)["moves"]]
    said = _node(SENTENCES_IN_NODE, entries)
    names = ["Zoé", "Inès", "Ali", "Léa"]
    verbs = {move.split(" ")[0] for _, move, *_ in said}
    assert {"load", "roll", "move", "walk", "draw", "step", "play", "dice", "end"} <= verbs, verbs  # the games were played
    for (game, move, french, english, listed), item in zip(said, entries):
        who = names[item["entry"]["seat"]]
        assert french is not None and french.startswith((f"{who} a ", f"{who} n'a ")), (game, move, french)
        assert english is not None and english.startswith(f"{who} "), (game, move, english)
        assert not re.search(r"\b(roll|move|load|give|take|walk|draw|play|step|end|pass|dice|die)\b", french), (move, french)
        assert not re.search(r"undefined|null|NaN", french + english), (move, french, english)
        assert not NOT_FRENCH.search(listed), (game, move, listed)
        dice = re.search(r"a lancé les? dés? : ([\d+]+)", listed)
        assert not dice or f"fait {dice.group(1)}" not in listed, listed  # the dice said once: « Zoé a lancé les dés : 3+5 », not « — Zoé fait 3+5 »

# ----- the page ---------------------------------------------------------------------------------------------


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page with no share sheet (the copy path is the one a test can read back), errors collected."""
    context = browser.new_context(**PHONE, permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script("delete Navigator.prototype.share; delete navigator.share;")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


@needs_chromium
def test_one_tap_makes_one_table_and_seats_its_creator(base: str, browser: Any, phone: Any) -> None:
    posted: list[str] = []
    phone.on("request", lambda request: posted.append(request.url) if request.method == "POST" and request.url.endswith("/api/boardgames") else None)
    phone.goto(base + "/boardgame")
    phone.wait_for_selector("#new-form:not([hidden]) .seat-name")
    phone.select_option("#new-game", "overload")
    for index, name in enumerate(["Zoé", "Paul", "Inès"]):
        phone.locator(".seat-name").nth(index).fill(name)
    assert phone.locator("#new-play").is_checked()  # the creator plays by default
    # two submits before the first answer (a double tap, or Enter then a tap): one table
    # (the button read in the same task: once the table is made the page has gone on to it, sometimes before a later read)
    busy = "() => { const form = document.querySelector('#new-form'); form.requestSubmit(); form.requestSubmit(); return document.querySelector('#new-create').disabled; }"
    assert phone.evaluate(busy)
    phone.wait_for_selector("#table[data-version='0']")
    assert len(posted) == 1, posted
    # seat 1 claimed: the phone's own credential kept on the phone, its address saying only '#seated'
    assert phone.url.endswith("#seated") and "seat=" not in phone.url, phone.url
    assert phone.evaluate("Object.values(JSON.parse(localStorage.getItem('overturn-seats')))[0]").startswith("c.")
    # the creator is seated: its turn, its row, its colour; the other seats' invitations wait with their QR codes
    assert phone.locator("#turn").inner_text() == "À vous de jouer (rouge)"
    assert phone.locator("#scores tr.you").inner_text().startswith("Zoé (rouge) (vous)")
    assert phone.locator("#invites").is_visible() and phone.locator("#invites").get_attribute("open") is not None
    assert phone.eval_on_selector_all("#invite-list li[data-seat]", "items => items.map(i => i.dataset.seat)") == ["1", "2"]
    assert phone.locator("#invite-list svg.qr").count() == 3  # two seats and the watch link
    assert phone.locator("#invite-list li[data-seat='1'] .invite-title").inner_text() == "Paul (bleu)"
    shoot(phone, "boardgame-join-creator")
    # no share sheet here: the link is copied, and said so
    phone.click("#invite-list li[data-seat='2'] button.share")
    phone.wait_for_selector("#invite-list li[data-seat='2'] .copied:has-text('Lien copié')")
    link = phone.locator("#invite-list li[data-seat='2'] a.invite-link").get_attribute("href")
    assert phone.evaluate("navigator.clipboard.readText()") == link
    # the invitation opens Inès's seat in one tap, and her phone names whose turn it is, with the colour
    context = browser.new_context(**PHONE)
    try:
        ines = context.new_page()
        ines.goto(link)
        ines.wait_for_selector("#table[data-version='0']")
        assert ines.locator("#turn").inner_text() == "À Zoé (rouge) de jouer"
        assert ines.locator("#scores tr.you").inner_text().startswith("Inès (jaune) (vous)")
        assert ines.locator("#invites").is_hidden()  # only the creator's phone holds the invitations
    finally:
        context.close()
    # the first move folds the invitations away (the board comes up), and the list says it in French
    phone.click("#legal button.move[data-move='load 0']")
    phone.wait_for_selector("#table[data-version='1']")
    assert phone.locator("#invites").is_visible() and phone.locator("#invites").get_attribute("open") is None
    assert phone.locator("#history li .what").first.inner_text() == "Zoé n'a chargé aucun disque"
    # a creator who only hosts: no seat taken, every seat's invitation to hand out
    phone.goto(base + "/boardgame")
    phone.wait_for_selector("#new-form:not([hidden]) .seat-name")
    phone.select_option("#new-game", "offboard")
    phone.uncheck("#new-play")
    phone.click("#new-create")
    phone.wait_for_selector("#table[data-version='0']")
    assert "seat=" not in phone.url and phone.locator("#watcher").is_visible()
    assert phone.eval_on_selector_all("#invite-list li[data-seat]", "items => items.map(i => i.dataset.seat)") == ["0", "1"]
    assert phone.locator("#invite-list li[data-seat='0'] .invite-title").inner_text() == "Rouge"  # the default name is the colour: said once


def _played_to_the_last_move(base: str) -> tuple[dict[str, Any], str, list[str]]:
    """An offboard table played through the API up to its winning move: the table, that move, the moves played."""
    made = httpx.post(f"{base}/api/boardgames", json={"game": "offboard", "seed": 0, "seats": [{"name": "Zoé"}, {"name": "Inès"}]}, timeout=30).json()
    mirror = new_board_table("offboard", 2, 0, {})
    rng = random.Random(2)
    played: list[str] = []
    with httpx.Client(base_url=base, timeout=30) as client:
        while True:
            seat = mirror.seat_to_move()
            assert seat is not None
            move = format_move(computer_move(mirror.game, rng))
            before = len(mirror.moves)
            mirror.judge(seat, move)
            if mirror.is_over():
                return made, move, played
            answer = client.post(f"/api/boardgames/{made['table']['id']}/moves", json={"seat": made["tokens"][seat], "version": before, "move": move})
            assert answer.status_code == 200 and "result" in answer.json(), answer.text
            played.append(move)


@needs_chromium
def test_a_move_shows_it_is_busy_and_the_list_reads_in_french_newest_first(base: str, phone: Any) -> None:
    made, winning, played = _played_to_the_last_move(base)
    names = ["Zoé", "Inès"]
    winner = len(played) % 2  # offboard's seats alternate: the next to move plays the winning move
    phone.goto(base + made["links"]["seats"][winner])
    phone.wait_for_selector(f"#table[data-version='{len(played)}']")
    # the list: every move a French sentence, newest first, in the page's flow (no box of its own to scroll)
    said = phone.eval_on_selector_all("#history li .what", "items => items.map(i => i.textContent)")
    assert len(said) == len(played)
    assert said[0] == f"{names[1 - winner]} a joué {played[-1].replace('-', ' → ')}"
    assert said[-1] == f"Zoé a joué {played[0].replace('-', ' → ')}"
    assert phone.eval_on_selector("#history", "list => getComputedStyle(list).overflowY") == "visible"
    assert phone.locator("#turn").inner_text() == "À vous de jouer (jaune)"
    # a move out: the controls wait (the tapped one marked "…"), and a failed one gives them back with its reason
    held: list[Any] = []
    phone.route("**/api/boardgames/*/moves", lambda route: held.append(route))
    phone.click(f"#legal button.move[data-move='{winning}']")
    phone.click("#preview-confirm")
    phone.wait_for_selector("#sending:not([hidden])")
    assert phone.locator("#legal button.move:not([disabled])").count() == 0
    assert phone.locator(f"#legal button.move[data-move='{winning}']").inner_text().endswith("…")
    assert phone.locator("#typed-move").is_disabled()
    shoot(phone, "boardgame-join-busy")
    held.pop().abort("internetdisconnected")
    phone.wait_for_selector("#error:has-text('Coup non envoyé')")
    assert phone.locator("#sending").is_hidden()
    assert phone.locator(f"#legal button.move[data-move='{winning}']").is_enabled()
    assert not phone.locator(f"#legal button.move[data-move='{winning}']").inner_text().endswith("…")
    # sent again, it is played: the winner named by name, the winning move first in the list
    phone.unroute("**/api/boardgames/*/moves")
    phone.click(f"#legal button.move[data-move='{winning}']")
    phone.click("#preview-confirm")
    phone.wait_for_selector(f"#table[data-version='{len(played) + 1}']")
    assert phone.locator("#over").inner_text() == f"Partie terminée : {names[winner]} gagne !"
    assert phone.locator("#error").is_hidden()  # the earlier "not sent" is gone once the move is played
    assert phone.locator("#history li .what").first.inner_text() == f"{names[winner]} a joué {winning.replace('-', ' → ')}"
    assert phone.locator("#played").inner_text() == f"{names[winner]} a joué {winning.replace('-', ' → ')}"
    shoot(phone, "boardgame-join-over")


@needs_chromium
def test_the_form_offers_a_seed_only_without_the_server_s_chance_and_a_checkbox_is_a_44_px_target(base: str, phone: Any) -> None:
    """The seed is offered where the server takes one (offboard, or the table's own dice), never for the dice and cards
    the server draws itself; a seed refused is worded as a board game's, not as Overturn's deal number. « Je joue
    aussi » keeps its box whole beside its long label, the label a 44×44 target that ticks it. The turn's vibration is
    on by default, one setting with the Overturn page's."""
    phone.goto(base + "/boardgame")
    phone.wait_for_selector("#new-form:not([hidden]) .seat-name")
    for game, dice, offered in (("overload", False, False), ("insider", False, False), ("insider", True, True), ("overload", True, True), ("offboard", False, True)):
        phone.select_option("#new-game", game)
        if game != "offboard":
            phone.set_checked("#new-dice", dice)
        assert phone.locator("#new-seed").is_visible() is offered, (game, dice)
    box = phone.locator("#new-play").bounding_box()
    label = phone.locator("label:has(> #new-play)").bounding_box()
    assert box is not None and label is not None
    assert box["width"] >= 20 and abs(box["width"] - box["height"]) < 1, box  # was 13×22: squeezed by its label
    assert label["width"] >= 44 and label["height"] >= 44, label
    phone.click("label:has(> #new-play) span")
    assert not phone.locator("#new-play").is_checked()
    phone.click("label:has(> #new-play) span")
    assert phone.locator("#new-play").is_checked()
    phone.fill("#new-seed", "99999999999")  # offboard's seeds end at 4 294 967 295
    phone.click("#new-create")
    error = phone.locator("#error")
    error.wait_for(state="visible")
    assert error.inner_text().startswith("Graine refusée : un nombre entier de 0 à 4 294 967 295"), error.inner_text()
    assert "numéro de donne" not in error.inner_text()
    phone.fill("#new-seed", "")
    phone.click("#new-create")
    phone.wait_for_selector("#table[data-version='0']")
    assert phone.locator("#buzz").is_checked()  # on by default, as on the Overturn page
    phone.evaluate("localStorage.setItem('overturn-vibrate', 'off')")  # unticked on the Overturn page: off here too
    phone.reload()
    phone.wait_for_selector("#table[data-version='0']")
    assert not phone.locator("#buzz").is_checked()
