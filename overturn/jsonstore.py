"""One load and save path for every JSON file the program reads or writes.

A saved file is evidence written by someone else: it may be huge, deeply
nested, hold a 5,000-digit number or a lone surrogate, or point (as a symlink)
somewhere unexpected. Everything here turns those into one ``StateFileError``
naming the file (and the field, through the file's type), never a traceback, and
keeps every write atomic: a temporary file in the target's own directory,
fsynced, then renamed over it, so a kill mid-save leaves the old or the new
file, never a torn one.

Reading: ``load_json(path)`` reads a regular file under the size cap and
parses it with ``jsonbounds.loads_json`` (the bounded parse request bodies
share: caps on size, nesting depth, integer digits and string length; duplicate
keys, NaN and invalid UTF-8 refused). ``load_with(path, reader)`` adds the file name to
every error of the reader and turns a stray IndexError/KeyError from deeper
code into the same one-line error; ``errors_named(source)`` does the same for
data already in memory (a referee's ``from_json(data, origin)``).

Typed formats: every file format is one msgspec type (a Struct with unknown
fields forbidden, bounds as ``Meta`` constraints, tagged unions for kinds of
move): ``convert(data, SavedType)`` checks loaded data against it and words
the refusal ``jsonrefusal.locate_refusal`` finds from the type's own
information (not from msgspec's sentence) for a person: the field path first,
then what was expected and what was found (``moves[3].cell[1]: expected an
integer, found a boolean``), bounds and choices as the type declares them.

Replaying: a saved game is evidence, not authority: ``require_equal(stored,
rebuilt, path)`` refuses a stored field that differs from the one rebuilt by
replaying the recorded moves, naming the first differing path
(``first_difference``); ``shorten`` keeps any value quoted in a message short.

Writing: ``save_json_atomic(path, data)``: a symlink stays a symlink (the file
it points to is replaced in its own directory); directories, FIFOs and devices
are refused; an existing file keeps its permission bits, a new one follows the
umask; any failure is a one-line ``SaveError`` and the old file is intact.

Long because it is the one place every file format goes through: bounded reading, the typed decoding with its worded refusals, the replay comparer and the atomic save belong together.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import stat
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from overturn.jsonbounds import MAX_BYTES, UnreadableJSON, loads_json
from overturn.jsonrefusal import FieldRefusal, locate_refusal

T = TypeVar("T")


class StateFileError(ValueError):
    """A file that cannot be read back: missing, not JSON, too big, or a field that is wrong."""


class FieldError(StateFileError):
    """A value of a typed format that its type refuses: ``field`` is its path (``moves[3].cell``), ``reason`` the rest."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}" if field else reason)
        self.field = field
        self.reason = reason


class SaveError(StateFileError, OSError):
    """A file that could not be written; the previous file, if any, is untouched.

    Also an OSError, so callers written before it existed (``except OSError``) still catch it.
    """


