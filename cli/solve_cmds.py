"""`overturn solve`, `overturn deal` and `overturn bench`: the solver from the command line."""

from __future__ import annotations

import time
from pathlib import Path

import click

from overturn_cli.common import (
    PATH_FORMS,
    BadInput,
    bounded_text,
    bounded_word,
    cells_json_option,
    click_errors,
    color_option,
    json_option,
    lexicon_option,
    open_lexicon,
    parse_cells,
    progress,
    read_board_file,
    seed_option,
    use_color,
)
from overturn_cli.console import INTERRUPTED, MAX_BOARD_TEXT, echo_json, fold_accents, plural
from overturn_cli.solutions import board_rules, print_solutions


def _board_from(text: str | None, board_file: Path | None, rules):
    from overturn.game.board import Board, BoardError

    if board_file is not None:
        text = read_board_file(board_file)
    if not text:
        raise click.UsageError("give a BOARD, --board-file or --state")
    bounded_text(text, MAX_BOARD_TEXT, "BOARD")
    try:
        return Board.parse(fold_accents(text), rules)
    except BoardError as exc:
        raise click.UsageError(f"bad board: {exc}") from None


@click.command()
@click.argument("board", required=False)
@click.option("--board-file", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="Read the board from a file.")
@click.option("--state", "state_file", type=click.Path(dir_okay=False, path_type=Path), help="Solve for a saved game: only words legal now (new/used cells, played words, fixed readings).")
@click.option("--mode", type=click.Choice(["reuse", "advanced"]), default=None, help="reuse: a letter may repeat in a word (basic game); advanced: each cell once. [default: the preset's]")
@click.option("--preset", type=click.Choice(["overturn", "advanced", "boggle4", "boggle5"]), default="overturn", show_default=True, help="Board size and word rules.")
@click.option("--sort", "order", type=click.Choice(["length", "alpha"]), default="length", show_default=True, help="Longest first, or alphabetical.")
@click.option("--group/--no-group", default=True, show_default=True, help="Group words by length (text output).")
@click.option("--paths/--no-paths", default=True, show_default=True, help="Each word's path in A1 notation, column letter and row number (text output).")
@click.option("--min-len", type=click.IntRange(min=0), default=0, show_default=True, help="Only words at least this long.")
@click.option("--pattern", help="Only words the regex matches in full (case and accents ignored, as in `dict grep`).")
@click.option("--contains", callback=bounded_word, help="Only words containing this string (e.g. X to see what ZX read as X gives).")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="List at most this many words (the count is of every word kept). [default: all]")
@click.option("--family", is_flag=True, help="Leave out the words of the family list (lexicons/family-words.txt).")
@lexicon_option
@cells_json_option
def solve(
    board: str | None,
    board_file: Path | None,
    state_file: Path | None,
    mode: str | None,
    preset: str,
    order: str,
    group: bool,
    paths: bool,
    min_len: int,
    pattern: str | None,
    contains: str | None,
    limit: int | None,
    family: bool,
    lexicon_spec: str,
    as_json: bool,
) -> None:
    """List every legal word of BOARD with a path that proves it.

    BOARD is six rows of six faces; spaces and '/' are ignored, lower case is
    fine, double faces are written [ZX] and [QU] (a lone Q is the Qu face).
    --json answers as POST /api/solve does, which takes these options under
    the same names (preset, mode, min_len, pattern, contains, sort, limit).

    \b
    Examples:
      overturn solve 'ROIBEN/PLEMAT/[ZX]ASCDE/FGHIJK/LMNOP[QU]/RSTUVW'
      overturn solve --mode advanced --min-len 7 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'
      overturn solve --json --contains BOIRE 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'
      overturn solve --no-paths --sort alpha 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'
      overturn game new --seed 311 --state game.json
      overturn solve --state game.json        # words legal in that game now
      overturn solve --family 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'   # without the family list's words
    """
    constraints = None
    if state_file is not None:
        from overturn_cli.game_files import load_game

        game = load_game(state_file, with_lexicon=False)
        parsed, constraints, lexicon_spec = game.board, game.constraints(), game.lexicon_name
        if mode:
            parsed = parsed.with_rules(board_rules("overturn", mode))
    else:
        parsed = _board_from(board, board_file, board_rules(preset, mode))
    if family:
        from overturn.game.solver import FREE
        from overturn.lexicon.family import family_blocked_keys

        with click_errors():
            kept_off = family_blocked_keys(open_lexicon(lexicon_spec))
        base = constraints or FREE
        constraints = base.replace(played=base.played | kept_off)
    with click_errors():
        print_solutions(
            parsed, constraints, lexicon_spec,
            order=order, group=group, min_len=min_len, pattern=pattern, contains=contains, as_json=as_json, paths=paths, limit=limit,
        )


