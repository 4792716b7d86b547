"""Where work runs: in this process, or on a Dask cluster (``pip install 'boggle[dask]'``).

Every long job of the library (scoring files of boards, studying random
boards; searches and proofs can join the same way) is a list of plain-data
chunks mapped through one function.  :func:`map_ordered` runs that map and
hands the results back in input order, with a bounded number of chunks in
flight (or as they finish), wherever ``where`` says:

* ``None``: threads of this process (the compiled core releases the GIL);
* a :class:`distributed.Client`: that cluster;
* ``"local"`` or ``"local:N"``: a ``LocalCluster`` of N worker processes;
* any other text: the address of a running ``dask scheduler`` (``tcp://host:8786``).

A word list goes to each worker once, in a worker plugin that compiles it
there (:func:`share_lexicon`); tasks name it by digest, so each chunk carries
only its own description.  Dask runs the tasks of a worker that died again on
the others; a scheduler that cannot be reached, or goes away, is a
:class:`ClusterError` within :data:`CONNECT_TIMEOUT` seconds, never a hang.

>>> with open_client(None) as client:
...     list(map_ordered(len, ["ab", "abc"], client, jobs=2))
[2, 3]
"""

from __future__ import annotations

import contextlib
import errno
import logging
import queue
import re
import secrets
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from boggle.model.checks import whole_number
from boggle.model.errors import BoggleError
from boggle.model.wording import grouped, quoted
from boggle.scale.installed import installed_lexicons
from boggle.scale.threads import ScoringPool, default_jobs, shut_down_interrupted, threads_for
from boggle.wordlists.lexicon import Lexicon

if TYPE_CHECKING:
    from distributed import Client

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

CONNECT_TIMEOUT = 10.0
"""Seconds to reach a scheduler, or to hear from it again, before giving up."""

HTTP_ANSWER_SECONDS = 1.0
"""Seconds a silent server is given to answer an HTTP question (a web server waits to be
asked) before it is called silent: paid only when no scheduler spoke first."""

POLL_SECONDS = 0.25
NO_WORKERS_TIMEOUT = 60.0
"""Seconds a run may wait on a scheduler that has no worker at all."""

LOCAL_WORKERS_PER_CORE = 4
"""``--cluster local:N`` takes at most this many worker processes a core (see
:func:`local_worker_limit`)."""


LOCAL_WORKER_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings of a local cluster's workers: no statistical profiler, and the event
loop's health checks and monitors woken less often.  Each wake-up takes the GIL from
the Python between the compiled calls; at Dask's defaults the workers spend about a
fifth more CPU than threads in one process."""


class ClusterError(BoggleError):
    """The Dask scheduler cannot be reached or went away, or the cluster cannot run the work."""


def _distributed() -> Any:
    """Dask's ``distributed``: :class:`MissingDependencyError` when it is not installed (it or
    ``dask`` not found), :class:`ClusterError` in one line when its configuration stops its
    import (a ``DASK_*`` variable of the environment, a YAML file:
    ``DASK_LOGGING__DISTRIBUTED=x`` ended ``--cluster`` in Dask's ``KeyError: 'X'`` and a
    traceback), or anything else does (an ``ImportError`` raised inside it: a dependency
    missing, a ``dask`` of another version)."""
    try:
        import distributed
    except ImportError as error:
        missing = isinstance(error, ModuleNotFoundError) and error.name in ("distributed", "dask")
        if missing:
            from boggle.model.errors import MissingDependencyError

            raise MissingDependencyError(
                "running on a Dask cluster needs Dask: pip install 'boggle[dask]'"
            ) from None
        failure: Exception = error  # installed, not whole: a dependency missing, another dask
    except Exception as error:  # Dask reads its configuration when imported
        if read_configuration(error):
            raise ClusterError(config_problem(error)) from None
        failure = error
    else:
        return distributed
    raise ClusterError(
        f"Dask cannot start: importing distributed failed ({_one_line(failure)}); "
        "check Dask's installation"
    ) from None


def config_problem(error: Exception) -> str:
    """One line for an error Dask raised reading its configuration.

    >>> config_problem(KeyError("Invalid time unit: x. Valid units are: s, ms, us"))
    "Dask cannot start: its configuration is not valid (KeyError: Invalid time unit: x); \
check the DASK_* environment variables and Dask's YAML files"
    """
    first = error.args[0] if error.args and isinstance(error.args[0], str) else str(error)
    reason = first.splitlines()[0].split(". ")[0][:200] if first else ""
    return (
        f"Dask cannot start: its configuration is not valid ({type(error).__name__}: {reason}); "
        "check the DASK_* environment variables and Dask's YAML files"
    )


CONFIG_MODULES = ("/dask/config.py", "/distributed/config.py")
"""Where Dask reads its configuration (its YAML files, the ``DASK_*`` variables, the logging
settings); an error raised in them is one of the configuration."""

CONFIG_PARSERS = ("parse_timedelta", "parse_bytes")
"""The functions of ``dask/utils.py`` that read a setting's time or size as Dask uses it."""


