"""ASGI middleware of the web app: the Host and Origin checks, security headers, the
request body limit and ``HEAD`` answered as ``GET`` without its body.  Each refusal is the
API's one-line JSON error ``{"error": "...", "status": N}``.  Also the :class:`IdleMark`
the server and the room socket share, and :func:`address_key`, the client address limits
are kept by.

>>> host_name(b"127.0.0.1:8000"), host_name(b"[::1]:80"), host_name(b"Example.COM.")
('127.0.0.1', '[::1]', 'example.com')
>>> origin_name(b"https://Boggle.example:8443"), origin_name(b"null"), origin_name(b"http://[::1")
('boggle.example', None, None)
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import urllib.parse
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any

from fastapi.responses import JSONResponse

from boggle.model.errors import BoggleError
from boggle.model.wording import counted, quoted, short_line

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The page's scripts and styles are files of this server only: no inline script, no
other origin, and no framing (clickjacking)."""

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def error_response(
    status: int, message: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The API's error answer: ``message`` as one short line (:func:`short_line`: a value
    of thousands of characters it echoes is shown by its start and length).

    >>> print(error_response(422, "unknown setting '" + "x" * 5000 + "'").body.decode())
    {"error":"unknown setting 'xxxxxxxxxxxxxxxxxxxx'... (5,000 characters)","status":422}
    """
    body = {"error": short_line(message), "status": status}
    return JSONResponse(body, status_code=status, headers=headers)


def host_name(header: bytes) -> str:
    """The host of a ``Host`` header, lowercase, without port or trailing dot."""
    text = header.decode("latin-1").strip().lower()
    if text.startswith("["):
        name = text[: text.find("]") + 1] if "]" in text else text
    else:
        name = text.rsplit(":", 1)[0] if text.count(":") == 1 else text
    return name.rstrip(".")


def header_shown(value: bytes) -> str:
    """A header's value as a refusal quotes it: read as UTF-8 (what a client that sends
    other than ASCII sends), each byte that is not UTF-8 shown as ``\\xff``, anything
    that does not print escaped, at most 100 characters.

    >>> print(header_shown("évil.example".encode()), header_shown(b"\\xe9vil\\n"))
    'évil.example' '\\xe9vil\\n'
    """
    return quoted(value.decode("utf-8", "surrogateescape")[:100])


def allowed_host(text: str) -> str:
    """A host name the server answers, in :func:`host_name`'s form (what the Host check
    compares); ``*`` is any.  A name no Host header could match (empty, with a scheme, a
    port or a path) is a :class:`BoggleError` of one line, not a server that answers no one.

    >>> allowed_host("Boggle.Example.org."), allowed_host("::1"), allowed_host("*")
    ('boggle.example.org', '[::1]', '*')
    >>> allowed_host("bücher.example")  # as browsers send it
    'xn--bcher-kva.example'
    >>> allowed_host("https://boggle.example.org:8443/")
    Traceback (most recent call last):
    ...
    boggle.model.errors.BoggleError: an allowed host is a name or an address alone, like \
