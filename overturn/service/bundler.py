"""The pages' ES modules read as the browser reads them: each page's import graph, the preload links that name it in
the page's HTML, and the bundle that sends it as one module.

Preloading names every module at once, but a browser speaks HTTP/1.1 to this server (no TLS on a club's network, so no
HTTP/2) with six connections to it: on Fast 3G each further six files cost another 562 ms round trip, and a page of 25
files needed four. So the server also sends each page its whole module graph as one module (``bundle``), made from the
sources: each module evaluated in the order the browser would (dependencies first, as written), in a function of its
own (its names stay its own), its exports an object of getters (a ``let`` that changes is read through it, live), the
JSON modules inlined. A module this reading does not understand (an import or export of another form, a cycle,
``import.meta`` other than its url) raises ``NotBundled``, and the page is served unbundled, with its preloads.
Pure functions of the files under ``root``: the server (``routers/page.py``) and a static copy of the site share them.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from overturn.service.errors import ServiceException

#: A static import or re-export's specifier (``import … from "./x.js"``, ``import "./x.js"``, ``export … from "./x.js"``,
#: over several lines too); dynamic ``import()`` is not followed, as the browser does not fetch it before it runs.
_IMPORT = re.compile(r"""^[ \t]*(?:import|export)\b(?:[\w\s{},*$]*?\bfrom)?\s*["']([^"']+)["']""", re.MULTILINE)
#: A page's entry modules: its ``<script type="module" src="/static/…">``.
_ENTRY = re.compile(r"""<script\b[^>]*\btype="module"[^>]*\bsrc="/static/([^"]+)"[^>]*>\s*</script>""")


def entries_of(html: str) -> list[str]:
    """A page's entry modules, by their path under /static/: its ``<script type="module" src="/static/…">``."""
    return _ENTRY.findall(html)


def module_imports(path: str, root: Path) -> list[str]:
    """The modules and JSON files ``path`` (relative to the web directory) imports statically, relative to the web
    directory too, in the order it names them."""
    found = []
    for specifier in _IMPORT.findall((root / path).read_text(encoding="utf-8")):
        if specifier.startswith(("./", "../")):
            target = (Path(path).parent / specifier).as_posix()
            found.append(os.path.normpath(target).replace(os.sep, "/"))
    return found


def import_graph(entries: list[str], root: Path) -> dict[str, list[str]]:
    """Every module reachable from ``entries`` by static imports, each with what it imports (breadth first, the
    entries first): what the browser would discover one level, one round trip, at a time."""
    graph: dict[str, list[str]] = {}
    queue = list(entries)
    while queue:
        path = queue.pop(0)
        if path in graph:
            continue
        graph[path] = module_imports(path, root) if path.endswith(".js") else []
        queue += [target for target in graph[path] if target not in graph]
    return graph


def preload_links(html: str, root: Path) -> str:
    """The ``<link>`` elements naming every file the page's modules will import, so the browser asks for all of them
    at once with the page instead of one level of imports per round trip: scripts as ``modulepreload`` (fetched,
    parsed and compiled as modules), the JSON modules as ``preload`` ``as="fetch"`` in the JSON module's own
    request mode (cors, same origin credentials), which the module fetch then finds in the browser's cache."""
    entries = entries_of(html)
    links = []
    for path in import_graph(entries, root):
        if path in entries:
            continue
        if path.endswith(".json"):
            links.append(f'<link rel="preload" as="fetch" crossorigin href="/static/{path}">')
        else:
            links.append(f'<link rel="modulepreload" href="/static/{path}">')
    return "\n  ".join(links)


def with_preloads(html: str, root: Path) -> str:
    """The page's HTML with its preloads just before its first module script (the stylesheets and scripts it names
    itself come first)."""
    links = preload_links(html, root)
    first = _ENTRY.search(html)
    if not links or first is None:
        return html
    return html[: first.start()] + links + "\n  " + html[first.start() :]


