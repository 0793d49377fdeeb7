"""A text drawing of an Insider game: the board, the INSIDER's tables, the staircase and the turn.

Board legend: a big square is ``[b2 01  ]`` (one pawn of P0 and one of P1, one
digit per pawn; every cell widens when a square holds more than 4 pawns, so a
crowded square still shows whose pawns are there; a base, which only its owner
enters, shows a count such as ``7p``), ``[##OUT##]`` is a Total OUT
card, ``[c3 INS ]`` the INSIDER. Path spaces are ``.`` when free
or the digit of the player whose pawn stands there.
"""

from __future__ import annotations

from collections import Counter

from overturn.referees.insider.effects import (
    AwaitChoice,
    AwaitDice,
    AwaitDraw,
    AwaitEnd,
    AwaitEvaluation,
    AwaitGuard,
    Awaiting,
    AwaitMeet,
    AwaitMoving,
    AwaitSeat,
    AwaitSteal,
    AwaitTotalOut,
    AwaitVip,
    Ended,
)
from overturn.referees.insider.position import InsiderPosition
from overturn.referees.insider.words import EN
from overturn.referees.wording import plural, say

PAWN_COLUMNS = 4  # room for pawn digits in a drawn big square, widened for a crowded square


def render(state: InsiderPosition, show_hands: bool = False) -> str:
    lines = _board_lines(state)
    lines.append("")
    lines += _status_lines(state, show_hands)
    return "\n".join(lines)


def _occupant(state: InsiderPosition) -> dict[int, int]:
    return {pos: p for p, pawns in enumerate(state.pawns) for pos in pawns if not state.board.is_square(pos)}


def _pawn_digits(state: InsiderPosition, square: int) -> str:
    """One digit per pawn on the square, by player: ``001`` is two pawns of P0 and one of P1."""
    return "".join(str(p) * state.pawns[p].count(square) for p in range(state.players))


def _cell(state: InsiderPosition, square: int, columns: int) -> str:
    board = state.board
    name = board.name(square)
    if square in state.total_out:
        return "[" + "##OUT##".center(columns + 3, "#") + "]"
    if square == board.centre:
        return f"[{name} {'INS':<{columns}}]"
    pawns = _pawn_digits(state, square)
    if square in board.corners and square not in state.bases:
        pawns = "--"
    elif square in board.corners and len(pawns) > PAWN_COLUMNS:
        pawns = f"{len(pawns)}p"
    return f"[{name} {pawns:<{columns}}]"


def _path_text(state: InsiderPosition, spaces: tuple[int, ...], occupant: dict[int, int]) -> str:
    return "".join(str(occupant[s]) if s in occupant else "." for s in spaces)


def _board_lines(state: InsiderPosition) -> list[str]:
    board = state.board
    occupant = _occupant(state)
    links = {(a, b): spaces for a, b, spaces in board.links}
    columns = max(PAWN_COLUMNS, *(len(_pawn_digits(state, s)) for s in range(board.square_count)
                                  if s != board.centre and s not in board.corners))
    cell = columns + 5
    width = len(board.columns)
    horizontal = max(len(s) for s in links.values()) + 2
    lines = []
    header = "   "
    for column in board.columns:
        header += column.center(cell) + " " * horizontal
    lines.append(header.rstrip())
    for r in range(board.rows, 0, -1):
        row = f"{r}  "
        for c in range(width):
            square = (r - 1) * width + c
            row += _cell(state, square, columns)
            right = links.get((square, square + 1)) if c < width - 1 else None
            if right is not None:
                row += ("-" + _path_text(state, right, occupant) + "-").ljust(horizontal, "-")
        lines.append(row.rstrip())
        if r == 1:
            continue
        downs = [links.get((square - width, square), ()) for square in range((r - 1) * width, r * width)]
        for k in range(max(len(d) for d in downs)):
            line = "   "
            for spaces in downs:
                mark = "|"
                if k < len(spaces):
                    space = spaces[len(spaces) - 1 - k]  # drawn from the upper square down
                    mark = str(occupant[space]) if space in occupant else "."
                line += mark.center(cell) + " " * horizontal
            lines.append(line.rstrip())
    return lines


