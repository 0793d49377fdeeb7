"""The layout the checks keep: no import cycle anywhere, and the native search built where CI says it must be.

Imports are read from the source with ``ast``: top-level ones, those inside
functions, those under ``if TYPE_CHECKING`` and ``importlib.import_module``
calls with a literal name all count, because each of them is an arrow a
reader has to follow. The CLI's lazy command table (names as strings) counts too.
"""

from __future__ import annotations

import ast
import importlib
import os
from pathlib import Path

import pytest
from import_cycles import import_cycles

ROOT = Path(__file__).resolve().parent.parent
#: Installed package name -> folder in the checkout (src/ links each name to its folder: pyproject's package-dir).
PACKAGES = {link.name: link.resolve() for link in (ROOT / "src").iterdir() if link.is_symlink()}


def _modules() -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = path.relative_to(folder).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((package, *parts))] = path
    return found


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    if level == 0:
        return name or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _imports(module: str, path: Path, known: set[str]) -> set[str]:
    """Every module of the project that ``module`` imports, wherever in the file the import stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    targets: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(module, is_package, node.level, node.module)
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                names = [node.args[0].value]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("overturn_cli."):
            names = [node.value.split(":")[0]]  # lazy command tables name modules as strings
        for name in names:
            # the deepest project module the name reaches (``from a.b import c`` may name module a.b.c or a name in a.b)
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
    return targets


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    graph = {module: _imports(module, path, known) for module, path in modules.items()}
    # importing a.b.c from outside package a runs a/__init__ and a/b/__init__ first, so a package's
    # face is part of every import into it (from inside, the face is already running: no new arrow)
    for module, targets in graph.items():
        for target in list(targets):
            parts = target.split(".")
            for n in range(1, len(parts)):
                face = ".".join(parts[:n])
                if face in known and not module.startswith(face + "."):
                    targets.add(face)
        targets.discard(module)
    return graph


def test_the_import_graph_has_no_cycle() -> None:
    assert import_cycles(_graph()) == []


def test_the_cycle_finder_sees_cycles_in_functions_and_type_checking_blocks(tmp_path: Path) -> None:
    """The finder itself: a cycle hidden in a function body or under TYPE_CHECKING is still a cycle."""
    (tmp_path / "a.py").write_text("def f():\n    from pkg import b\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import f\n", encoding="utf-8")
    known = {"pkg.a", "pkg.b"}
    graph = {"pkg.a": _imports("pkg.a", tmp_path / "a.py", known), "pkg.b": _imports("pkg.b", tmp_path / "b.py", known)}
    assert import_cycles(graph) == [["pkg.a", "pkg.b"]]


def test_arrows_run_down_from_the_service_and_the_cli() -> None:
    """The games, the table store and the lexicon never import the service or the CLI; the lexicon never imports a game;
    the games never import the table that holds them."""
    graph = _graph()
    for module, targets in graph.items():
        if module.startswith(("overturn.game", "overturn.referees", "overturn.lexicon", "overturn.jsonbounds", "overturn.jsonstore", "overturn.jsonrefusal", "overturn.table")):
            assert not {t for t in targets if t.startswith(("overturn.service", "overturn_cli"))}, module
        if module.startswith(("overturn.game", "overturn.referees", "overturn.lexicon")):
            assert not {t for t in targets if t.startswith("overturn.table")}, module
        if module.startswith("overturn.lexicon"):
            assert not {t for t in targets if t.startswith(("overturn.game", "overturn.referees"))}, module


def test_routers_call_the_layer_below_never_each_other() -> None:
    """A router reads a request, asks the layer below and writes the answer: what two routers share lives below them
    (``overturn.service.game_requests``, the game, the table), so no router depends on another's endpoints."""
    graph = _graph()
    routers = {module for module in graph if module.startswith("overturn.service.routers.")}
    reaching = {module: sorted(graph[module] & routers) for module in sorted(routers) if graph[module] & routers}
    assert not reaching, reaching


