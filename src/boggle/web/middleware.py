"""ASGI middleware of the web app: the Host check, security headers and the request body
limit.  Each refusal is the API's one-line JSON error ``{"error": "...", "status": N}``.

>>> host_name(b"127.0.0.1:8000"), host_name(b"[::1]:80"), host_name(b"Example.COM.")
('127.0.0.1', '[::1]', 'example.com')
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Mapping, MutableMapping
from typing import Any

from fastapi.responses import JSONResponse

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
    """The API's error answer."""
    return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers)


def host_name(header: bytes) -> str:
    """The host of a ``Host`` header, lowercase, without port or trailing dot."""
    text = header.decode("latin-1").strip().lower()
    if text.startswith("["):
        name = text[: text.find("]") + 1] if "]" in text else text
    else:
        name = text.rsplit(":", 1)[0] if text.count(":") == 1 else text
    return name.rstrip(".")


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


class HostCheck:
    """Answers only requests whose ``Host`` is one of ``allowed`` (``"*"``: any), so a web
    page on another name that resolves to this server (DNS rebinding) cannot use it."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = {name.lower().rstrip(".") for name in allowed}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and "*" not in self.allowed:
            hosts = [value for name, value in scope.get("headers", []) if name == b"host"]
            if hosts and host_name(hosts[0]) not in self.allowed:
                shown = hosts[0].decode("latin-1")[:100]
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                refusal = error_response(400, f"this server does not answer for host {shown!r}")
                await refusal(scope, receive, send)
                return
        await self.app(scope, receive, send)


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
        too_large = f"the request body is over the limit of {self.limit} bytes"
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
