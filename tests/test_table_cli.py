"""`overturn table`: a terminal at a shared table, against a real server on loopback."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from tcp_proxy import Proxy

from overturn.lexicon.compiled import write_build
from overturn.lexicon.sources import Entry
from overturn.service.app import create_app
from overturn.service.limits import Limits
from overturn.service.server import BackgroundServer
from overturn.table.hub import Hub
from overturn_cli.main import main

BOARD = "AMRECD / ETSOAU / INNTUI / H[ZX]OSSA / LENPOE / LAABSC"
WORDS = ["ACCES", "TOUS", "SOU", "SOUS", "OSE", "ALLEZ", "MAISON", "SAC", "CASE", "ETE"]


@pytest.fixture(scope="module")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    table = {word: [Entry(word.lower(), word.lower(), "N")] for word in WORDS}
    return write_build(tmp_path_factory.mktemp("tablecli") / "small", table, {"name": "small"})


@pytest.fixture(scope="module")
def server(lexicon: Path) -> Iterator[str]:
    with BackgroundServer(create_app(str(lexicon))) as url:
        yield url


#: The heartbeat of the server whose streams the watches' tests count: a stream promising acks is closed after 2.5
#: beats unheard.
BEAT = 0.3


@pytest.fixture
def beating(lexicon: Path) -> Iterator[tuple[str, Hub]]:
    """A server beating every 0.3 s, and its hub (to count the streams it holds open)."""
    app = create_app(str(lexicon), Limits(stream_heartbeat=BEAT))
    with BackgroundServer(app) as url:
        yield url, app.state.service.hub


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _new(server: str, *options: str) -> dict[str, object]:
    made = run("table", "new", server, "--board", BOARD, "--name", "Zoé", "--name", "Ali", "--json", *options)
    assert made.exit_code == 0, made.output
    return json.loads(made.output)  # type: ignore[no-any-return]


def test_two_terminals_play_one_table(server: str) -> None:
    links = _new(server)["links"]
    green, silver = links["seats"]  # type: ignore[index]
    shown = run("table", "show", green)
    assert shown.exit_code == 0 and "you are Zoé (green)" in shown.output and "Zoé to move" in shown.output
    played = run("table", "play", "accès", green)
    assert played.exit_code == 0, played.output
    assert "Zoé (green) 4 · Ali (silver) 0 · Ali to move" in played.output
    early = run("table", "play", "TOUS", green)
    assert early.exit_code == 1 and "it is silver's turn, not green's" in early.output
    refused = run("table", "play", "ACCES", silver)
    assert refused.exit_code == 1 and "already_played" in refused.output
    passed = run("table", "pass", "A1", silver)
    assert passed.exit_code == 0, passed.output
    seen = json.loads(run("table", "show", links["watch"], "--json").output)  # type: ignore[index]
    assert seen["table"]["version"] == 2 and seen["table"]["you"] is None
    assert [move["kind"] for move in seen["game"]["moves"]] == ["word", "pass"]


def test_a_watch_link_cannot_move_and_a_bad_link_is_a_usage_error(server: str) -> None:
    links = _new(server)["links"]
    watching = run("table", "play", "ACCES", links["watch"])  # type: ignore[index]
    assert watching.exit_code == 1 and "watch link" in watching.output
    assert run("table", "show", "not a link").exit_code == 2
    forged = run("table", "show", links["watch"] + "&seat=forged")  # type: ignore[operator]
    assert forged.exit_code == 1 and "not (or no longer) valid" in forged.output


def test_an_unreachable_server_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    gone = run("table", "show", f"http://127.0.0.1:{port}/?table=abcdefghij&seat=x")
    assert gone.exit_code == 1 and "cannot reach the server" in gone.output and "Traceback" not in gone.output


def test_a_watch_refused_or_unanswered_at_once_says_so_at_once(server: str) -> None:
    """A watch reopens a stream it lost, never one it could not open: a wrong link or no server is the answer."""
    links = _new(server)["links"]
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.monotonic()
    forged = run("table", "watch", links["watch"] + "&seat=forged")  # type: ignore[operator]
    assert forged.exit_code == 1 and "not (or no longer) valid" in forged.output
    mangled = run("table", "watch", links["watch"] + "&seat=%0Aforged")  # type: ignore[operator]  (no header carries it)
    assert mangled.exit_code == 1 and "not (or no longer) valid" in mangled.output
    gone = run("table", "watch", f"http://127.0.0.1:{port}/?table=abcdefghij")
    assert gone.exit_code == 1 and "the stream from" in gone.output and "refused" in gone.output
    assert time.monotonic() - started < 5 and "Traceback" not in forged.output + mangled.output + gone.output


def test_watch_prints_moves_as_they_come_until_the_end(server: str) -> None:
    links = _new(server)["links"]
    green, silver = links["seats"]  # type: ignore[index]
    # a process of its own: CliRunner swaps sys.stdout for the whole process, so it cannot run in a thread
    watcher = subprocess.Popen([sys.executable, "-m", "overturn_cli", "table", "watch", links["watch"]], stdout=subprocess.PIPE, text=True)  # type: ignore[index]
    assert watcher.stdout is not None
    first = ""
    while "· watching" not in first:  # the table as it is when the watch starts, before any move
        line = watcher.stdout.readline()
        assert line, "the watch ended before showing the table"
        first += line
    assert "at move 0 · watching" in first
    assert run("table", "play", "ACCES", green).exit_code == 0
    # end the game fast: every remaining new cell passed on, turn by turn, until rule 4 ends it
    for _ in range(40):
        state = json.loads(run("table", "show", links["watch"], "--json").output)  # type: ignore[index]
        if state["result"]["over"]:
            break
        seat = state["table"]["turn"]
        free = state["game"]["rings"].index(None)
        cell = f"{free // 6 + 1},{free % 6 + 1}"
        moved = run("table", "pass", cell, (green, silver)[seat])
        assert moved.exit_code == 0, moved.output
    printed, _ = watcher.communicate(timeout=30)
    assert watcher.returncode == 0
    # moves made faster than a terminal reads may arrive together (the stream sends the latest state): the last is the end
    assert "game over" in printed[-300:] and "ACCES" in printed


def test_overturn_game_plays_at_a_table_with_table(server: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``overturn game show|play|pass --table LINK``: the file commands at a server-held table; no game file is touched."""
    monkeypatch.chdir(tmp_path)
    links = _new(server)["links"]
    green, silver = links["seats"]  # type: ignore[index]
    assert run("game", "play", "ACCES", "--table", green).exit_code == 0
    assert run("game", "pass", "A1", "--table", silver).exit_code == 0
    shown = run("game", "show", "--table", green, "--json")
    assert shown.exit_code == 0 and json.loads(shown.output)["table"]["version"] == 2
    assert list(tmp_path.iterdir()) == []  # no overturn-game.json, no lock file


