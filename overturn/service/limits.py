"""Every bound the service enforces, in one value type the server and the app share."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Every bound the service enforces; the defaults suit one club on a small machine."""

    max_body_bytes: int = 64 * 1024  #: request bodies larger than this get 413 before any parsing
    max_results: int = 1000  #: most words a prefix, pattern or anagram search returns
    max_solve_words: int = 10_000  #: most words a solve returns (longest first)
    max_word_length: int = 64
    max_pattern_length: int = 200
    max_anagram_letters: int = 15  #: letters plus wildcards
    max_wildcards: int = 2
    pattern_timeout: float = 2.0  #: seconds a pattern scan may take (the lexicon enforces it)
    search_timeout: float = 5.0  #: seconds any search job may take before the client gets an answer
    solve_timeout: float = 20.0
    solve_threads: int = 2
    search_threads: int = 2
    computer_processes: int = 1  #: processes for computer seats' searches, apart from the threads that judge people's moves
    max_pending: int = 64  #: jobs queued or running per pool before new ones get 503
    solve_cache: int = 64  #: boards whose solutions are kept (every phone at a table asks for the same one)
    max_json_depth: int = 32  #: deepest nesting of arrays and objects a body may have (a saved game needs about 6)
    body_timeout: float = 10.0  #: seconds a client has to send a whole request body (it may declare more than it sends)
    header_timeout: float = 10.0  #: seconds a client has to send a request's headers (slowloris)
    max_header_bytes: int = 16 * 1024  #: request line plus headers; larger requests get 400 and the connection closes
    keep_alive_timeout: int = 5  #: seconds an idle keep-alive connection stays open (uvicorn's timeout_keep_alive)
    max_connections: int = 2000  #: open connections or running requests before new requests get 503 (uvicorn's limit_concurrency)
    gzip_min_bytes: int = 1024  #: answers at least this large are gzipped for clients that accept it
    max_streams: int = 1000  #: live table streams open at once before new ones get 503
    max_streams_per_client: int = 16  #: live table streams one client address may hold (a table's phones share a Wi-Fi address)
    tables_per_client_hour: int = 120  #: tables one client address may open in an hour (each is a row kept in the store)
    #: tables the addresses of one network (an IPv4 /24, an IPv6 /64) may open together in an hour: a crowd rotating its
    #: addresses is bounded too, and a day of it (24 times this) stays below ``max_tables``
    tables_per_prefix_hour: int = 240
    computer_seconds_per_table: float = 60.0  #: search a table's computer seats may take at their level; then level 1
    max_computer_tables: int = 4  #: tables where only computers play, at once (each keeps a computer player busy for its whole game)
    computer_tables_per_client_hour: int = 6  #: such tables one client address may open in an hour
    max_tables: int = 100_000  #: tables the store may hold (a few kilobytes each: some hundreds of megabytes at most)
    table_idle_days: float = 30.0  #: a table with no move for this long is removed (a club's evening is long over)
    table_finished_days: float = 7.0  #: a finished table with no move for this long is removed (its review read)
    #: a table no phone joined (no seat's invitation claimed) and with no move is removed this long after it was made
    table_unclaimed_hours: float = 6.0
    prune_hours: float = 1.0  #: how often the server removes those tables (and once at start)
    #: seconds a table request waits for a PostgreSQL store that answers no call at all: a database that does not answer
    #: is a 503 with Retry-After within a second, not a phone held (SQLite gives up on another process's lock by itself)
    store_timeout: float = 0.8
    kept_tables: int = 512  #: table games kept replayed in memory, so a move does not replay the whole game
    #: seconds between a live stream's heartbeats: they keep proxies from cutting an idle stream, and a phone that misses
    #: 2.5 of them takes its link for dead, so 3 s tells a stalled phone within 10 s (acknowledged about once a beat)
    stream_heartbeat: float = 3.0
    presence_lapse: float = 30.0  #: seconds a process killed without a word still shows its phones connected to the others (PostgreSQL)

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if value < 0 or (value == 0 and name != "solve_cache"):
                raise ValueError(f"limit {name} must be positive, got {value}")
        if self.tables_per_prefix_hour * 24 >= self.max_tables:
            raise ValueError(
                f"one network could fill the store's {self.max_tables} tables within a day at {self.tables_per_prefix_hour} tables an hour:"
                f" allow at most {(self.max_tables - 1) // 24} an hour per network, or keep more tables"
            )
