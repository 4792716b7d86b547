"""uvicorn set up for hostile clients: what ``boggle serve`` runs.

uvicorn times out idle keep-alive connections but not a request head that trickles in,
so :class:`BoundedH11Protocol` closes a connection whose head is not complete within
``head_seconds`` (with a 408 when part of it came).  Past ``max_connections`` (kept below
the open-file limit) a new connection takes the place of the one idle longest: an HTTP
connection waiting for a request head or a WebSocket outside a room
(:class:`BoundedWebSocketProtocol`, whose :class:`~boggle.web.middleware.IdleMark` the
room socket keeps), or is closed at once when every connection is busy.
:class:`AcceptErrorLog` says a failed ``accept()`` once a minute, not once a retry with a
traceback.

>>> config = server_config(object(), "127.0.0.1", 8000, ServerLimits(max_connections=50))
>>> config.http.max_connections, config.limit_concurrency, config.timeout_keep_alive
(50, 51, 5)
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, ClassVar

import h11
import uvicorn
import uvicorn.logging
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_client_addr, get_path_with_query_string
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import CLOSE_CODE_EXPLANATIONS
from websockets.http11 import Request
from websockets.protocol import State

from boggle.model.checks import check_limits
from boggle.model.wording import counted, short_line
from boggle.web.middleware import IDLE_EXTENSION, IdleMark

logger = logging.getLogger("uvicorn.error")
access_logger = logging.getLogger("uvicorn.access")


def default_max_connections() -> int:
    """Open connections the server takes: below the open-file limit, at most 1000."""
    try:
        import resource  # Unix only
    except ImportError:
        return 1000
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1000
    return max(8, min(1000, soft - 64))


@dataclass(frozen=True)
class ServerLimits:
    """What one connection may hold of the server."""

    head_seconds: float = 10.0
    """Time from a connection (or its previous answer) to a complete request head."""
    keep_alive_seconds: int = 5
    """Time an idle connection is kept open after an answer."""
    max_connections: int = 1000
    max_head_bytes: int = 16 * 1024

    def __post_init__(self) -> None:
        check_limits(self)


def head_size(request: h11.Request) -> int:
    """The bytes of ``request``'s head as sent (less any spaces around header values, which
    h11 drops): its request line, its header lines and the blank line ending it.

    >>> head_size(h11.Request(method="GET", target="/", headers=[("Host", "a")]))
    27
    """
    line = len(request.method) + len(request.target) + len(request.http_version) + 9
    fields = sum(len(name) + len(value) + 4 for name, value in request.headers.raw_items())
    return line + fields + 2


class ReasonKeepingConnection(h11.Connection):
    """h11's server side, keeping why the last request could not be read (uvicorn says only
    "Invalid HTTP request received."), and holding the head's size limit for a head that
    arrived whole: h11 applies its ``max_incomplete_event_size`` only to a head still
    incomplete, so one read (up to 64 KiB) holding a whole head over the limit was read."""

    unreadable: h11.RemoteProtocolError | None = None

    def __init__(self, our_role: Any, max_head_bytes: int) -> None:
        super().__init__(our_role, max_incomplete_event_size=max_head_bytes)
        self.max_head_bytes = max_head_bytes

    def next_event(self) -> Any:
        try:
            event = super().next_event()
        except h11.RemoteProtocolError as error:
            self.unreadable = error
            raise
        if isinstance(event, h11.Request) and head_size(event) > self.max_head_bytes:
            self.unreadable = h11.RemoteProtocolError(
                "Receive buffer too long", error_status_hint=431
            )
            raise self.unreadable
        return event


def unreadable_request(
    error: h11.RemoteProtocolError | None, max_head_bytes: int
) -> tuple[int, str]:
    """The status and one line for a request h11 could not read: a head over the limit is
    431, anything else 400 (h11's 501, a transfer coding it does not read, too: the client
    sent what this server does not take), with h11's reason without the bytes it echoes.

    >>> unreadable_request(h11.RemoteProtocolError("illegal request line: bytearray(b'x')"), 16)
    (400, 'the request cannot be read as HTTP/1.1: illegal request line')
    >>> unreadable_request(h11.RemoteProtocolError("Receive buffer too long", 431), 16_384)
    (431, 'the request cannot be read as HTTP/1.1: its head is over the limit of 16,384 bytes')
    """
    status = 400 if error is None else error.error_status_hint
    if status == 431:
        reason = f"its head is over the limit of {counted(max_head_bytes, 'byte')}"
    else:
        status = status if 400 <= status < 500 else 400
        text = "a malformed request" if error is None else str(error).split(": bytearray(")[0]
        reason = text[:1].lower() + text[1:] if text[1:2].islower() else text
    return status, short_line(f"the request cannot be read as HTTP/1.1: {reason}")


def answer_and_close(transport: asyncio.Transport, status: int, message: str) -> None:
    """Write the API's JSON error on a connection whose request the app will not see, and
    close it."""
    body = json.dumps({"error": message, "status": status}).encode()
    transport.write(
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n".encode()
        + body
    )
    transport.close()


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request head and a cap on
    open connections (the class attributes, set by :meth:`with_limits`); a request it cannot
    read is answered with the API's JSON error, saying why, not uvicorn's plain text."""

    head_seconds: ClassVar[float] = ServerLimits.head_seconds
    max_connections: ClassVar[int] = ServerLimits.max_connections
    _head_timer: asyncio.TimerHandle | None = None
    _head_since: float | None = None
    """When the connection began waiting for a request head (``None``: one is in hand)."""
    _head_started = False

    max_head_bytes: ClassVar[int] = ServerLimits.max_head_bytes

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = ReasonKeepingConnection(h11.SERVER, self.max_head_bytes)

    @classmethod
    def with_limits(cls, limits: ServerLimits) -> type[BoundedH11Protocol]:
        attributes = {
            "head_seconds": limits.head_seconds,
            "max_connections": limits.max_connections,
            "max_head_bytes": limits.max_head_bytes,
        }
        return type(cls.__name__, (cls,), attributes)

    def send_400_response(self, msg: str) -> None:
        error = self.conn.unreadable if isinstance(self.conn, ReasonKeepingConnection) else None
        status, message = unreadable_request(error, self.max_head_bytes)
        self._log_unread(status)
        answer_and_close(self.transport, status, message)

    def _log_unread(self, status: int) -> None:
        """The access log's line (``--access-log``) for a request answered before it could be
        read (not HTTP/1.1, its head too large or too slow): the connection's address (no
        header was read, so not one a proxy passes on), ``"-"`` for the request line (as nginx
        writes it) and the status. The server's own log has no line for it: uvicorn's
        "Invalid HTTP request received." is left out (:class:`ClientErrorsLeftOut`)."""
        if self.config.access_log:
            client = "{}:{}".format(*self.client) if self.client else "-"
            access_logger.info('%s - "%s %s HTTP/%s" %d', client, None, None, None, status)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > self.max_connections and not self._evict_a_waiting_one():
            transport.abort()
            return
        self._arm_head_timer()

    def _evict_a_waiting_one(self) -> bool:
        """Close the connection idle longest (a slow or idle client waiting for a request
        head, or a WebSocket outside a room), so a new client is served; False when every
        connection is busy."""
        idle: list[tuple[float, BoundedH11Protocol | BoundedWebSocketProtocol]] = []
        for other in self.connections:
            if other is self or other.transport is None or other.transport.is_closing():
                continue
            if isinstance(other, BoundedH11Protocol) and other._head_since is not None:
                idle.append((other._head_since, other))
            elif isinstance(other, BoundedWebSocketProtocol) and other.idle.since is not None:
                idle.append((other.idle.since, other))
        if not idle:
            return False
        _, longest = min(idle, key=lambda entry: entry[0])
        longest.evict()
        return True

    def evict(self) -> None:
        self.transport.abort()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE:
            self._head_started = True
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # a whole request head has come
            self._cancel_head_timer()

    def on_response_complete(self) -> None:
        if not self.transport.is_closing():
            self._arm_head_timer()  # for the next request (a pipelined one cancels it)
        super().on_response_complete()

    def _arm_head_timer(self) -> None:
        self._cancel_head_timer()
        self._head_started = False
        self._head_since = self.loop.time()
        self._head_timer = self.loop.call_later(self.head_seconds, self._head_timed_out)

    def _cancel_head_timer(self) -> None:
        self._head_since = None
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self._head_started and self.conn.our_state is h11.IDLE:
            message = f"the request head took longer than {self.head_seconds:g} s to arrive"
            self._log_unread(408)
            answer_and_close(self.transport, 408, message)
            return
        self.transport.close()


