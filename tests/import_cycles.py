"""The import-cycle finder both import graphs are checked with: the Python packages' (test_architecture.py) and the
pages' ES modules' (test_web_preload.py)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def import_cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module, or a module importing itself, by Tarjan's algorithm:
    each group sorted, the groups in the order their first module is met in sorted order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found