def read_configuration(error: BaseException) -> bool:
    """Whether ``error`` (or an error it was raised from) was raised reading Dask's
    configuration: in one of :data:`CONFIG_MODULES`, or reading a time or size
    (:data:`CONFIG_PARSERS`; ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=x`` is
    ``KeyError: 'Invalid time unit: x'``).  Its traceback says so, a worker process's too
    (Dask sends it with the error); any other ``KeyError``, ``TypeError`` or ``ValueError``
    of a start (a preload's, a plugin's, a bug) is not one.

    >>> read_configuration(ValueError("never raised: no traceback to say where"))
    False
    """
    for current in _causes(error):
        for frame, _ in traceback.walk_tb(current.__traceback__):
            code = frame.f_code
            path = code.co_filename.replace("\\", "/")
            if path.endswith(CONFIG_MODULES) or (
                path.endswith("/dask/utils.py") and code.co_name in CONFIG_PARSERS
            ):
                return True
    return False


def _one_line(error: BaseException) -> str:
    """``Type: the first line of its message`` (200 characters at most)."""
    said = str(error.args[0] if isinstance(error, KeyError) and error.args else error)
    first = said.strip().splitlines()[0][:200] if said.strip() else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__


def load_distributed() -> None:
    """Import Dask's ``distributed`` now when it is installed (:class:`ClusterError` when its
    configuration is not valid); nothing when it is not (the work says so when it starts)."""
    from boggle.model.errors import MissingDependencyError

    with contextlib.suppress(MissingDependencyError):
        _distributed()


def dask_config() -> Any:
    """``dask.config`` (Dask is installed when this is called)."""
    import dask.config

    return dask.config


def local_worker_limit() -> int:
    """The most worker processes a local cluster starts: 4 a core this process may use, at
    most 256 (each is a Python process of about 100 MB, started one after another)."""
    return min(256, LOCAL_WORKERS_PER_CORE * default_jobs())


def parse_local(where: str) -> int | None:
    """The worker count of ``local`` / ``local:N`` (``0``: one per core), else ``None``.

    >>> parse_local("local:3"), parse_local("local"), parse_local("tcp://10.0.0.1:8786")
    (3, 0, None)
    >>> parse_local("local:99999")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    boggle.scale.cluster.ClusterError: a local cluster is 'local' or 'local:N' with N from 1 to ...
    """
    name, colon, count = where.partition(":")
    if name != "local":
        return None
    if not colon:
        return 0
    limit = local_worker_limit()
    digits = count.isascii() and count.isdigit() and len(count.lstrip("0")) <= 9
    if not digits or not 1 <= int(count) <= limit:
        raise ClusterError(
            f"a local cluster is 'local' or 'local:N' with N from 1 to {grouped(limit)} "
            f"({LOCAL_WORKERS_PER_CORE} worker processes a core here), got {where!r}"
        )
    return int(count)