def test_a_path_the_table_prints_plays_back_as_cell_numbers(server: str, lexicon: Path) -> None:
    """`table play --json` prints the path as cell numbers; at a twin table, those numbers (as JSON, with spaces, with
    commas, through `game play --table` too) play the same move as its letters, and `referee` judges it so."""
    chosen = json.loads(run("table", "play", "ACCES", _new(server)["links"]["seats"][0], "--json").output)  # type: ignore[index]
    path = chosen["verdict"]["path"]
    letters = " ".join(f"{chr(65 + cell % 6)}{cell // 6 + 1}" for cell in path)
    answers = []
    for command, form in [("table", letters), ("table", json.dumps(path)), ("table", " ".join(map(str, path))), ("game", ",".join(map(str, path)))]:
        green, silver = _new(server)["links"]["seats"]  # type: ignore[index]
        args = ["table", "play", "ACCES", green] if command == "table" else ["game", "play", "ACCES", "--table", green]
        played = run(*args, "--path", form, "--json")
        assert played.exit_code == 0, (form, played.output)
        passed = run("table", "pass", "0", silver, "--json")  # A1 by its number
        assert passed.exit_code == 0, passed.output
        answers.append((json.loads(played.output), json.loads(passed.output)))
    assert answers[0][0]["verdict"]["path"] == path and answers[0][1]["result"]["turn"] == 0
    assert all(answer == answers[0] for answer in answers)
    judged = run("referee", "ACCES", "--board", BOARD, "--lexicon", str(lexicon), "--path", json.dumps(path), "--json")
    assert judged.exit_code == 0 and json.loads(judged.output)["path"] == path
    seat = _new(server)["links"]["seats"][0]  # type: ignore[index]
    for args, option in ((["table", "play", "ACCES", seat, "--path", "[99]"], "--path"), (["table", "pass", "1, 2", seat], "CELL")):
        refused = run(*args)
        assert refused.exit_code == 2 and option in refused.output and "Traceback" not in refused.output, refused.output


def test_a_family_table_from_the_terminal(server: str) -> None:
    links = _new(server, "--family", "--ending", "passes")["links"]
    shown = json.loads(run("table", "show", links["watch"], "--json").output)  # type: ignore[index]
    assert shown["game"]["family"] is True and "ending" not in shown["game"]  # absent in a save: the two-pass ending


