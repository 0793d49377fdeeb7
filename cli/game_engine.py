"""`overturn game match` and `overturn game review`: the computer's strength, measured, and a game's missed moves.

Listed on the `game` group (cli/game.py) as lazy commands, so the other game commands never import them.
"""

from __future__ import annotations

from pathlib import Path

import click

from overturn.game.board import MAX_SEED, Board, format_cell
from overturn.game.computer import LEVEL_DESCRIPTIONS, LEVELS
from overturn.game.match import GameRecord, MatchResult, play_match
from overturn.game.review import review_game, review_json
from overturn.game.state import MODES, Game, PassMove, RankedMove
from overturn.lexicon.registry import DEFAULT_LEXICON
from overturn_cli.common import BoundedInt, cells_json_option, json_option, open_lexicon, plain_color_option
from overturn_cli.console import INTERRUPTED, echo_json, plural
from overturn_cli.game_files import finished_layers, load_game, state_option

LEVELS_EPILOG = "\b\nLevels:\n" + "\n".join(f"  {level}  {text}" for level, text in LEVEL_DESCRIPTIONS.items())


@click.command("match", epilog=LEVELS_EPILOG)
@click.option("--a", "level_a", type=click.Choice([str(level) for level in LEVELS]), required=True, help="Level of the side measured.")
@click.option("--b", "level_b", type=click.Choice([str(level) for level in LEVELS]), required=True, help="Level it is measured against.")
@click.option("--games", type=click.IntRange(1, 100_000), default=20, help="Games to play (pairs on one deal, colours swapped).")
@click.option("--seed", type=BoundedInt(0, MAX_SEED), default=0, help="First deal seed, 0 to 4294967295; pair k plays deal seed+k.")
@click.option("--mode", type=click.Choice(list(MODES)), default="reuse", help="reuse: a letter may repeat in a word; advanced: once only.")
@click.option("--lexicon", "-l", "lexicon_spec", default=DEFAULT_LEXICON, help="Lexicon name or path.")
@click.option("--progress/--quiet", default=False, help="Print each game's result to stderr as it ends.")
@json_option
def match_command(
    level_a: str, level_b: str, games: int, seed: int, mode: str, lexicon_spec: str, progress: bool, as_json: bool
) -> None:
    """Play seeded games between two computer levels and print how much stronger A is.

    Games come in pairs on one deal, each level playing green once; successive
    pairs take the deal's top and bottom layers in turn. The result is A's wins,
    draws and losses, its score and the Elo difference with a 95% error bar,
    plus the time each level took per move.

    A real measure takes minutes (e.g. --a 4 --b 3 --games 200); Ctrl-C stops it
    and prints the result of the games finished so far (exit 130).

    \b
    Examples:
      overturn game match --a 2 --b 1 --games 2 --seed 1 --progress
      overturn game match --a 2 --b 1 --games 2 --json
    """
    if seed + (games - 1) // 2 > MAX_SEED:
        raise click.BadParameter(f"the last pair would deal seed {seed + (games - 1) // 2}, above {MAX_SEED}", param_hint="--seed")
    lexicon = open_lexicon(lexicon_spec)

    def report(record: GameRecord) -> None:
        outcome = {1.0: "won", 0.5: "drew", 0.0: "lost"}[record.score]
        click.echo(
            f"game {record.index + 1}/{games}: deal {record.seed} layer {record.layer + 1}, A {record.a_colour.value} "
            f"{outcome} {record.a_rings}-{record.b_rings}",
            err=True,
        )

    finished = MatchResult(int(level_a), int(level_b), mode)

    def record(game_record: GameRecord) -> None:
        finished.games.append(game_record)
        if progress:
            report(game_record)

    try:
        result = play_match(lexicon, int(level_a), int(level_b), games, seed, mode, record)
    except KeyboardInterrupt:
        click.echo(f"\ninterrupted after {len(finished.games)} of {plural(games, 'game')}", err=True)
        if finished.games:
            if as_json:
                echo_json(finished.to_json())
            else:
                click.echo(finished.summary())
        raise SystemExit(INTERRUPTED) from None
    if as_json:
        echo_json(result.to_json())
        return
    click.echo(result.summary())
    for side, level in (("A", result.level_a), ("B", result.level_b)):
        seconds = result.move_seconds.get(level, [])
        if seconds:
            click.echo(f"{side} (level {level}): {plural(len(seconds), 'move')}, {sum(seconds) / len(seconds):.3f} s mean, {max(seconds):.3f} s max")



@click.command("review")
@state_option
@cells_json_option
@plain_color_option
def review_command(state_path: Path, as_json: bool) -> None:
    """Review a game move by move: the best move each turn, the swing missed, the words left on the board.

    Every layer played in the file is reviewed (see 'next-layer'). For each move: what was played and its ring swing, the best move available
    (as 'hint' would have shown it) and the swing missed, the longest legal word
    and a few other big swings. Then a summary per player. The game can be
    finished or not; the file is only read.

    \b
    Examples:
      overturn game review
      overturn game review --state overturn-game.json --json
    """
    layers = [(path, load_game(path)) for path, _ in finished_layers(state_path)] + [(state_path, load_game(state_path))]
    if as_json:  # the current layer's review as the HTTP API gives it; the layers before it, if any, under "earlier_layers"
        path, current = layers[-1]
        earlier = [{"file": str(path), **review_json(review_game(game), game.board)} for path, game in layers[:-1]]
        echo_json({**review_json(review_game(current), current.board), "lexicon": current.lexicon_name, **({"earlier_layers": earlier} if earlier else {})})
        return
    for number, (path, game) in enumerate(layers, start=1):
        if len(layers) > 1:
            click.echo(f"layer {number} ({path}):")
        _echo_review(game)


def _echo_review(current: Game) -> None:
    review = review_game(current)
    board = current.board
    if not review.moves:
        click.echo("No move has been played yet.")
        return
    for item in review.moves:
        best = "best move" if item.missed == 0 else f"missed {item.missed} against {_short(item.best, board)}"
        click.echo(f"{item.number:2d}. {item.player.value:<6} {_short(item.played, board)}: {best}")
        extra = []
        if item.longest is not None:
            extra.append(f"longest {_short(item.longest, board)}")
        if item.notable:
            extra.append("also " + ", ".join(_short(other, board) for other in item.notable))
        if extra:
            click.echo(f"    {plural(item.words, 'word')}: " + "; ".join(extra))
    for colour, summary in review.players.items():
        longest = f", longest word {summary.longest_played}" if summary.longest_played else ""
        click.echo(
            f"{colour.value}: {plural(summary.moves, 'move')} ({plural(summary.passes, 'pass', 'passes')}), swing {summary.swing:+d} of "
            f"{summary.best_swing:+d} possible (missed {summary.missed}), the best move {plural(summary.best_moves, 'time')}{longest}"
        )


def _short(ranked: RankedMove, board: Board) -> str:
    """A move in a few characters: ``BOIRE +8`` or ``pass B3 -1``."""
    move = ranked.move
    if isinstance(move, PassMove):
        return f"pass {format_cell(board, move.cell)} {ranked.swing:+d}"
    return f"{move.word} {ranked.swing:+d}"