# ----- one script per page ---------------------------------------------------------------------------------------------

_STATIC_IMPORT = re.compile(
    r"""^import\s+(?:(?P<clause>[\w$]+|\*\s+as\s+[\w$]+|\{[^}]*\})\s+from\s+)?["'](?P<spec>[^"']+)["']"""
    r"""(?:\s+with\s*\{\s*type:\s*["']json["']\s*\})?\s*;?[ \t]*\n?""",
    re.MULTILINE,
)
_DECLARED_EXPORT = re.compile(r"^export\s+(?:(?:async\s+)?function\*?|class|const|let|var)\s+([\w$]+)", re.MULTILINE)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\s+", re.MULTILINE)
_ANY_IMPORT_EXPORT = re.compile(r"^(?:import|export)\b", re.MULTILINE)
_META = re.compile(r"\bimport\.meta\b")
_DYNAMIC = re.compile(r"\bimport\(\s*([^)]*?)\s*\)")


class NotBundled(ServiceException):
    """A module the bundler does not read (the page is then served unbundled)."""


def _evaluation_order(entry: str, graph: dict[str, list[str]]) -> list[str]:
    """The modules in the order the browser evaluates them: depth first, each module's imports as written, each
    module once, after everything it imports."""
    order: list[str] = []
    visiting: set[str] = set()

    def visit(path: str) -> None:
        if path in order:
            return
        if path in visiting:
            raise NotBundled(f"an import cycle through {path}")
        visiting.add(path)
        for target in graph[path]:
            visit(target)
        visiting.discard(path)
        order.append(path)

    visit(entry)
    return order


def _relative(path: str, specifier: str) -> str:
    return os.path.normpath((Path(path).parent / specifier).as_posix()).replace(os.sep, "/")


def _opened_by(text: str, end: int) -> str:
    """The bracket left open at ``end`` (``{``, ``(``, ``[``, ``${`` in a template, or empty at the top level): an
    object or a block, a call or an expression."""
    depth = 0
    for index in range(end - 1, -1, -1):
        char = text[index]
        if char in ")}]":
            depth += 1
        elif char in "({[":
            if depth == 0:
                return "${" if char == "{" and text[index - 1 : index] == "$" else char
            depth -= 1
    return ""


def _read_live(body: str, local: str, reference: str) -> str:
    """``body`` with the imported ``let`` named ``local`` read through its module's getters (``reference``), so that it
    stays live: an object's key of that name is left, a shorthand property spelt out, a quoted word left."""

    def replace(match: re.Match[str]) -> str:
        before = body[: match.start()].rstrip()[-1:]
        after = body[match.end() :].lstrip()[:1]
        if before in ("'", '"', "`") or after in ("'", '"', "`"):
            return local
        if before in ("{", ",") and _opened_by(body, match.start()) == "{":
            if after == ":":
                return local
            if after in (",", "}"):
                return f"{local}: {reference}"
        return reference

    return re.sub(rf"(?<![\w$.]){re.escape(local)}(?![\w$])", replace, body)


