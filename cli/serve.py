"""`overturn serve`: the dictionary, solver and referee over HTTP for the phones around a board.

starlette and uvicorn are imported inside the command so that `overturn --help`
and the table commands never pay for them.
"""

from __future__ import annotations

import ipaddress
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from collections.abc import Callable

    from click.decorators import FC

from overturn_cli.common import BadInput, Seconds
from overturn_cli.console import INTERRUPTED

#: The Host names a browser on this machine uses for a loopback server.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")

#: --presence-lapse's bounds in seconds: each process renews its leases every third of the lapse (below a second that
#: is a write to the store several times a second), and a killed process's phones show connected that long (past an
#: hour no one is still waiting for them).
PRESENCE_LAPSE_RANGE = (1.0, 3600.0)


def hosts_to_allow(host: str, given: tuple[str, ...]) -> list[str] | None:
    """The Host allow-list: the ones given, else the loopback names for a loopback server, else none (any Host)."""
    if given:
        return list(given)
    return list(LOOPBACK_NAMES) if _is_loopback(host) else None


#: The status uvicorn exits with when it cannot start (``uvicorn.server.STARTUP_FAILURE``).
UVICORN_STARTUP_FAILURE = 3


def _check_address(host: str, port: int) -> None:
    """Exit 2 naming the reason when the server could not listen on ``host:port`` (a busy port, a port it may not use,
    a host that is not this machine's), before the server starts, instead of uvicorn's logged OSError and exit 3.

    Each address the server would bind (asyncio's: every ``getaddrinfo`` answer, IPv6 ones IPv6-only) is bound
    once with the same options and let go. Port 0 (any free port) is always free.
    """
    import errno
    import socket

    if port == 0:
        return
    try:
        answers = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise BadInput(f"cannot listen on {host}: {getattr(exc, 'strerror', None) or exc}") from None
    for family, kind, proto, _name, address in dict.fromkeys(answers):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                why = exc.strerror or str(exc)
                if exc.errno == errno.EADDRINUSE:
                    why += ": another server is listening there (stop it, or choose another --port)"
                elif exc.errno == errno.EACCES:
                    why += f": ports below 1024 need privileges (choose --port {port + 8000 if port < 1024 else port})"
                raise BadInput(f"cannot listen on {host}:{port}: {why}") from None


def default_store() -> str:
    """The SQLite file table games live in when ``--store`` is not given."""
    from platformdirs import user_data_path

    return str(user_data_path("overturn") / "tables.sqlite3")


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _limit(name: str, default: int, help: str) -> Callable[[FC], FC]:
    """A count the server holds to (results, connections, streams, tables): at least 1, its default in the help."""
    return click.option(name, default=default, show_default=True, type=click.IntRange(1), help=help)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on; 0.0.0.0 opens it to the network.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535))
