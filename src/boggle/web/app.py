"""The web app: a page and a JSON API over the library (FastAPI).

Word lists are chosen by name only (the bundled lists, and any the operator
names with ``boggle serve --dict-file NAME=PATH``); nothing a client sends is
ever used as a path.  Every request is bounded: board size, body size and
solve time, each refused with a 4xx JSON error ``{"error": "...", "status": N}``.

The API's routes are in :mod:`boggle.web.routes`, its shapes in :mod:`boggle.web.models`,
what they share in :mod:`boggle.web.context`; another module adds its routes by putting
its ``APIRouter`` in :data:`ROUTERS`.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/solve", json={"board": "fxie amlo ewbx astu"}).json()["board"]
'fxie amlo ewbx astu'
"""

from __future__ import annotations

import asyncio
import contextlib
import email.message
import json
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import (
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from boggle import __version__
from boggle.engines import solve
from boggle.model.board import Board
from boggle.model.errors import BoggleError
from boggle.model.json_text import RepeatedNameError
from boggle.model.wording import quoted
from boggle.rooms.fields import pydantic_message
from boggle.web import challenges, rooms, routes, share
from boggle.web.context import ApiError, Limits, WebConfig, WebContext, freeze_long_lived
from boggle.web.middleware import (
    BodyLimit,
    HeadAsGet,
    HostCheck,
    SecurityHeaders,
    error_response,
)
from boggle.web.pages import StaticFile, page, page_text, snapshot, static_files

__all__ = ["ROUTERS", "ApiError", "Limits", "WebConfig", "create_app"]

ROUTERS: list[APIRouter] = [
    routes.router,  # /api/...
    rooms.router,  # /ws/rooms, /room, /daily, /api/rooms/..., /api/daily
    share.router,  # /api/share, /api/share/qr.svg
    challenges.router,  # /challenge/CODE, /api/challenges/...
]
"""The routers every app includes, each with its own paths (``Depends(web_context)`` gives
a route the limits, word lists and worker pools)."""

GZIP_MINIMUM_BYTES = 1024
"""Answers of this size or more go gzipped to a client that takes it (the page's scripts
and style, a solve's words and paths: a quarter of their size or less over a phone's
network); smaller ones are not worth the work."""


def _one_line(error: RequestValidationError) -> str:
    problems = []
    for item in error.errors()[:3]:
        kind = item.get("type")
        location = tuple(item.get("loc", ()))
        if kind == "json_invalid":
            reason = item.get("ctx", {}).get("error", "")
            position = location[-1] if location else 0
            return f"the request body is not JSON: {reason} at character {position}"
        if kind == "missing" and location == ("body",):
            return "the request body is empty; send a JSON object"
        where = ".".join(_shown_part(part) for part in location if part != "body")
        if kind in ("model_attributes_type", "model_type", "dict_type"):
            got = _json_kind(item.get("input"))
            if not where:
                return f"the request body must be a JSON object, got {got}"
            message = f"must be a JSON object, got {got}"
        elif kind == "string_unicode":
            if not where:  # the body is an object: the text is one of its names
                return _not_unicode(item.get("input"), "a field name in the body")
            named = _is_a_name(error.body, location)
            message = _not_unicode(item.get("input"), "a field name" if named else "the text")
        else:
            message = pydantic_message(item)
        problems.append(f"{where}: {message}" if where else message)
    return "; ".join(problems) or "invalid request"


def _json_kind(value: object) -> str:
    """What JSON calls a value that is not an object, as a refusal names it.

    >>> [_json_kind(v) for v in ([], None, 3, 2.5, "x", True, False)]
    ['an array', 'null', 'a number', 'a number', 'a string', 'true', 'false']
    """
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _is_a_name(body: object, location: tuple[str | int, ...]) -> bool:
    """Whether the text pydantic could not read at ``location`` is a field's name (the
    place is an object of the body) rather than a value; parts of ``location`` the body has
    no place for (a union's member, such as ``list[str]``) are passed over.

    >>> body = {"players": [{"\\ud800": 1, "words": ["\\ud800"]}]}
    >>> _is_a_name(body, ("body", "players", 0)), _is_a_name(body, ("body", "players", 0,
    ...     "words", "list[str]", 0))
    (True, False)
    """
    place: Any = body
    for part in location[1:]:
        in_an_object = isinstance(place, dict) and part in place
        in_an_array = isinstance(place, list) and isinstance(part, int) and part < len(place)
        if in_an_object or in_an_array:
            place = place[part]
    return isinstance(place, dict)


def _not_unicode(text: object, what: str) -> str:
    """Why ``what``, a text in a JSON body, cannot be read: it holds a lone surrogate (JSON
    allows ``"\\ud800"`` without its pair), which no UTF-8 can carry; shown escaped.

    >>> print(_not_unicode("a\\ud800", "a field name"))
    a field name is not valid Unicode (it holds a lone surrogate): 'a\\ud800'
    """
    return f"{what} is not valid Unicode (it holds a lone surrogate): {str(text)!r}"


def _shown_part(part: str | int) -> str:
    """A field's name as a 422 error shows it: as sent, or quoted when it has a character
    that does not print plainly (a control character, a right-to-left override) or is
    long, so that an unknown field's name cannot break the line or hide what it says.

    >>> print(_shown_part("players"), _shown_part(0), _shown_part("a\\u202eb"))
    players 0 'a\\u202eb'
    """
    text = str(part)
    return text if text.isprintable() and len(text) <= 40 else quoted(text)


def _unreadable_json(error: StarletteHTTPException) -> str | None:
    """Why a body FastAPI could not read (its 400 "There was an error parsing the body")
    was JSON nobody can read, or ``None`` for any other error."""
    if error.status_code != 400:
        return None
    cause = error.__cause__
    if isinstance(cause, RecursionError):
        return "its arrays or objects are nested too deeply"
    if isinstance(cause, UnicodeDecodeError):  # a ValueError too: before the number's case
        byte = cause.object[cause.start]
        return f"it is not UTF-8 (the byte 0x{byte:02x} at byte {cause.start:,})"
    if isinstance(cause, ValueError):  # int() past sys.get_int_max_str_digits()
        return "it has a number of over 4,300 digits"
    return None


def _add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_response(error.status, error.message)

    @app.exception_handler(BoggleError)
    async def boggle_error(request: Request, error: BoggleError) -> JSONResponse:
        return error_response(400, str(error))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        kind = request.headers.get("content-type", "")
        if request.method == "POST" and not _read_as_json(kind):  # FastAPI read no body
            sent = f"content-type {kind!r}" if kind else "no content-type"
            return error_response(
                422, f"send the body as JSON, with content-type: application/json ({sent})"
            )
        return error_response(422, _one_line(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 400 and isinstance(error.__cause__, RepeatedNameError):
            return error_response(422, str(error.__cause__))  # read by JsonRoute's request
        if unreadable := _unreadable_json(error):
            return error_response(
                422, f"the request body is not JSON that can be read: {unreadable}"
            )
        if error.status_code == 404 and _wants_a_page(request):
            return HTMLResponse(page_text("notfound.html"), status_code=404)
        return error_response(error.status_code, str(error.detail), error.headers)


def _read_as_json(kind: str) -> bool:
    """Whether FastAPI reads a body sent with this content type as JSON:
    ``application/json`` or ``application/*+json``, with any parameters (``text/json``
    and ``application/jsonx`` are not).

    >>> [_read_as_json(k) for k in ("application/json; charset=utf-8", "text/json", "")]
    [True, False, False]
    """
    message = email.message.Message()
    message["content-type"] = kind
    subtype = message.get_content_subtype()
    return (
        bool(kind)
        and message.get_content_maintype() == "application"
        and (subtype == "json" or subtype.endswith("+json"))
    )


def _wants_a_page(request: Request) -> bool:
    """Whether a request is a browser's for a page (a link followed, an address typed): a
    GET that asks for HTML of a path outside the API and the static files. Programs (``*/*``,
    JSON) get the API's JSON error."""
    path = request.url.path
    accept = request.headers.get("accept", "")
    return (
        request.method in ("GET", "HEAD")
        and "text/html" in accept
        and not path.startswith(("/api/", "/static/", "/ws/"))
    )


def create_app(config: WebConfig | None = None) -> FastAPI:
    """The web app, ready for uvicorn or a test client.

    >>> from fastapi.testclient import TestClient
    >>> with TestClient(create_app(WebConfig(preload=False))) as client:
    ...     answer = client.post("/api/solve", json={"board": "ab c"})
    >>> answer.status_code, answer.json()["error"]
    (400, 'rows have unequal lengths (2, 1); every row needs the same number of cubes')
    """
    config = config or WebConfig()
    context = WebContext(config)

    def preload() -> None:
        """The default list loaded and compiled (the index offline rounds of larger boards
        read is not: :func:`~boggle.web.routes.offline_preparation` builds it outside the
        round's time, only once a board reads it)."""
        solve(Board.parse("a"), context.catalogue.get(None))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if context.round_processes is not None:
            context.round_processes.start()
        if config.preload:
            warm_up = context.solving.submit(preload)
            await asyncio.wrap_future(warm_up.future)
            freeze_long_lived()
        yield
        context.shutdown()

    app = FastAPI(
        lifespan=lifespan,
        title="boggle",
        version=__version__,
        description="Solve, roll and judge Boggle boards. Errors are JSON: "
        '{"error": "one line", "status": N}.',
        docs_url=None,  # the API is described at /openapi.json: no third-party scripts
        redoc_url=None,
    )
    app.state.context = context
    app.state.config = config
    _add_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)

    @app.get("/", include_in_schema=False, response_model=None)
    async def home_page(request: Request) -> Response:
        if request.url.query:  # a link to a board from before the solver had its own address
            return RedirectResponse(f"/solve?{request.url.query}", status_code=307)
        return page("home.html")

    @app.get("/solve", include_in_schema=False)
    @app.get("/play", include_in_schema=False)
    async def solver_page() -> HTMLResponse:
        return page("index.html")

    @app.get("/words", include_in_schema=False)
    async def words_page() -> HTMLResponse:
        return page("words.html")

    # The pages and the static files as they are now, served as read: boggle upgraded under
    # a running server gives its pages their own scripts until it restarts (pages.py).
    snapshot()
    files = static_files()

    def static_answer(request: Request, kept: StaticFile) -> Response:
        # never used unasked (no-cache): a browser asks again, by the ETag (the content's
        # hash), and an upgrade's new script comes with its new page, never an old one
        headers = {"ETag": kept.etag, "Cache-Control": "no-cache"}
        asked = request.headers.get("if-none-match", "")
        if kept.etag in (tag.strip().removeprefix("W/") for tag in asked.split(",")):
            return Response(status_code=304, headers=headers)
        return Response(kept.body, media_type=kept.media_type, headers=headers)

    @app.get("/sw.js", include_in_schema=False)
    async def service_worker(request: Request) -> Response:
        # served from the root, so that it may cover every page; never kept stale by a cache
        return static_answer(request, files["sw.js"])

    @app.get("/static/{name:path}", include_in_schema=False)
    async def static_file(request: Request, name: str) -> Response:
        kept = files.get(name)
        if kept is None:
            raise StarletteHTTPException(404, "Not Found")
        return static_answer(request, kept)

    limits = config.limits
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES, compresslevel=6)
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, limit=limits.max_body_bytes, seconds=limits.body_seconds)
    app.add_middleware(HostCheck, allowed=config.allowed_hosts)
    app.add_middleware(SecurityHeaders)  # the last added is the outermost: on every answer
    return app
