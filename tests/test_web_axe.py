"""axe-core (bundled by axe-playwright-python) on both pages at phone size (390×844), in the light and the dark theme.

The states a player meets: the home pages, the creators' pages (links, QR
codes), a seat of each game at its start and after 20 moves, watchers,
Insider's Bodyguard question and the game-over screens. The moves are played
through the HTTP API before a page opens (an Overturn game mirrored on a
``Game`` built here, the board games by a seeded choice among the legal moves
the server answers), so each page shows a real table. Each page is opened
once, its fold-outs open (what they hold is checked too). Any violation fails,
with its rule ids and nodes. A second test measures the tap targets (44×44
CSS px) on the home pages and on table pages.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_web import BOARD, CHROMIUM, PHONE, browser, shoot  # noqa: F401  (browser: a fixture)
from test_web_page_table import web_lexicon  # noqa: F401  (a fixture: many words along BOARD's paths)

from overturn.game.board import Board
from overturn.game.state import Game, PassMove, WordMove
from overturn.lexicon.registry import load_lexicon
from overturn.referees.offboard.state import computer_move, format_move
from overturn.service.app import create_app
from overturn.service.server import BackgroundServer
from overturn.table.games import new_board_table

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt-get install chromium, or set OVERTURN_CHROMIUM)")

#: Moves played before the "after 20 moves" pages open.
MOVES = 20
#: Seats of each board game's tables here.
SEATS = {"overload": 3, "offboard": 2, "insider": 3}
NAMES = ["Zoé", "Ali", "Inès", "Malo"]
#: The seed of the offboard game played to its end: 75 moves of seeded ``computer_move`` play (most seeds take 150-360).
OVER_SEED = 31
#: axe's default rules, and those it leaves off by default that a phone player meets: the accessible name that
#: differs from the visible text (voice control), targets under 24 px (WCAG 2.2), and the experimental structure rules.
OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {
        rule: {"enabled": True}
        for rule in ("label-content-name-mismatch", "target-size", "p-as-heading", "css-orientation-lock", "focus-order-semantics", "table-fake-caption", "td-has-header")
    },
}
#: The dark theme changes colours only (the same DOM, the same sizes), so its run is the rules that read colours.
COLOUR_OPTIONS = {"resultTypes": ["violations"], "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]}}


@pytest.fixture(scope="module")
def server(web_lexicon: Path) -> Iterator[str]:  # noqa: F811
    with BackgroundServer(create_app(str(web_lexicon), allow_seeds=True)) as url:
        yield url


@pytest.fixture(scope="module")
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as http:
        yield http


def _overturn(client: httpx.Client, web_lexicon: Path, moves: int | None) -> dict[str, Any]:
    """An Overturn table on BOARD with ``moves`` played (None: to its end), each side's best word or a pass."""
    made = client.post("/api/tables", json={"board": BOARD, "ending": "position", "seats": [{"name": name} for name in NAMES[:2]]})
    assert made.status_code == 201, made.text
    created: dict[str, Any] = made.json()
    local = Game.from_board(Board.parse(BOARD), "reuse", "webtable", load_lexicon(str(web_lexicon)), "position")
    while not local.is_over() and (moves is None or len(local.history) < moves):
        seat = 0 if local.to_move.value == "green" else 1
        words = [ranked for ranked in local.legal_moves() if isinstance(ranked.move, WordMove)]
        if words:
            action: dict[str, Any] = {"kind": "word", "word": words[0].move.word}
            local.push(words[0].move)
        else:
            cell = local.rings.index(None)
            action = {"kind": "pass", "cell": list(divmod(cell, 6))}
            local.push(PassMove(cell))
        body = {"seat": created["tokens"][seat], "version": len(local.history) - 1, "action": action}
        answer = client.post(f"/api/tables/{created['table']['id']}/moves", json=body)
        assert answer.status_code == 200, answer.text
    assert moves is not None or local.is_over()
    created["version"] = len(local.history)
    created["to_move"] = None if local.is_over() else ("green", "silver").index(local.to_move.value)
    return created


