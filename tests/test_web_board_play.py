"""Playing on the board games' boards at phone size (390×844, headless Chromium), one seat's page each.

offboard: a marble tapped then its destination hole, the preview's outlines in view beside the confirm box, the
holes 44 px round buttons named in French; Overload: a pawn tapped then the action the rules offer, the player awaited
named; Insider: a pawn tapped then its destination, confirmed (and a Total OUT card after doubles), and the Bodyguard
answers under its countdown, with a vibration, the board's places named. The moves before the
position a test needs are played through the API, chosen by a policy on a ``BoardTable`` mirror, so what the page
must offer is the referee's, not hard-coded.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from test_boardgames_api import INSIDER_SEED, insider_policy
from test_web import CHROMIUM, PHONE, base, browser, shoot, web_lexicon  # noqa: F401  (fixtures)
from test_web_axe import COLOUR_OPTIONS, OPTIONS, _violations

from overturn.table.board_seating import BoardTable
from overturn.table.games import new_board_table

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

NAMES = ["Zoé", "Paul", "Inès"]


class Seat:
    """A table made through the API, moves played on it through the API, and one seat's page opened on a phone."""

    def __init__(self, browser: Any, base: str, game: str, seats: int, seed: int, options: dict[str, Any]) -> None:
        self.base = base
        made = httpx.post(
            f"{base}/api/boardgames",
            json={"game": game, "seed": seed, "options": options, "seats": [{"name": name} for name in NAMES[:seats]]},
            timeout=30,
        )
        assert made.status_code == 201, made.text
        self.data = made.json()
        self.mirror: BoardTable = new_board_table(game, seats, seed, options)
        self.context = browser.new_context(**PHONE)
        self.errors: list[str] = []

    def play(self, move: str) -> None:
        seat = self.mirror.seat_to_move()
        assert seat is not None
        answer = httpx.post(
            f"{self.base}/api/boardgames/{self.data['table']['id']}/moves",
            json={"seat": self.data["tokens"][seat], "version": len(self.mirror.moves), "move": move},
            timeout=30,
        )
        assert answer.status_code == 200 and answer.json()["error"] is None, answer.text
        assert not hasattr(self.mirror.judge(seat, move), "rule")

    def open(self, seat: int, script: str = "") -> Any:
        page = self.context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        if script:
            page.add_init_script(script)
        page.goto(self.base + self.data["links"]["seats"][seat])
        page.wait_for_selector(f"#table[data-version='{len(self.mirror.moves)}']")
        return page


@pytest.fixture
def seats(browser: Any, base: str) -> Iterator[Any]:
    made: list[Seat] = []

    def make(game: str, count: int, seed: int, options: dict[str, Any] | None = None) -> Seat:
        made.append(Seat(browser, base, game, count, seed, options or {}))
        return made[-1]

    yield make
    for seat in made:
        seat.context.close()
        assert not seat.errors, f"JavaScript errors on the page: {seat.errors}"