def forwarded_client(
    config: uvicorn.Config,
    client: tuple[str, int] | None,
    headers: Iterable[tuple[str, str]],
) -> str:
    """The client's address as the access log writes it, for a WebSocket upgrade that the
    websockets library refused before the app (and uvicorn's proxy middleware) ran: behind
    a proxy the server believes (``--forwarded-allow-ips``), the address it passes on in
    ``X-Forwarded-For``, as for every other request.

    >>> behind = uvicorn.Config(None, proxy_headers=True, forwarded_allow_ips=["127.0.0.1"])
    >>> headers = [("X-Forwarded-For", "198.51.100.9")]
    >>> forwarded_client(behind, ("127.0.0.1", 5000), headers)
    '198.51.100.9:0'
    >>> forwarded_client(behind, ("192.0.2.7", 5000), headers)  # not a proxy it believes
    '192.0.2.7:5000'
    >>> forwarded_client(uvicorn.Config(None, proxy_headers=False), ("127.0.0.1", 5000), headers)
    '127.0.0.1:5000'
    """
    scope: dict[str, Any] = {"type": "websocket", "client": client, "headers": []}
    if config.proxy_headers and client is not None:
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        scope["headers"] = [
            (name.lower().encode("latin-1"), value.encode("latin-1", "replace"))
            for name, value in headers
        ]

        async def keep(seen: Any, receive: Any, send: Any) -> None:
            scope.update(seen)

        # the middleware awaits nothing but keep: one step runs it to its end
        middleware: Any = ProxyHeadersMiddleware(keep, config.forwarded_allow_ips)
        with contextlib.suppress(StopIteration):
            middleware(scope, None, None).send(None)
    return "{}:{}".format(*scope["client"]) if scope["client"] else "-"


class BoundedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with an :class:`~boggle.web.middleware.IdleMark` given
    to the app (the ``boggle.idle`` extension): idle from the upgrade until the app says
    the socket is in a room."""

    _accepted = False
    """Whether the app accepted the socket (its close is then in the access log too)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.idle = IdleMark(self.loop.time())

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the upgrade was valid: the app runs with this scope
            scope["extensions"][IDLE_EXTENSION] = {"mark": self.idle}
        elif self.response.status_code != 101:  # refused by websockets, the app never asked
            client = forwarded_client(self.config, self.client, event.headers.raw_items())
            self._log_access(client, event.path, self.response.status_code)

    async def send(self, message: Any) -> None:
        if not self.handshake_complete and self.initial_response is None:
            kind = message["type"]
            status = {"websocket.accept": 101, "websocket.close": 403}.get(kind)
            if kind == "websocket.http.response.start":
                status = message["status"]
            if status is not None:
                self._accepted = status == 101
                path = get_path_with_query_string(self.scope)
                self._log_access(get_client_addr(self.scope), path, status)
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            self.handshake_complete = True  # answered: not logged as an unfinished handshake

    def connection_lost(self, exc: Exception | None) -> None:
        if self._accepted:
            self._accepted = False
            frame = self.conn.close_rcvd or self.conn.close_sent
            code = 1006 if frame is None else int(frame.code)  # 1006: no close frame
            path = get_path_with_query_string(self.scope)
            self._log_access(get_client_addr(self.scope), path, code)
        super().connection_lost(exc)

    def _log_access(self, client: str, path: str, status: int) -> None:
        """One line in the access log (``--access-log``) for the upgrade's answer (101 when
        accepted) or, once an accepted socket is closed, its close code (:class:`AccessLine`)."""
        if self.config.access_log:
            access_logger.info('%s - "%s %s HTTP/%s" %d', client, "GET", path, "1.1", status)

    def shutdown(self) -> None:
        """The server stopping: uvicorn's close (1012), unless the connection is closing
        already (the room's own close, :meth:`~boggle.web.rooms.RoomService.close_all`, or the
        client's), where uvicorn's would raise ``InvalidState`` and end the server with a
        traceback: then the transport is closed."""
        if self.handshake_complete and not self.close_sent and self.conn.state is not State.OPEN:
            self.stop_keepalive()
            self.transport.close()
            return
        super().shutdown()

    def evict(self) -> None:
        """Close to make room for a new connection: code 1013, try again later."""
        if self.handshake_complete and not self.close_sent and self.initial_response is None:
            self.conn.send_close(1013, "the server is full")
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.close_sent = True
        self.transport.close()