def test_no_helps_opens_a_fair_table(server: str) -> None:
    """`--no-helps` reaches the server: the table says so to every reader, and its seats are refused the word list."""
    import httpx

    fair, usual = _new(server, "--no-helps"), _new(server)
    for made, helps in ((fair, False), (usual, True)):
        shown = json.loads(run("table", "show", made["links"]["watch"], "--json").output)  # type: ignore[index]
        assert shown["table"]["helps"] is helps
    seat = fair["links"]["seats"][0]  # type: ignore[index]
    table_id = seat.split("table=")[1].split("&")[0].split("#")[0]
    token = seat.split("seat=")[1]
    asked = httpx.get(f"{server}/api/tables/{table_id}/helps", params={"seat": token})
    assert asked.status_code == 403 and "helps_off" in asked.text, asked.text


class Watching:
    """`overturn table watch LINK --forever --json` in a process of its own, its JSON lines read in a thread."""

    def __init__(self, link: str) -> None:
        command = [sys.executable, "-m", "overturn_cli", "table", "watch", link, "--forever", "--json"]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.versions: list[int] = []
        self.seats: list[int | None] = []  # whose view each state is (None: a watcher's)
        threading.Thread(target=self._read, daemon=True).start()
        assert self.until(0), "the watch did not show the table"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            table = json.loads(line)["table"]
            self.seats.append(table["you"])
            self.versions.append(table["version"])

    def until(self, version: int, seconds: float = 15) -> bool:
        deadline = time.monotonic() + seconds
        while version not in self.versions and time.monotonic() < deadline:
            time.sleep(0.02)
        return version in self.versions

    def stop(self) -> None:
        self.process.kill()
        self.process.wait(10)


def _proxied(link: str, proxy: Proxy) -> str:
    return link.replace(f":{proxy.target[1]}/", f":{proxy.port}/")


def test_a_watch_whose_network_stalls_loses_its_stream_and_a_healthy_one_keeps_it(beating: tuple[str, Hub]) -> None:
    """The watch acknowledges the beats as a page does: stalled (bytes swallowed both ways, nothing closed, so TCP
    would hold it for many minutes), it is closed by the server after 2.5 silent beats; the healthy one never is."""
    url, hub = beating
    links = _new(url)["links"]
    proxy = Proxy(int(url.rsplit(":", 1)[1]))
    green = links["seats"][0]  # type: ignore[index]
    healthy, stalled = Watching(green), Watching(_proxied(links["watch"], proxy))  # type: ignore[index]
    try:
        assert hub.open_streams == 2
        time.sleep(4 * BEAT)
        assert hub.open_streams == 2  # both acknowledge: neither is taken for silent
        proxy.stall()
        stalled_at = time.monotonic()
        counts: list[tuple[float, int]] = []
        while time.monotonic() - stalled_at < 12 * BEAT:
            counts.append((time.monotonic() - stalled_at, hub.open_streams))
            time.sleep(0.01)
        closed_after = next(at for at, count in counts if count == 1)
        assert 1.5 * BEAT < closed_after < 6 * BEAT  # 2.5 beats after its last acknowledgement
        assert {count for at, count in counts if at > closed_after} == {1}  # the healthy stream was never closed
        assert run("table", "play", "ACCES", green).exit_code == 0
        assert healthy.until(1) and stalled.versions == [0]
        assert healthy.seats == [0, 0] and stalled.seats == [None]  # the seat's token reached the server (a header)
    finally:
        healthy.stop()
        stalled.stop()
        proxy.close()


def test_a_watch_whose_connection_is_cut_opens_it_again_from_the_last_move(beating: tuple[str, Hub]) -> None:
    """The cut reaches the server, not the watch (its end of the proxy is left open, silent): the watch takes three
    silent beats for a dead stream and opens it again, from the last move it showed."""
    url, hub = beating
    links = _new(url)["links"]
    green, silver = links["seats"]  # type: ignore[index]
    proxy = Proxy(int(url.rsplit(":", 1)[1]))
    watch = Watching(_proxied(links["watch"], proxy))  # type: ignore[index]
    try:
        assert run("table", "play", "ACCES", green).exit_code == 0
        assert watch.until(1)
        proxy.cut()
        assert run("table", "pass", "1,1", silver).exit_code == 0
        assert watch.until(2)
        assert watch.versions == [0, 1, 2] and watch.process.poll() is None  # nothing shown twice, nothing missed
        assert hub.open_streams == 1
    finally:
        watch.stop()
        proxy.close()


def test_a_pass_draws_the_board_its_legend_explains(server: str) -> None:
    green, silver = _new(server)["links"]["seats"]  # type: ignore[index]
    run("table", "play", "accès", green)
    passed = run("table", "pass", "B3", silver, "--no-color")
    assert passed.exit_code == 0, passed.output
    lines = passed.output.splitlines()
    legend = next(index for index, line in enumerate(lines) if line.startswith("[X]"))
    board = lines[:legend]
    assert board[0].split() == list("ABCDEF") and [line.split()[0] for line in board if line[:2].strip().isdigit()] == list("123456")
    assert any("[" in line for line in board[1:]) and "\x1b" not in passed.output  # B3 marked, no colour