def _board_game(client: httpx.Client, game: str, moves: int | None, seed: int = 5, guard: bool = False) -> dict[str, Any]:
    """A board game's table with ``moves`` played by a seeded choice among the legal moves (None: offboard to its end),
    or, with ``guard``, until Insider asks a seat for its Bodyguard answer."""
    made = client.post("/api/boardgames", json={"game": game, "seed": seed, "seats": [{"name": name} for name in NAMES[: SEATS[game]]]})
    assert made.status_code == 201, made.text
    created: dict[str, Any] = made.json()
    table_id, tokens = created["table"]["id"], created["tokens"]
    mirror = new_board_table(game, SEATS[game], seed, {})
    rng = random.Random(seed)
    version = 0
    while not mirror.is_over() and (moves is None or version < moves):
        if guard and mirror.public_view().get("question") == "guard":
            break
        seat = mirror.seat_to_move()
        assert seat is not None
        if moves is None:
            move = format_move(computer_move(mirror.game, rng))
        else:
            legal = client.get(f"/api/boardgames/{table_id}", params={"seat": tokens[seat]}).json()["legal"]
            move = rng.choice(legal)
        answer = client.post(f"/api/boardgames/{table_id}/moves", json={"seat": tokens[seat], "version": version, "move": move})
        assert answer.status_code == 200 and answer.json()["error"] is None, answer.text
        mirror.judge(seat, move)
        version += 1
    assert not guard or mirror.public_view().get("question") == "guard", f"no Bodyguard question in {version} moves"
    created["version"] = version
    created["to_move"] = mirror.seat_to_move()
    return created


#: The states a player meets, each "game-when" (or a home page).
STATES = [
    "home", "boardgame-home", "overturn-created", "boardgame-created",
    *(f"{game}-{when}" for game in ("overturn", *SEATS) for when in ("start", "20")),
    "overturn-watcher", "insider-watcher", "insider-guard", "overturn-over", "offboard-over",
]


def _make(state: str, client: httpx.Client, lexicon: Path) -> tuple[str, str]:
    """The state made on the server: the page to open, and the selector that says the page has drawn it."""
    if state == "home":
        return "/", "#start-section h2"
    if state in ("boardgame-home", "boardgame-created"):
        return "/boardgame", "#new-form:not([hidden])"
    if state == "overturn-created":
        return "/", "#start-section h2"
    game, when = state.split("-")
    moves = {"start": 0, "20": MOVES, "watcher": MOVES, "guard": MOVES, "over": None}[when]
    if game == "overturn":
        created = _overturn(client, lexicon, moves)
        drawn = {"start": "#table-seat:not(:empty)", "over": "#game-over:not([hidden])"}.get(when, f"#played li:nth-child({MOVES})")
    else:
        created = _board_game(client, game, moves, OVER_SEED if when == "over" else 5, guard=when == "guard")
        drawn = f"#table[data-version='{created['version']}']"
    link = created["links"]["watch"] if when == "watcher" else created["links"]["seats"][created["to_move"] or 0]
    return str(link), drawn


