"""`overturn game`, `overturn referee` and `overturn play`: Overturn at the table.

The game lives in a JSON file (``--state``, default ``overturn-game.json``),
rewritten atomically after every accepted move; a refused move prints the
reason, exits 1 and leaves the file as it was. ``overturn referee`` settles one
disputed word with exit code 0 (legal), 1 (refused) or 2 (usage error), so
scripts can rely on it.

Long because it is one noun's commands (new, show, play, pass, undo, moves,
hint, next-layer) with ``referee`` and the interactive ``play`` board, sharing
one game file, its options and its text output; each command is a thin shell
over ``overturn.game``.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import msgspec
from click.core import ParameterSource

from overturn.game.board import Board, BoardError
from overturn.game.computer import LEVELS, choose_move
from overturn.game.referee import Verdict
from overturn.game.render import LEGEND, describe_path, render_board
from overturn.game.state import ENDINGS, MODES, Colour, Game, GameError, IllegalMove, PassMove, RankedMove, Result, WordMove
from overturn.game.turns import MAX_LISTED_MOVES, judged_move, legal_moves_of
from overturn.game.view import score_of, view_of
from overturn.jsonstore import StateFileError
from overturn.lexicon.registry import DEFAULT_LEXICON
from overturn_cli.common import (
    PATH_FORMS,
    BadInput,
    Seconds,
    bounded_text,
    bounded_word,
    cells_json_option,
    color_option,
    json_option,
    moved_on_while_waiting,
    open_lexicon,
    parse_cells,
    seed_option,
    typed_cells,
    updates_state,
    use_color,
)
from overturn_cli.console import INTERRUPTED, MAX_BOARD_TEXT, echo_json, fold_accents, plural
from overturn_cli.game_files import finished_layers, layer_file, load_game, running_total, state_option
from overturn_cli.game_text import board_view, last_path, played_text
from overturn_cli.lazy import LazyGroup
from overturn_cli.lookup import describe_pos

#: The clock the per-turn timer reads; a module attribute so tests can replace it.
clock: Callable[[], float] = time.monotonic


def player_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--player",
        type=click.Choice([colour.value for colour in Colour]),
        default=None,
        help="Who claims the move; refused as wrong_player when it is the other side's turn.",
    )(command)


def table_option(command: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--table",
        "table_link",
        default=None,
        metavar="LINK",
        help="Play at a shared table held by a server instead of a file: your seat link (from the page or 'overturn table new').",
    )(command)


# ----- helpers ---------------------------------------------------------------------------


def _start_game(
    seed: int | None, mode: str, lexicon_spec: str, board_text: str | None, ending: str = "position", family: bool = False
) -> Game:
    """A new game on a seeded deal, or on a typed board; a bad board or seed is a usage error."""
    if board_text is not None:
        bounded_text(board_text, MAX_BOARD_TEXT, "--board")
    lexicon = open_lexicon(lexicon_spec)
    try:
        if board_text is not None:
            return Game.from_board(Board.parse(fold_accents(board_text), MODES[mode]), mode, lexicon_spec, lexicon, ending, family)
        return Game.new(seed, mode, lexicon_spec, lexicon, ending, family)
    except (BoardError, GameError) as exc:
        raise click.BadParameter(str(exc), param_hint="--board" if board_text else "--seed") from None


def _save(game: Game, state_path: Path) -> None:
    """Save, or one line naming the file and the reason (the previous file is left intact)."""
    try:
        game.save(state_path)
    except StateFileError as exc:
        raise click.ClickException(str(exc)) from None


def _score_line(result: Result, game: Game) -> str:
    score = f"green {result.green} · silver {result.silver}"
    if not result.over:
        return f"{score} · {game.to_move.value} to move"
    winner = result.winner
    return f"{score} · game over: " + ("a tie" if winner is None else f"{winner.value} wins")






def _refuse_if_over(game: Game, as_json: bool, what: str) -> None:
    """A finished game has no move to list or hint to give: exit 1 saying so (``game_over`` under --json), as a move would be."""
    if not game.is_over():
        return
    result = game.result()
    outcome = "a tie" if result.winner is None else f"{result.winner.value} wins"
    message = f"the game is over ({outcome}, green {result.green} · silver {result.silver}): no {what}; 'overturn game next-layer' starts the next game"
    if as_json:
        echo_json({"error": {"rule": "game_over", "message": message}})
        sys.exit(1)
    raise click.ClickException(message)


def _echo_status(game: Game) -> None:
    """Under the board: the ring legend, the readings fixed so far (if any) and the score."""
    click.echo(LEGEND)
    if game.fixed:
        click.echo("readings: " + ", ".join(f"{face} as {reading}" for face, reading in sorted(game.fixed.items())))
    click.echo(_score_line(game.result(), game))


def _entries_text(verdict: Verdict) -> list[str]:
    return [f"  {entry.form} ({describe_pos(entry.pos)}, lemma {entry.lemma})" for entry in verdict.entries]  # as dict lookup says it


def _verdict_text(verdict: Verdict, board: Board, rings: list[Colour | None] | None, color: bool) -> str:
    head = "LEGAL" if verdict.legal else f"REFUSED [{verdict.reason}]"
    lines = [f"{verdict.word}: {head} — {verdict.message}", *_entries_text(verdict)]
    if verdict.readings:
        lines.append("  readings: " + ", ".join(f"{face} as {reading}" for face, reading in verdict.readings))
    if verdict.path is not None and all(0 <= cell < board.rules.size for cell in verdict.path):
        label = "path" if verdict.legal else "path judged"
        lines.append(f"  {label}: " + describe_path(board, verdict.path))
        lines.append(render_board(board, verdict.path, rings, color))
    for number, other in enumerate(verdict.alternatives, start=1):
        lines.append(f"  other path {number}: {describe_path(board, other)}")
    return "\n".join(lines)


def refuse_if_moved_on(state_path: Path, player: str | None) -> None:
    """Without --player, a move meets the game it was typed for: if another move was saved meanwhile, refuse it (exit 1)."""
    if player is None and moved_on_while_waiting(state_path):
        raise click.ClickException(
            f"another move was saved in {state_path} while this one waited: it was not played (it would have been the "
            "other side's move); look again with 'overturn game show', or give --player"
        )


def _ranked_text(ranked: RankedMove, board: Board) -> str:
    move = ranked.move
    if isinstance(move, PassMove):
        return f"{ranked.swing:+3d}  pass on {describe_path(board, (move.cell,))}"
    assert move.path is not None
    return f"{ranked.swing:+3d}  {move.word:<12} {describe_path(board, move.path)}"




def _total_json(state_path: Path, game: Game) -> dict[str, Any]:
    """The rings over every layer by seat (green 0, silver 1), as the score lists them, and the layer count."""
    green, silver, layers = running_total(state_path, game)
    return {"scores": [green, silver], "layers": layers}


def _echo_total(state_path: Path, game: Game) -> None:
    """The running total, once a file has more than one layer."""
    green, silver, layers = running_total(state_path, game)
    if layers > 1:
        click.echo(f"total over {layers} layers: green {green} · silver {silver}")


def _result_json(game: Game) -> dict[str, Any]:
    """The score as the HTTP API gives it (the same Struct): seats numbered from 0, green 0 and silver 1."""
    data: dict[str, Any] = msgspec.to_builtins(score_of(game))
    return data


# ----- overturn game ----------------------------------------------------------------------


@click.group(
    cls=LazyGroup,
    # match and review import the match statistics and the reviewer: only when asked for
    lazy_commands={"match": "overturn_cli.game_engine:match_command", "review": "overturn_cli.game_engine:review_command"},
    context_settings={"help_option_names": ["-h", "--help"], "show_default": True},
)
def game() -> None:
    """Keep an Overturn game in a file: one command per move.

    \b
    Examples:
      overturn game new --seed 311            deal a board (top layer), green to move
      overturn game show                      board, rings, score
      overturn game play ROI --path "E3 D2 D3"
      overturn game play BOIRE                the referee picks the best path
      overturn game moves --limit 5           the legal words, best ring swing first
      overturn game hint
      overturn game undo

    Cells are written B3 (column letter, row number), 3,2 (row,col, 1-based)
    or 13, the cell's number as --json prints it (row * 6 + col, from 0); a
    path of numbers as "[16, 9, 15]", "16 9 15" or "16,9,15" (two numbers with
    a bare comma, 3,2, are a row,col pair: write [3, 2] for two cells).
    At a table held by a server, add --table LINK (your seat link) to show, play and pass.
    """


@game.command("new")
@seed_option("Deal seed, 0 to 4294967295 (random if omitted; shown so a table can replay it).")
@click.option("--mode", type=click.Choice(list(MODES)), default="reuse", help="reuse: a letter may repeat in a word; advanced: once only.")
@click.option("--lexicon", "-l", "lexicon_spec", default=DEFAULT_LEXICON, help="Lexicon name or path used to settle words.")
@click.option("--board", "board_text", default=None, help="Play on a board typed in (36 faces, rows split by '/') instead of a deal.")
@click.option("--force", is_flag=True, help="Replace an existing game file.")
@click.option(
    "--ending", type=click.Choice(list(ENDINGS)), default="position", show_default=True,
    help="position: over when no legal word is left (rule 4); passes: over after two passes in a row (an older house rule).",
)
@click.option("--family", is_flag=True, help="A family table: the words of the family list (lexicons/family-words.txt) are refused and the computer never plays them.")
@state_option
@json_option
@color_option
@updates_state
def new_command(
    seed: int | None, mode: str, lexicon_spec: str, board_text: str | None, force: bool, ending: str, family: bool, state_path: Path,
    as_json: bool, color: bool | None,
) -> None:
    """Start a game: a seeded deal of two layers (the top one first) or a typed board.

    \b
    Examples:
      overturn game new --seed 311 --state advanced.json --mode advanced
      overturn game new --board 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET' --state typed.json
      overturn game new --seed 311 --state typed.json   # exit 2: the file holds a game
      overturn game new --seed 311 --force              # replace the game in overturn-game.json
    """
    if state_path.exists() and not force:
        raise BadInput(f"{state_path} already holds a game; use --force to replace it or --state for another file")
    new_game = _start_game(seed, mode, lexicon_spec, board_text, ending, family)
    _save(new_game, state_path)
    if as_json:
        echo_json(msgspec.to_builtins(view_of(new_game)))  # POST /api/game/new's answer; the file is the one --state names
        return
    origin = f"seed {new_game.seed}" if new_game.seed is not None else "typed board"
    click.echo(f"new game ({origin}, {mode} mode, lexicon {lexicon_spec}) in {state_path}")
    click.echo(board_view(new_game, color=use_color(color)))
    click.echo(_score_line(new_game.result(), new_game))


@game.command("show")
@state_option
@table_option
@json_option
@color_option
def show_command(state_path: Path, table_link: str | None, as_json: bool, color: bool | None) -> None:
    """The board with its rings, the words played and the score.

    \b
    Examples:
      overturn game show
      overturn game show --no-color
      overturn game show --json
    """
    if table_link:
        from overturn_cli.table import show_table

        show_table(table_link, as_json, use_color(color))
        return
    current = load_game(state_path, with_lexicon=False)
    if current.ending == "position":  # the end by rule 4 is seen by counting the words left: that needs the lexicon
        try:
            current.lexicon = open_lexicon(current.lexicon_name)
        except BadInput as missing:
            click.echo(f"warning: {missing.message}; whether the game is over cannot be told", err=True)
    if as_json:
        echo_json({"game": current.to_json(), "result": _result_json(current), **({"total": _total_json(state_path, current)} if finished_layers(state_path) else {})})
        return
    click.echo(board_view(current, last_path(current), color=use_color(color)))
    for number, played in enumerate(current.history, start=1):
        click.echo(f"{number:3d}. {played_text(current, played.move, played.player)}")
    _echo_status(current)
    _echo_total(state_path, current)


@game.command("play")
@click.argument("word", callback=bounded_word)
@click.option("--path", "path_text", default=None, help=f"Cells of the word: {PATH_FORMS} (default: the best ring swing).")
@player_option
@state_option
@table_option
@cells_json_option
@color_option
@updates_state
def play_command(
    word: str, path_text: str | None, player: str | None, state_path: Path, table_link: str | None, as_json: bool, color: bool | None
) -> None:
    """Play a word for the side to move; a refused word exits 1 and leaves the file unchanged.

    \b
    Examples:
      overturn game play ROI --path "E3 D2 D3"     # green plays ROI along E3 D2 D3
      overturn game play ROI --path "16,9,15" --state typed.json   # the same path by cell numbers, as --json prints it
      overturn game play BOIRE --player silver --json
      overturn game play XYZZY                      # exit 1: not a word, nothing saved
    """
    if table_link:
        from overturn_cli.table import play_at_table

        play_at_table(word, table_link, path_text, as_json, use_color(color))
        return
    refuse_if_moved_on(state_path, player)
    current = load_game(state_path)
    path = parse_cells(path_text, current.board, "--path") if path_text is not None else None
    claimed = Colour(player) if player else None
    if as_json:  # POST /api/game/play's answer
        _echo_judged(current, WordMove(word, path), claimed, state_path)
        return
    verdict = current.check(WordMove(word, path), claimed)
    if verdict.legal:
        mover = current.to_move
        current.push(WordMove(word, path), claimed)
        _save(current, state_path)
    if not verdict.legal:
        detail = _verdict_text(verdict, current.board, current.rings, False)
        raise click.ClickException(f"refused: {detail}\nthe game file is unchanged")
    click.echo(f"{mover.value}: " + _verdict_text(verdict, current.board, current.rings, use_color(color)))
    click.echo(_score_line(current.result(), current))


def _echo_judged(game: Game, move: WordMove | PassMove, claimed: Colour | None, state_path: Path) -> None:
    """A move judged as the API judges it: played and saved when legal, its answer printed; exit 1 when refused."""
    judged = judged_move(game, move, claimed)
    if judged.verdict.legal:
        _save(game, state_path)
    echo_json(msgspec.to_builtins(judged))
    if not judged.verdict.legal:
        sys.exit(1)


@game.command("pass")
@click.argument("cell")
@player_option
@state_option
@table_option
@cells_json_option
@updates_state
def pass_command(cell: str, player: str | None, state_path: Path, table_link: str | None, as_json: bool) -> None:
    """No word: put a ring of the opponent's colour on a new cell (B3, 3,2 or its number 13); warns when words were left.

    \b
    Examples:
      overturn game new --seed 311 --state pass.json
      overturn game pass A1 --state pass.json      silver's ring on A1; silver to move
      overturn game pass A1 --state pass.json      # exit 1: refused, A1 is ringed
      overturn game pass 1 --state pass.json       green's ring on B1, cell number 1
    """
    if table_link:
        from overturn_cli.table import pass_at_table

        pass_at_table(cell, table_link, as_json)
        return
    refuse_if_moved_on(state_path, player)
    current = load_game(state_path)
    cells = parse_cells(cell, current.board, "CELL")
    if len(cells) != 1:
        raise click.BadParameter("a pass rings exactly one cell", param_hint="CELL")
    claimed = Colour(player) if player else None
    if as_json:  # POST /api/game/pass's answer
        _echo_judged(current, PassMove(cells[0]), claimed, state_path)
        return
    mover = current.to_move
    left = current.words_left()
    try:
        current.push(PassMove(cells[0]), claimed)
    except IllegalMove as refusal:
        raise click.ClickException(f"refused [{refusal.reason}]: {refusal.message.rstrip('.')}; the game file is unchanged") from None
    _save(current, state_path)
    if left:
        click.echo(f"warning: {plural(left, 'word')} could still be played ('overturn game undo' takes the pass back)", err=True)
    click.echo(played_text(current, PassMove(cells[0]), mover))
    click.echo(_score_line(current.result(), current))


@game.command("undo")
@state_option
@cells_json_option
@updates_state
def undo_command(state_path: Path, as_json: bool) -> None:
    """Take back the last move.

    \b
    Examples:
      overturn game new --seed 311 --state undo.json
      overturn game play ROI --state undo.json
      overturn game undo --state undo.json
      overturn game undo --state undo.json      # exit 1: nothing left to undo
    """
    current = load_game(state_path, with_lexicon=False)
    try:
        played = current.pop()
    except GameError as exc:
        raise click.ClickException(str(exc)) from None
    _save(current, state_path)
    if as_json:  # POST /api/game/undo's answer: the game without its last move
        echo_json(msgspec.to_builtins(view_of(current)))
        return
    click.echo(f"undone: {played_text(current, played.move, played.player)}")
    click.echo(_score_line(current.result(), current))


@game.command("moves")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="Show only the best N moves.")
@state_option
@cells_json_option
def moves_command(limit: int | None, state_path: Path, as_json: bool) -> None:
    """Every legal move for the side to move, best ring swing first (passes only when no word is left).

    \b
    Examples:
      overturn game moves --limit 10
      overturn game moves --json
    """
    current = load_game(state_path)
    _refuse_if_over(current, as_json, "move to list")
    if as_json:  # POST /api/game/moves's answer: every legal word counted, the best listed
        echo_json(msgspec.to_builtins(legal_moves_of(current, MAX_LISTED_MOVES if limit is None else limit)))
        return
    every = current.legal_moves()
    moves, total = every[:limit], len(every)
    if not moves:
        click.echo("no legal move: the game is over")
        return
    shown = f"the best {plural(len(moves), 'move')} of {total}" if len(moves) < total else plural(len(moves), "move")
    click.echo(f"{shown} for {current.to_move.value} (ring swing, word, path)" + (f"; --limit {total} for all:" if len(moves) < total else ":"))
    for ranked in moves:
        click.echo(_ranked_text(ranked, current.board))


@game.command("hint")
@state_option
@cells_json_option
@color_option
def hint_command(state_path: Path, as_json: bool, color: bool | None) -> None:
    """The best move for the side to move, drawn on the board.

    \b
    Examples:
      overturn game hint
      overturn game hint --no-color
      overturn game hint --json
    """
    current = load_game(state_path)
    _refuse_if_over(current, as_json, "hint to give")
    if as_json:  # POST /api/game/moves's answer with limit 1, as the page asks for its hint
        echo_json(msgspec.to_builtins(legal_moves_of(current, 1)))
        return
    moves = current.legal_moves()
    if not moves:
        click.echo("no legal move: the game is over")
        return
    best = moves[0]
    click.echo(f"hint for {current.to_move.value}: {_ranked_text(best, current.board).strip()}")
    path = best.move.path if isinstance(best.move, WordMove) else (best.move.cell,)
    click.echo(board_view(current, path, use_color(color)))


@game.command("next-layer")
@click.option("--force", is_flag=True, help="Move on even if the current game is not over (its moves are kept).")
@state_option
@json_option
@color_option
@updates_state
def next_layer_command(force: bool, state_path: Path, as_json: bool, color: bool | None) -> None:
    """Start the next game: lift the top layer (or reshuffle once both layers are played).

    The finished layer is kept beside the game file (GAME.layer-1.json, ...),
    'review' covers every layer and 'show' gives the running total.

    \b
    Examples:
      overturn game new --seed 311 --state layers.json
      overturn game play ROI --state layers.json
      overturn game next-layer --state layers.json            # exit 1: the game is not over
      overturn game next-layer --force --state layers.json    the bottom layer; ROI stays in the file
      overturn game review --state layers.json                every layer's moves
    """
    current = load_game(state_path, with_lexicon=False)
    if not current.is_over() and not force:
        raise click.ClickException(
            f"the game in {state_path} is not over ({_score_line(current.result(), current)}); "
            "use --force to move on (its moves are kept)"
        )
    try:
        following = current.next_layer()
    except GameError as exc:
        raise click.ClickException(str(exc)) from None
    kept = layer_file(state_path, len(finished_layers(state_path)) + 1)
    _save(current, kept)
    _save(following, state_path)
    what = "bottom layer" if following.layer == 1 else f"new deal, seed {following.seed}"
    if as_json:
        echo_json({"kept": str(kept), "game": following.to_json(), "result": _result_json(following), "total": _total_json(state_path, following)})
        return
    click.echo(f"the finished layer ({plural(len(current.history), 'move')}) is kept in {kept}")
    click.echo(f"next game on the {what}")
    click.echo(board_view(following, color=use_color(color)))
    click.echo(_score_line(following.result(), following))
    _echo_total(state_path, following)


# ----- overturn referee ------------------------------------------------------------------------


@click.command("referee", context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.argument("word", callback=bounded_word)
@click.option("--path", "path_text", default=None, help=f"Cells the player traced: {PATH_FORMS} (default: find the best).")
@click.option("--board", "board_text", default=None, help="Judge on a typed board (no game) instead of --state.")
@click.option("--mode", type=click.Choice(list(MODES)), default="reuse", help="With --board: the word rules.")
@click.option("--lexicon", "-l", "lexicon_spec", default=None, help=f"Lexicon name or path (default: the game's, or {DEFAULT_LEXICON}).")
@player_option
@state_option
@cells_json_option
@color_option
def referee(
    word: str, path_text: str | None, board_text: str | None, mode: str, lexicon_spec: str | None,
    player: str | None, state_path: Path, as_json: bool, color: bool | None,
) -> None:
    """Settle a disputed word: exit 0 if legal, 1 if refused, 2 on a usage error.

    A WORD that is not letters at all ('', digits, a hyphen) is a usage error, as in 'dict lookup'.

    \b
    Examples:
      overturn referee BOIRE --board 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'
      overturn referee roi --path "E3 D2 D3" --board 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET' --json
      overturn referee roi --path "[16, 9, 15]" --board 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'  # the same path as --json prints it
      overturn referee XYZZY --board 'ERCSSO/MIEOTN/EDTIRE/NLOGSO/RRPBAM/RENAET'  # exit 1: not a word
      overturn game new --seed 311 --state game.json
      overturn referee BOIRE --state game.json
    """
    from overturn.lexicon.normalize import InvalidWord, normalize_key

    try:  # not a word of letters at all (an empty WORD, digits, a hyphen): a usage error, as for dict lookup
        normalize_key(word)
    except InvalidWord as exc:
        raise click.BadParameter(str(exc), param_hint="WORD") from None
    current: Game | None = None
    if board_text is not None:
        try:
            board = Board.parse(fold_accents(bounded_text(board_text, MAX_BOARD_TEXT, "--board")), MODES[mode])
        except BoardError as exc:
            raise click.BadParameter(str(exc), param_hint="--board") from None
        lexicon = open_lexicon(lexicon_spec or DEFAULT_LEXICON)
        current = Game.from_board(board, mode, lexicon.name, lexicon)
        claimed = None
    else:
        current = load_game(state_path, with_lexicon=lexicon_spec is None)
        if lexicon_spec is not None:
            current.lexicon = open_lexicon(lexicon_spec)
        board = current.board
        claimed = Colour(player) if player else None
    path = parse_cells(path_text, board, "--path") if path_text is not None else None
    verdict = current.check(WordMove(word, path), claimed)
    if as_json:  # POST /api/referee's answer
        judged_by = current.lexicon.name if current.lexicon is not None else current.lexicon_name
        echo_json(msgspec.to_builtins(verdict.answer(judged_by, board)))
    else:
        click.echo(_verdict_text(verdict, board, current.rings, use_color(color)))
    sys.exit(0 if verdict.legal else 1)


# ----- overturn play: the interactive session -----------------------------------------------------

SESSION_HELP = """\
Type a word to play it (the best path is chosen), or a word and its cells: BOIRE F1 E1 E2 D1 D2
  (or their numbers, as --json prints them: BOIRE 5 4 10 3 9)
  pass B3   no word: an opponent's ring on B3      hint    the best move
  moves     the ten best moves                     undo    take back your last move
  show      the board again                        quit    leave (the game file keeps the game)"""


@click.command("play", context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.option("--vs", type=click.Choice(["human", "computer"]), default="human", help="Two people at the table, or one against the computer.")
@click.option("--level", type=click.IntRange(min(LEVELS), max(LEVELS)), default=2, help="Computer strength: 1 misses words, 2 best swing, 3 looks one reply ahead, 4-5 search deeper (see game match --help).")
@click.option("--computer-side", type=click.Choice([colour.value for colour in Colour]), default="silver", help="The colour the computer plays.")
@seed_option("Deal seed, 0 to 4294967295; also seeds the computer's choices.")
@click.option("--mode", type=click.Choice(list(MODES)), default="reuse")
@click.option("--lexicon", "-l", "lexicon_spec", default=DEFAULT_LEXICON, help="Lexicon name or path.")
@click.option("--board", "board_text", default=None, help="Play on a typed board instead of a deal.")
@click.option("--ending", type=click.Choice(list(ENDINGS)), default="position", help="position: over when no word is left (rule 4); passes: over after two passes in a row.")
@click.option(
    "--state", "state_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
    help="Keep the game in this file (resumed if it exists). [default: a new file in your data folder, named on screen]",
)
@click.option("--timer", type=Seconds(0, low_open=True), default=None, help="Seconds per turn; a late move is flagged (the rule book lets players agree on one).")
@color_option
@updates_state
def play(
    vs: str, level: int, computer_side: str, seed: int | None, mode: str, lexicon_spec: str, board_text: str | None,
    ending: str, state_path: Path | None, timer: float | None, color: bool | None,
) -> None:
    """Play Overturn at the terminal: two people taking turns, or against the computer.

    The game is saved after every move: in --state, or else in a new file of
    your data folder, named on screen (resume it with --state). Ctrl-C or
    'quit' leaves with the game saved.

    \b
    Examples:
      overturn play --seed 311
      overturn play --vs computer --level 3 --seed 311 --state friday.json
      overturn play --state friday.json                # resume it
    """
    context = click.get_current_context()
    chosen = {name for name in ("vs", "level", "computer_side") if context.get_parameter_source(name) is not ParameterSource.DEFAULT}
    if state_path is not None and state_path.exists():
        current = load_game(state_path)
        if chosen:  # the opponent typed again replaces the saved one (--vs human: people on both sides from now on)
            if vs == "human" and "vs" in chosen:
                current.computer = None
            elif vs == "computer" or current.computer is not None:
                side, saved_level = current.computer or (Colour(computer_side), level)
                current.computer = (
                    Colour(computer_side) if "computer_side" in chosen else side, level if "level" in chosen else saved_level,
                )
            _save(current, state_path)
    else:
        current = _start_game(seed, mode, lexicon_spec, board_text, ending)
        current.computer = (Colour(computer_side), level) if vs == "computer" else None
        state_path = state_path or default_play_file()
        _save(current, state_path)
    click.echo(f"the game is saved in {state_path} after every move; resume it with: overturn play --state {state_path}")
    computer, level = current.computer or (None, level)
    rng = random.Random(seed if seed is not None else current.seed)
    session = Session(current, computer, level, rng, state_path, timer, use_color(color))
    if session.run() == "interrupted":
        raise SystemExit(INTERRUPTED)


def default_play_file() -> Path:
    """A new file for a game started without --state, in the user's data folder, so no game is ever lost."""
    from platformdirs import user_data_path

    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = user_data_path("overturn") / "games"
    path, number = folder / f"play-{stamp}.json", 1
    while path.exists():
        number += 1
        path = folder / f"play-{stamp}-{number}.json"
    return path