def probe_scheduler(
    address: str, timeout: float = CONNECT_TIMEOUT, http_timeout: float | None = None
) -> None:
    """Check that a Dask scheduler answers at ``address`` (``tcp://HOST:PORT``) before a
    client is made: a malformed address, a host that does not answer, a closed port and a
    server that is not Dask (a web server, SSH) are each a :class:`ClusterError` naming what
    answered, within ``timeout`` seconds (and ``http_timeout`` more, after a silence, to ask
    whether an HTTP server is there; only a server that is not Dask ever waits for it).
    ``http_timeout`` is :data:`HTTP_ANSWER_SECONDS` unless given, read when the probe runs.

    A scheduler speaks first: its handshake is a frame of 8-byte little-endian lengths.
    ``ws://`` and ``wss://`` addresses are checked for their form only; ``inproc://`` (a
    scheduler inside another process) and ``ucx://`` are not addresses this process can use.

    >>> probe_scheduler("10.0.0.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    boggle.scale.cluster.ClusterError: not a Dask scheduler address: '10.0.0.5' (give tcp://HOST:PORT...
    """
    scheme, separator, location = address.partition("://")
    if not separator:
        scheme, location = "tcp", address  # Dask's default transport
    host, colon, port_text = location.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    # inproc:// names a scheduler inside one process, never this one's; Dask's ucx:// needs
    # a package its client fails without (a TypeError traceback, and 20 s more at exit)
    known = scheme in ("tcp", "tls", "ws", "wss")
    digits = port_text.isascii() and port_text.isdigit() and len(port_text) <= 5
    if not (known and colon and host and digits and 0 < int(port_text) < 65536):
        raise ClusterError(
            f"not a Dask scheduler address: {address!r} (give tcp://HOST:PORT, "
            "e.g. tcp://10.0.0.5:8786)"
        )
    if scheme in ("ws", "wss"):
        return  # a WebSocket: Dask's client connects (and times out) itself
    import socket

    shown = f"{host}:{port_text}"
    try:
        connection = socket.create_connection((host, int(port_text)), timeout=timeout)
    except TimeoutError:
        raise ClusterError(
            f"cannot reach the Dask scheduler at {address}: no answer from {shown} in {timeout:g} s"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    with connection:
        if scheme == "tls":
            return  # the client speaks first in TLS: the connection is all we can check
        first = _first_bytes(connection, timeout)
        if first is None:
            answer = _ask_http(
                connection, HTTP_ANSWER_SECONDS if http_timeout is None else http_timeout
            )
            what = (
                f"a web server answered ({answer})"
                if answer
                else f"it accepted the connection but said nothing in {timeout:g} s"
            )
            raise ClusterError(f"no Dask scheduler at {address}: {what}")
        if not first:
            raise ClusterError(
                f"no Dask scheduler at {address}: it closed the connection without a word"
            )
        if not _dask_frame(first):
            raise ClusterError(
                f"no Dask scheduler at {address}: something else answered: {_shown(first)}"
            )


def _first_bytes(connection: Any, timeout: float) -> bytes | None:
    """Up to 16 bytes the other side sends first, ``None`` when it sends nothing in time."""
    connection.settimeout(timeout)
    received = b""
    try:
        while len(received) < 16:
            block = connection.recv(16 - len(received))
            if not block:
                break
            received += block
    except TimeoutError:
        pass
    except OSError:
        return received or b""
    return received or None


def _dask_frame(first: bytes) -> bool:
    """Whether ``first`` starts a Dask message: its length, then a small count of frames."""
    if len(first) < 16:
        return False
    length = int.from_bytes(first[:8], "little")
    frames = int.from_bytes(first[8:16], "little")
    return 16 <= length + 8 < 1 << 30 and 0 < frames < 1 << 16


def _ask_http(connection: Any, timeout: float) -> str:
    """The status line of an HTTP server on the connection, or ``""`` when nothing that
    reads as one comes within ``timeout`` seconds."""
    try:
        connection.settimeout(timeout)
        connection.sendall(b"HEAD / HTTP/1.0\r\n\r\n")
        reply = connection.recv(200)
    except OSError:
        return ""
    line = reply.split(b"\r\n", 1)[0]
    return _shown(line) if line.startswith(b"HTTP/") else ""


def _shown(data: bytes) -> str:
    """Bytes as a short printable text, quoted."""
    text = data.decode("latin-1")
    return repr("".join(c if c.isprintable() else "." for c in text)[:40])


def _a_client(where: object) -> Client | None:
    """``where`` when it is ``None`` or a Dask ``Client`` (whose module is then imported),
    else :class:`ClusterError` in one line naming what it takes."""
    distributed = sys.modules.get("distributed")
    if where is None or (distributed is not None and isinstance(where, distributed.Client)):
        return where
    raise ClusterError(
        "where takes a Dask Client, 'local:N' or a scheduler's address (tcp://HOST:PORT), "
        f"not {type(where).__name__}"
    )


SCRIPT_HINT = (
    "(a script that starts one must do so under 'if __name__ == \"__main__\":', "
    "as each worker process imports the script again)"
)
"""Why a local cluster's workers most often fail to start from Python: a script run at its top
level starts the cluster again in every worker it spawns (the workers' errors are above).
Given only where it applies (see :func:`start_failure`)."""


MEMORY_FRACTIONS = ("target", "spill", "pause", "terminate")
"""The ``distributed.worker.memory`` settings that are a fraction of a worker's memory."""


def _check_worker_memory_settings() -> None:
    """:class:`ClusterError` (the configuration line) when a worker memory fraction is not a
    number: a worker multiplies its memory limit by it, and ``target: garbage`` made a
    string of many gigabytes (a ``MemoryError`` in each worker, "Nanny failed to start")."""
    config = dask_config()
    for key in MEMORY_FRACTIONS:
        value = config.get(f"distributed.worker.memory.{key}", default=False)
        if value is None or value is False:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ClusterError(
                config_problem(
                    TypeError(f"distributed.worker.memory.{key} is {value!r}, not a fraction")
                )
            )


def _worker_log_level() -> int:
    """The level of Dask's log lines a local cluster's worker processes show: none quieter
    than this process shows (the CLI shows none: a worker's start-up traceback came before
    the one line that says what went wrong), and at least Dask's own ``WARNING``."""
    return max(logging.WARNING, logging.getLogger("distributed").getEffectiveLevel())


def start_failure(error: BaseException) -> str:
    """One line for a local cluster that failed to start (``error``, a ``RuntimeError``
    such as "Nanny failed to start.", names what went wrong in its chain of causes).

    >>> start_failure(RuntimeError("Nanny failed to start."))
    'cannot start a local Dask cluster: Nanny failed to start'
    """
    chain = _causes(error)
    cause = error.__cause__  # what its scheduler, or a worker process, raised
    if isinstance(cause, KeyError | TypeError | ValueError) and read_configuration(cause):
        return config_problem(cause)  # a DASK_* setting it read as it started
    reason = str(error).strip().rstrip(".")  # "Nanny failed to start"
    said = f"cannot start a local Dask cluster: {reason}"
    if any(isinstance(c, OSError) and c.errno in (errno.EMFILE, errno.ENFILE) for c in chain):
        return f"{said} (too few file descriptors: {_file_limit()}raise it with 'ulimit -n')"
    if any(isinstance(c, TimeoutError) or "Timed out" in str(c) for c in chain):
        connect = dask_config().get("distributed.comm.timeouts.connect", default="?")
        return (
            f"{said} (raise Dask's distributed.comm.timeouts.connect, now {connect}, "
            "e.g. DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=30s)"
        )
    silent = any("failed to start worker process" in str(c) for c in chain)
    if silent and not _main_is_guarded():  # a worker process ended before it said a word
        return f"{said} {SCRIPT_HINT}"
    inner = chain[-1]
    if inner is not error and str(inner).strip():
        return f"{said} ({_one_line(inner)})"
    return said


FEWER_WORKERS = "start fewer workers (local:N) or run in this process (no cluster)"
"""What to try when a local cluster failed for want of something its workers take."""


def local_failure(error: BaseException, workers: int, started: bool = False) -> str:
    """One line for an ``OSError`` or ``TimeoutError`` of a local cluster of ``workers``
    worker processes, raised while it started (or, ``started``, while this process connected
    to it): what failed and what to try, never "cannot reach the Dask scheduler", as no
    scheduler was named (ports used up, too many open files, a machine too busy to answer).

    >>> local_failure(OSError(errno.EADDRNOTAVAIL, "Cannot assign requested address"), 2)
    'cannot start a local Dask cluster of 2 workers: no free network port on this machine \
(Cannot assign requested address); wait for ports to be freed, or start fewer workers \
(local:N) or run in this process (no cluster)'
    """
    plural = "" if workers == 1 else "s"
    said = (
        f"cannot connect to the local Dask cluster of {workers} worker{plural} it started"
        if started
        else f"cannot start a local Dask cluster of {workers} worker{plural}"
    )
    return f"{said}: {_local_trouble(error)}"


def _local_trouble(error: BaseException) -> str:
    """What went wrong on this machine, in ``error`` or its causes, and what to try."""
    chain = _causes(error)
    numbers = {c.errno for c in chain if isinstance(c, OSError) and c.errno is not None}
    inner = next((c for c in chain if isinstance(c, OSError) and c.strerror), chain[-1])
    reason = inner.strerror if isinstance(inner, OSError) and inner.strerror else None
    reason = reason or _one_line(inner)
    if numbers & {errno.EMFILE, errno.ENFILE}:
        return (
            f"too few file descriptors ({_file_limit()}{reason}); raise it with 'ulimit -n', "
            f"or {FEWER_WORKERS}"
        )
    if numbers & {errno.EADDRINUSE, errno.EADDRNOTAVAIL}:
        return (
            f"no free network port on this machine ({reason}); wait for ports to be freed, "
            f"or {FEWER_WORKERS}"
        )
    if numbers & {errno.ENOMEM, errno.EAGAIN}:
        return f"not enough memory or processes for its workers ({reason}); {FEWER_WORKERS}"
    if any(isinstance(c, TimeoutError) or "Timed out" in str(c) for c in chain):
        connect = dask_config().get("distributed.comm.timeouts.connect", default="?")
        return (
            f"timed out ({reason}): the machine may be busy; raise Dask's "
            f"distributed.comm.timeouts.connect, now {connect}, e.g. "
            f"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=30s, or {FEWER_WORKERS}"
        )
    return f"{reason}; {FEWER_WORKERS}"


def _lost(client: Client, error: BaseException | None = None) -> str:
    """One line for a scheduler gone while work ran: a named one by its address; the local
    cluster this process started as that cluster (its address was never the user's)."""
    if getattr(client, "cluster", None) is None:
        return (
            f"lost the Dask scheduler: {error}"
            if error
            else (f"lost the Dask scheduler at {_address(client)}")
        )
    if error is None:
        return f"the local Dask cluster stopped while it ran the work; {FEWER_WORKERS}"
    return f"the local Dask cluster failed while it ran the work: {_local_trouble(error)}"


def _causes(error: BaseException) -> list[BaseException]:
    """``error`` and its causes (or the errors it was raised in), outermost first."""
    chain: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in chain and len(chain) < 20:
        chain.append(current)
        current = current.__cause__ or current.__context__
    return chain


def _file_limit() -> str:
    """ "this process may open N files; " (its soft limit), or ``""`` where it is unknown."""
    soft = _open_files_allowed()
    return "" if soft is None else f"this process may open {soft}; "


def _open_files_allowed() -> int | None:
    """How many files this process may hold open (its soft limit); ``None``: no limit, or
    unknown (Windows)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else int(soft)


def _raise_open_files(wanted: int) -> int | None:
    """Raise this process's soft limit of open files towards ``wanted``, no higher than its
    hard limit; the soft limit then (:func:`_open_files_allowed`)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ImportError, OSError, ValueError):
        pass  # not raised (macOS refuses more than kern.maxfilesperproc): the limit as it is
    return _open_files_allowed()