def _lightness(css: str) -> float:
    """A computed ``rgb(r, g, b)`` colour's mean channel, 0 (black) to 1 (white): the theme the page shows."""
    red, green, blue = (int(part) for part in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
    return (red + green + blue) / 765


def _violations(page: Any, options: dict[str, Any]) -> list[str]:
    """axe's violations on the page as it is: one line per node, its rule id, impact, target and why."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("() => 'axe' in window"):  # injected once per page: its 570 kB cost more to parse than a run
        page.evaluate(AXE_SCRIPT)
    found = page.evaluate("(options) => axe.run(document, options)", options)["violations"]
    return [
        f"{rule['id']} ({rule['impact']}) {node['target']}: {node['failureSummary'].splitlines()[-1].strip()}"
        for rule in found
        for node in rule["nodes"]
    ]


@pytest.fixture(scope="module")
def opened(server: str, client: httpx.Client, browser: Any, web_lexicon: Path) -> Iterator[Callable[[str], Any]]:  # noqa: F811
    """A state's page, made and opened once for both tests (a seat's link is spent by the phone that opens it), with
    every fold-out open and, on the home page, the table's fields shown, so what they hold is checked too."""
    pages: dict[str, Any] = {}

    def open_state(state: str) -> Any:
        if state not in pages:
            path, drawn = _make(state, client, web_lexicon)
            page = browser.new_context(**PHONE).new_page()
            page.errors = []
            page.on("pageerror", lambda error: page.errors.append(str(error)))
            page.goto(server + path)
            page.wait_for_selector(drawn, state="attached", timeout=15_000)
            if state in ("home", "overturn-created"):
                page.check("input[name=opponent][value=table]")
            if state == "overturn-created":  # the creator's phone: the seats' links and QR codes to hand out
                page.fill("#name-green", NAMES[0])
                page.fill("#name-silver", NAMES[1])
                page.fill("#board-text", BOARD)
                page.click("#start-board")
                page.wait_for_selector("#seat-links li >> nth=1", timeout=15_000)
            if state == "boardgame-created":  # the creator's own seat: the other seats' invitations (QR codes, links, sharing)
                page.click("#new-create")
                page.wait_for_selector("#invites:not([hidden])", timeout=15_000)
            page.evaluate("() => document.querySelectorAll('details').forEach((fold) => { fold.open = true; })")
            pages[state] = page
        return pages[state]

    yield open_state
    for page in pages.values():
        page.context.close()


@pytest.mark.parametrize("state", STATES)
def test_axe_finds_no_violation_in_either_theme(state: str, opened: Callable[[str], Any]) -> None:
    page = opened(state)
    report: list[str] = []
    for scheme, options in (("light", OPTIONS), ("dark", COLOUR_OPTIONS)):
        page.emulate_media(color_scheme=scheme)
        paper = _lightness(page.evaluate("() => getComputedStyle(document.documentElement).backgroundColor"))
        assert (paper > 0.8) if scheme == "light" else (paper < 0.2), f"{state}: the paper's lightness is {paper:.2f} in the {scheme} theme"
        report += [f"{scheme}: {line}" for line in _violations(page, options)]
        shoot(page, f"axe-{state}-{scheme}")
    page.emulate_media(color_scheme="light")
    assert not report, f"axe on {state}: {len(report)} violation nodes\n" + "\n".join(report)
    assert not page.errors, f"JavaScript errors on {state}: {page.errors}"


#: What a finger taps (an enabled control): a checkbox or a radio through the label around it (its box is the target).
TARGETS = "button, a[href], summary, select, input:not([type=checkbox]):not([type=radio]), label:has(> input[type=checkbox]), label:has(> input[type=radio])"
SMALL_TARGETS = f"""() => [...document.querySelectorAll("{TARGETS}")]
  .filter((node) => node.checkVisibility() && !node.disabled && !node.closest(".sr-only"))
  .map((node) => [node, node.getBoundingClientRect()])
  .filter(([node, box]) => box.width < 44 - 0.5 || box.height < 44 - 0.5)
  .map(([node, box]) => `${{node.outerHTML.slice(0, 90)}}: ${{Math.round(box.width)}}×${{Math.round(box.height)}}`)"""


@pytest.mark.parametrize("state", ["home", "boardgame-home", "overturn-created", "boardgame-created", "overturn-20", "overload-20", "offboard-20", "insider-20", "insider-guard"])
def test_every_tap_target_is_at_least_44_px_square(state: str, opened: Callable[[str], Any]) -> None:
    page = opened(state)
    small = page.evaluate(SMALL_TARGETS)
    assert page.evaluate(f"() => document.querySelectorAll('{TARGETS}').length") > 5  # the selector finds the page's controls
    assert not small, f"tap targets under 44×44 CSS px on {state}:\n" + "\n".join(small)
