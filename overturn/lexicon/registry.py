"""Named lexicons and their builds in the user cache.

A lexicon is named by a recipe (``fr``, the default: DELA + Grammalecte + the
supplement; ``wfrench``: Debian's /usr/share/dict/french), by a name given to
``overturn lexicon build FILE --name NAME``, or by a path (a build directory or
a word list). Builds are made on first use, keyed by the sources' checksums and
the filter and format versions, so a changed source or filter means a rebuild.
"""

from __future__ import annotations

import os
import sys
import zlib  # marisa_trie imports it too
from collections.abc import Callable, Iterable, Sequence

from overturn.lexicon import sources
from overturn.lexicon.compiled import FORMAT_VERSION, Progress, add_layout, write_build
from overturn.lexicon.errors import LexiconException
from overturn.lexicon.lexicon import Lexicon
from overturn.lexicon.sources import Entry

TYPE_CHECKING = False  # not from typing: importing typing costs a look-up's start-up 2 ms (type checkers read the name as true)
if TYPE_CHECKING:
    from pathlib import Path  # made where a build is made or listed: a look-up finds its build through os.path

DEFAULT_LEXICON = "fr"
WFRENCH_PATH = "/usr/share/dict/french"
_ALPHANUMERIC = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_NAME_LETTERS = _ALPHANUMERIC | frozenset("_.-")


def _is_name(text: str) -> bool:
    """Whether ``text`` can name a built lexicon: a letter or digit, then up to 63 of those or ``_.-`` (no ``re`` to import)."""
    return 0 < len(text) <= 64 and text[0] in _ALPHANUMERIC and _NAME_LETTERS.issuperset(text)


class LexiconError(LexiconException):
    """A lexicon that cannot be found, read or built; the message says what to do."""


def cache_root() -> Path:
    """Where builds live: ``$OVERTURN_CACHE_DIR`` or the platform's user cache directory.

    On Linux that is the XDG rule (``$XDG_CACHE_HOME`` or ``~/.cache``), read
    here directly: importing platformdirs costs every command about 15 ms.
    """
    from pathlib import Path

    return Path(_cache_directory())