LOCAL_FILES = (16, 8)
"""A local cluster of N workers holds more than ``16 + 8 N`` files open in this process
(its scheduler, and each worker's nanny and connections).  Measured with Dask 2026.8 on
Linux: 1 worker failed to start with a limit of 28 and started with 32, 2 workers with 32
and 40, 4 with 48 and 64.  Under it, the start failed only after up to 30 s, or hung for
good (``ulimit -n 12``: Dask's event loop printing psutil's "Too many open files"
tracebacks): :func:`check_open_files` refuses it before anything starts."""


def check_open_files(workers: int) -> None:
    """:class:`ClusterError` in one line when this process may not open the files a local
    cluster of ``workers`` worker processes needs (:data:`LOCAL_FILES`).

    A soft limit under twice that is raised first, as ``ulimit -n`` could, no further than
    the hard limit (macOS's soft 256 and Linux's 1,024 stopped 30 and 126 workers whose hard
    limit allowed them; 3 workers failed to start under 48): the worker processes inherit
    it.  A limit close above it may still be too few: that start fails in one line as well,
    in a few seconds (:func:`start_failure`)."""
    base, per_worker = LOCAL_FILES
    needed = base + per_worker * workers
    allowed = _open_files_allowed()
    if allowed is not None and allowed <= 2 * needed:
        allowed = _raise_open_files(2 * needed + 1)
    if allowed is not None and allowed <= needed:
        raise ClusterError(
            f"cannot start a local Dask cluster of {workers} worker"
            f"{'' if workers == 1 else 's'}: too few file descriptors (this process may open "
            f"{allowed}, the cluster needs more than {needed}); raise it with 'ulimit -n'"
        )