class Session:
    """One interactive game: reads a line per turn, lets the computer move on its turns, saves after each move."""

    def __init__(
        self, game: Game, computer: Colour | None, level: int, rng: random.Random, state_path: Path,
        timer: float | None, color: bool,
    ) -> None:
        self.game = game
        self.computer = computer
        self.level = level
        self.rng = rng
        self.state_path = state_path
        self.timer = timer
        self.color = color

    def run(self) -> str:
        """Play until the game ends or the player leaves: "over", "left" or "interrupted" (Ctrl-C)."""
        seed = f"seed {self.game.seed}" if self.game.seed is not None else "typed board"
        against = f"; the computer plays {self.computer.value} at level {self.level}" if self.computer is not None else ""
        click.echo(f"Overturn ({seed}, {self.game.mode} mode{against}). Type 'help' for the commands.")
        self.show()
        ending = "over"
        while not self.game.is_over():
            if self.game.to_move is self.computer:
                self.computer_turn()
                continue
            started = clock()
            try:
                line = click.prompt(self.game.to_move.value, default="", show_default=False, prompt_suffix="> ")
            except click.Abort as abort:  # click turns Ctrl-C and the end of input into Abort
                click.echo()
                ending = "interrupted" if isinstance(abort.__context__, KeyboardInterrupt) else "left"
                break
            if self.timer is not None and clock() - started > self.timer:
                click.echo(f"time! {clock() - started:.0f} s for a turn of {self.timer:g} s (the table decides)")
            if not self.handle(line.strip()):
                ending = "left"
                break
        self.finish()
        return ending

    def handle(self, line: str) -> bool:
        """Act on one typed line; False when the player leaves."""
        command, _, rest = line.partition(" ")
        command = command.lower()
        if not command:
            return True
        if command in ("quit", "exit", "q"):
            return False
        if command in ("help", "?"):
            click.echo(SESSION_HELP)
        elif command == "show":
            self.show()
        elif command == "hint":
            moves = self.game.legal_moves()
            click.echo(f"hint: {_ranked_text(moves[0], self.game.board).strip()}" if moves else "no legal move")
        elif command == "moves":
            for ranked in self.game.legal_moves()[:10]:
                click.echo(_ranked_text(ranked, self.game.board))
        elif command == "undo":
            self.undo()
        elif command == "pass":
            self.pass_turn(rest)
        else:
            self.play_word(command, rest)
        return True

    def play_word(self, word: str, path_text: str) -> None:
        board = self.game.board
        try:
            path = typed_cells(path_text, board) if path_text.strip() else None
        except BoardError as exc:
            click.echo(f"bad path: {exc}")
            return
        mover = self.game.to_move
        verdict = self.game.check(WordMove(word, path))
        if not verdict.legal:
            click.echo(f"refused [{verdict.reason}]: {verdict.message}")
            return
        self.game.push(WordMove(word, path))
        entries = ", ".join(sorted({entry.form for entry in verdict.entries}))
        click.echo(f"{mover.value} plays {verdict.word} ({entries}), ring swing {verdict.swing:+d}")
        self.after_move()

    def pass_turn(self, cell_text: str) -> None:
        try:
            cells = typed_cells(cell_text, self.game.board)
        except BoardError as exc:
            click.echo(f"bad cell: {exc}")
            return
        if len(cells) != 1:
            click.echo("a pass rings exactly one cell, e.g. pass B3")
            return
        left = self.game.words_left()
        if left and not click.confirm(f"{plural(left, 'word')} can still be played; pass anyway?", default=False):
            click.echo("not passed: still your turn")
            return
        mover = self.game.to_move
        try:
            self.game.push(PassMove(cells[0]))
        except IllegalMove as refusal:
            click.echo(f"refused [{refusal.reason}]: {refusal.message}")
            return
        click.echo(played_text(self.game, PassMove(cells[0]), mover))
        self.after_move()

    def undo(self) -> None:
        """Take back the last move; against the computer, back to the human's previous turn."""
        steps = 2 if self.computer is not None and len(self.game.history) >= 2 else 1
        if not self.game.history:
            click.echo("nothing to undo")
            return
        for _ in range(steps):
            if self.game.history:
                played = self.game.pop()
                click.echo(f"undone: {played_text(self.game, played.move, played.player)}")
        self.after_move()

    def computer_turn(self) -> None:
        mover = self.game.to_move
        choice = choose_move(self.game, self.level, self.rng)
        self.game.push(choice.move)
        click.echo(f"computer ({played_text(self.game, choice.move, mover)}), ring swing {choice.swing:+d}")
        self.after_move()

    def after_move(self) -> None:
        _save(self.game, self.state_path)
        self.show()

    def show(self) -> None:
        """The board with the last move's path highlighted, the ring legend, the fixed readings and the score."""
        click.echo(board_view(self.game, last_path(self.game), self.color))
        _echo_status(self.game)

    def finish(self) -> None:
        result = self.game.result()
        if result.over:
            click.echo(f"final score: {_score_line(result, self.game)}")
        else:
            click.echo(f"game kept in {self.state_path}; resume with: overturn play --state {self.state_path}")


__all__ = ["game", "play", "referee"]
