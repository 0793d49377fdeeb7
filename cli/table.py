"""`overturn table`: a terminal at a shared table, the game held by an `overturn serve` server.

A seat link as the page and ``table new`` give it (``http://HOST:PORT/?table=ID#seat=TOKEN``; links shared
before, ``…&seat=TOKEN``, work too) is all a command needs: the server is the authority,
so two terminals or a terminal and phones play one game and no move is lost
(a move made on a table that moved on is refused and says so, exit 1).
Standard library HTTP only: the server's own dependencies are not needed here.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

import click

from overturn.game.board import Board
from overturn.game.computer import LEVELS
from overturn.game.render import LEGEND
from overturn.game.state import Game
from overturn.jsonbounds import UnreadableJSON, loads_json
from overturn.jsonstore import StateFileError
from overturn_cli.common import PATH_FORMS, bounded_word, cells_json_option, color_option, json_option, parse_cells, seed_option, use_color
from overturn_cli.console import fold_accents
from overturn_cli.game_text import board_view, last_path, played_text
from overturn_cli.table_prune import prune
from overturn_cli.table_stream import LiveStream, follow_live

#: Seconds a request to the server may take (a computer seat's move is not waited on).
TIMEOUT = 30.0
#: The longest server answer read (a table's state is about 10 KB).
MAX_ANSWER_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Link:
    """A parsed table link: the server, the table, and the seat token (None: watching)."""

    server: str
    table: str
    seat: str | None

    @classmethod
    def parse(cls, text: str) -> Link:
        parts = urllib.parse.urlsplit(text)
        query = urllib.parse.parse_qs(parts.query)
        if parts.scheme not in ("http", "https") or not parts.netloc or "table" not in query:
            raise click.BadParameter("give a table link as the page shows it: http://HOST:PORT/?table=ID#seat=TOKEN", param_hint="LINK")
        # the pages hand the invitation out after '#' (never sent to a server): a link copied from a page opens it too
        seat = query.get("seat", urllib.parse.parse_qs(parts.fragment).get("seat", [None]))[0]
        return cls(f"{parts.scheme}://{parts.netloc}", query["table"][0], seat)

    def api(self, tail: str = "") -> str:
        return f"{self.server}/api/tables/{urllib.parse.quote(self.table, safe='')}{tail}"


class Refused(click.ClickException):
    """The server refused the move (stale, not your turn, a watcher's link): exit 1, as a refused word."""

    exit_code = 1


def _request(url: str, body: dict[str, Any] | None = None) -> tuple[int, dict[str, Any]]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:  # noqa: S310 (the scheme is checked by Link.parse)
            return response.status, _decoded(response.read(MAX_ANSWER_BYTES + 1))
    except urllib.error.HTTPError as error:
        return error.code, _decoded(error.read(MAX_ANSWER_BYTES + 1))
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        reason = getattr(exc, "reason", exc)
        raise click.ClickException(f"cannot reach the server at {urllib.parse.urlsplit(url).netloc}: {reason}") from None


def _decoded(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_ANSWER_BYTES:
        raise click.ClickException("the server's answer is too large to be a table")
    try:  # bounded as a game file is (depth, strings, numbers): an answer nested 100,000 deep is refused, not recursed into
        answer = loads_json(raw, "the server's answer", max_bytes=MAX_ANSWER_BYTES)
    except UnreadableJSON as exc:
        raise click.ClickException(f"{exc}: is this an overturn server?") from None
    if not isinstance(answer, dict):
        raise click.ClickException("the server's answer is not a JSON object")
    return answer


def _expect(status: int, answer: dict[str, Any], *ok: int) -> dict[str, Any]:
    if status in ok:
        return answer
    message = str(answer.get("error", f"HTTP {status}"))
    if status in (403, 409):
        raise Refused(message)
    raise click.ClickException(message)


def _game(state: dict[str, Any]) -> Game:
    try:
        return Game.from_json(state["game"])
    except (StateFileError, KeyError) as exc:
        raise click.ClickException(f"the server sent a game this version cannot read: {exc}") from None


def _show(state: dict[str, Any], color: bool = False) -> None:
    game = _game(state)
    table = state["table"]
    click.echo(board_view(game, last_path(game), color))
    for number, played in enumerate(game.history, start=1):
        click.echo(f"{number:3d}. {played_text(game, played.move, played.player)}")
    _echo_score(state)
    seat = table["you"]
    you = "watching" if seat is None else f"you are {table['seats'][seat]['name']} ({table['seats'][seat]['colour']})"
    turn = "" if table["turn"] is None else f" · {table['seats'][table['turn']]['name']} to move"
    click.echo(f"table {table['id']} at move {table['version']} · {you}{turn}")


def _echo_score(state: dict[str, Any]) -> None:
    """The legend, the fixed readings and the score as the server judged it (the end of a game needs its lexicon)."""
    click.echo(LEGEND)
    fixed = state["game"].get("fixed") or {}
    if fixed:
        click.echo("readings: " + ", ".join(f"{face} as {reading}" for face, reading in sorted(fixed.items())))
    result, seats = state["result"], state["table"]["seats"]
    # the seats by name, as the page shows them (JSON numbers them from 0), each with its colour
    score = " · ".join(f"{seat['name']} ({seat['colour']}) {result['scores'][seat['seat']]}" for seat in seats)
    if not result["over"]:
        click.echo(f"{score} · {seats[result['turn']]['name']} to move")
    else:
        winners = result["winners"]
        click.echo(f"{score} · game over: " + ("a tie" if len(winners) != 1 else f"{seats[winners[0]]['name']} wins"))
    totals = state["table"]["totals"]
    if state["table"]["layers"]:
        click.echo(f"total over {len(state['table']['layers']) + 1} layers: " + " · ".join(f"{seat['name']} {totals[seat['seat']]}" for seat in seats))


@click.group(context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
def table() -> None:
    """Play at a shared table held by a server (`overturn serve`), beside the phones.

    \b
    Examples (with 'overturn serve' running; LINK is your seat link, as 'new' prints it):
      overturn table new http://localhost:8000 --name Zoé --name Ali
      overturn table show 'http://localhost:8000/?table=T1#seat=S1'           the board, the moves, whose turn
      overturn table play BOIRE 'http://localhost:8000/?table=T1#seat=S1'     a word for your seat
      overturn table pass B3 'http://localhost:8000/?table=T1#seat=S1'        no word: an opponent's ring on B3
      overturn table watch 'http://localhost:8000/?table=T1'                  follow the moves as they are played
      overturn table prune --dry-run                                         the tables a server would remove

    A move made on a table that moved on is refused (exit 1) and played nowhere.
    A server that cannot be reached is exit 1 too.
    """


@table.command("new")
@click.argument("server")
@seed_option("Deal seed (random if omitted).")
@click.option("--board", "board_text", default=None, help="A typed board instead of a deal.")
@click.option("--mode", type=click.Choice(["reuse", "advanced"]), default="reuse")
@click.option("--name", "names", multiple=True, help="A seat's name (give two; default Vert and Argent).")
@click.option("--computer", type=click.IntRange(min(LEVELS), max(LEVELS)), default=None, help="The second seat is the computer at this level.")
@click.option("--ending", type=click.Choice(["position", "passes"]), default="position", help="position: over when no word is left (rule 4); passes: after two passes in a row.")
@click.option("--family", is_flag=True, help="A family table: the family list's words are refused and never proposed.")
@click.option("--helps/--no-helps", default=True, help="--no-helps: a fair table, with no hint, word list or dictionary for its players (watchers never get them while it is live).")
@json_option
def new_command(
    server: str, seed: int | None, board_text: str | None, mode: str, names: tuple[str, ...], computer: int | None, ending: str, family: bool, helps: bool,
    as_json: bool,
) -> None:
    """Open a table on SERVER: prints one link per seat (give each player theirs) and one to watch.

    \b
    Examples:
      overturn table new http://localhost:8000 --seed 311
      overturn table new http://localhost:8000 --name Zoé --computer 2 --json
      overturn table new http://localhost:8000 --name Zoé --name Ali --no-helps
    """
    if len(names) > 2:
        raise click.UsageError("a table has two seats: give --name at most twice")
    parts = urllib.parse.urlsplit(server)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise click.BadParameter("the server's address, e.g. http://localhost:8000", param_hint="SERVER")
    seats: list[dict[str, Any]] = [{"name": name} for name in names] + [{} for _ in range(2 - len(names))]
    if computer is not None:
        seats[1] = {"computer": computer}
    board = None if board_text is None else fold_accents(board_text)
    body: dict[str, Any] = {"mode": mode, "ending": ending, "family": family, "helps": helps, "seats": seats, "seed": seed, "board": board}
    status, answer = _request(f"{parts.scheme}://{parts.netloc}/api/tables", {key: value for key, value in body.items() if value is not None})
    created = _expect(status, answer, 201)
    base = f"{parts.scheme}://{parts.netloc}"
    links = {"watch": base + created["links"]["watch"], "seats": [None if link is None else base + link for link in created["links"]["seats"]]}
    if as_json:
        click.echo(json.dumps({"table": created["table"]["id"], "creator": created["creator"], "links": links}, ensure_ascii=False, indent=2))
        return
    for seat, link in zip(created["table"]["seats"], links["seats"]):
        click.echo(f"{seat['name']} ({seat['colour']}): {link or 'the computer plays this seat'}")
    click.echo(f"watch: {links['watch']}")
    click.echo(f"creator token (to give a seat a new link from the page): {created['creator']}", err=True)


@table.command("show")
@click.argument("link")
@json_option
@color_option
def show_command(link: str, as_json: bool, color: bool | None) -> None:
    """The table as your seat (or a watcher) sees it.

    \b
    Examples:
      overturn table show 'http://localhost:8000/?table=T1#seat=S1'
      overturn table show 'http://localhost:8000/?table=T1' --json
    """
    show_table(link, as_json, use_color(color))


def show_table(link: str, as_json: bool, color: bool = False) -> None:
    where = Link.parse(link)
    query = "" if where.seat is None else "?" + urllib.parse.urlencode({"seat": where.seat})
    state = _expect(*_request(where.api(query)), 200)
    if as_json:
        click.echo(json.dumps(state, ensure_ascii=False, indent=2))
        return
    _show(state, color)


def _move(where: Link, action: dict[str, Any]) -> dict[str, Any]:
    if where.seat is None:
        raise Refused("this is a watch link: moves need a seat link (…#seat=TOKEN)")
    query = "?" + urllib.parse.urlencode({"seat": where.seat})
    state = _expect(*_request(where.api(query)), 200)
    status, answer = _request(where.api("/moves"), {"seat": where.seat, "version": state["table"]["version"], "action": action})
    if status == 409 and answer.get("detail", {}).get("reason") == "stale":
        raise Refused("the table moved on while you were playing; your move was not played: look again with 'overturn table show'")
    return _expect(status, answer, 200)


@table.command("play")
@click.argument("word", callback=bounded_word)
@click.argument("link")
@click.option("--path", "path_text", default=None, help=f"Cells of the word: {PATH_FORMS} (default: the best ring swing).")
@cells_json_option
@color_option
def play_command(word: str, link: str, path_text: str | None, as_json: bool, color: bool | None) -> None:
    """Play a word for your seat; a refused word exits 1 and the table is unchanged.

    \b
    Examples:
      overturn table play BOIRE 'http://localhost:8000/?table=T1#seat=S1'
      overturn table play ROI 'http://localhost:8000/?table=T1#seat=S1' --path "E3 D2 D3" --json
      overturn table play ROI 'http://localhost:8000/?table=T1#seat=S1' --path "[16, 9, 15]"
    """
    play_at_table(word, link, path_text, as_json, use_color(color))


def play_at_table(word: str, link: str, path_text: str | None, as_json: bool, color: bool = False) -> None:
    where = Link.parse(link)
    action: dict[str, Any] = {"kind": "word", "word": word}
    if path_text is not None:
        board = _board_of(where)
        action["path"] = list(parse_cells(path_text, board, "--path"))  # cell numbers, as the answers give them
    answer = _move(where, action)
    game = _game(answer)
    if as_json:
        click.echo(json.dumps({"verdict": answer["verdict"], "result": answer["result"], "version": answer["table"]["version"]}, ensure_ascii=False, indent=2))
        if not answer["verdict"]["legal"]:
            sys.exit(1)
        return
    verdict = answer["verdict"]
    if not verdict["legal"]:
        raise Refused(f"refused [{verdict['reason']}]: {verdict['message']}; the table is unchanged")
    _echo_move(game, answer, color)


def _echo_move(game: Game, answer: dict[str, Any], color: bool) -> None:
    """The board after a move, its cells marked, then the legend and the score the legend explains."""
    click.echo(board_view(game, last_path(game), color))
    _echo_score(answer)


@table.command("pass")
@click.argument("cell")
@click.argument("link")
@cells_json_option
@color_option
def pass_command(cell: str, link: str, as_json: bool, color: bool | None) -> None:
    """No word: an opponent's ring on a new cell (B3, 3,2 or its number 13).

    \b
    Examples:
      overturn table pass B3 'http://localhost:8000/?table=T1#seat=S1'
    """
    pass_at_table(cell, link, as_json, use_color(color))


def pass_at_table(cell: str, link: str, as_json: bool = False, color: bool = False) -> None:
    where = Link.parse(link)
    board = _board_of(where)
    cells = parse_cells(cell, board, "CELL")
    if len(cells) != 1:
        raise click.BadParameter("a pass rings exactly one cell", param_hint="CELL")
    answer = _move(where, {"kind": "pass", "cell": cells[0]})
    if as_json:
        click.echo(json.dumps({"verdict": answer["verdict"], "result": answer["result"], "version": answer["table"]["version"]}, ensure_ascii=False, indent=2))
        if not answer["verdict"]["legal"]:
            sys.exit(1)
        return
    if not answer["verdict"]["legal"]:
        raise Refused(f"refused [{answer['verdict']['reason']}]: {answer['verdict']['message']}; the table is unchanged")
    _echo_move(_game(answer), answer, color)


@table.command("watch")
@click.argument("link")
@click.option("--until-over/--forever", default=True, help="Stop once the game is over.")
@json_option
@color_option
def watch_command(link: str, until_over: bool, as_json: bool, color: bool | None) -> None:
    """Print each move as it is played at the table (Ctrl-C to stop: exit 130).

    The watch acknowledges the server's heartbeats, as the pages do: a watch whose network died quietly stops
    acknowledging, and the server frees its place. A stream that ends, or is silent for three beats, is opened again
    from the last move shown.

    \b
    Examples:
      overturn table watch 'http://localhost:8000/?table=T1'
      overturn table watch 'http://localhost:8000/?table=T1' --forever --no-color
    """
    where = Link.parse(link)
    if where.seat is not None and not (where.seat.isascii() and where.seat.isprintable()):
        raise Refused("this seat link is not (or no longer) valid at this table")  # no header can carry it; no token is so
    token = {} if where.seat is None else {"X-Seat-Token": where.seat}  # a header: never in a URL, so in no access log
    stream = LiveStream(where.api("/events?ack=1"), token, lambda stream_id: where.api(f"/events/{urllib.parse.quote(stream_id, safe='')}/ack"))
    shown = use_color(color)

    def on_event(kind: str, body: Any) -> bool:
        if kind == "revoked":
            raise Refused("this seat was handed to another phone: ask the table's creator for a new link")
        if kind != "state" or not isinstance(body, dict):
            return False  # a heartbeat or who is at the table: the server is there, nothing moved
        if as_json:  # one line a state: JSON lines
            click.echo(json.dumps(body, ensure_ascii=False))
        else:
            _show(body, shown)
            click.echo("")
        return until_over and bool(body["result"]["over"])

    follow_live(stream, where.server, on_event, lambda status, body: _expect(status, _decoded(body), 200))


def _board_of(where: Link) -> Board:
    query = "" if where.seat is None else "?" + urllib.parse.urlencode({"seat": where.seat})
    return _game(_expect(*_request(where.api(query)), 200)).board


table.add_command(prune)