def _in_view(box: dict[str, float]) -> bool:
    return (
        box["y"] >= 0
        and box["y"] + box["height"] <= PHONE["viewport"]["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= PHONE["viewport"]["width"]
    )


def _colours_once(page: Any, colours: list[str], you: int, french: list[str]) -> None:
    """Each seat's colour is shown once, as Overload's are: the score list's swatch and name, no legend by the board."""
    assert page.locator(".legend").count() == 0
    assert page.locator("#scores th").all_inner_texts() == [
        f"{name} ({word})" + (" (vous)" if index == you else "") for index, (name, word) in enumerate(zip(NAMES, french))
    ]
    assert page.locator("#scores th .swatch").evaluate_all("els => els.map(e => e.className)") == [f"swatch swatch-{each}" for each in colours]


def _marked_boxes(page: Any) -> list[dict[str, float]]:
    return [page.locator(".hole.moving, .hole.pushed").nth(i).bounding_box() for i in range(page.locator(".hole.moving, .hole.pushed").count())]


def test_offboard_marble_then_hole_tapped_with_the_preview_in_view(seats: Any) -> None:
    table = seats("offboard", 2, 0)
    page = table.open(0)
    # the player awaited by name, as the turn line says it (was « Aux rouges de jouer »)
    assert page.locator("#awaiting").inner_text() == "Score : rouge 0, jaune 0. À Zoé (rouge) de jouer."
    holes = page.locator(".hole")
    assert holes.count() == 61
    # each hole shows its notation name and is a round target of at least 44×44 CSS px, all on a 390 px screen
    assert page.locator(".hole[data-hole='C6']").inner_text() == "C6"
    sizes = page.eval_on_selector_all(
        ".hole", "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height, r.left, r.right]; })"
    )
    assert all(w >= 44 and h >= 44 and left >= 0 and right <= 390 for w, h, left, right in sizes), sizes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the targets' badges stand clear of the screen's edges (rows A and I's touched them)
    badges = page.eval_on_selector_all(".target", "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })")
    assert badges and all(left >= 3 and right <= 387 for left, right in badges), badges
    # neighbours touch but do not overlap: a tap at a hole's centre and near its rim lands on that hole
    landed = page.eval_on_selector_all(
        ".hole",
        """els => els.every(e => { const r = e.getBoundingClientRect();
        return [[0.5, 0.5], [0.5, 0.08], [0.08, 0.5], [0.92, 0.5], [0.5, 0.92]].every(([x, y]) =>
            document.elementFromPoint(r.left + x * r.width, r.top + y * r.height) === e); })""",
    )
    assert landed
    # a screen reader gets rows of buttons named in French
    assert page.get_by_role("group", name="Rangée C").get_by_role("button").count() == 7
    assert page.get_by_role("button", name="Bille rouge en C6", exact=True).count() == 1
    assert page.get_by_role("button", name="Bille jaune en G4", exact=True).count() == 1
    assert page.get_by_role("button", name="Trou libre E5", exact=True).count() == 1
    # an opponent's marble is explained, not taken
    page.click(".hole[data-hole='G4']")
    assert page.locator(".board-hint").inner_text() == "Cette bille n'est pas à vous."
    legal = table.mirror.legal_moves()
    destinations = sorted(move.split("-")[1] for move in legal if move.startswith("C6-"))
    page.click(".hole[data-hole='C6']")
    assert page.locator(".hole[data-hole='C6']").get_attribute("aria-pressed") == "true"
    shown = page.eval_on_selector_all(".hole.destination", "els => els.map(e => e.dataset.hole)")
    assert sorted(shown) == destinations and destinations
    assert (
        page.get_by_role("button", name=f"Trou libre {destinations[0]}, destination possible").count() == 1
        or page.get_by_role("button", name=f"Bille rouge en {destinations[0]}, destination possible").count() == 1
    )
    # a hole that is no destination is explained
    page.click(".hole[data-hole='E5']")
    assert "n'est pas une destination de C6" in page.locator(".board-hint").inner_text()
    # the move list's way, from the bottom of the page: the board comes back into view above the confirm box
    other = next(move for move in legal if not move.startswith("C6-"))
    page.locator(f"#legal button.move[data-move='{other}']").click()
    confirm = page.locator("#preview-confirm").bounding_box()
    marks = _marked_boxes(page)
    assert (
        marks
        and _in_view(confirm)
        and all(_in_view(box) and box["y"] + box["height"] <= page.locator("#preview").bounding_box()["y"] for box in marks)
    ), (marks, confirm)
    page.click("#preview-cancel")
    # with the keyboard: Space on a destination of the marble still chosen previews it, Enter on the marble lets it go
    move = f"C6-{destinations[0]}"
    page.focus(f".hole[data-hole='{destinations[0]}']")
    page.keyboard.press("Space")
    assert page.locator("#preview-text").inner_text().startswith(f"{move} : ")
    page.click("#preview-cancel")
    page.focus(".hole[data-hole='C6']")
    page.keyboard.press("Enter")
    assert page.locator(".hole.chosen").count() == 0
    page.click(".hole[data-hole='C6']")
    page.click(f".hole[data-hole='{destinations[0]}']")
    assert page.eval_on_selector_all(".hole.going", "els => els.map(e => e.dataset.hole)") == [destinations[0]]
    marks = _marked_boxes(page)
    assert _in_view(page.locator("#preview-confirm").bounding_box()) and marks and all(_in_view(box) for box in marks)
    shoot(page, "boardgame-offboard-tapped")
    page.click("#preview-confirm")
    page.wait_for_selector("#table[data-version='1']")
    assert not hasattr(table.mirror.judge(0, move), "rule")
    red = sorted(page.eval_on_selector_all(".hole.marble-red", "els => els.map(e => e.dataset.hole)"))
    assert red == sorted(table.mirror.public_view()["board"]["board"]["red"])
    # each seat's colour once: beside its name in the score list, no legend over the board
    _colours_once(page, ["red", "yellow"], 0, ["rouge", "jaune"])
    page.click("#lang")  # and in English
    assert page.locator("#scores th").all_inner_texts() == ["Zoé (red) (you)", "Paul (yellow)"]
    assert page.get_by_role("button", name=f"Red marble on {destinations[0]}", exact=True).count() == 1


def test_overload_pawn_tapped_then_moved(seats: Any) -> None:
    table = seats("overload", 3, 2)
    rng = random.Random(2)
    while not any(move.startswith("move ") for move in table.mirror.legal_moves()):
        table.play(rng.choice(table.mirror.legal_moves()))
    seat = table.mirror.seat_to_move()
    page = table.open(seat)
    moves = [move for move in table.mirror.legal_moves() if move.startswith("move ")]
    pawn = moves[-1].split()[1]
    chip = page.locator(f".track button.pawn[data-pawn='{pawn}']")
    chip.wait_for(state="visible")  # under load the board may not be drawn yet: bounding_box() answers None then
    box = chip.bounding_box()
    assert box is not None
    assert box["width"] >= 44 and box["height"] >= 44
    view = table.mirror.public_view()["board"]["pawns"][pawn]
    where = f"case {view['space']}" if view["space"] else "départ"
    colour = {"red": "rouge", "blue": "bleu", "yellow": "jaune"}[pawn.rstrip("0123456789")]
    number = pawn[len(pawn.rstrip("0123456789")):]
    name = f"Pion {colour} {number} · {view['discs']} disque{'s' if view['discs'] > 1 else ''}, {where}"  # the chip's text "rouge 1 · 4" within it
    assert chip.inner_text() == f"{colour} {number} · {view['discs']}"  # named as the move list names it (« pion rouge 1 »), never red1
    assert chip.get_attribute("aria-label") == name and page.get_by_role("button", name=name).count() == 1
    assert page.locator(".track button.pawn:enabled").count() == len(moves)  # only the pawns the rules let move
    buttons = page.locator("#legal button.move").all_inner_texts()
    assert buttons and not any(re.search(r"\b(red|blue|yellow)\d\b", text) for text in buttons), buttons  # « pion rouge 1 », never red1
    chip.click()
    action = page.locator(f".board-actions button[data-move='{moves[-1]}']")
    board = table.mirror.public_view()["board"]
    roll, finish = board["turn_progress"]["roll"], board["track"]["finish"]
    target = min(view["space"] + roll, finish)
    assert action.inner_text() == f"Avancer de {roll} → " + (f"arrivée {finish}" if target == finish else f"case {target}")
    assert page.eval_on_selector_all(".track li.destination", "els => els.map(e => e.dataset.number)") == [str(target)]
    assert _in_view(action.bounding_box())
    shoot(page, "boardgame-overload-pawn-tapped")
    action.click()
    page.wait_for_selector(f"#table[data-version='{len(table.mirror.moves) + 1}']")
    table.mirror.judge(seat, moves[-1])
    space = table.mirror.public_view()["board"]["pawns"][pawn]["space"]
    assert space == target or target == finish  # the page said where the move would take it (a finished pawn goes home)
    assert page.locator(f".track li:nth-child({finish - space + 1}) .pawn[data-pawn='{pawn}']").count() == 1
    assert page.locator(".board-actions").is_hidden()


def test_overload_names_the_player_awaited_and_shows_each_colour_once(seats: Any) -> None:
    table = seats("overload", 3, 2)
    while table.mirror.public_view()["awaited"]["player"] == "red":  # another seat than the first is awaited
        table.play(table.mirror.legal_moves()[-1])
    view = table.mirror.public_view()
    colours = view["board"]["seat_names"]
    french = {"red": "rouge", "blue": "bleu", "yellow": "jaune"}
    colour = view["awaited"]["player"]
    seat = colours.index(colour)
    page = table.open(seat)
    # the server's line names the colour; the page names the player, the colour in brackets
    assert view["awaiting"].startswith(f"{french[colour]} ")
    assert page.locator("#awaiting").inner_text() == view["awaiting"].replace(french[colour], f"{NAMES[seat]} ({french[colour]})", 1)
    # each seat's colour once: the score list's swatches, no legend over the track
    assert page.locator(".legend").count() == 0
    assert page.locator("#scores th").all_inner_texts() == [
        f"{name} ({french[each]})" + (" (vous)" if index == seat else "") for index, (name, each) in enumerate(zip(NAMES, colours))
    ]
    assert page.locator("#scores th .swatch").evaluate_all("els => els.map(e => e.className)") == [f"swatch swatch-{each}" for each in colours]
    page.click("#lang")
    assert page.locator("#awaiting").inner_text().startswith(f"{NAMES[seat]} ({colour}): ")


def test_insider_bodyguard_answers_under_the_countdown_and_the_board_as_a_list(seats: Any) -> None:
    table = seats("insider", 3, INSIDER_SEED, {"guard_seconds": 120})
    rng = random.Random(INSIDER_SEED)
    while not table.mirror.rules.waits_on_clock(table.mirror.game):
        table.play(insider_policy(table.mirror.game, rng))
    victim = table.mirror.seat_to_move()
    page = table.open(victim, "window.buzzed = []; navigator.vibrate = (pattern) => { window.buzzed.push(pattern); return true; };")
    assert "garde du corps ?" in page.locator("#guard").inner_text()
    # the countdown is shown beside the question but not read out every second by the live status
    # the server's deadline counted down: 120 s when the page opens within the first second, less later
    assert re.fullmatch(r" \((1[01][0-9]|120) s\)", page.locator("#guard span[aria-hidden='true']").inner_text())
    answers = page.locator("#guard-answers button")
    assert sorted(answers.evaluate_all("els => els.map(e => e.dataset.move)")) == sorted(table.mirror.legal_moves())
    assert _in_view(page.locator("#guard").bounding_box()) and all(_in_view(answers.nth(i).bounding_box()) for i in range(answers.count()))
    assert page.evaluate("window.buzzed.length") == 1
    shoot(page, "boardgame-insider-guard-answers")
    # the board read as its places: each square says who stands there (no move on the board while the question waits,
    # no Tab stop on it, but a tap is answered: it used to do nothing at all)
    board = page.get_by_role("group", name=re.compile(r"^Plateau Insider : cases a1 à e5"))
    assert board.get_by_role("button").count() >= 25 and page.locator(".insider-board > button[tabindex='0']").count() == 0
    square = next(square for square in table.mirror.seat_view(table.mirror.public_view(), victim)["drawing"]["squares"] if any(square["pawns"]))
    said = page.locator(f".square[data-square='{square['name']}']").inner_text()
    assert all(f"{NAMES[player]} : {count} pion" in said for player, count in enumerate(square["pawns"]) if count), said
    page.locator(f".square[data-square='{square['name']}']").click(timeout=5000)
    assert page.locator(".board-hint").inner_text() == "Aucun pion à déplacer maintenant : jouez dans « Vos coups possibles »."
    other = table.open(next(seat for seat in range(3) if seat != victim))
    other.locator(f".square[data-square='{square['name']}']").click(timeout=5000)
    assert other.locator(".board-hint").inner_text() == f"Ce n'est pas à vous de jouer : c'est au tour {'d' + chr(39) if NAMES[victim][0] in 'AEIOUÉ' else 'de '}{NAMES[victim]}."
    other.close()
    page.locator("#guard-answers button[data-move='pass']").click()
    page.wait_for_selector(f"#table[data-version='{len(table.mirror.moves) + 1}']")
    assert page.locator("#guard-answers").is_hidden()


def test_insider_pawn_tapped_then_its_destination_confirmed(seats: Any) -> None:
    table = seats("insider", 3, INSIDER_SEED)
    rng = random.Random(INSIDER_SEED)
    while not any(move.startswith("step ") for move in table.mirror.legal_moves()):
        legal = table.mirror.legal_moves()
        table.play("walk" if "walk" in legal else insider_policy(table.mirror.game, rng))
    seat = table.mirror.seat_to_move()
    page = table.open(seat)
    steps = [move.split()[1:] for move in table.mirror.legal_moves() if move.startswith("step ")]
    # every place that can be tapped is a 44×44 target on the 390 px screen, and a tap at its middle lands on it
    places = page.locator(".insider-board > button:enabled")
    assert places.count() >= 25
    boxes = page.eval_on_selector_all(
        ".insider-board > button:enabled",
        """els => els.map(e => { e.scrollIntoView({ block: "center" }); const r = e.getBoundingClientRect();
        return [r.width, r.height, r.left, r.right, e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))]; })""",
    )
    assert all(w >= 44 and h >= 44 and left >= 0 and right <= 390 and hit for w, h, left, right, hit in boxes), boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # the pieces that can move are the legal steps' origins, and only they and (later) destinations are Tab stops
    movable = page.eval_on_selector_all(".insider-board .can-move", "els => els.map(e => e.dataset.square || e.dataset.space)")
    assert sorted(movable) == sorted({origin for origin, _ in steps})
    assert page.eval_on_selector_all(".insider-board > button[tabindex='0']", "els => els.length") == len(movable)
    # a place that is not the origin of a step is explained
    page.click(".square[data-square='c3']")
    assert page.locator(".board-hint").inner_text() == "Touchez d'abord un de vos pions (bord épais), puis sa destination surlignée."
    origin = max({origin for origin, _ in steps}, key=lambda place: sum(1 for start, _ in steps if start == place))
    destinations = sorted(to for start, to in steps if start == origin)
    chosen = page.locator(f"[data-square='{origin}'], [data-space='{origin}']")
    chosen.click()
    assert chosen.get_attribute("aria-pressed") == "true"
    shown = page.eval_on_selector_all(".insider-board .destination", "els => els.map(e => e.dataset.square || e.dataset.space)")
    assert sorted(shown) == destinations
    _colours_once(page, ["red", "blue", "green"], seat, ["rouge", "bleu", "vert"])
    # the playable board, a pawn chosen, passes axe in both themes (the axe tests' states meet no playable Insider board)
    for scheme, options in (("light", OPTIONS), ("dark", COLOUR_OPTIONS)):
        page.emulate_media(color_scheme=scheme)
        assert not _violations(page, options), scheme
    page.emulate_media(color_scheme="light")
    target = destinations[0]
    # a destination is named for a screen reader (an empty space is read only as a destination)
    assert page.get_by_role("button", name=re.compile(rf"^{re.escape(target)}\b.* : .*, destination possible$")).count() == 1
    not_there = next(square for square in ("a5", "e5", "a1", "e1", "c5") if square not in destinations and square != origin)
    page.click(f".square[data-square='{not_there}']")
    assert page.locator(".board-hint").inner_text() == f"{not_there} n'est pas une destination de {origin} : touchez une case surlignée."
    # with the keyboard: Enter on the destination previews the move, worded, its place ringed beside Confirm
    page.focus(f"[data-square='{target}'], [data-space='{target}']")
    page.keyboard.press("Enter")
    move = f"step {origin} {target}"
    assert page.locator("#preview-text").inner_text() == f"Déplacer un pion de {origin} à {target}"  # no « step » in French
    going = page.locator(".insider-board .going")
    assert going.count() == 1 and (going.get_attribute("data-square") or going.get_attribute("data-space")) == target
    assert _in_view(page.locator("#preview-confirm").bounding_box()) and _in_view(going.bounding_box())
    shoot(page, "boardgame-insider-tapped")
    page.click("#preview-confirm")
    page.wait_for_selector(f"#table[data-version='{len(table.mirror.moves) + 1}']")
    assert not hasattr(table.mirror.judge(seat, move), "rule")
    # the pawn stands at its destination, still chosen while its walk goes on
    drawing = table.mirror.seat_view(table.mirror.public_view(), seat)["drawing"]
    places_now = {place["name"]: place["pawns"] for place in drawing["squares"]}
    places_now |= {space["name"]: space["pawns"] for path in drawing["paths"] for space in path["spaces"]}
    assert places_now[target][seat] >= 1
    still = [move.split()[1] for move in table.mirror.legal_moves() if move.startswith("step ")]
    pressed = page.eval_on_selector_all(".insider-board [aria-pressed='true']", "els => els.map(e => e.dataset.square || e.dataset.space)")
    assert pressed == ([target] if target in still else [])


def test_insider_total_out_card_tapped_then_moved(seats: Any) -> None:
    table = seats("insider", 2, 0)
    version = 0
    while not any(move.startswith("totalout ") for move in table.mirror.legal_moves()):  # doubles come after 18 moves
        legal = table.mirror.legal_moves()
        table.play("roll" if "roll" in legal else random.Random(version).choice(legal))
        version += 1
    seat = table.mirror.seat_to_move()
    page = table.open(seat)
    cards = [move.split()[1:] for move in table.mirror.legal_moves() if move.startswith("totalout ")]
    origin = cards[0][0]
    page.click(f".square[data-square='{origin}']")
    targets = sorted(to for start, to in cards if start == origin)
    assert page.locator(".board-hint").inner_text().startswith(f"Carte Total OUT en {origin} choisie : touchez ")
    assert sorted(page.eval_on_selector_all(".square.destination", "els => els.map(e => e.dataset.square)")) == targets
    page.click(f".square[data-square='{targets[-1]}']")
    move = f"totalout {origin} {targets[-1]}"
    assert page.locator("#preview-text").inner_text() == f"Déplacer la carte Total OUT de {origin} à {targets[-1]}"
    page.click("#preview-confirm")
    page.wait_for_selector(f"#table[data-version='{len(table.mirror.moves) + 1}']")
    assert not hasattr(table.mirror.judge(seat, move), "rule")
    assert page.locator(f".square[data-square='{targets[-1]}']").get_attribute("class").split()[:2] == ["square", "out"]
    assert "out" not in page.locator(f".square[data-square='{origin}']").get_attribute("class").split()
