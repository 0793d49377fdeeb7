"""Build an Insider position by hand (tests, examples, benchmarks) without breaking the card count.

``scenario(players=2, hands={0: {"heli": 2}}, pawns={1: ["b2", "c2"]}, card="4a")``
gives a state at the start of P0's turn: the listed pawns where named, the
others at home, the listed hands, every other action card in the deck. Chance
outcomes are then given by the caller, as at a table (``--table`` games).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from overturn.referees.insider.board import CARD_TYPES
from overturn.referees.insider.position import Turn
from overturn.referees.insider.state import InsiderState


def scenario(
    players: int = 2,
    hands: Mapping[int, Mapping[str, int]] | None = None,
    pawns: Mapping[int, Iterable[str]] | None = None,
    total_out: Iterable[str] | None = None,
    card: str | None = None,
    tables: Iterable[int | None] | None = None,
    scores: Iterable[int] | None = None,
    current: int = 0,
    seed: int = 1,
) -> InsiderState:
    state = InsiderState(players, seed=seed)
    state.resolve_chance()
    board = state.board
    material = state.material
    state.deck = dict(material.action_cards)
    state.discard = dict.fromkeys(CARD_TYPES, 0)
    state.hands = [dict.fromkeys(CARD_TYPES, 0) for _ in range(players)]
    for player, hand in (hands or {}).items():
        for kind, count in hand.items():
            state.hands[player][kind] += count
            state.deck[kind] -= count
    if total_out is not None:
        state.total_out = sorted(board.parse(name) for name in total_out)
    if card is not None:
        state.evaluation_unseen = [c for c in material.evaluation_pool(players) if c != card]
        state.evaluation_card = card
    assert state.evaluation_card is not None
    state.tables = list(tables) if tables is not None else [None] * len(material.evaluation_cards[state.evaluation_card].tables)
    for player in range(players):
        placed = [board.parse(name) for name in (pawns or {}).get(player, [])]
        seated = sum(1 for owner in state.tables if owner == player)
        placed += [board.centre] * seated
        state.pawns[player] = placed + [state.bases[player]] * (material.pawns_per_player - len(placed))
    if scores is not None:
        state.scores = list(scores)
    state.current = current
    state.turn = Turn()
    state.history, state.log = [], []
    state.auto_chance = False
    state.refresh()
    return state
