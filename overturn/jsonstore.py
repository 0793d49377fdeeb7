"""Crash-safe JSON files for saved games and states.

Every write goes to a temporary file in the same directory, is fsynced and then
renamed over the target, so a kill mid-save leaves either the old or the new
file, never a torn one.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


class StateFileError(ValueError):
    """A saved file that cannot be read back: missing, not JSON, or malformed."""


def save_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    import tempfile  # with shutil and random, about 12 ms: only writers pay it, not every start-up

    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    try:
        dir_fd = os.open(target.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def load_json(path: str | os.PathLike[str]) -> Any:
    """Read a JSON file, turning every failure into a StateFileError that names the file."""
    target = Path(path)
    try:
        text = target.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StateFileError(f"{target}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StateFileError(f"{target}: cannot read ({exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise StateFileError(f"{target}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
