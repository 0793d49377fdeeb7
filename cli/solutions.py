"""The body of `overturn solve` once the board is known, free of click so the start-up fast path can run it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from overturn.game.solution import board_rules
from overturn_cli.console import CommandError, CommandUsageError, echo, echo_json, open_lexicon

if TYPE_CHECKING:
    from overturn.game.board import Board
    from overturn.game.solver import Constraints

__all__ = ["PATTERN_SECONDS", "board_rules", "print_solutions"]

#: Seconds a --pattern may take over the words found (they are at most a few thousand).
PATTERN_SECONDS = 2.0


def print_solutions(
    board: Board,
    constraints: Constraints | None,
    lexicon_spec: str,
    *,
    order: str,
    group: bool,
    min_len: int,
    pattern: str | None,
    contains: str | None,
    as_json: bool,
    paths: bool = True,
    limit: int | None = None,
) -> None:
    """Solve ``board`` and print the words kept by the filters, longest first or alphabetical, ``limit`` of them.

    In text each word comes with the path that proves it, in A1 notation (``paths``); JSON is ``POST /api/solve``'s
    ``Solution``, each path as cell numbers (row * cols + col).

    Raises CommandError / CommandUsageError (lexicon, pattern, --contains) before printing anything.
    """
    from overturn.game.solution import FilterError, Solution, WordFilters, mode_of, solved, words_kept
    from overturn.game.solver import FREE, Solver

    lexicon = open_lexicon(lexicon_spec)
    started = time.perf_counter()
    found = Solver(lexicon, board).solve(FREE if constraints is None else constraints)
    elapsed = time.perf_counter() - started
    filters = WordFilters(min_len=min_len, pattern=pattern or None, contains=contains or None, sort=order)  # type: ignore[arg-type]
    try:
        kept = words_kept(found, lexicon, filters, PATTERN_SECONDS)
    except FilterError as exc:
        if exc.too_slow:
            raise CommandError(f"--{exc}") from None
        raise CommandUsageError(f"bad --{exc.field}: {exc}" if exc.field == "pattern" else str(exc)) from None
    mode = mode_of(board.rules)
    if as_json:
        import msgspec

        answer = solved(board, lexicon.name, kept, limit)
        echo_json(msgspec.to_builtins(Solution(**msgspec.structs.asdict(answer), cached=False, elapsed_ms=round(elapsed * 1000, 1))))
        return
    results = kept if limit is None else kept[:limit]
    from overturn.game.board import format_cell

    lines = []
    current_length = None
    width = max((len(item.word) for item in results), default=0)
    for item in results:
        if group and order == "length" and len(item.word) != current_length:
            current_length = len(item.word)
            lines.append(f"-- {current_length} letters")
        needs = "  (" + ", ".join(f"{face}={reading}" for face, reading in item.readings) + ")" if item.readings else ""
        path = " ".join(format_cell(board, cell) for cell in item.path) if paths else ""
        lines.append(f"{item.word:<{width}}  {path}{needs}" if paths else f"{item.word}{needs}")
    if lines:
        echo("\n".join(lines))  # one write: thousands of echo calls cost more than the solve
    count = f"{len(results)} word{'' if len(results) == 1 else 's'}" + (f" of {len(kept)}" if len(results) < len(kept) else "")
    count += f" (longest {width} letters)" if results else ""
    echo(f"{count} in {elapsed * 1000:.1f} ms, {mode} mode, lexicon {lexicon.name}", err=True)
