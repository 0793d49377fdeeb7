"""The solver against a slow, obviously-correct reference on many random boards.

The reference takes each word of the lexicon in turn and tries every path of
cells that spells it (depth-first, one reading per double face per word), then
checks the rules on the finished path. It shares no code with the solver.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from overturn.game.board import BOGGLE_4X4, Board, Rules
from overturn.game.solver import Constraints, Solver

DOUBLE = ("ZX", "QU")


def neighbours_or_self(board: Board, a: int, b: int, reuse: bool) -> bool:
    (ra, ca), (rb, cb) = divmod(a, board.rules.cols), divmod(b, board.rules.cols)
    if a == b:
        return reuse
    return abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def tile(board: Board, cell: int) -> tuple[int, int]:
    row, col = divmod(cell, board.rules.cols)
    return row // board.rules.tile_rows, col // board.rules.tile_cols


def reference(board: Board, words: set[str], constraints: Constraints) -> dict[str, int]:
    """Legal word → the fewest double faces any legal path of it needs."""
    rules = board.rules
    present = [face for face in DOUBLE if face in board.faces]
    choices = [
        [None, constraints.fixed[face]] if face in constraints.fixed else [None, *rules.readings(face)] for face in present
    ]
    result: dict[str, int] = {}
    for word in words:
        if len(word) < rules.min_length or word in constraints.played:
            continue
        for combo in product(*choices):
            reading = dict(zip(present, combo))
            cell_text = [reading.get(face, face) or "#" for face in board.faces]
            stack = [(len(cell_text[c]), (c,)) for c in range(rules.size) if word.startswith(cell_text[c])]
            legal = False
            while stack and not legal:
                position, path = stack.pop()
                if position == len(word):
                    rings = [constraints.ringed >> cell & 1 for cell in path]
                    legal = (
                        len({tile(board, cell) for cell in path}) >= rules.min_tiles
                        and (not constraints.need_new or 0 in rings)
                        and (not constraints.need_used or 1 in rings)
                    )
                    continue
                for cell in range(rules.size):
                    if not neighbours_or_self(board, path[-1], cell, rules.reuse):
                        continue
                    if not rules.reuse and cell in path:
                        continue
                    if word.startswith(cell_text[cell], position):
                        stack.append((position + len(cell_text[cell]), path + (cell,)))
            if legal:
                needed = sum(value is not None for value in combo)
                result[word] = min(result.get(word, needed), needed)
    return result


def every_legal_path(board: Board, word: str, constraints: Constraints) -> set[tuple[int, ...]]:
    """All legal paths of one word, by brute force over cell sequences (independent of the solver)."""
    rules = board.rules
    present = [face for face in DOUBLE if face in board.faces]
    choices = [[constraints.fixed[face]] if face in constraints.fixed else list(rules.readings(face)) for face in present]
    found: set[tuple[int, ...]] = set()
    for combo in product(*choices):
        text = [dict(zip(present, combo)).get(face, face) for face in board.faces]
        frontier = [((cell,), len(text[cell])) for cell in range(rules.size) if word.startswith(text[cell])]
        while frontier:
            path, position = frontier.pop()
            if position == len(word):
                rings = [constraints.ringed >> cell & 1 for cell in path]
                if (
                    len({tile(board, cell) for cell in path}) >= rules.min_tiles
                    and (not constraints.need_new or 0 in rings)
                    and (not constraints.need_used or 1 in rings)
                ):
                    found.add(path)
                continue
            for cell in range(rules.size):
                if neighbours_or_self(board, path[-1], cell, rules.reuse) and (rules.reuse or cell not in path):
                    if word.startswith(text[cell], position):
                        frontier.append((path + (cell,), position + len(text[cell])))
    return found


def check_path(board: Board, word: str, path: tuple[int, ...], readings: dict[str, str], constraints: Constraints) -> None:
    rules = board.rules
    assert path, word
    for a, b in zip(path, path[1:]):
        assert neighbours_or_self(board, a, b, rules.reuse), (word, path)
    if not rules.reuse:
        assert len(set(path)) == len(path), (word, path)
    used_faces = {board.faces[cell] for cell in path if board.faces[cell] in DOUBLE}
    assert set(readings) == used_faces, (word, path, readings)
    for face, value in readings.items():
        allowed = (constraints.fixed[face],) if face in constraints.fixed else rules.readings(face)
        assert value in allowed
    assert "".join(readings.get(board.faces[cell], board.faces[cell]) for cell in path) == word
    assert len({tile(board, cell) for cell in path}) >= rules.min_tiles
    rings = [constraints.ringed >> cell & 1 for cell in path]
    assert not constraints.need_new or 0 in rings
    assert not constraints.need_used or 1 in rings


def random_case(rng: random.Random) -> tuple[Board, Constraints]:
    tile_rows, tile_cols = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2)])
    rows = tile_rows * rng.randint(1, 3)
    cols = tile_cols * rng.randint(1, 3)
    if rows * cols < 2:
        cols *= 2
    rules = Rules(
        rows=rows,
        cols=cols,
        tile_rows=tile_rows,
        tile_cols=tile_cols,
        reuse=rng.random() < 0.5,
        min_length=rng.choice([1, 2, 3]),
        min_tiles=rng.choice([1, 2]),
        qu_readings=rng.choice([("U", "QU"), ("QU",)]),
    )
    faces = [rng.choice("AEIRSTUN" if rng.random() < 0.85 else ["ZX", "QU"]) for _ in range(rules.size)]
    ringed = rng.getrandbits(rules.size) if rng.random() < 0.5 else 0
    fixed = {}
    if rng.random() < 0.3:
        fixed["ZX"] = rng.choice("ZX")
    if rng.random() < 0.3:
        fixed["QU"] = rng.choice(rules.qu_readings)
    constraints = Constraints(
        ringed=ringed,
        need_new=bool(ringed) and rng.random() < 0.7,
        need_used=bool(ringed) and rng.random() < 0.7,
        fixed=fixed,
    )
    return Board(tuple(faces), rules), constraints


def random_words(rng: random.Random, count: int) -> set[str]:
    tokens = list("AEIRSTUNZX") + ["QU"]
    return {"".join(rng.choice(tokens) for _ in range(rng.randint(1, 6))) for _ in range(count)}


def test_solver_matches_reference_on_random_boards(make_lexicon, monkeypatch: pytest.MonkeyPatch) -> None:
    """1,000 random boards, rules and game constraints; both engines (native when built, and pure Python)."""
    rng = random.Random(2026)
    cases = 0
    for _ in range(100):
        words = random_words(rng, 300)
        lexicon = make_lexicon(sorted(words))
        for _ in range(10):
            board, constraints = random_case(rng)
            if rng.random() < 0.2:
                constraints = Constraints(
                    ringed=constraints.ringed,
                    need_new=constraints.need_new,
                    need_used=constraints.need_used,
                    fixed=constraints.fixed,
                    played=frozenset(rng.sample(sorted(words), 20)),
                )
            expected = reference(board, words, constraints)
            for pure_python in (False, True):
                if pure_python:
                    monkeypatch.setenv("OVERTURN_PURE_PYTHON", "1")
                else:
                    monkeypatch.delenv("OVERTURN_PURE_PYTHON", raising=False)
                found = Solver(lexicon, board).solve(constraints)
                assert {item.word for item in found} == set(expected), (pure_python, str(board), board.rules, constraints)
                for item in found:
                    check_path(board, item.word, item.path, dict(item.readings), constraints)
                    assert len(item.readings) == expected[item.word], (pure_python, item, str(board))
            cases += 1
    assert cases == 1000


def test_all_paths_are_legal_and_complete(make_lexicon) -> None:
    rng = random.Random(11)
    lexicon = make_lexicon(sorted(random_words(rng, 200)))
    for _ in range(150):
        board, constraints = random_case(rng)
        solver = Solver(lexicon, board)
        for item in solver.solve(constraints):
            paths = list(solver.paths(item.word, constraints, limit=100_000))
            assert len(paths) == len({path for path, _ in paths})  # each path once, whatever the readings
            assert {path for path, _ in paths} == every_legal_path(board, item.word, constraints)
            assert item.path in {path for path, _ in paths}
            for path, readings in paths:
                check_path(board, item.word, path, dict(readings), constraints)


# --- the Boggle preset against an independent classic solver --------------------

ENGLISH = """
ace act add age ago aid aim air all and ant any ape arc are arm art ash ask ate bad bag ban bar bat bay bed bee beg
bet bid big bin bit boa bog bow box boy bud bug bun bus but buy cab can cap car cat cow cry cub cup cut dad day den
dew did die dig dim dip doe dog dot dry due dug dye ear eat egg ego elf elm end era eve eye fan far fat fed fee few fig
fin fir fit fix flu fly foe fog for fox fry fun fur gap gas gel gem get gin god got gum gun gut guy had ham has hat
hay hen her hid him hip his hit hog hot how hub hue hug hum hut ice icy ill ink inn ion its ivy jam jar jaw jet job
jog joy jug key kid kin kit lab lad lag lap law lay led leg let lid lie lip lit log lot low mad man map mat may men
met mix mob mop mud mug nap net new nil nod nor not now nun nut oak oar oat odd off oil old one opt orb ore our out
owl own pad pal pan par pat paw pay pea peg pen pet pie pig pin pit pod pop pot pro pub pun pup put quit quite queen
quest quiet quote rag ram ran rat raw ray red rib rid rig rim rip rob rod rot row rub rug run rut rye sad sag sat saw
say sea see set sew she shy sin sip sir sit six ski sky sly sob sod son sow soy spa spy sty sub sum sun tab tag tan
tap tar tax tea ten the thy tie tin tip toe ton too top tow toy try tub tug two urn use van vat vet vow wad wag war
was wax way web wed wet who why wig win wit woe wok won woo wow yak yam yap yes yet you zap zen zip zoo
area arts bare bark barn beat bent best bird bite boat bold bone born both cake came cane care cart case cast coat
code cold cone cope core cost dare dart date dear deer dent dine dire dirt dose dote earn east easy edit fare fast
fate fear feat fern fire firm fist gate gear gent girl goat gone hare harm hate heat herd hero hire hose host idea
into iron item lane last late lean lent lion list lone lore lose lost mare mast mate meat mind mine mint mist moat
more most name near neat nest nine none nose note once open oven pare past pear pest pine pint plan rain rare rate
read rein rent rest ride rind ripe rise road roam roast rose rust sand sane sate seat send sent side sign silt sine
site slot soar sort star stem stir stop tame tear tend tent term tide tile time tire toad tone tore torn tour town
tree trim vein vine vise wade wane ward warn west wide wind wine wire wise wore worn wren zero zone
eaten enter heart stone tones notes onset store rates stare tears train trains rain roast toast treat street
"""

BOGGLE_DICE = [
    "AAEEGN", "ABBJOO", "ACHOPS", "AFFKPS", "AOOTTW", "CIMOTU", "DEILRX", "DELRVY",
    "DISTTY", "EEGHNW", "EEINSU", "EHRTVW", "EIOSST", "ELRTTY", "HIMNQU", "HLNNRZ",
]


def classic_boggle(grid: list[str], words: set[str]) -> set[str]:
    """A textbook Boggle solver: prefixes in a set, Q is QU, each die once, 3 letters or more."""
    prefixes = {word[:i] for word in words for i in range(1, len(word) + 1)}
    found: set[str] = set()

    def visit(row: int, col: int, text: str, seen: frozenset[tuple[int, int]]) -> None:
        text += "QU" if grid[row * 4 + col] == "Q" else grid[row * 4 + col]
        if text not in prefixes:
            return
        if text in words and len(text) >= 3:
            found.add(text)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if 0 <= r < 4 and 0 <= c < 4 and (r, c) not in seen:
                    visit(r, c, text, seen | {(r, c)})

    for row in range(4):
        for col in range(4):
            visit(row, col, "", frozenset({(row, col)}))
    return found


def test_boggle_preset_matches_a_classic_solver(make_lexicon) -> None:
    words = {word.upper() for word in ENGLISH.split()}
    lexicon = make_lexicon(sorted(words))
    rng = random.Random(1972)
    total = 0
    for _ in range(40):
        dice = BOGGLE_DICE[:]
        rng.shuffle(dice)
        grid = ["Q" if (letter := rng.choice(die)) == "Q" else letter for die in dice]
        board = Board.parse("".join(grid), BOGGLE_4X4)
        ours = {item.word for item in Solver(lexicon, board).solve()}
        assert ours == classic_boggle(grid, words), "".join(grid)
        total += len(ours)
    assert total > 100  # the boards really do hold words


def test_best_path_is_the_exact_maximum_swing(make_lexicon) -> None:
    """Branch and bound against the brute-force list of every legal path, with random cell gains."""
    rng = random.Random(5)
    lexicon = make_lexicon(sorted(random_words(rng, 200)))
    checked = 0
    for _ in range(150):
        board, constraints = random_case(rng)
        solver = Solver(lexicon, board)
        gain = [rng.choice([0, 1, 2]) for _ in range(board.rules.size)]
        for item in solver.solve(constraints):
            every = every_legal_path(board, item.word, constraints)
            best = solver.best_path(item.word, constraints, gain)
            assert best is not None
            top = max(sum(gain[cell] for cell in set(path)) for path in every)
            assert best[0] == top and best[1] in every
            assert sum(gain[cell] for cell in set(best[1])) == top
            checked += 1
    assert checked > 100