@click.command("deal")
@seed_option("Seed of the deal (0 to 4294967295); the same seed gives the same boards. [default: random]")
@click.option("--tiles", "tiles_file", type=click.Path(exists=True, dir_okay=False, path_type=Path), help="A tile-set JSON file instead of the default French set.")
@json_option
def deal_command(seed: int | None, tiles_file: Path | None, as_json: bool) -> None:
    """Deal the 18 tiles as two layers of a 6×6 board (top layer first).

    --json answers as GET /api/deal does.

    \b
    Examples:
      overturn deal --seed 311
      overturn deal --seed 311 --json
    """
    import random

    from overturn.game.board import BoardError
    from overturn.game.tiles import TileSet, deal

    seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    try:
        dealt = deal(seed, TileSet.load(tiles_file) if tiles_file else None)
    except BoardError as exc:
        raise BadInput(str(exc)) from None
    if as_json:
        import msgspec

        from overturn.game.solution import deal_answer

        echo_json(msgspec.to_builtins(deal_answer(seed, dealt.layers)))
        return
    click.echo(f"seed {seed}")
    for number, layer in enumerate(dealt.layers, 1):
        click.echo(f"layer {number}{' (played first)' if number == 1 else ''}: {layer}")


@click.command()
@click.option("--boards", type=click.IntRange(1, 100_000), default=50, show_default=True, help="Number of seeded deals to solve.")
@click.option("--mode", type=click.Choice(["reuse", "advanced"]), default="reuse", show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(0, 256),
    default=0,
    show_default=True,
    help="Also solve the boards in batches on this many threads (the native search releases the GIL) and "
    "report boards per second against one thread in the same run; 0: only the per-board timing.",
)
@lexicon_option
@json_option
def bench(boards: int, mode: str, workers: int, lexicon_spec: str, as_json: bool) -> None:
    """Time the solver on seeded deals: median and worst time per board, words per board; with --workers, boards per second on N threads.

    Ctrl-C stops it and prints the timing of the boards solved so far (exit 130).

    \b
    Examples:
      overturn bench --boards 5
      overturn bench --boards 5 --mode advanced --json
      overturn bench --boards 16 --workers 2
    """
    from overturn.game.solver import Solver
    from overturn.game.tiles import deal

    lexicon = open_lexicon(lexicon_spec)
    rules = board_rules("overturn", mode)
    times: list[float] = []
    counts: list[int] = []
    deals = []  # each board dealt as its turn comes (100,000 deals take seconds): the progress and Ctrl-C's figures start at once
    try:
        for seed in progress(range(boards), boards, "solving"):
            board = deal(seed).layers[0].with_rules(rules)
            deals.append(board)
            started = time.perf_counter()
            counts.append(len(Solver(lexicon, board).solve()))
            times.append(time.perf_counter() - started)
    except KeyboardInterrupt:
        if not times:
            raise
        click.echo(f"\ninterrupted after {len(times)} of {plural(boards, 'board')}; their timing:", err=True)
        _print_bench(_bench_summary(len(times), mode, times, counts), as_json, workers=0, starved=False)
        raise SystemExit(INTERRUPTED) from None
    summary = _bench_summary(boards, mode, times, counts)
    starved = False  # the threads got less CPU than their number: the cores were busy elsewhere, or fewer
    if workers:
        (one, busy_1), (many, busy) = _throughput(lexicon, deals, 1, counts), _throughput(lexicon, deals, workers, counts)
        starved = busy < 0.9 * workers
        summary.update(
            workers=workers,
            boards_per_second_1=round(one),
            boards_per_second=round(many),
            speedup=round(many / one, 2),
            per_worker=round(many / one / workers, 2),
            cores_used_1=round(busy_1, 2),
            cores_used=round(busy, 2),
        )
    _print_bench(summary, as_json, workers, starved)


def _bench_summary(boards: int, mode: str, times: list[float], counts: list[int]) -> dict[str, object]:
    import statistics

    return {
        "boards": boards,
        "mode": mode,
        "median_ms": round(statistics.median(times) * 1000, 3),
        "max_ms": round(max(times) * 1000, 3),
        "median_words": statistics.median_low(counts),  # a board's own count: a whole number, as words are
    }


