"""A throwaway PostgreSQL server for the tests: Debian's binaries, a cluster in a temporary directory, a Unix socket only.

Nothing listens on TCP, the cluster trusts only its own socket, and it is
stopped (``pg_ctl stop -m immediate``) and deleted when the session ends. As
root (CI containers), the server runs as the ``postgres`` user the Debian
package creates, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Where Debian's postgresql package puts the server programs (not on PATH).
DEBIAN_BINARIES = "/usr/lib/postgresql/*/bin"


def find_binaries() -> Path | None:
    """The directory holding initdb and pg_ctl, or None when PostgreSQL is not installed."""
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl"):
        return Path(os.path.realpath(initdb)).parent
    for folder in sorted(glob.glob(DEBIAN_BINARIES), reverse=True):
        if Path(folder, "initdb").exists() and Path(folder, "pg_ctl").exists():
            return Path(folder)
    return None


def why_unavailable() -> str | None:
    """Why no server can be started here; None when one can."""
    if find_binaries() is None:
        return "PostgreSQL is not installed (.ci/run installs Debian's postgresql package)"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL refuses to run as root"
    return None


def _as_server_user() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def crash_and_restart(url: str) -> None:
    """Stops the server ``postgres_server`` gave ``url`` for as a crash would (``-m immediate``: every connection cut, no
    shutdown checkpoint) and starts it again with the same options, returning once it accepts connections."""
    binaries = find_binaries()
    assert binaries is not None
    base = Path(urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["host"][0]).parent
    command = [str(binaries / "pg_ctl"), "-D", str(base / "data"), "-l", str(base / "server.log"), "-m", "immediate", "-w", "-t", "60", "restart"]
    subprocess.run([*_as_server_user(), *command], check=True, capture_output=True, timeout=120)


@contextmanager
def postgres_server() -> Iterator[str]:
    """A running server; yields its connection URL (database ``postgres``, user ``postgres``)."""
    binaries = find_binaries()
    assert binaries is not None
    as_root = os.geteuid() == 0
    prefix = _as_server_user()
    base = Path(tempfile.mkdtemp(prefix="overturn-pg-"))
    data, socket = base / "data", base / "socket"
    socket.mkdir()
    if as_root:
        shutil.chown(base, "postgres")
        shutil.chown(socket, "postgres")
    log = base / "server.log"

    def run(*command: str) -> None:
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    try:
        run(str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8")
        options = f"-c listen_addresses='' -k {socket} -c fsync=off -c max_connections=200"
        run(str(binaries / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "-t", "60", "start")
        yield f"postgresql://postgres@/postgres?host={socket}"
    finally:
        subprocess.run([*prefix, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)