#: Each layer's one exception root: every exception class a layer defines derives from it, so a caller catches the
#: layer's failures by one name (their other bases, ``ValueError`` and the like, are kept for the callers before).
LAYER_ROOTS = {
    "overturn.game": ("overturn.game.errors", "GameException"),
    "overturn.lexicon": ("overturn.lexicon.errors", "LexiconException"),
    "overturn.referees": ("overturn.referees.errors", "RefereeException"),
    "overturn.table": ("overturn.table.errors", "TableException"),
    "overturn.service": ("overturn.service.errors", "ServiceException"),
}


@pytest.mark.parametrize("layer", sorted(LAYER_ROOTS))
def test_every_exception_of_a_layer_derives_from_its_one_root(layer: str) -> None:
    module_name, root_name = LAYER_ROOTS[layer]
    root = getattr(importlib.import_module(module_name), root_name)
    strays = []
    for name in sorted(m for m in _modules() if m == layer or m.startswith(layer + ".")):
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == name and not issubclass(value, root):
                strays.append(f"{name}.{value.__name__}")
    assert not strays, strays


def _top_level_imports(path: Path) -> set[str]:
    """The top-level names of every module ``path`` imports, wherever in the file the import stands."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                names.add(node.args[0].value.split(".")[0])
    return names


def test_the_table_parses_no_sentence() -> None:
    """The table words the games' Structs through their catalogues: no module of ``overturn.table`` imports ``re``."""
    tables = sorted((ROOT / "overturn" / "table").rglob("*.py"))
    assert len(tables) > 10
    assert [path.name for path in tables if "re" in _top_level_imports(path)] == []


def test_the_import_finder_sees_re_however_it_is_imported(tmp_path: Path) -> None:
    for text in ("import re", "from re import compile", "def f():\n    import re as regex", "import importlib\nimportlib.import_module('re')"):
        (tmp_path / "m.py").write_text(text + "\n", encoding="utf-8")
        assert "re" in _top_level_imports(tmp_path / "m.py"), text
    (tmp_path / "m.py").write_text("import regex_free\nfrom overturn import referees\n", encoding="utf-8")
    assert "re" not in _top_level_imports(tmp_path / "m.py")


def test_the_native_search_is_built_where_it_is_required() -> None:
    """CI sets OVERTURN_REQUIRE_NATIVE=1 and compiles with -Werror: a C build that fails must fail CI,
    not quietly fall back to the pure-Python search (whose own tests force it with OVERTURN_PURE_PYTHON)
    or the Python letter-trie build (compared with the C one in tests/test_letter_trie.py)."""
    if os.environ.get("OVERTURN_REQUIRE_NATIVE") != "1":
        pytest.skip("OVERTURN_REQUIRE_NATIVE is not set (.ci/run sets it)")
    native = importlib.import_module("overturn.game._search")
    assert callable(native.solve_json)
    assert callable(importlib.import_module("overturn.lexicon._letter_trie").build)


#: A module longer than this says at its top why it is one module (``Long because …``).
LONG_MODULE_LINES = 400


def test_a_long_module_says_why_it_is_one() -> None:
    roots = [PACKAGES["overturn"], PACKAGES["overturn_cli"]]
    unexplained = []
    for root in roots:
        for source in sorted(root.rglob("*.py")):
            text = source.read_text(encoding="utf-8")
            docstring = ast.get_docstring(ast.parse(text)) or ""
            if text.count("\n") > LONG_MODULE_LINES and "Long because" not in docstring:
                unexplained.append(f"{source.relative_to(root.parent)}: {text.count(chr(10))} lines")
    assert not unexplained, unexplained


def test_the_table_authority_has_no_transport_inside() -> None:
    """As boardgame.io's Master: the table service judges, commits and publishes with no HTTP in it, so tests and
    any other transport drive it directly; only the service's one table router speaks HTTP for it."""
    web = {"starlette", "uvicorn", "httpx", "httptools"}
    for path in sorted((ROOT / "overturn" / "table").glob("*.py")):
        assert not _top_level_imports(path) & web, path.name
    graph = _graph()
    speaking_for_it = {module for module, targets in graph.items() if "overturn.table.service" in targets and module.startswith("overturn.service")}
    assert speaking_for_it <= {"overturn.service.context", "overturn.service.routers.tables"}, speaking_for_it