def _print_bench(summary: dict[str, object], as_json: bool, workers: int, starved: bool) -> None:
    if as_json:
        echo_json(summary)
        return
    boards = summary["boards"]
    assert isinstance(boards, int)
    click.echo(
        f"{plural(boards, 'board')}, {summary['mode']} mode: median {summary['median_ms']} ms, worst {summary['max_ms']} ms, "
        f"median {summary['median_words']} words per board"
    )
    if workers:
        click.echo(
            f"batches on {workers} thread{'' if workers == 1 else 's'}: {summary['boards_per_second']} boards/s against "
            f"{summary['boards_per_second_1']} on 1 thread, speed-up x{summary['speedup']} "
            f"({summary['per_worker']} per thread; process CPU time / wall time {summary['cores_used']} "
            f"against {summary['cores_used_1']}"
            + (": below the thread count, the cores were busy elsewhere or fewer than the threads)" if starved else ")")
        )


def _throughput(lexicon, deals: list, workers: int, expected: list[int]) -> tuple[float, float]:
    """Boards per second solving ``deals`` (every word with its path) with ``solve_counts`` on ``workers`` threads.

    Each thread takes every ``workers``-th board, in batches of 8; the best of 3 rounds, each checked
    against the per-board counts. With it, that round's process CPU time over its wall time (the cores used).
    """
    from concurrent.futures import ThreadPoolExecutor

    from overturn.game.solver import solve_counts

    slices = [list(range(start, len(deals), workers)) for start in range(workers)]

    def run(indices: list[int]) -> list[int]:
        counts: list[int] = []
        for at in range(0, len(indices), 8):
            counts += solve_counts(lexicon, [deals[index] for index in indices[at : at + 8]])
        return counts

    best, cores = 0.0, 0.0
    with ThreadPoolExecutor(workers) as pool:
        for _ in range(3):
            started, cpu = time.perf_counter(), time.process_time()
            answers = list(pool.map(run, slices))
            elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
            for indices, counts in zip(slices, answers):
                if [expected[index] for index in indices] != counts:
                    raise click.ClickException("the batch counts disagree with Solver.solve")
            if len(deals) / elapsed > best:
                best, cores = len(deals) / elapsed, cpu / elapsed
    return best, cores


@click.command()
@click.argument("board")
@click.option("--word", "-w", callback=bounded_word, help="Draw the path of this word (the first legal one found).")
@click.option("--path", "path_text", help=f"Draw this path instead: {PATH_FORMS} (each cell next to the last).")
@click.option("--mode", type=click.Choice(["reuse", "advanced"]), default="reuse", show_default=True)
@color_option
@lexicon_option
def show(board: str, word: str | None, path_text: str | None, mode: str, color: bool | None, lexicon_spec: str) -> None:
    """Draw BOARD as a grid, with a word's path highlighted.

    \b
    Examples:
      overturn show 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET' --word BOIRE
      overturn show 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET' --path "E3 D2 D3"    # ROI
      overturn show 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET' --path "16 9 15"     # ROI again, by cell numbers
      overturn show 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET' --word ROI --no-color
    """
    from overturn.game.render import LEGEND, render_board
    from overturn.game.solver import Solver
    from overturn.lexicon.normalize import InvalidWord, normalize_key
    if word is not None and path_text is not None:  # the path would be drawn and the word dropped unsaid
        raise click.UsageError("give --word or --path, not both: --word draws the word's first path, --path the cells given")
    parsed = _board_from(board, None, board_rules("overturn", mode))
    path: tuple[int, ...] | None = None
    if path_text is not None:
        path = parse_cells(path_text, parsed, "--path", adjacent=True)
    elif word:
        try:
            key = normalize_key(word)
        except InvalidWord as exc:
            raise click.UsageError(str(exc)) from None
        lexicon = open_lexicon(lexicon_spec)
        first = next(Solver(lexicon, parsed).paths(key, limit=1), None)
        if first is None:
            raise click.ClickException(f"{key} cannot be traced on this board in {mode} mode (at least 2 tiles)")
        path, readings = first
        if key not in lexicon:
            click.echo(f"note: {key} is not in lexicon {lexicon.name}", err=True)
        if readings:
            click.echo("reads " + ", ".join(f"{face} as {value}" for face, value in readings), err=True)
    click.echo(render_board(parsed, path, color=use_color(color)))
    if path:
        click.echo(LEGEND, err=True)