def _main_is_guarded() -> bool:
    """Whether the program's main module starts its work under ``if __name__ ==
    "__main__":`` (or is no file: an interactive session), which worker processes,
    importing it again, then pass by."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    if not path:
        return True
    try:
        with open(path, encoding="utf-8", errors="replace") as source:
            text = source.read()
    except OSError:
        return False
    return re.search(r"__name__\s*==\s*['\"]__main__['\"]", text) is not None


@contextmanager
def open_client(
    where: Client | str | None, timeout: float = CONNECT_TIMEOUT
) -> Iterator[Client | None]:
    """The client ``where`` names, connected; closed again on leaving unless it was given.

    ``None`` stays ``None``: work runs in this process.
    """
    if where is None or not isinstance(where, str):
        yield _a_client(where)
        return
    distributed = _distributed()
    workers = parse_local(where)
    if workers is None:
        probe_scheduler(where, timeout)  # one line within the timeout, not a Client's hang
    else:
        check_open_files(workers or default_jobs())
        _check_worker_memory_settings()
    cluster = None
    try:
        if workers is not None:
            name = f"boggle-{secrets.token_hex(6)}"
            with (
                dask_config().set(LOCAL_WORKER_CONFIG),
                _workers_ignore_ctrl_c() as ctrl_c,
                _closing_a_failed_start(distributed, name, timeout),
            ):
                cluster = distributed.LocalCluster(
                    name=name,
                    n_workers=workers or default_jobs(),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=_worker_log_level(),
                )
            if ctrl_c:  # pressed while the cluster started: stop now that it can be closed
                raise KeyboardInterrupt
            client = distributed.Client(cluster, set_as_default=False)
        else:
            client = distributed.Client(where, timeout=timeout, set_as_default=False)
    except KeyboardInterrupt:
        if cluster is not None:
            _close_cluster(cluster, timeout)
        raise
    except (OSError, TimeoutError) as error:
        if cluster is not None:
            _close_cluster(cluster, timeout)
        if workers is not None:  # no scheduler was named: say what failed here
            count = workers or default_jobs()
            raise ClusterError(local_failure(error, count, started=cluster is not None)) from None
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {where}: {reason}") from None
    except RuntimeError as error:  # a local worker process would not start
        raise ClusterError(start_failure(error)) from None
    except (KeyError, TypeError, ValueError) as error:  # a DASK_* setting Dask cannot read
        if cluster is not None:
            _close_cluster(cluster, timeout)
        raise ClusterError(_client_failure(error, where, workers is not None)) from None
    try:
        yield client
    finally:
        with suppress(Exception):  # a scheduler already gone must not hide the real error
            client.close(timeout=timeout)
        if cluster is not None:
            _close_cluster(cluster, timeout)


def _client_failure(error: Exception, where: str, local: bool) -> str:
    """One line for a ``KeyError``, ``TypeError`` or ``ValueError`` that making the client
    of ``where`` raised: a setting Dask cannot read (:func:`read_configuration`), a
    malformed scheduler address (a ``ValueError`` of a client), or else what it says.

    >>> _client_failure(ValueError("no"), "local:2", local=True)
    'cannot start a local Dask cluster (ValueError: no)'
    """
    if read_configuration(error):
        return config_problem(error)
    if local:
        return f"cannot start a local Dask cluster ({_one_line(error)})"
    if isinstance(error, ValueError):
        return f"not a Dask scheduler address: {where!r} ({error})"
    return f"cannot connect to the Dask scheduler at {where} ({_one_line(error)})"


def _close_cluster(cluster: Any, timeout: float) -> None:
    """Close a local cluster; when its close fails (a ``DASK_*`` time setting it cannot read,
    such as ``DASK_DISTRIBUTED__DEPLOY__LOST_WORKER_TIMEOUT=x``, is met only then), stop
    what it left running instead: else it stays "closing", and Dask's exit handler waited
    10 s on it after the run's report."""
    try:
        cluster.close(timeout=timeout)
    except Exception:
        with suppress(Exception):
            _abandon(cluster, timeout)