def load_json(path: str | os.PathLike[str], *, max_bytes: int = MAX_BYTES, **limits: int) -> Any:
    """Read a regular file (never a FIFO or device: no hang) under the size cap, then ``loads_json``."""
    target = Path(path)
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise StateFileError(f"{target}: no such file") from None
    except OSError as exc:
        raise StateFileError(f"{target}: cannot read ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StateFileError(f"{target}: not a regular file")
        if info.st_size > max_bytes:
            raise StateFileError(f"{target}: too large ({info.st_size:,} bytes; the limit is {max_bytes:,})")
        chunks = []
        remaining = max_bytes + 1
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
    except OSError as exc:
        raise StateFileError(f"{target}: cannot read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
    try:
        return loads_json(b"".join(chunks), str(target), max_bytes=max_bytes, **limits)
    except UnreadableJSON as exc:
        raise StateFileError(str(exc)) from None


#: What a reader that slipped may raise on odd content; reported as one line, never a traceback.
_STRAY_ERRORS = (LookupError, TypeError, ValueError, ArithmeticError, RecursionError)


@contextmanager
def errors_named(source: str) -> Iterator[None]:
    """Prefix every StateFileError raised inside with ``source`` (once), and turn stray errors into one.

    For readers of data already in memory (``Referee.from_json(data, origin)``);
    ``load_with`` is this around ``reader(load_json(path))``.
    """
    try:
        yield
    except StateFileError as exc:
        message = str(exc)
        raise StateFileError(message if message.startswith(source) else f"{source}: {message}") from None
    except _STRAY_ERRORS as exc:
        raise StateFileError(f"{source}: inconsistent content ({type(exc).__name__}: {exc})") from None


def load_with(path: str | os.PathLike[str], reader: Callable[[Any], T], **limits: int) -> T:
    """``reader(load_json(path))``; every error names the file, and stray lookup errors become StateFileError.

    A reader validates data with ``convert`` and should never hit IndexError or
    KeyError; if a combination slips through, the user still gets one line
    naming the file rather than a traceback.
    """
    with errors_named(str(path)):
        return reader(load_json(path, **limits))


# ----- strict field reading ----------------------------------------------------------------


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "an integer", float: "a number", str: "a string", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__
    )


def require_equal(stored: Any, rebuilt: Any, path: str) -> None:
    """Refuse a stored field (at ``path``) that is not exactly ``rebuilt``, the value replaying the recorded moves gives.

    The error names the first differing path below it (``turn.points``, ``pawns[1][3]``).
    """
    difference = first_difference(stored, rebuilt, path)
    if difference is not None:
        where, message = difference
        raise StateFileError(f"{where}: {message}" if where else message)


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


#: How much of a value an error message quotes.
SHORT_VALUE = 80


def shorten(value: Any, limit: int = SHORT_VALUE) -> str:
    """``value`` as JSON for an error message, at most ``limit`` characters (``…`` marks a cut).

    A file's value may be a 5,000-digit number (``str`` of it raises in Python
    3.11+) or a 64 KB string: neither may flood or break the message.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a huge integer ({value.bit_length():,} bits)"
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, RecursionError):  # a huge integer nested in a list, or a cycle
        return f"{_kind(value)} too large to quote"
    return _clip(text, limit)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def first_difference(found: Any, rebuilt: Any, path: str = "") -> tuple[str, str] | None:
    """The first place where a file's value differs from the rebuilt one: (path, what differs), or None.

    Exact: types must match (``true`` is not ``1``, ``1.0`` is not ``1``), an
    object must hold exactly the rebuilt keys (unknown keys first, then missing
    ones in the rebuilt order), a list exactly as many entries. Recursion
    follows the rebuilt value only, so its depth is that of the game's own data.
    """
    same_type = type(found) is type(rebuilt)
    if same_type and isinstance(rebuilt, dict):
        for key in found:
            if key not in rebuilt:
                return _join(path, _clip(key, 40)), "unknown key, not part of the game the recorded moves give"
        for key, value in rebuilt.items():
            if key not in found:
                return _join(path, key), f"missing (the recorded moves give {shorten(value)})"
            difference = first_difference(found[key], value, _join(path, key))
            if difference is not None:
                return difference
        return None
    if same_type and isinstance(rebuilt, list):
        if len(found) != len(rebuilt):
            return path, f"{len(found)} {'entry' if len(found) == 1 else 'entries'} where the recorded moves give {len(rebuilt)}"
        for index, (item, value) in enumerate(zip(found, rebuilt, strict=True)):
            difference = first_difference(item, value, f"{path}[{index}]")
            if difference is not None:
                return difference
        return None
    if not same_type or found != rebuilt:  # JSON shows the type: true, 1, 1.0 and "1" all read differently
        return path, f"the file says {shorten(found)}, the recorded moves give {shorten(rebuilt)}"
    return None


# ----- typed formats -------------------------------------------------------------------------


def convert(data: Any, kind: type[T]) -> T:
    """``data`` (as ``loads_json`` gives it) as the typed format ``kind``, or StateFileError naming the field.

    Strict: no coercion (``true`` is not ``1``, ``"7"`` is not ``7``). The
    size, depth and number caps were applied by ``loads_json`` before.
    """
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise FieldError(*describe_refusal(locate_refusal(data, kind, exc))) from None


_TYPE_NAMES = {
    "int": "an integer", "float": "a number", "str": "a string", "bool": "true or false", "null": "null",
    "array": "a list", "object": "an object",
}


def describe_refusal(refusal: FieldRefusal) -> tuple[str, str]:
    """A refusal in a person's words: the field, then what was expected and what was found
    (``("seed", "-1 is out of range (0 to 4294967295)")``), the value quoted short from the file itself."""
    if refusal.in_key:
        return refusal.field, f"the key {_quoted(refusal.value)} is refused ({_reworded(refusal._replace(low=None, high=None))})"
    return refusal.field, _reworded(refusal)


def _reworded(refusal: FieldRefusal) -> str:
    value, problem = refusal.value, refusal.problem
    if problem == "type":
        return f"expected {' or '.join(_TYPE_NAMES.get(name, name) for name in refusal.expected)}, found {_kind(value)}"
    if problem == "range":
        low, high = refusal.low, refusal.high
        return f"{shorten(value)} is out of range{f' ({low} to {high})' if low is not None and high is not None else ''}"
    if problem == "length" and refusal.size is not None:
        return _size_reworded(refusal.size, refusal.length, refusal.unit)
    if problem in ("choice", "tag"):
        return f"{_quoted(value)} is not one of {', '.join(map(repr, refusal.choices))}"
    if problem == "form":
        return f"{_quoted(value)} is not in the expected form"
    if problem == "unknown":
        allowed = ", ".join(refusal.allowed)
        return f"unknown key {refusal.key[:40]!r}" + (f" (allowed: {allowed})" if allowed else "")
    if problem == "missing":
        return f"missing key {refusal.key!r}"
    return _clip(refusal.text[:1].lower() + refusal.text[1:], 200)


def _size_reworded(size: tuple[str, int], count: int | None, unit: str) -> str:
    """A text, list or object of the wrong size: ``a string of 300 characters; the limit is 200``, ``expected 2 entries, found 3``."""
    relation, limit = size
    if unit == "str":
        return f"expected at least {limit} character(s)" if relation == ">=" else f"a string of {count} characters; the limit is {limit}"
    units = ("entries", "entry") if unit == "array" else ("keys", "key")
    if relation == "<=":
        return f"{count} {units[0]}; the limit is {limit}"
    return f"expected {'at least ' if relation == '>=' else ''}{limit} {units[limit == 1]}, found {count}"


def _quoted(value: Any) -> str:
    """A string as Python shows it (``'turbo'``), anything else as JSON; short either way."""
    return _clip(repr(value), SHORT_VALUE) if isinstance(value, str) else shorten(value)


# ----- atomic saving -------------------------------------------------------------------------


def _save_target(path: Path) -> tuple[Path, os.stat_result | None]:
    """The file a save really replaces (through symlinks) and its current status, or SaveError."""
    real = Path(os.path.realpath(path))
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return real, None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(f"{path}: is a directory")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(f"{path}: not a regular file (a device, FIFO or socket); refusing to replace it")
    return real, info


#: How long a command waits for another one working on the same file before it gives up.
LOCK_WAIT_SECONDS = 10.0
#: Files this process holds the update lock of -> what the file was when the lock was taken.
_held: dict[Path, tuple[int, int, int] | None] = {}


def _fingerprint(path: Path) -> tuple[int, int, int] | None:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return None
    return info.st_ino, info.st_size, info.st_mtime_ns


@contextmanager
def update_lock(path: str | os.PathLike[str], wait: float = LOCK_WAIT_SECONDS) -> Iterator[None]:
    """Hold ``path``'s update lock from load to rename, so two commands on one file take turns.

    The lock is ``flock`` on a sidecar ``.NAME.lock`` beside the file (the file itself is replaced by
    every save, so it cannot carry the lock). While it is held, ``save_json_atomic`` refuses the file
    if anything else changed it since the lock was taken (a program that does not lock), and
    temporary files a killed save left behind are removed. SaveError if the lock cannot be had
    within ``wait`` seconds or the directory does not allow it.
    """
    requested = Path(path)
    target = Path(os.path.realpath(requested))
    lock_path = target.parent / f".{target.name}.lock"
    fd = _acquire(requested, lock_path, time.monotonic() + wait)
    try:
        _remove_leftovers(target)
        _held[target] = _fingerprint(target)
        try:
            yield
        finally:
            _held.pop(target, None)
            try:  # removed while still held, so the folder keeps only the game; see _acquire for why that is safe
                os.unlink(lock_path)
            except OSError:
                pass
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def _acquire(requested: Path, lock_path: Path, deadline: float) -> int:
    """The locked descriptor of ``lock_path``, created if need be.

    A holder removes the lock file before releasing it, so a waiter may get the lock on a file
    that no longer has a name; it then sees that the name is gone or another file's and tries again.
    """
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)
    while True:
        try:
            lock_path.parent.mkdir(parents=True, exist_ok=True)  # as the save would: a new game may name a new folder
            fd = os.open(lock_path, flags, 0o666)
        except OSError as exc:
            raise SaveError(f"{requested}: cannot save (no lock for the update: {exc.strerror or exc})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= deadline:
                raise SaveError(f"{requested}: another command is still using this file; try again") from None
            time.sleep(0.01)
            continue
        try:
            same = os.stat(lock_path).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)


def _remove_leftovers(target: Path) -> None:
    """Temporary files of saves that were killed before their rename (only ever ours: the lock is held)."""
    try:
        for leftover in target.parent.glob(f".{_glob_escape(target.name)}.*.tmp"):
            try:
                leftover.unlink()
            except OSError:
                pass
    except OSError:
        pass


def _glob_escape(name: str) -> str:
    """``name`` with glob's special characters taken literally."""
    return re.sub(r"([*?\[])", r"[\1]", name)


def save_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON atomically; SaveError (one line) on any failure, the old file intact.

    Under ``update_lock`` the file must still be what it was when the lock was taken.
    """
    requested = Path(path)
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
    held = Path(os.path.realpath(requested))
    if held in _held and _fingerprint(held) != _held[held]:
        raise SaveError(f"{requested}: changed by another program since it was read; nothing saved (run the command again)")
    try:
        target, existing = _save_target(requested)
        target.parent.mkdir(parents=True, exist_ok=True)
        _replace(target, existing, text.encode("utf-8"))
        if target in _held:
            _held[target] = _fingerprint(target)  # our own save: later saves in the same lock compare with it
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(f"{requested}: cannot save ({exc.strerror or exc})") from None


def _replace(target: Path, existing: os.stat_result | None, payload: bytes) -> None:
    # Mode 0o666 lets the kernel apply the umask to a new file; an existing file's bits are copied over.
    temporary = target.parent / f".{target.name}.{os.urandom(6).hex()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
    try:
        try:
            if existing is not None:
                os.fchmod(fd, stat.S_IMODE(existing.st_mode))
                if os.geteuid() == 0:
                    os.fchown(fd, existing.st_uid, existing.st_gid)
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _sync_directory(target.parent)


def _sync_directory(directory: Path) -> None:
    """Make the rename durable; best effort (some file systems refuse to open or fsync a directory)."""
    try:
        dir_fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


__all__ = [
    "SHORT_VALUE", "FieldError", "require_equal", "SaveError", "StateFileError", "convert", "describe_refusal",
    "errors_named", "first_difference", "load_json", "load_with", "save_json_atomic", "shorten",
]