def _status_lines(state: InsiderPosition, show_hands: bool) -> list[str]:
    board = state.board
    m = state.material
    lines = []
    if state.evaluation_card:
        card = m.evaluation_cards[state.evaluation_card]
        seats = "  ".join(f"t{t + 1}={v}:{'P' + str(o) if o is not None else '--'}"
                          for t, (v, o) in enumerate(zip(card.tables, state.tables)))
        lines.append(f"INSIDER card {card.card_id} (penalty {card.penalty}): {seats}")
    else:
        lines.append("INSIDER: no evaluation card face up")
    lines.append(f"Evaluations: {state.evaluations_done}/{m.evaluations_per_game}   "
                 f"staircase {m.staircase.cave}..{m.staircase.top}   "
                 f"deck {state.deck_size()}  discard {sum(state.discard.values())}")
    for p in range(state.players):
        where = Counter(board.name(pos) for pos in state.pawns[p])
        pawns = ", ".join(f"{n}x{c}" if c > 1 else n for n, c in sorted(where.items()))
        flags = []
        if state.skips[p]:
            flags.append(f"skips {state.skips[p]}")
        if state.one_die[p]:
            flags.append("one die")
        hand = (" ".join(f"{t}:{n}" for t, n in state.hands[p].items() if n) or "empty") if show_hands \
            else plural(state.hand_size(p), "card")
        marker = ">" if p == state.current and not state.game_over else " "
        lines.append(f"{marker}P{p} base {board.name(state.bases[p])} score {state.scores[p]:>3}  "
                     f"[{hand}]  {'; '.join(flags)}".rstrip())
        lines.append(f"    pawns: {pawns}")
    lines.append(describe_turn(state))
    return lines


def describe_turn(state: InsiderPosition) -> str:
    """One line saying who must do what now."""
    return say(EN, awaited(state))


def awaited(state: InsiderPosition) -> Awaiting:
    """Who must do what now (or who won)."""
    if state.game_over:
        return Ended(state.evaluations_done, tuple(state.winners()))
    current = state.current
    if state.pending:
        node = state.pending[-1]
        kind = node["kind"]
        if kind == "guard":
            play = node["play"]
            return AwaitGuard(node["responders"][0], play["player"], play["card"], play["power"])
        victims = tuple(node.get("victims", []))
        questions: dict[str, Awaiting] = {
            "meet": AwaitMeet(current, victims),
            "draw": AwaitDraw(node.get("player", current)),
            "steal": AwaitSteal(current, victims[0] if victims else None),
            "dice": AwaitDice(node.get("dice", 2)),
            "eval": AwaitEvaluation(),
            "seat": AwaitSeat(current),
            "vip": AwaitVip(current),
            "totalout": AwaitTotalOut(current, node.get("left", 0)),
        }
        return questions[kind]
    turn = state.turn
    legal = state.legal_actions()
    if turn.phase == "choose":
        return AwaitChoice(current, tuple(legal))
    cards = state.may_play_cards()
    totalout = any(action.startswith("totalout ") for action in legal)
    if turn.phase == "move":
        return AwaitMoving(current, turn.points, cards, totalout)
    return AwaitEnd(current, cards, totalout, any(action.startswith("swap ") for action in legal))


def legal_lines(state: InsiderPosition) -> list[str]:
    """The legal actions grouped for people: one line per kind, moves listed by starting place.

    Chance outcomes come with their probabilities. A kind with one action is
    printed as is; moves (steps, flights, Total OUT, Administrator swaps) read
    ``play heli 2 FROM TO: b2 -> a2 c3 d4; e2 -> ...`` (``<->`` for a swap).
    """
    if state.is_chance_node():
        return [f"{action:<24} {probability:.3f}" for action, probability in state.chance_outcomes()]
    groups: dict[str, list[list[str]]] = {}
    for action in state.legal_actions():
        words = action.split()
        cut = 3 if words[0] == "play" else 1
        groups.setdefault(" ".join(words[:cut]), []).append(words[cut:])
    lines = []
    for head, options in groups.items():
        if len(options) == 1:
            lines.append(" ".join([head, *options[0]]))
        elif all(len(option) == 2 for option in options):
            by_start: dict[str, list[str]] = {}
            for start, target in options:
                by_start.setdefault(start, []).append(target)
            swap = head.startswith("play admin")
            shape, arrow = ("PAWN PAWN", "<->") if swap else ("FROM TO", "->")
            lines.append(f"{head} {shape}: " + "; ".join(f"{start} {arrow} {' '.join(targets)}"
                                                          for start, targets in by_start.items()))
        else:
            lines.append(f"{head} " + " | ".join(" ".join(option) for option in options))
    return lines