@contextmanager
def _closing_a_failed_start(distributed: Any, name: str, timeout: float) -> Iterator[None]:
    """Close what the local cluster ``name`` left running when it failed to start, so that
    the process can exit at once.

    Dask registers a cluster before starting it, and its exit handler closes each one
    registered; a cluster whose start failed half-way (a ``DASK_*`` time setting it cannot
    read, met while it closes again) stays "closing" for good, its scheduler running, and
    that handler waited its 10 s on it before the process ended.  The registry is private
    to Dask: without it (another Dask version) nothing is done here.
    """
    try:
        yield
    except BaseException:
        registry = getattr(getattr(distributed, "SpecCluster", None), "_instances", None)
        with suppress(Exception):
            for cluster in list(registry or ()):
                if getattr(cluster, "name", None) == name:
                    _abandon(cluster, timeout)
        raise


def _abandon(cluster: Any, timeout: float) -> None:
    """Stop the workers, scheduler and event loop of a cluster that failed to start, and
    take it off Dask's exit handler (best effort: each step may fail as its start did)."""
    if str(getattr(cluster, "status", "")).endswith("closed"):
        return
    cluster.shutdown_on_close = False  # Dask's exit handler passes it by
    servers = [*getattr(cluster, "workers", {}).values(), getattr(cluster, "scheduler", None)]
    for server in servers:
        if server is not None:
            with suppress(Exception):
                cluster.sync(server.close, callback_timeout=timeout)
    runner = getattr(cluster, "_loop_runner", None)  # the thread of its event loop
    if runner is not None:
        with suppress(Exception):
            runner.stop()


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[list[bool]]:
    """Worker processes started in here never see SIGINT: Ctrl-C on a terminal reaches the
    whole process group, and it is this process that stops the run, gathers what it has and
    closes the cluster.  Yields a list that holds ``True`` once Ctrl-C was pressed in here.

    SIGINT is blocked while in here, in this thread and so in the threads and the processes
    started from it (they inherit the mask, through ``exec`` too, and keep it for the
    workers they start again later); a Ctrl-C pressed meanwhile is held, not lost, and
    noted on leaving, for the caller to stop once the cluster can be closed.  Without
    ``pthread_sigmask`` (Windows) SIGINT is ignored in here instead.
    """
    pressed: list[bool] = []
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return
    if not hasattr(signal, "pthread_sigmask"):
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            yield pressed
        finally:
            signal.signal(signal.SIGINT, previous)
        return
    from multiprocessing import resource_tracker

    # multiprocessing's tracker, started with the first worker, unblocks SIGINT once it has
    # started, which would let the threads and workers started after it see Ctrl-C: first
    resource_tracker.ensure_running()
    # a Ctrl-C taken by a thread started before (the mask is per thread) is noted too
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(True))
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield pressed
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # one held runs the handler
        signal.signal(signal.SIGINT, previous)