def _cache_directory() -> str:
    """``cache_root`` as text, for a look-up's start-up (no pathlib)."""
    override = os.environ.get("OVERTURN_CACHE_DIR")
    if override:
        return override
    if sys.platform == "linux":
        return os.path.join(os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache"), "overturn")
    import platformdirs

    return platformdirs.user_cache_dir("overturn")


def lexicons_root() -> Path:
    from pathlib import Path

    return Path(_lexicons_directory())


def _lexicons_directory() -> str:
    return os.path.join(_cache_directory(), "lexicons")


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
    from overturn.lexicon import spelling

    dela, grammalecte, supplement, blocklist_file, ligatures = files
    blocklist = sources.read_blocklist(blocklist_file)
    yield from spelling.respelled(sources.read_dela(dela, blocklist), spelling.read_ligatures(ligatures))
    if grammalecte.is_file():
        yield from sources.read_entry_table(grammalecte, blocklist)
    yield from sources.read_entry_table(supplement, blocklist)


def _wfrench_files() -> list[Path]:
    from pathlib import Path

    if not os.path.isfile(WFRENCH_PATH):
        raise LexiconError(f"{WFRENCH_PATH} is missing; install it with: apt-get install wfrench")
    return [Path(WFRENCH_PATH)]


def _read_word_list(files: list[Path]) -> Iterable[tuple[str, Entry]]:
    encoding, _name, _line = sources.detect_encoding(files[0])  # as `lexicon build` reads it: a Latin-1 list too
    entries, _rejected = sources.read_word_list(files[0], encoding)
    return entries


def _read_checked_word_list(files: list[Path]) -> Iterable[tuple[str, Entry]]:
    """A word-list file given by path: refused unless it is text (UTF-8, else CP1252 or Latin-1) holding at least one word."""
    from overturn.textlines import LineTooLong

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


def _fingerprint(files: Sequence[str | os.PathLike[str]], recipe_version: int) -> list[str]:
    """What a build depends on, as text: the three versions, then each file's path, size and mtime ('' when missing)."""
    fields = [str(FORMAT_VERSION), str(sources.FILTER_VERSION), str(recipe_version)]
    for file in files:
        path = os.fspath(file)
        try:
            stat = os.stat(path)
            fields += [path, str(stat.st_size), str(stat.st_mtime_ns)]
        except FileNotFoundError:
            fields += [path, "", ""]
    return fields


def _content_checksum(files: list[Path], recipe_version: int = 1) -> str:
    import hashlib

    digest = hashlib.sha256(f"format={FORMAT_VERSION};filter={sources.FILTER_VERSION};recipe={recipe_version}".encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(sources.file_checksum(path).encode() if path.is_file() else b"missing")
    return digest.hexdigest()


#: A build pointer notes a few source files; anything longer is damaged and only means a rebuild.
_POINTER_BYTES = 64 * 1024
#: A pointer is this, the build directory and the fingerprint's fields, NUL-separated (no path holds a NUL).
_POINTER_HEADER = "overturn-pointer 1"


def _pointer_path(name: str) -> str:
    """The per-environment note of which build serves ``name`` (a venv may hold another DELA).

    Read at every start: plain fields (``_POINTER_HEADER``), where json would cost a look-up its import and ``re``'s.
    """
    environment = f"{zlib.crc32(sys.prefix.encode()):08x}"
    return os.path.join(_lexicons_directory(), f"{name}.{environment}.pointer")


def _build_from_recipe(recipe: Recipe, files: list[Path], checksum: str, progress: Progress | None) -> Path:
    directory = lexicons_root() / f"{recipe.name}-{checksum[:16]}"
    if (directory / "meta.json").is_file():
        add_layout(directory)  # a build from before layout.txt: its pointer is renewed once, and it gets one here
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


def _resolve_recipe(recipe: Recipe, progress: Progress | None) -> str:
    """The build directory of a recipe, rebuilt when a source or version changed.

    The fast path (every start) only stats the files noted at the last build;
    locating the sources and checksumming them happens only when one changed.
    """
    pointer = _pointer_path(recipe.name)
    try:
        with open(pointer, "rb") as handle:
            header, directory, *noted = handle.read(_POINTER_BYTES).decode("utf-8", "surrogateescape").split("\0")
        if header == _POINTER_HEADER and noted == _fingerprint(noted[3::3], recipe.version) and os.path.isfile(
            os.path.join(directory, "meta.json")
        ):
            return directory
    except (OSError, ValueError):  # ValueError: too few fields to unpack
        pass  # no pointer yet, or a damaged one (cut at _POINTER_BYTES if huge): locate and check the sources again
    try:
        files = recipe.files()
    except FileNotFoundError as exc:
        raise LexiconError(str(exc)) from None
    fingerprint = _fingerprint(files, recipe.version)
    checksum = _content_checksum(files, recipe.version)
    directory = os.fspath(_build_from_recipe(recipe, files, checksum, progress))
    _save_pointer(pointer, "\0".join([_POINTER_HEADER, directory, *fingerprint]))
    return directory


def _save_pointer(pointer: str, text: str) -> None:
    """Replace the pointer whole, so a start reads the old note or the new, never half of one.

    A pointer that cannot be written costs the next start a check of the sources, nothing more.
    """
    staging = f"{pointer}.{os.getpid()}.tmp"
    try:
        with open(staging, "wb") as handle:
            handle.write(text.encode("utf-8", "surrogateescape"))
        os.replace(staging, pointer)
    except OSError:
        if os.path.exists(staging):
            os.remove(staging)


def _user_build_dir(name: str) -> Path:
    return lexicons_root() / "user" / name


def build_word_list(path: Path, name: str, progress: Progress | None = None, encoding: str = "utf-8-sig") -> tuple[Path, list[str]]:
    """Compile a plain word list (in ``encoding``) under ``name``; returns the build and the lines that are not words."""
    import shutil

    from overturn.textlines import LineTooLong

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
    import json

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
    from pathlib import Path

    return Path(_build_directory(spec, progress))


def _build_directory(spec: str | None, progress: Progress | None) -> str:
    """``resolve`` through os.path: what a look-up's start-up runs, with no pathlib to import."""
    spec = spec or DEFAULT_LEXICON
    if spec in RECIPES:
        return _resolve_recipe(RECIPES[spec], progress)
    if _is_name(spec):
        user = os.path.join(_lexicons_directory(), "user", spec)
        if os.path.isfile(os.path.join(user, "meta.json")):
            return user
    path = os.path.expanduser(spec)
    if os.path.isfile(os.path.join(path, "meta.json")):
        return path
    if os.path.isfile(path):
        stem = os.path.splitext(os.path.basename(path))[0]
        recipe = Recipe(f"list-{stem}", f"word list {path}", lambda: [_absolute(path)], _read_checked_word_list)
        return _resolve_recipe(recipe, progress)
    known = ", ".join(row["name"] for row in available())
    shown = f"{spec[:80]!r}{'…' if len(spec) > 80 else ''}"  # a name pasted by mistake is not echoed whole
    raise LexiconError(f"unknown lexicon {shown}: use one of {known}, a word-list file or a build directory")


def _absolute(path: str) -> Path:
    from pathlib import Path

    return Path(path).resolve()


_loaded: dict[str, Lexicon] = {}


def load_lexicon(spec: str | None = None, progress: Progress | None = None) -> Lexicon:
    """The lexicon for a name or path (default: ``fr``), loaded once per process and shared read-only.

    LexiconError (with a message for the player) when it cannot be found,
    read or built, or when it holds no word (``--lexicon /etc/passwd``).

    >>> import overturn
    >>> lexicon = overturn.load_lexicon("fr")  # the bundled French lexicon, compiled into the user cache on first use
    >>> lexicon
    <Lexicon 'fr': 651,901 words>
    >>> overturn.load_lexicon() is lexicon
    True
    """
    directory = _build_directory(spec, progress)
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
