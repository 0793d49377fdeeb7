"""Named lexicons and their builds in the user cache.

A lexicon is named by a recipe (``fr``, the default: DELA + Grammalecte + the
supplement; ``wfrench``: Debian's /usr/share/dict/french), by a name given to
``overturn lexicon build FILE --name NAME``, or by a path (a build directory or
a word list). Builds are made on first use, keyed by the sources' checksums and
the filter and format versions, so a changed source or filter means a rebuild.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

from overturn.lexicon import sources, spelling
from overturn.lexicon.compiled import FORMAT_VERSION, Progress, write_build
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry
from overturn.textlines import LineTooLong

DEFAULT_LEXICON = "fr"
WFRENCH_PATH = Path("/usr/share/dict/french")
_NAME_PATTERN = r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}"


def _is_name(text: str) -> bool:
    """Whether ``text`` can name a built lexicon (``re`` imported here: the default lexicon never asks)."""
    import re

    return re.fullmatch(_NAME_PATTERN, text) is not None


class LexiconError(Exception):
    """A lexicon that cannot be found, read or built; the message says what to do."""


def cache_root() -> Path:
    """Where builds live: ``$OVERTURN_CACHE_DIR`` or the platform's user cache directory.

    On Linux that is the XDG rule (``$XDG_CACHE_HOME`` or ``~/.cache``), read
    here directly: importing platformdirs costs every command about 15 ms.
    """
    override = os.environ.get("OVERTURN_CACHE_DIR")
    if override:
        return Path(override)
    if sys.platform == "linux":
        return Path(os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")) / "overturn"
    import platformdirs

    return Path(platformdirs.user_cache_dir("overturn"))


def lexicons_root() -> Path:
    return cache_root() / "lexicons"


class Recipe:
    """How to make a named lexicon from files: the files (for checksums) and a reader of their entries.

    A plain class, not a NamedTuple: typing is not imported on a look-up's start-up.
    """

    __slots__ = ("name", "description", "files", "read", "version")

    def __init__(
        self, name: str, description: str, files: Callable[[], list[Path]], read: Callable[[list[Path]], Iterable[tuple[str, Entry]]],
        version: int = 1,
    ) -> None:
        self.name = name
        self.description = description
        self.files = files
        self.read = read
        self.version = version  #: bumped when the reader changes, so its builds are rebuilt


def _default_files() -> list[Path]:
    return [
        sources.locate_dela(),
        sources.data_file("grammalecte-fr.tsv.xz"),
        sources.data_file("supplement.tsv"),
        sources.data_file("blocklist.txt"),
        sources.data_file("ligatures.txt"),
    ]


def _read_default(files: list[Path]) -> Iterable[tuple[str, Entry]]:
    dela, grammalecte, supplement, blocklist_file, ligatures = files
    blocklist = sources.read_blocklist(blocklist_file)
    yield from spelling.respelled(sources.read_dela(dela, blocklist), spelling.read_ligatures(ligatures))
    if grammalecte.is_file():
        yield from sources.read_entry_table(grammalecte, blocklist)
    yield from sources.read_entry_table(supplement, blocklist)


def _wfrench_files() -> list[Path]:
    if not WFRENCH_PATH.is_file():
        raise LexiconError(f"{WFRENCH_PATH} is missing; install it with: apt-get install wfrench")
    return [WFRENCH_PATH]


def _read_word_list(files: list[Path]) -> Iterable[tuple[str, Entry]]:
    encoding, _name, _line = sources.detect_encoding(files[0])  # as `lexicon build` reads it: a Latin-1 list too
    entries, _rejected = sources.read_word_list(files[0], encoding)
    return entries


def _read_checked_word_list(files: list[Path]) -> Iterable[tuple[str, Entry]]:
    """A word-list file given by path: refused unless it is text (UTF-8, else CP1252 or Latin-1) holding at least one word."""
    try:
        entries = _read_word_list(files)
    except LineTooLong as exc:
        raise LexiconError(str(exc)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LexiconError(f"cannot read the word list {files[0]}: {exc}") from None
    if not entries:
        raise LexiconError(f"{files[0]} holds no word (a word list has one word a line, letters only)")
    return entries


def _read_lower_case_word_list(files: list[Path]) -> Iterable[tuple[str, Entry]]:
    """A dictionary list where capitals mark proper nouns (wfrench): only the lower-case words."""
    return [(key, entry) for key, entry in _read_word_list(files) if entry.form.islower()]


RECIPES = {
    "fr": Recipe(
        "fr",
        "French: DELA (LGPLLR) + Grammalecte (MPL-2.0) + game-word supplement, filtered for the rule book",
        _default_files,
        _read_default,
        # 2: DELA's oe/ae words shown with Grammalecte's ligature (lexicons/ligatures.txt);
        # 3: inflections.marisa, each form's tense and person (lemmas.py)
        version=3,
    ),
    "wfrench": Recipe(
        "wfrench",
        "Debian's wfrench list (/usr/share/dict/french), proper nouns dropped",
        _wfrench_files,
        _read_lower_case_word_list,
        version=2,
    ),
}


def _fingerprint(files: list[Path], recipe_version: int) -> dict[str, object]:
    return {
        "format": FORMAT_VERSION,
        "filter": sources.FILTER_VERSION,
        "recipe": recipe_version,
        "files": _stat_fingerprint(files),
    }


def _stat_fingerprint(files: list[Path]) -> list[list[object]]:
    result: list[list[object]] = []
    for path in files:
        try:
            stat = path.stat()
            result.append([str(path), stat.st_size, stat.st_mtime_ns])
        except FileNotFoundError:
            result.append([str(path), None, None])
    return result


def _content_checksum(files: list[Path], recipe_version: int = 1) -> str:
    import hashlib

    digest = hashlib.sha256(f"format={FORMAT_VERSION};filter={sources.FILTER_VERSION};recipe={recipe_version}".encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(sources.file_checksum(path).encode() if path.is_file() else b"missing")
    return digest.hexdigest()


#: A build pointer notes a few source files; anything longer is damaged and only means a rebuild.
_POINTER_BYTES = 64 * 1024


def _pointer_path(name: str) -> Path:
    """The per-environment note of which build serves ``name`` (a venv may hold another DELA)."""
    environment = f"{zlib.crc32(sys.prefix.encode()):08x}"
    return lexicons_root() / f"{name}.{environment}.json"


def _build_from_recipe(recipe: Recipe, files: list[Path], checksum: str, progress: Progress | None) -> Path:
    directory = lexicons_root() / f"{recipe.name}-{checksum[:16]}"
    if (directory / "meta.json").is_file():
        return directory
    say = progress or (lambda _message: None)
    say(f"building lexicon {recipe.name!r} (first use; a few seconds)")
    say("reading sources")
    merged = sources.merge_entries(recipe.read(files))
    sources.add_verb_infinitives(merged)
    meta = {
        "name": recipe.name,
        "description": recipe.description,
        "checksum": checksum,
        "filter_version": sources.FILTER_VERSION,
        "sources": [{"path": str(path), "sha256": sources.file_checksum(path) if path.is_file() else None} for path in files],
    }
    write_build(directory, merged, meta, progress)
    from overturn.lexicon import lemmas  # only a build needs it (and msgspec): a look-up's start-up does not pay for it

    lemmas.write_inflections(directory, files, merged)  # DELA's tenses and persons beside the build (lemmas.py)
    return directory


def _resolve_recipe(recipe: Recipe, progress: Progress | None) -> Path:
    """The build directory of a recipe, rebuilt when a source or version changed.

    The fast path (every start) only stats the files noted at the last build;
    locating the sources and checksumming them happens only when one changed.
    """
    pointer = _pointer_path(recipe.name)
    try:
        with pointer.open("rb") as handle:  # read at every start: plain json, no hardened reader to import
            noted = json.loads(handle.read(_POINTER_BYTES))
        directory = Path(noted["build"])
        files = [Path(row[0]) for row in noted["fingerprint"]["files"]]
        if noted["fingerprint"] == _fingerprint(files, recipe.version) and (directory / "meta.json").is_file():
            return directory
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError):
        pass  # no pointer yet, or a damaged one (cut at _POINTER_BYTES if huge): locate and check the sources again
    try:
        files = recipe.files()
    except FileNotFoundError as exc:
        raise LexiconError(str(exc)) from None
    fingerprint = _fingerprint(files, recipe.version)
    checksum = _content_checksum(files, recipe.version)
    directory = _build_from_recipe(recipe, files, checksum, progress)
    from overturn.jsonstore import save_json_atomic

    save_json_atomic(pointer, {"fingerprint": fingerprint, "build": str(directory)})
    return directory


def _user_build_dir(name: str) -> Path:
    return lexicons_root() / "user" / name


def build_word_list(path: Path, name: str, progress: Progress | None = None, encoding: str = "utf-8-sig") -> tuple[Path, list[str]]:
    """Compile a plain word list (in ``encoding``) under ``name``; returns the build and the lines that are not words."""
    import shutil

    if not _is_name(name) or name in RECIPES:
        raise LexiconError(
            f"invalid lexicon name {name!r}: use letters, digits, '.', '_' or '-', not one of {', '.join(RECIPES)}"
        )
    try:
        entries, rejected = sources.read_word_list(path, encoding)
    except LineTooLong as exc:
        raise LexiconError(f"{exc}: lexicon {name!r} was not built") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise LexiconError(f"cannot read {path}: {exc}") from None
    if not entries:
        raise LexiconError(f"{path} holds no word (one word a line, letters only)")
    merged = sources.merge_entries(entries)
    meta = {
        "name": name,
        "description": f"word list {path.name}",
        "checksum": _content_checksum([path]),
        "filter_version": sources.FILTER_VERSION,
        "sources": [{"path": str(path.resolve()), "sha256": sources.file_checksum(path)}],
        "rejected_lines": len(rejected),
    }
    target = _user_build_dir(name)
    staging_parent = target.parent
    staging_parent.mkdir(parents=True, exist_ok=True)
    fresh = staging_parent / f".{name}.new-{os.getpid()}"
    write_build(fresh, merged, meta, progress)
    old = staging_parent / f".{name}.old-{os.getpid()}"
    if target.exists():
        os.rename(target, old)
    os.rename(fresh, target)
    if old.exists():
        shutil.rmtree(old)
    return target, rejected


def available() -> list[dict[str, str]]:
    """The recipes and the user-built lexicons, for ``overturn lexicon list``."""
    rows = [{"name": recipe.name, "kind": "recipe", "description": recipe.description} for recipe in RECIPES.values()]
    user_root = lexicons_root() / "user"
    if user_root.is_dir():
        for directory in sorted(user_root.iterdir()):
            if (directory / "meta.json").is_file() and not directory.name.startswith("."):
                meta = json.loads((directory / "meta.json").read_text(encoding="utf-8"))
                rows.append({"name": directory.name, "kind": "built", "description": str(meta.get("description", ""))})
    return rows


def resolve(spec: str | None = None, progress: Progress | None = None) -> Path:
    """The build directory for a lexicon name or path, building it if needed."""
    spec = spec or DEFAULT_LEXICON
    if spec in RECIPES:
        return _resolve_recipe(RECIPES[spec], progress)
    user = _user_build_dir(spec)
    if _is_name(spec) and (user / "meta.json").is_file():
        return user
    path = Path(spec).expanduser()
    if path.is_dir() and (path / "meta.json").is_file():
        return path
    if path.is_file():
        recipe = Recipe(f"list-{path.stem}", f"word list {path}", lambda: [path.resolve()], _read_checked_word_list)
        return _resolve_recipe(recipe, progress)
    known = ", ".join(row["name"] for row in available())
    raise LexiconError(f"unknown lexicon {spec!r}: use one of {known}, a word-list file or a build directory")


_loaded: dict[Path, Lexicon] = {}


def load_lexicon(spec: str | None = None, progress: Progress | None = None) -> Lexicon:
    """The lexicon for a name or path (default: ``fr``), loaded once per process and shared read-only.

    LexiconError (with a message for the player) when it cannot be found,
    read or built, or when it holds no word (``--lexicon /etc/passwd``).
    """
    directory = resolve(spec, progress)
    lexicon = _loaded.get(directory)
    if lexicon is None:
        try:
            lexicon = Lexicon.open(directory, name=spec or DEFAULT_LEXICON)
        except (OSError, ValueError, KeyError) as exc:
            raise LexiconError(f"the build in {directory} is unreadable ({exc}); delete it to rebuild") from None
        if not len(lexicon):
            raise LexiconError(f"lexicon {spec or DEFAULT_LEXICON!r} holds no word")
        _loaded[directory] = lexicon
    return lexicon