boggle.example.org or 192.0.2.7 (any port is taken), got 'https://boggle.example.org:8443/'
    """
    name = text.strip().lower()
    if name == "*":
        return name
    inner = name[1:-1] if name.startswith("[") and name.endswith("]") else name
    try:
        if ":" in inner and ipaddress.ip_address(inner).version == 6:
            return f"[{inner}]"
    except ValueError:
        pass
    name = name.rstrip(".")
    if not name or any(mark in name for mark in ":/[]@?# \t"):
        raise BoggleError(
            "an allowed host is a name or an address alone, like boggle.example.org or "
            f"192.0.2.7 (any port is taken), got {quoted(text)}"
        )
    if not name.isascii():  # browsers send an international name in its ASCII form
        try:
            name = name.encode("idna").decode("ascii")
        except UnicodeError:
            raise BoggleError(
                f"an allowed host is a name or an address, got {quoted(text)}, which no "
                "host name spells"
            ) from None
    return name


def origin_name(header: bytes) -> str | None:
    """The host of an ``Origin`` header as :func:`host_name` writes it; ``None`` when it
    names no web page on a host (``null``: a sandboxed page or a file)."""
    try:
        parts = urllib.parse.urlsplit(header.decode("latin-1").strip())
    except ValueError:  # such as an unclosed [ of an IPv6 address
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return host_name(parts.netloc.encode("latin-1"))


DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_port(header: bytes) -> int | None:
    """The port of an ``Origin`` header's page (its scheme's when it names none); ``None``
    when it names no web page on a host (as :func:`origin_name`).

    >>> origin_port(b"http://localhost:3000"), origin_port(b"https://boggle.example")
    (3000, 443)
    >>> origin_port(b"http://localhost:99999"), origin_port(b"null")
    (None, None)
    """
    try:
        parts = urllib.parse.urlsplit(header.decode("latin-1").strip())
        port = parts.port
    except ValueError:  # an unclosed [ of an IPv6 address, a port out of range
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.netloc:
        return None
    return DEFAULT_PORTS[scheme] if port is None else port


def host_port(header: bytes) -> int | None:
    """The port a ``Host`` header names (``None``: none, the scheme's own).

    >>> host_port(b"localhost:8000"), host_port(b"[::1]:80"), host_port(b"localhost")
    (8000, 80, None)
    """
    text = header.decode("latin-1").strip()
    after = text[text.find("]") + 1 :] if text.startswith("[") else text
    _, colon, port = after.rpartition(":")
    return int(port) if colon and port.isdigit() and after.count(":") == 1 else None


def is_loopback_name(name: str) -> bool:
    """Whether a host name (as :func:`host_name` writes it) is this machine itself.

    >>> [is_loopback_name(n) for n in ("localhost", "127.0.0.2", "[::1]", "boggle.example")]
    [True, True, True, False]
    """
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def address_key(client: Any) -> str:
    """What per-address limits count by: the client's IP address (an IPv6 address by its
    /64 network, which one machine usually has whole).

    >>> address_key(("192.0.2.7", 5000)), address_key(("2001:db8::1:2", 1))
    ('192.0.2.7', '2001:db8::/64')
    """
    host = client[0] if isinstance(client, tuple) and client else "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return str(host)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


IDLE_EXTENSION = "boggle.idle"
"""The ASGI extension (``scope["extensions"]``) by which the server hands the app a
WebSocket's :class:`IdleMark`."""


class IdleMark:
    """Since when (event loop time) one WebSocket has been idle outside a room; ``None``
    while it is in one.  The room socket keeps it; the server, when it is full, closes the
    WebSocket idle longest outside a room to take a new connection.

    >>> IdleMark(since=None).since is None
    True
    """

    __slots__ = ("since",)

    def __init__(self, since: float | None) -> None:
        self.since = since

    def touch(self) -> None:
        """Idle from now."""
        self.since = asyncio.get_running_loop().time()

    def seated(self) -> None:
        """In a room: never evicted for idleness."""
        self.since = None

    @staticmethod
    def of(scope: Scope) -> IdleMark:
        """The mark the server gave this WebSocket, or a new one no server reads (a server
        without the extension, such as the test client)."""
        found = scope.get("extensions", {}).get(IDLE_EXTENSION, {}).get("mark")
        if isinstance(found, IdleMark):
            return found
        return IdleMark(asyncio.get_running_loop().time())