class AcceptErrorLog:
    """An event loop exception handler: a failed ``accept()`` (out of file descriptors or
    memory) is logged in one line, then at most once every ``interval`` seconds with the
    count of repeats; anything else goes to the loop's usual handler."""

    def __init__(self, interval: float = 60.0) -> None:
        self.interval = interval
        self.repeats = 0
        self._last_said = -float("inf")

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if not (isinstance(error, OSError) and "accept" in str(context.get("message", ""))):
            loop.default_exception_handler(context)
            return
        now = time.monotonic()
        if now - self._last_said < self.interval:
            self.repeats += 1
            return
        since = f" ({self.repeats} more since last said)" if self.repeats else ""
        logger.error("cannot accept connections: %s%s", error.strerror or error, since)
        self.repeats = 0
        self._last_said = now


class BoundedServer(uvicorn.Server):
    """uvicorn's server with :class:`AcceptErrorLog` on its event loop; stopping (Ctrl-C,
    SIGTERM), it keeps the open rooms in the rooms file first, their players' pages told to
    reconnect (:meth:`~boggle.web.rooms.RoomService.keep_all`), or without one closes them,
    their players told why (:meth:`~boggle.web.rooms.RoomService.close_all`), and says how
    many in one line to
    ``say`` (``boggle serve``: its standard error), before uvicorn closes the connections
    left and runs the app's shutdown."""

    def __init__(self, config: uvicorn.Config, say: Callable[[str], object] | None = None) -> None:
        super().__init__(config)
        self.say = say

    async def serve(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(AcceptErrorLog())
        await super().serve(sockets)

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """uvicorn's Ctrl-C and SIGTERM, and SIGHUP taken as SIGTERM: the terminal (or the
        ssh session) the server runs in closed stops it as ``kill`` does, its rooms told,
        rather than killing it on the spot."""
        hangup = getattr(signal, "SIGHUP", None)
        if hangup is None or threading.current_thread() is not threading.main_thread():
            with super().capture_signals():
                yield
            return
        before = signal.signal(hangup, lambda _, frame: self.handle_exit(signal.SIGTERM, frame))
        try:
            with super().capture_signals():  # raises the signals taken again, once stopped
                yield
        finally:
            signal.signal(hangup, before)

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """uvicorn's start; then, with a rooms file read, the file removed (not before the
        port is bound: a server that cannot bind keeps it for the next start) and one line
        to ``say`` of the rooms that came back from it
        (:meth:`~boggle.web.rooms.RoomService.restore`)."""
        await super().startup(sockets)
        from boggle.web.rooms import RoomService

        service = getattr(getattr(self.config.app, "state", None), "rooms", None)
        if self.started and isinstance(service, RoomService):
            service.serving()  # the port is bound: the rooms file read is removed
        if self.say is not None and isinstance(service, RoomService) and service.restored:
            self.say(
                f"boggle: {counted(service.restored, 'open room')} back from "
                f"{service.rooms_file}, for the players' pages to take their seats again"
            )

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        from boggle.web.rooms import RoomService

        service = getattr(getattr(self.config.app, "state", None), "rooms", None)
        rooms = players = 0
        kept = None
        if isinstance(service, RoomService):
            kept = await service.keep_all()
            rooms, players = kept or await service.close_all()
        if self.say is not None:
            closed = (
                f": {counted(rooms, 'open room')} closed, {counted(players, 'player')} told"
                if rooms
                else ""
            )
            if kept is not None and isinstance(service, RoomService):
                closed = f": {counted(rooms, 'open room')} kept in {service.rooms_file}"
                if players:
                    closed += f", {counted(players, 'player')} told to reconnect"
            self.say(f"boggle: stopping{closed}")
        await super().shutdown(sockets)


ACCESS_LINE = '%(asctime)s %(client_addr)s "%(request_line)s" %(status_code)s'
"""A request's line in the access log: ``2026-11-29 08:15:02 192.0.2.7:51234 "GET /room
HTTP/1.1" 200 OK`` (the client's address as a proxy on this machine passes it on).  A room
WebSocket has two: its upgrade's answer, ``"GET /ws/rooms HTTP/1.1" 101 Switching
Protocols`` (or the status it was refused with), and once closed, ``"GET /ws/rooms
HTTP/1.1" closed 1000 OK`` (:class:`AccessLine`)."""

LOG_LINE = "%(asctime)s %(levelname)s %(message)s"
"""The server's own warnings and errors (uvicorn's and the ``boggle`` loggers'), on standard
error: ``2026-11-29 08:15:02 ERROR the results of room ABC234 were not stored``."""

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"


def bracketed_client(client: str) -> str:
    """A client's ``HOST:PORT`` as uvicorn writes it, with an IPv6 host in brackets, as
    servers write one (``::1:54321`` reads as an address without a port).

    >>> bracketed_client("::1:54321"), bracketed_client("2001:db8::9:0")
    ('[::1]:54321', '[2001:db8::9]:0')
    >>> bracketed_client("192.0.2.7:51234"), bracketed_client("[::1]:80"), bracketed_client("")
    ('192.0.2.7:51234', '[::1]:80', '')
    """
    host, colon, port = client.rpartition(":")
    if colon and ":" in host and not host.startswith("[") and port.isdigit():
        return f"[{host}]:{port}"
    return client


class AccessLine(uvicorn.logging.AccessFormatter):
    """uvicorn's access line, which also writes a WebSocket's close code (1000 to 4999, no
    HTTP status) as ``closed CODE EXPLANATION``, and an IPv6 client in brackets
    (:func:`bracketed_client`).

    >>> AccessLine(use_colors=False).get_status_code(1012)
    'closed 1012 service restart'
    >>> AccessLine(use_colors=False).get_status_code(404)
    '404 Not Found'
    """

    def formatMessage(self, record: logging.LogRecord) -> str:
        if isinstance(record.args, tuple) and len(record.args) == 5:
            client, method, *rest = record.args
            record = copy.copy(record)
            record.args = (bracketed_client(str(client)), method, *rest)
            if method is None:  # a request that could not be read has no request line
                status = self.get_status_code(int(str(rest[-1])))
                shown = {"client_addr": record.args[0], "request_line": "-", "status_code": status}
                record.__dict__.update(shown)
                return uvicorn.logging.ColourizedFormatter.formatMessage(self, record)
        return super().formatMessage(record)

    def get_status_code(self, status_code: int) -> str:
        if status_code < 1000:
            return super().get_status_code(status_code)
        explanation = CLOSE_CODE_EXPLANATIONS.get(status_code, "")
        return f"closed {status_code} {explanation}".rstrip()


class ClientErrorsLeftOut(logging.Filter):
    """uvicorn's warnings for what a client sent, one a request, without the client's address
    or what was wrong: a request it cannot read (answered 400, 408 or 431 with the reason
    and written in the access log, :meth:`BoundedH11Protocol.send_400_response`) and an
    ``Upgrade`` other than a WebSocket (``curl --http2`` asks for ``h2c``; the request is
    answered over HTTP/1.1). A scanner's junk filled the server's log of what goes wrong.

    >>> keep = ClientErrorsLeftOut().filter
    >>> make = logging.makeLogRecord
    >>> keep(make({"msg": "Invalid HTTP request received."})), keep(make({"msg": "Oops"}))
    (False, True)
    """

    LEFT_OUT: ClassVar[frozenset[str]] = frozenset(
        {"Invalid HTTP request received.", "Unsupported upgrade request."}
    )

    def filter(self, record: logging.LogRecord) -> bool:
        return record.msg not in self.LEFT_OUT


def log_config(access_log: bool) -> dict[str, Any]:
    """uvicorn's logging: the server's warnings and errors (uvicorn's and the ``boggle``
    loggers', such as a room's results not stored) on standard error, each a timestamped
    line (:data:`LOG_LINE`); with ``access_log``, one line a request and two a room
    WebSocket (:data:`ACCESS_LINE`) on standard output.

    >>> config = log_config(access_log=True)
    >>> config["loggers"]["uvicorn.access"]["level"], config["loggers"]["uvicorn.error"]["level"]
    ('INFO', 'WARNING')
    >>> config["loggers"]["boggle"]
    {'handlers': ['default']}
    """
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["formatters"]["access"].update(
        {"()": f"{__name__}.AccessLine", "fmt": ACCESS_LINE, "datefmt": TIME_FORMAT}
    )
    config["formatters"]["default"].update(fmt=LOG_LINE, datefmt=TIME_FORMAT)
    # Passed on to the root logger too, with its level (warnings, unless a program or a test
    # running the server in its own process says otherwise): ``boggle serve`` gives the root
    # no handler, and a test's log capture still sees the rooms' records.
    config["loggers"]["boggle"] = {"handlers": ["default"]}
    config["loggers"]["uvicorn"]["level"] = "WARNING"
    config["loggers"]["uvicorn.error"]["level"] = "WARNING"
    config.setdefault("filters", {})["client_errors"] = {"()": f"{__name__}.ClientErrorsLeftOut"}
    config["loggers"]["uvicorn.error"]["filters"] = ["client_errors"]
    config["loggers"]["uvicorn.access"]["level"] = "INFO" if access_log else "WARNING"
    return config


def server_config(
    app: Any,
    host: str,
    port: int,
    limits: ServerLimits,
    access_log: bool = False,
    proxies: list[str] | None = None,
) -> uvicorn.Config:
    """uvicorn's settings for ``app``: HTTP/1.1 with these limits, no reloading; each
    request logged with ``access_log`` (:func:`log_config`); the client's address and scheme
    taken from ``X-Forwarded-For`` and ``X-Forwarded-Proto`` when the connection comes from
    one of ``proxies`` (addresses or networks, ``["*"]`` any, ``[]`` none; ``None``:
    uvicorn's default, ``$FORWARDED_ALLOW_IPS`` or a proxy on this machine).

    >>> config = server_config(object(), "::", 80, ServerLimits(), proxies=[])
    >>> config.proxy_headers
    False
    """
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        proxy_headers=proxies != [],
        forwarded_allow_ips=proxies or None,
        log_config=log_config(access_log),
        log_level=None,
        access_log=access_log,
        http=BoundedH11Protocol.with_limits(limits),
        ws=BoundedWebSocketProtocol,
        timeout_keep_alive=limits.keep_alive_seconds,
        limit_concurrency=limits.max_connections + 1,  # uvicorn counts this connection too
        h11_max_incomplete_event_size=limits.max_head_bytes,
        ws_max_size=64 * 1024,  # the room socket's own limit is smaller and says so
        ws_per_message_deflate=False,  # room messages are small: compressing costs more
    )