def _bundled_module(path: str, text: str, slot: dict[str, int], live: dict[str, set[str]], entry_dir: str) -> str:
    """One module as a function returning its exports' getters (see above)."""
    head: list[str] = []
    rewrites: dict[str, str] = {}

    def replace_import(match: re.Match[str]) -> str:
        target = _relative(path, match["spec"])
        module = f"__m[{slot[target]}]"
        clause = (match["clause"] or "").strip()
        if not clause:
            return ""
        if clause.startswith("*"):
            head.append(f"const {clause.split()[-1]} = {module};")
        elif clause.startswith("{"):
            names = []
            for part in clause.strip("{} \n").split(","):
                if not part.strip():
                    continue
                pieces = part.split()
                if not (len(pieces) == 1 or (len(pieces) == 3 and pieces[1] == "as")):
                    raise NotBundled(f"{path}: import {clause}")
                imported, local = pieces[0], pieces[-1]
                if imported in live.get(target, set()):
                    rewrites[local] = f"{module}.{imported}"
                else:
                    names.append(imported if imported == local else f"{imported}: {local}")
            if names:
                head.append(f"const {{ {', '.join(names)} }} = {module};")
        else:
            head.append(f"const {clause} = {module}.default;")
        return ""

    body = _STATIC_IMPORT.sub(replace_import, text)
    exported = _DECLARED_EXPORT.findall(body)
    body = _DECLARED_EXPORT.sub(lambda match: match.group(0).removeprefix("export").lstrip(), body)
    if _EXPORT_DEFAULT.search(body):
        body = _EXPORT_DEFAULT.sub("const __default = ", body, count=1)
        exported.append("default")
    if _ANY_IMPORT_EXPORT.search(body):
        raise NotBundled(f"{path}: {_ANY_IMPORT_EXPORT.search(body)!r}")
    for local, reference in rewrites.items():
        body = _read_live(body, local, reference)
    here = os.path.relpath(path, entry_dir).replace(os.sep, "/")
    if len(_META.findall(body)) != len(re.findall(r"\bimport\.meta\.url\b", body)):
        raise NotBundled(f"{path}: import.meta other than its url")
    body = _META.sub(f'({{ url: new URL("./{here}", import.meta.url).href }})', body)

    def replace_dynamic(match: re.Match[str]) -> str:
        literal = re.fullmatch(r"""["'](\.[^"']+)["']""", match.group(1))
        if literal is None:
            raise NotBundled(f"{path}: import({match.group(1)})")
        target = os.path.relpath(_relative(path, literal.group(1)), entry_dir).replace(os.sep, "/")
        return f'import("./{target}")'

    body = _DYNAMIC.sub(replace_dynamic, body)
    getters = ", ".join(f"get {name}() {{ return {'__default' if name == 'default' else name}; }}" for name in exported)
    return f"// {path}\n__m[{slot[path]}] = (() => {{\n{chr(10).join(head)}\n{body.strip()}\nreturn Object.freeze({{ __proto__: null, {getters} }});\n}})();\n"


def bundle(entry: str, root: Path) -> str:
    """The module ``entry`` and every module it imports as one module (raises ``NotBundled`` when it cannot)."""
    graph = import_graph([entry], root)
    order = _evaluation_order(entry, graph)
    slot = {path: index for index, path in enumerate(order)}
    texts = {path: (root / path).read_text(encoding="utf-8") for path in order}
    live = {path: set(re.findall(r"^export\s+let\s+([\w$]+)", text, re.MULTILINE)) for path, text in texts.items() if path.endswith(".js")}
    entry_dir = os.path.dirname(entry)
    parts = [f"// {entry} and the {len(order) - 1} files it imports, bundled by the server (overturn/service/routers/page.py) from the sources\nconst __m = [];\n"]
    for path in order:
        if path.endswith(".json"):
            parts.append(f"// {path}\n__m[{slot[path]}] = Object.freeze({{ __proto__: null, default: JSON.parse({json.dumps(texts[path])}) }});\n")
        else:
            parts.append(_bundled_module(path, texts[path], slot, live, entry_dir))
    # the entry's own exports, as the bundle's (the pages' entries export nothing; a bundle stays a faithful module)
    for name in _DECLARED_EXPORT.findall(texts[entry]):
        parts.append(f"export const {name} = __m[{slot[entry]}].{name};\n")
    if _EXPORT_DEFAULT.search(texts[entry]):
        parts.append(f"export default __m[{slot[entry]}].default;\n")
    return "".join(parts)


def bundle_name(entry: str) -> str:
    """Where a page's bundle is served, beside its entry module (so that addresses relative to it stay right)."""
    return entry.removesuffix(".js") + ".bundle.js"
