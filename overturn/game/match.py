"""Matches between two computer levels: how much stronger a level is, measured.

Games come in pairs on one deal, each level playing green once, and the pairs
take the deals' two layers in turn, so neither the first move nor a lucky board
favours a side. The figure is the score (a win 1, a draw 1/2) and the Elo
difference it implies, with a 95% error bar from the spread of the game scores.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from overturn.game.computer import LEVELS, choose_move
from overturn.game.state import Colour, Game
from overturn.lexicon.lexicon import Lexicon


@dataclass(frozen=True)
class GameRecord:
    """One game of a match, from level A's side."""

    index: int
    seed: int
    layer: int
    a_colour: Colour
    a_rings: int
    b_rings: int
    moves: int

    @property
    def score(self) -> float:
        """A's score: 1 for a win, 1/2 for a draw, 0 for a loss."""
        return 1.0 if self.a_rings > self.b_rings else 0.5 if self.a_rings == self.b_rings else 0.0


@dataclass
class MatchResult:
    level_a: int
    level_b: int
    mode: str
    games: list[GameRecord] = field(default_factory=list)
    move_seconds: dict[int, list[float]] = field(default_factory=dict)  #: per level, the time of each of its moves

    @property
    def wins(self) -> int:
        return sum(game.score == 1.0 for game in self.games)

    @property
    def draws(self) -> int:
        return sum(game.score == 0.5 for game in self.games)

    @property
    def losses(self) -> int:
        return sum(game.score == 0.0 for game in self.games)

    @property
    def score(self) -> float:
        """A's mean score per game."""
        return statistics.fmean(game.score for game in self.games) if self.games else 0.5

    def elo(self) -> tuple[float, float, float]:
        """A's Elo difference over B and its 95% interval (low, high); infinite when A won or lost everything."""
        scores = [game.score for game in self.games]
        error = 1.96 * statistics.pstdev(scores) / math.sqrt(len(scores)) if len(scores) > 1 else 1.0
        return _elo(self.score), _elo(self.score - error), _elo(self.score + error)

    def to_json(self) -> dict[str, Any]:
        elo, low, high = self.elo()
        return {
            "a": {"level": self.level_a, **_timing(self.move_seconds.get(self.level_a, []))},
            "b": {"level": self.level_b, **_timing(self.move_seconds.get(self.level_b, []))},
            "mode": self.mode,
            "games": len(self.games),
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": round(self.score, 4),
            "elo": _finite(elo),
            "elo_95": [_finite(low), _finite(high)],
            "records": [
                {"seed": g.seed, "layer": g.layer, "a_colour": g.a_colour.value, "a_rings": g.a_rings,
                 "b_rings": g.b_rings, "moves": g.moves}
                for g in self.games
            ],
        }

    def summary(self) -> str:
        """One line: the games, their outcomes, and the Elo difference in words when no figure can be given."""
        elo, low, high = self.elo()
        games = f"{len(self.games)} game{'' if len(self.games) == 1 else 's'}"
        if math.isinf(elo):  # every game won or every game lost: no finite difference fits
            outcome = "won" if elo > 0 else "lost"
            every = "the game" if len(self.games) == 1 else f"all {len(self.games)} games"
            elo_text = f"{every} {outcome}: the Elo difference cannot be estimated"
        else:
            elo_text = f"Elo difference {_signed(elo)} (95%: {_bound(low, 'lower')} to {_bound(high, 'upper')})"
        return (
            f"level {self.level_a} against level {self.level_b}, {games} ({self.mode} mode): "
            f"{self.wins} won, {self.draws} drawn, {self.losses} lost (score {100 * self.score:.1f}%); {elo_text}"
        )


def _elo(score: float) -> float:
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def _finite(value: float) -> float | None:
    """A figure for JSON to one decimal, None when infinite; never -0.0 (an even match's Elo is 0.0)."""
    return round(value, 1) + 0.0 if math.isfinite(value) else None


def _signed(value: float) -> str:
    """A finite difference with its sign, 0 without one (never "-0")."""
    rounded = round(value)
    return "0" if rounded == 0 else f"{rounded:+d}"


def _bound(value: float, side: str) -> str:
    """An end of the 95% interval; an infinite one (a score near 0 or 1 in few games) said in words."""
    return _signed(value) if math.isfinite(value) else f"no {side} bound"


def _timing(seconds: list[float]) -> dict[str, Any]:
    if not seconds:
        return {"moves": 0}
    return {"moves": len(seconds), "mean_move_s": round(statistics.fmean(seconds), 4), "max_move_s": round(max(seconds), 4)}


def play_game(game: Game, levels: dict[Colour, int], rngs: dict[Colour, random.Random], clock: dict[int, list[float]]) -> Game:
    """Play ``game`` to its end, each side at its level; each move's time is added to ``clock`` by level."""
    while not game.is_over():
        level = levels[game.to_move]
        start = time.perf_counter()
        choice = choose_move(game, level, rngs[game.to_move])
        clock.setdefault(level, []).append(time.perf_counter() - start)
        game.push(choice.move)
    return game


def play_match(
    lexicon: Lexicon,
    level_a: int,
    level_b: int,
    games: int,
    seed: int = 0,
    mode: str = "reuse",
    progress: Callable[[GameRecord], None] | None = None,
) -> MatchResult:
    """Play ``games`` games between two levels (pairs on one deal, colours swapped; layers alternating by pair)."""
    for level in (level_a, level_b):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {LEVELS}")
    result = MatchResult(level_a, level_b, mode)
    for index in range(games):
        pair = index // 2
        deal_seed, layer = seed + pair, pair % 2
        game = Game.new(deal_seed, mode=mode, lexicon=lexicon)
        if layer:
            game = game.next_layer()
        a_colour = Colour.GREEN if index % 2 == 0 else Colour.SILVER
        levels = {a_colour: level_a, a_colour.other: level_b}
        rngs = {colour: random.Random(f"{seed}:{index}:{colour.value}") for colour in Colour}
        play_game(game, levels, rngs, result.move_seconds)
        final = game.result()
        rings = {Colour.GREEN: final.green, Colour.SILVER: final.silver}
        record = GameRecord(index, deal_seed, layer, a_colour, rings[a_colour], rings[a_colour.other], len(game.history))
        result.games.append(record)
        if progress is not None:
            progress(record)
    return result
