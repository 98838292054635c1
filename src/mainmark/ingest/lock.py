"""One batch run per output directory: a lock file in ``--out`` naming its holder.

Two runs appending to one directory double every page they both take (measured: two
``--resume`` runs wrote 5,990 documents for 3,000 pages, both exiting 0), so a run holds
``OUT/.mainmark.lock`` from before it touches the directory until it ends. The file
holds the holder's pid, host and start time, for the error message the second run gives.

Where ``fcntl`` exists the lock is an ``flock`` on that file: the kernel drops it when
the holder dies however it dies (``kill -9``, the OOM killer), so a lock file left
behind by a dead run is known to be stale without guessing from pids, and is taken
over with a warning. Elsewhere (Windows) the file is created with ``O_CREAT | O_EXCL``
and a leftover one is never taken over, since nothing there tells a dead holder from a
live one safely: the message says which file to remove.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import socket
import time
from dataclasses import dataclass
from typing import IO

from mainmark.errors import InputError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".mainmark.lock"
log = logging.getLogger(__name__)


class OutputLocked(InputError):
    """Another live run holds the output directory (``mainmark batch`` exits 75)."""


@dataclass(frozen=True, slots=True)
class _Holder:
    pid: int | None
    host: str
    since: str

    @staticmethod
    def parse(text: str) -> _Holder:
        fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
        pid = fields.get("pid", "")
        return _Holder(int(pid) if pid.isdigit() else None, fields.get("host", "?"),
                       fields.get("since", "?"))

    def describe(self) -> str:
        return f"pid {self.pid if self.pid is not None else '?'} on {self.host}, " \
               f"since {self.since}"


def _me() -> str:
    since = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    return f"pid={os.getpid()}\nhost={socket.gethostname()}\nsince={since}\n"


class OutputLock:
    """The lock of one output directory; ``with OutputLock(out):`` around a run.

    Raises :class:`OutputLocked` on entry when a live run holds ``out``.
    """

    def __init__(self, out: str) -> None:
        self.path = os.path.join(out, LOCK_NAME)
        self._handle: IO[str] | None = None

    def __enter__(self) -> OutputLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def acquire(self) -> None:
        """Take the lock or raise :class:`OutputLocked` naming the live holder.

        A lock left by a dead run is taken over where ``flock`` can tell it is dead; where it
        cannot (no ``fcntl``), a leftover file is refused rather than guessed about.
        """
        if fcntl is not None:
            self._acquire_flock()
        else:  # pragma: no cover - Windows
            self._acquire_exclusive()

    def _acquire_flock(self) -> None:
        while True:
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held for the run
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as exc:
                handle.seek(0)
                holder = _Holder.parse(handle.read())
                handle.close()
                if exc.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise
                raise self._locked(holder) from None
            # The holder may have removed the file between our open and our lock: then
            # we hold a lock on a name nobody sees, and must lock the new file instead.
            try:
                same = os.path.samestat(os.fstat(handle.fileno()), os.stat(self.path))
            except FileNotFoundError:
                same = False
            if not same:
                handle.close()
                continue
            handle.seek(0)
            left = handle.read()
            if left.strip():
                log.warning("%s: taking over a stale lock (%s: that run is gone)",
                            self.path, _Holder.parse(left).describe())
            handle.seek(0)
            handle.truncate()
            handle.write(_me())
            handle.flush()
            self._handle = handle
            return

    def _acquire_exclusive(self) -> None:  # pragma: no cover - Windows
        """Without ``flock`` nothing tells a live holder from a dead one safely, so a
        leftover file is never taken over: the message says which file to remove."""
        try:
            fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            with open(self.path, encoding="utf-8", errors="replace") as old:
                raise self._locked(_Holder.parse(old.read())) from None
        self._handle = os.fdopen(fd, "w", encoding="utf-8")
        self._handle.write(_me())
        self._handle.flush()

    def _locked(self, holder: _Holder) -> OutputLocked:
        return OutputLocked(
            f"{os.path.dirname(self.path) or '.'} is in use by another mainmark batch run "
            f"({holder.describe()}); wait for it to end, or remove {self.path} if that run "
            "is certainly gone")

    def release(self) -> None:
        """Remove the lock file, then let go of the lock (in that order: a run that
        opens the file meanwhile sees it vanish and retries on the new one)."""
        if self._handle is None:
            return
        with contextlib.suppress(OSError):
            os.remove(self.path)
        self._handle.close()
        self._handle = None