@click.option(
    "--lexicon",
    "-l",
    "lexicons",
    multiple=True,
    help="Lexicon name or path; repeat to serve several (the first is the default). Default: fr.",
)
@click.option("--max-body-bytes", default=64 * 1024, show_default=True, type=click.IntRange(1024), help="Larger request bodies get 413.")
@_limit("--max-results", 1000, "Most words a search returns.")
@_limit("--max-solve-words", 10_000, "Most words a solve returns.")
@click.option("--pattern-timeout", default=2.0, show_default=True, type=Seconds(0.01), help="Seconds a pattern search may take.")
@click.option("--solve-timeout", default=20.0, show_default=True, type=Seconds(0.1), help="Seconds a solve may take.")
@click.option("--solve-threads", default=2, show_default=True, type=click.IntRange(1, 64), help="Solves run at once.")
@click.option("--solve-cache", default=64, show_default=True, type=click.IntRange(0), help="Solved boards kept for the next phone (0: none).")
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    help="Answer only requests naming this Host (repeat; '*.club.example' allowed). "
    "Default: the loopback names when listening on loopback (a web page cannot reach the service by DNS rebinding); any otherwise.",
)
@_limit("--max-connections", 2000, "Open connections before new requests get 503.")
@_limit("--max-streams", 1000, "Live table streams open at once before new ones get 503.")
@_limit("--max-streams-per-client", 16, "Live table streams one client address may hold.")
@click.option(
    "--presence-lapse",
    default=30.0,
    show_default=True,
    type=Seconds(*PRESENCE_LAPSE_RANGE),
    metavar="SECONDS",
    help="Seconds a server process killed without a word still shows its phones connected to the other processes "
    "sharing its PostgreSQL store (1 to 3600; each renews its leases every third of it).",
)
@click.option("--header-timeout", default=10.0, show_default=True, type=Seconds(0.1), help="Seconds a client has to send a request's headers.")
@click.option("--body-timeout", default=10.0, show_default=True, type=Seconds(0.1), help="Seconds a client has to send a request's body.")
@click.option(
    "--store",
    default=None,
    metavar="PATH|postgresql://…|memory",
    help="Where table games live: a SQLite file (default: tables.sqlite3 in the user data directory), "
    "a PostgreSQL URL for a club server, or 'memory' (forgotten when the server stops).",
)
@click.option(
    "--forwarded-allow-ips",
    default=None,
    metavar="ADDRESSES",
    help="Believe X-Forwarded-For only from these proxies (comma-separated addresses, '*' for any); by default from none, "
    "so each phone is counted by its own address. Set it to the proxy's address behind nginx or Caddy (docs/service.md).",
)
@click.option("--allow-seeds", is_flag=True, help="Let a table's creator choose the seed of a game whose dice or cards the server draws (a lesson, a replay): by default the server draws its own, so no player can foresee a roll.")
@_limit("--max-computer-tables", 4, "Tables where only computers play, at once.")
@_limit("--max-tables", 100_000, "Tables the store may hold; past it new tables get 503 until the prune removes old ones.")
@_limit("--tables-per-address-hour", 120, "Tables one client address may open in an hour.")
@_limit(
    "--tables-per-network-hour",
    240,
    "Tables the addresses of one network (an IPv4 /24, an IPv6 /64) may open together in an hour; a day of it must stay below --max-tables.",
)
@click.option("--idle-days", default=30.0, show_default=True, type=Seconds(0, unit="days", low_open=True), help="A table with no move for this many days is removed.")
@click.option("--finished-days", default=7.0, show_default=True, type=Seconds(0, unit="days", low_open=True), help="A finished table with no move for this many days is removed.")
@click.option(
    "--unclaimed-hours",
    default=6.0,
    show_default=True,
    type=Seconds(0, unit="hours", low_open=True),
    help="A table no phone joined and no one moved at is removed this many hours after it was made.",
)
@click.option(
    "--page-engine",
    is_flag=True,
    help="The table page plays on the phone itself (the word search as WebAssembly, the rules, the first lexicon's files at /lexicon/, "
    "as `overturn web export` writes them): solo games, solves and verdicts never wait for the network, and go on offline; "
    "shared tables stay the server's.",
)
@click.option("--log-level", default="info", show_default=True, type=click.Choice(["critical", "error", "warning", "info", "debug"]))
def serve(
    host: str,
    port: int,
    lexicons: tuple[str, ...],
    max_body_bytes: int,
    max_results: int,
    max_solve_words: int,
    pattern_timeout: float,
    solve_timeout: float,
    solve_threads: int,
    solve_cache: int,
    allowed_hosts: tuple[str, ...],
    max_connections: int,
    max_streams: int,
    max_streams_per_client: int,
    presence_lapse: float,
    header_timeout: float,
    body_timeout: float,
    store: str | None,
    forwarded_allow_ips: str | None,
    allow_seeds: bool,
    max_computer_tables: int,
    max_tables: int,
    tables_per_address_hour: int,
    tables_per_network_hour: int,
    idle_days: float,
    finished_days: float,
    unclaimed_hours: float,
    page_engine: bool,
    log_level: str,
) -> None:
    """Serve the look-ups, the solver and the referee over HTTP, with the table page at /.

    \b
    Loopback only by default; for the phones of a club, on its own network:
      overturn serve --host 0.0.0.0 --port 8000
    then open http://SERVER-ADDRESS:8000/ on each phone. API schema: /openapi.json

    \b
    Only for names the phones use (other Host headers get 400):
      overturn serve --host 0.0.0.0 --allowed-host club.local --allowed-host 192.168.1.20
    \b
    Table games (one link per seat, live on every phone) are kept in a SQLite
    file by default; a club server shares one PostgreSQL:
      overturn serve --store postgresql://overturn@db.club.local/overturn
    Limits, timeouts and headers: docs/service.md. Ctrl-C stops the server
    cleanly (exit 130); an unknown lexicon or store, or an address it cannot listen on (a busy port), is exit 2.
    """
    import uvicorn

    from overturn.lexicon.registry import LexiconError, load_lexicon
    from overturn.service.app import create_app
    from overturn.service.descriptors import budget, raise_descriptor_limit
    from overturn.service.httpguard import server_settings
    from overturn.service.limits import Limits
    from overturn.service.server import closing_server
    from overturn.table.backends import open_store
    from overturn.table.record import StoreError

    say = lambda message: click.echo(message, err=True)  # noqa: E731
    held = budget(raise_descriptor_limit(), max_connections, max_streams)
    for warning in held.warnings:
        say(f"warning: {warning}")
    try:
        limits = Limits(
            max_body_bytes=max_body_bytes,
            max_results=max_results,
            max_solve_words=max_solve_words,
            pattern_timeout=pattern_timeout,
            search_timeout=max(5.0, pattern_timeout * 2),
            solve_timeout=solve_timeout,
            solve_threads=solve_threads,
            solve_cache=solve_cache,
            max_connections=held.max_connections,
            max_streams=held.max_streams,
            max_computer_tables=max_computer_tables,
            max_streams_per_client=max_streams_per_client,
            presence_lapse=presence_lapse,
            header_timeout=header_timeout,
            body_timeout=body_timeout,
            max_tables=max_tables,
            tables_per_client_hour=tables_per_address_hour,
            tables_per_prefix_hour=tables_per_network_hour,
            table_idle_days=idle_days,
            table_finished_days=finished_days,
            table_unclaimed_hours=unclaimed_hours,
        )
    except ValueError as exc:  # bounds that contradict each other: one network's day of tables would fill the store
        if tables_per_network_hour * 24 < max_tables:
            raise BadInput(str(exc)) from None
        raise BadInput(
            f"--max-tables {max_tables} could be filled within a day by one network at --tables-per-network-hour {tables_per_network_hour}:"
            f" give --tables-per-network-hour {(max_tables - 1) // 24} or less, or a larger --max-tables"
        ) from None
    try:
        for spec in lexicons or (None,):
            load_lexicon(spec, progress=say)  # builds on first use, with progress, before the port opens
        tables = open_store(store or default_store())
        say(f"table games kept in {tables.url}")
        app = create_app(list(lexicons) or None, limits, hosts_to_allow(host, allowed_hosts), tables, allow_seeds, page_engine)
    except (LexiconError, StoreError) as exc:
        raise BadInput(str(exc)) from None
    if not _is_loopback(host):
        say(f"warning: listening on {host}: every machine that can reach this address can use the service")
    settings = server_settings(limits, forwarded_allow_ips)
    _check_address(host, port)
    try:
        closing_server(uvicorn.Config(app, host=host, port=port, log_level=log_level, **settings)).run()
    except KeyboardInterrupt:  # uvicorn re-raises the Ctrl-C it shut down on
        pass
    except SystemExit as exc:  # uvicorn's start-up failure (3, its error logged above): a configuration the table calls 2
        if exc.code == UVICORN_STARTUP_FAILURE:
            raise BadInput(f"the server could not start on {host}:{port} (the reason is logged above)") from None
        raise
    # uvicorn returns once a signal (Ctrl-C, a service manager's stop) has shut it down cleanly
    say(f"server stopped; table games are kept in {tables.url}")
    raise SystemExit(INTERRUPTED)