async def refuse_websocket(scope: Scope, send: Send, status: int, message: str) -> None:
    """Refuse a WebSocket before it opens: an HTTP answer with the JSON error where the
    server can send one, else a close with ``message`` as its reason (cut to the 123 bytes
    a close frame holds), which the server answers with 403."""
    if "websocket.http.response" in scope.get("extensions", {}):
        body = json.dumps({"error": message, "status": status}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
        await send({"type": "websocket.http.response.body", "body": body})
        return
    reason = message.encode()[:123].decode("utf-8", "ignore")
    await send({"type": "websocket.close", "code": 1008, "reason": reason})


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in SECURITY_HEADERS if n not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


class HeadAsGet:
    """Answers ``HEAD`` as ``GET`` is answered, headers and status alike, without the body
    (as HTTP asks; what uptime monitors, link checkers and ``curl -I`` send): FastAPI's
    routes take only the methods they name, so ``HEAD /`` was 405."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def send_headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, send_headers_only)


class HostCheck:
    """Answers only requests whose ``Host`` is one of ``allowed`` (``"*"``: any), so a web
    page on another name that resolves to this server (DNS rebinding) cannot use it; and
    opens a WebSocket from a browser only for a page of an allowed host or of the host it
    asks for (its ``Origin``), so another site's page cannot use a visitor's rooms.  A
    client that sends no ``Origin`` is not a browser page and is let through."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = {name.lower().rstrip(".") for name in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(reversed(scope.get("headers", [])))  # the first of each name
        host = headers.get(b"host")
        if host is not None and "*" not in self.allowed and host_name(host) not in self.allowed:
            refusal = f"this server does not answer for host {header_shown(host)}"
            if scope["type"] == "websocket":
                await refuse_websocket(scope, send, 400, refusal)
                return
            await error_response(400, refusal)(scope, receive, send)
            return
        origin = headers.get(b"origin")
        if scope["type"] == "websocket" and origin is not None:
            refused = self.origin_refusal(scope, origin, host)
            if refused is not None:
                await refuse_websocket(scope, send, 403, refused)
                return
        await self.app(scope, receive, send)

    def origin_refusal(self, scope: Scope, origin: bytes, host: bytes | None) -> str | None:
        """Why a WebSocket from a page of ``origin`` is refused (``None``: it is not): a page
        of another host than an allowed one or the one asked of; and a page of this machine
        (a loopback name, always allowed) on another port than the one the socket is asked of
        or the server's own, so that another program's page on this machine
        (``http://localhost:3000``) cannot use a visitor's rooms.  A page of a named host is
        taken on any port, as its ``Host`` is (a proxy in front answers on its own)."""
        page, port = origin_name(origin), origin_port(origin)
        refused = f"this server takes no WebSocket from pages of {header_shown(origin)}"
        same_host = host is not None and page == host_name(host)
        if page is None or port is None or not (same_host or page in self.allowed):
            return refused
        if not is_loopback_name(page):
            return None
        asked = host_port(host) if host is not None else None
        if asked is None:  # no port in Host: the socket's scheme's own (ws 80, wss 443), not
            # the page's: a page of https://localhost (another program's) is not port 80
            asked = DEFAULT_PORTS.get(str(scope.get("scheme", "ws")).lower())
        served = {asked}
        server = scope.get("server")
        if isinstance(server, list | tuple) and len(server) == 2 and isinstance(server[1], int):
            served.add(server[1])
        if port in served:
            return None
        ports = " or ".join(str(p) for p in sorted(p for p in served if p is not None))
        return (
            f"{refused}: a page of this machine opens rooms only from the server's own port"
            f" ({ports}){tls_proxy_hint(scope, origin, host)}"
        )


def tls_proxy_hint(scope: Scope, origin: bytes, host: bytes | None) -> str:
    """What an operator behind a TLS proxy on this machine does about a page of this
    machine refused for its port: a page of ``https://localhost`` (443) whose socket came
    as ``ws`` with no port in ``Host`` is, to the server, another program's page on 443,
    unless the proxy says the connection was TLS (``X-Forwarded-Proto``) from an address
    ``--forwarded-allow-ips`` names.  Empty for any other refusal.

    >>> scope = {"scheme": "ws", "headers": []}
    >>> tls_proxy_hint(scope, b"https://localhost", b"localhost")[:60]
    '; behind a TLS proxy on this machine, have the proxy send X-'
    >>> tls_proxy_hint(scope, b"https://localhost:8443", b"localhost")
    ''
    """
    if host is not None and host_port(host) is not None:
        return ""
    try:
        parts = urllib.parse.urlsplit(origin.decode("latin-1").strip())
        page_port = parts.port
    except ValueError:
        return ""
    page_tls = parts.scheme.lower() == "https"
    socket_tls = str(scope.get("scheme", "ws")).lower() in ("wss", "https")
    if page_port is not None or page_tls == socket_tls:
        return ""
    headers = {name for name, _ in scope.get("headers", [])}
    if b"x-forwarded-proto" in headers:
        client = scope.get("client")
        came = f" (this connection came from {client[0]})" if client else ""
        return (
            "; the X-Forwarded-Proto sent with it is believed only from a proxy whose address "
            f"--forwarded-allow-ips names{came}"
        )
    return (
        "; behind a TLS proxy on this machine, have the proxy send X-Forwarded-Proto "
        "(nginx: proxy_set_header X-Forwarded-Proto $scheme) from an address "
        "--forwarded-allow-ips names (by default, a proxy on this machine)"
    )


class BodyLimit:
    """Reads the request body up to ``limit`` bytes within ``seconds``; refuses more with
    413, slower with 408."""

    def __init__(self, app: ASGIApp, limit: int, seconds: float) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_large = f"the request body is over the limit of {counted(self.limit, 'byte')}"
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                if not value.isdigit():
                    await error_response(400, "bad Content-Length header")(scope, receive, send)
                    return
                if int(value) > self.limit:
                    await error_response(413, too_large)(scope, receive, send)
                    return
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.seconds):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client left
                    chunk = message.get("body", b"")
                    size += len(chunk)
                    if size > self.limit:
                        await error_response(413, too_large)(scope, receive, send)
                        return
                    chunks.append(chunk)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            slow = f"the request body took longer than {self.seconds:g} s to arrive"
            await error_response(408, slow)(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
