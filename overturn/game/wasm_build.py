"""Build the page's WebAssembly word search from the same C core as the CPython extension.

``python -m overturn.game.wasm_build`` compiles ``search_core.c`` and its WebAssembly binding
``search_wasm.c`` with ``zig cc`` from the pinned ``ziglang`` wheel (the ``wasm`` extra: a compiler
and a WASI libc in one registry package, so every machine builds the same bytes) into
``overturn/web/js/engine/search.wasm``, which is committed: installing the project needs no compiler
for it. ``--check`` rebuilds into a temporary file and fails (exit 1) when the committed file no
longer matches its sources, as CI runs it.
"""

from __future__ import annotations

import argparse
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

GAME = Path(__file__).resolve().parent
SOURCES = (GAME / "search_wasm.c", GAME / "search_core.c")
TARGET = GAME.parent / "web" / "js" / "engine" / "search.wasm"
#: The compiler the committed file was built with (pyproject's ``wasm`` extra pins the same).
ZIG_VERSION = "0.17.1"
#: No WASI imports are used (the module imports nothing); a reactor has no main. Stripped: names are not needed.
FLAGS = ("-target", "wasm32-wasi", "-O3", "-mexec-model=reactor", "-s", "-Wall", "-Wextra", "-Werror")


def zig_version() -> str | None:
    """The version of the ``ziglang`` wheel installed, or None."""
    done = subprocess.run([sys.executable, "-m", "ziglang", "version"], capture_output=True, text=True, check=False)
    return done.stdout.strip() if done.returncode == 0 else None


def build(target: Path) -> None:
    """Compile the module into ``target``; raises SystemExit naming what is missing or failed."""
    version = zig_version()
    if version is None:
        raise SystemExit("error: zig is not installed: pip install 'overturn[wasm]' (the pinned ziglang wheel)")
    if version != ZIG_VERSION:
        raise SystemExit(f"error: zig {version} is installed, the committed module is built with {ZIG_VERSION}: pip install ziglang=={ZIG_VERSION}")
    command = [sys.executable, "-m", "ziglang", "cc", *FLAGS, "-o", str(target), *map(str, SOURCES)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"error: zig cc failed:\n{done.stderr}")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m overturn.game.wasm_build", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="rebuild into a temporary file and compare with the committed one")
    options = parser.parse_args(argv)
    if not options.check:
        build(TARGET)
        print(f"{TARGET.relative_to(GAME.parent.parent)}: {TARGET.stat().st_size:,} bytes, sha256 {digest(TARGET)[:16]}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        fresh = Path(folder) / "search.wasm"
        build(fresh)
        if not TARGET.exists() or digest(fresh) != digest(TARGET):
            print(f"error: {TARGET.name} does not match its sources: run python -m overturn.game.wasm_build and commit it", file=sys.stderr)
            return 1
    print(f"{TARGET.name} matches its sources (sha256 {digest(TARGET)[:16]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