def worker_threads(client: Client | None, jobs: int | None = None) -> int:
    """How many chunks can run at once: ``jobs`` threads here, or the cluster's threads."""
    if client is None:
        return threads_for(jobs)
    try:
        threads: dict[str, int] = cast(Any, client).nthreads()
        return max(1, sum(threads.values()))
    except (OSError, TimeoutError) as error:
        raise ClusterError(_lost(client, error)) from None


def map_ordered(
    function: Callable[[Chunk], Result],
    chunks: Iterable[Chunk],
    client: Client | None,
    jobs: int | None = None,
    in_flight: int | None = None,
    as_finished: bool = False,
) -> Iterator[Result]:
    """``function(chunk)`` for each chunk, yielded in input order, or with ``as_finished``
    as each finishes (for pieces of very different cost, such as the classes of a proof:
    a slow one then holds none of the others back).

    Chunks are read lazily and at most ``in_flight`` (default: twice the threads,
    plus two) are out at once, so inputs of any length stream through.  On a
    cluster, ``function`` and the chunks must pickle (plain data, module-level
    functions or :func:`functools.partial` of them).
    """
    threads = worker_threads(client, jobs)
    if in_flight is not None:
        whole_number("in_flight", in_flight, at_least=1)
    limit = in_flight or 2 * threads + 2
    if client is None and threads == 1:
        yield from map(function, chunks)
        return
    pool = ScoringPool(threads) if client is None else None
    finished: queue.Queue[Any] = queue.Queue()  # with as_finished: futures as they finish
    pending: dict[Any, None] = {}  # the futures out, in input order
    try:
        for chunk in chunks:
            future: Any = (
                pool.submit(function, chunk)
                if pool is not None
                else cast(Any, client).submit(function, chunk, pure=False)
            )
            if as_finished:
                future.add_done_callback(finished.put)
            pending[future] = None
            while len(pending) >= limit:
                yield _take(pending, finished if as_finished else None, client)
        while pending:
            yield _take(pending, finished if as_finished else None, client)
    except KeyboardInterrupt:
        if pool is not None:
            shut_down_interrupted(pool)
        raise
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        elif client is not None:
            cancel(pending, client)


