"""A throwaway PostgreSQL cluster from Debian's `postgresql` binaries, in a temporary directory,
reachable only over a Unix socket there. Run as `postgres` when the tests run as root (initdb
refuses root)."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

MISSING = (
    "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: install Debian's "
    "`postgresql` package (`bash .ci/system-packages` does) to run the postgresql provider's tests"
)


def server_bin() -> Path | None:
    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version, reverse=True):
        if os.access(Path(candidate) / "initdb", os.X_OK) and os.access(Path(candidate) / "pg_ctl", os.X_OK):
            return Path(candidate)
    return None


def _version(bin_dir: str) -> tuple[int, ...]:
    """The version of a /usr/lib/postgresql/VERSION/bin directory, as numbers (15 is newer than 9.6)."""
    name = Path(bin_dir).parent.name
    return tuple(int(part) for part in name.split(".") if part.isdigit())


def _as_server_user() -> list[str]:
    if os.geteuid() != 0:
        return []
    pwd.getpwnam("postgres")
    return [shutil.which("runuser") or "runuser", "-u", "postgres", "--"]


@contextmanager
def cluster() -> Iterator[str]:
    """Yields a libpq DSN of a fresh cluster in a new temporary directory (not under pytest's,
    which the server user cannot enter); stops it (immediately) and removes it on exit."""
    bin_dir = server_bin()
    if bin_dir is None:
        raise FileNotFoundError(MISSING)
    root = Path(tempfile.mkdtemp(prefix="memstore-pg-"))
    try:
        with _running(bin_dir, root) as dsn:
            yield dsn
    finally:
        shutil.rmtree(root, ignore_errors=True)


@contextmanager
def _running(bin_dir: Path, root: Path) -> Iterator[str]:
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir(parents=True)
    prefix = _as_server_user()
    if prefix:
        server = pwd.getpwnam("postgres")
        for path in (root, sockets):
            os.chown(path, server.pw_uid, server.pw_gid)
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True, "timeout": 120}
    _run(
        [
            *prefix,
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "memstore",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ],
        **quiet,
    )
    options = f"-c listen_addresses='' -c unix_socket_directories={sockets} -c fsync=off"
    pg_ctl = [*prefix, str(bin_dir / "pg_ctl"), "-D", str(data)]
    _run([*pg_ctl, "-o", options, "-l", str(root / "server.log"), "-w", "start"], **quiet)
    try:
        yield f"host={sockets} dbname=postgres user=memstore"
    finally:
        subprocess.run(
            [*pg_ctl, "-m", "immediate", "-w", "stop"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=False,
            timeout=60,
        )


def _run(command: list[str], **options: object) -> None:
    try:
        subprocess.run(command, **options)  # type: ignore[call-overload]
    except subprocess.CalledProcessError as error:
        detail = (error.stderr or b"").decode(errors="replace").strip()
        raise RuntimeError(f"{' '.join(command)} failed: {detail}") from error