def _take(
    pending: dict[Any, None], finished: queue.Queue[Any] | None, client: Client | None
) -> Any:
    """The result of the first future out, or of the next to finish when ``finished`` is given."""
    if finished is None:
        future = next(iter(pending))
    else:
        future = finished.get() if client is None else next_done(finished, client)
    del pending[future]
    if client is None:
        return future.result()
    return wait_result(future, client) if finished is None else future_result(future, client)


def cancel(futures: Iterable[Any], client: Client) -> None:
    """Cancel the futures still out (best effort: on the way out, the scheduler may be gone)."""
    futures = list(futures)
    if futures:
        with suppress(Exception):
            cast(Any, client).cancel(futures, force=True)


def wait_result(future: Any, client: Client) -> Any:
    """The future's result, polling so that a lost scheduler or an empty cluster is an error."""
    finished: queue.Queue[Any] = queue.Queue()
    future.add_done_callback(finished.put)
    return future_result(next_done(finished, client), client)


def next_done(finished: queue.Queue[Any], client: Client, seconds: float | None = None) -> Any:
    """The next item of ``finished`` (a queue that done callbacks fill), checking the
    scheduler every :data:`POLL_SECONDS`; ``None`` when ``seconds`` pass first."""
    idle_since = started = time.monotonic()
    while True:
        with suppress(queue.Empty):
            return finished.get(timeout=POLL_SECONDS)
        if seconds is not None and time.monotonic() - started >= seconds:
            return None
        if client.status != "running":
            raise ClusterError(_lost(client))
        if time.monotonic() - idle_since > NO_WORKERS_TIMEOUT:
            if not client.scheduler_info().get("workers"):
                what = (
                    "the Dask scheduler"
                    if getattr(client, "cluster", None) is None
                    else "the local Dask cluster (its worker processes ended)"
                )
                raise ClusterError(f"{what} has had no workers for {NO_WORKERS_TIMEOUT:.0f} s")
            idle_since = time.monotonic()


def future_result(future: Any, client: Client) -> Any:
    """A finished future's result; what went wrong on the cluster as a :class:`ClusterError`."""
    distributed = _distributed()
    try:
        return future.result()
    except (CancelledError, distributed.client.FutureCancelledError):
        raise ClusterError(_lost(client)) from None
    except distributed.scheduler.KilledWorker as error:
        raise ClusterError(f"a task killed its worker again and again: {error}") from None
    except (OSError, distributed.comm.core.CommClosedError) as error:
        raise ClusterError(_lost(client, error)) from None
    except ImportError as error:
        raise ClusterError(
            f"a Dask worker cannot import {error.name or 'boggle'}: "
            "install boggle (the same version) on every worker"
        ) from None


def _address(client: Client) -> str:
    return str(getattr(client.scheduler, "address", "?"))


@dataclass(frozen=True)
class LexiconRef:
    """A word list that every worker holds already, by its digest (see :func:`share_lexicon`)."""

    digest: str
    name: str


_shared: set[tuple[str, str]] = set()  # (client id, digest) whose plugin is registered


def share_lexicon(lexicon: Lexicon, client: Client | None) -> Lexicon | LexiconRef:
    """Make ``lexicon`` available to tasks: itself in-process, or a :class:`LexiconRef`
    after a worker plugin has loaded and compiled it once on every worker (and will on
    workers that join later)."""
    if client is None:
        return lexicon
    from boggle.scale.worker_plugin import LexiconPlugin

    if (client.id, lexicon.digest) not in _shared:
        plugin = lexicon.cached("dask-plugin", LexiconPlugin)
        try:
            client.register_plugin(plugin, name=plugin.name)
        except (OSError, TimeoutError) as error:
            raise ClusterError(_lost(client, error)) from None
        _shared.add((client.id, lexicon.digest))
    return LexiconRef(lexicon.digest, lexicon.name)


def resolve_lexicon(lexicon: Lexicon | LexiconRef) -> Lexicon:
    """The lexicon itself, in a task: given, or installed on this worker by the plugin."""
    if isinstance(lexicon, Lexicon):
        return lexicon
    try:
        return installed_lexicons[lexicon.digest]
    except KeyError:
        raise ClusterError(
            f"word list {quoted(lexicon.name)} is not loaded on this worker "
            "(its plugin did not run)"
        ) from None
