"""The web app: a page and a JSON API over the library (FastAPI).

Word lists are chosen by name only (the bundled lists, and any the operator
names with ``boggle serve --dict-file NAME=PATH``); nothing a client sends is
ever used as a path.  Every request is bounded: board size, body size and
solve time, each refused with a 4xx JSON error ``{"error": "...", "status": N}``.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/solve", json={"board": "fxie amlo ewbx astu"}).json()["board"]
'fxie amlo ewbx astu'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from boggle import __version__
from boggle.board import Board
from boggle.dice import DICE_SETS, roll_board
from boggle.engines import default_engine, solve
from boggle.errors import BoardError, BoggleError, LexiconError
from boggle.game import CHALLENGE_MODES, PlayerList, check_word, judge_round
from boggle.lexicon import DEFAULT_WORDLIST, Lexicon, bundled_lists, load_lexicon
from boggle.rules import PRESETS, Rules, preset, rules_for_board
from boggle.web.workers import PoolBusy, WorkerPool

T = TypeVar("T")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class Limits:
    """What one request may ask of the server."""

    max_side: int = 20
    """Rows and columns of a board, each at most this."""
    max_cells: int = 400
    max_body_bytes: int = 64 * 1024
    solve_seconds: float = 5.0
    """Wall time a solve or judge may take before the client gets a 4xx."""
    body_seconds: float = 10.0
    """Wall time a client may take to send its request body."""
    max_players: int = 16
    max_words_per_player: int = 2000
    worker_threads: int = 4
    """Threads for solves and for word checks and judging, each (two separate pools)."""


@dataclass(frozen=True)
class WebConfig:
    """How the app is set up: its limits and the word lists clients may name."""

    limits: Limits = field(default_factory=Limits)
    extra_dictionaries: dict[str, Path] = field(default_factory=dict)
    """Word list files the operator offers, by the name clients use."""
    default_dictionary: str = DEFAULT_WORDLIST
    preload: bool = True
    """Load and compile the default word list at startup, not on the first request."""


class ApiError(Exception):
    """A request the app refuses, with its HTTP status (always 4xx)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def error_response(
    status: int, message: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status, headers=headers)


# --------------------------------------------------------------------------- request models

BoardText = Annotated[
    str,
    Field(
        min_length=1,
        max_length=4000,
        description="rows separated by spaces or '/'; q is Qu; [th] a multi-letter face",
        examples=["fxie amlo ewbx astu"],
    ),
]
DictionaryName = Annotated[
    str | None,
    Field(default=None, max_length=64, description="a name from GET /api/dictionaries"),
]
RulesName = Annotated[
    Literal["classic", "big"] | None,
    Field(default=None, description="rules preset (default: classic below 5x5, big from 5x5)"),
]
MinLength = Annotated[int | None, Field(default=None, ge=1, le=64)]
Word = Annotated[str, Field(max_length=64)]


class StrictModel(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class SolveRequest(StrictModel):
    board: BoardText
    dictionary: DictionaryName = None
    rules: RulesName = None
    min_length: MinLength = None


class RollRequest(StrictModel):
    dice: Literal["classic", "new", "big", "superbig", "uniform"] = "new"
    seed: Annotated[int | None, Field(default=None, ge=0, le=2**53)] = None
    rows: Annotated[int | None, Field(default=None, ge=1, le=100)] = None
    cols: Annotated[int | None, Field(default=None, ge=1, le=100)] = None


class CheckRequest(StrictModel):
    board: BoardText
    word: Word
    dictionary: DictionaryName = None
    rules: RulesName = None
    min_length: MinLength = None


class PlayerWords(StrictModel):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    words: list[Word] = Field(max_length=10_000)
    challenged: list[Word] = Field(default_factory=list, max_length=10_000)


class JudgeRequest(StrictModel):
    board: BoardText
    players: list[PlayerWords] = Field(min_length=1, max_length=100)
    challenge: Literal["off", "listed", "all"] | None = None
    dictionary: DictionaryName = None
    rules: RulesName = None
    min_length: MinLength = None


# --------------------------------------------------------------------------- response models


class ErrorBody(BaseModel):
    error: str
    status: int


class WordEntry(BaseModel):
    word: str
    points: int
    path: list[list[int]]


class RulesBody(BaseModel):
    name: str
    min_length: int
    scoring: dict[str, int]


class DictionaryBody(BaseModel):
    name: str
    words: int


class SolveResponse(BaseModel):
    model_config = ConfigDict(extra="allow")
    board: str
    rows: int
    cols: int
    faces: list[list[str]]
    rules: RulesBody
    dictionary: DictionaryBody
    count: int
    score: int
    words: list[WordEntry]
    elapsed_ms: float


class RollResponse(BaseModel):
    board: str
    rows: int
    cols: int
    faces: list[list[str]]
    dice: str
    seed: int


class CheckResponse(BaseModel):
    word: str
    status: str
    """counted, not_a_word, not_on_board, too_short or invalid."""
    label: str
    points: int
    in_dictionary: bool
    path: list[list[int]] | None
    message: str


class JudgeResponse(BaseModel):
    model_config = ConfigDict(extra="allow")
    board: str
    challenge: str
    players: list[dict[str, Any]]
    scores: dict[str, int]
    winners: list[str]
    problems: list[str]


class DictionaryInfo(BaseModel):
    name: str
    words: int | None
    description: str
    default: bool


class DictionariesResponse(BaseModel):
    default: str
    dictionaries: list[DictionaryInfo]


class DiceInfo(BaseModel):
    name: str
    rows: int | None
    cols: int | None
    description: str


class HealthResponse(BaseModel):
    status: Literal["ok", "saturated"]
    engine: str
    workers: dict[str, dict[str, Any]]
    """Per pool: threads, running, waiting, interrupted (jobs stopped for time), saturated."""


class OptionsResponse(BaseModel):
    version: str
    dice: list[DiceInfo]
    rules: list[RulesBody]
    challenge_modes: list[str]
    limits: dict[str, float]


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "bad input (a board that does not parse, ...)"},
    413: {"model": ErrorBody, "description": "body or board over the limits"},
    422: {"model": ErrorBody, "description": "a field of the wrong type or out of range"},
    408: {"model": ErrorBody, "description": "the work took longer than the time limit"},
    503: {"model": ErrorBody, "description": "every worker is busy; try again"},
}


# --------------------------------------------------------------------------- the app


class _Dictionaries:
    """The word lists clients may name, loaded once each."""

    def __init__(self, config: WebConfig) -> None:
        self.bundled = {entry.name: entry for entry in bundled_lists()}
        self.extra = dict(config.extra_dictionaries)
        self.default = config.default_dictionary
        self._lock = threading.Lock()
        self._extra_loaded: dict[str, Lexicon] = {}
        if self.default not in self.bundled and self.default not in self.extra:
            raise LexiconError(f"the default word list {self.default!r} is not offered")

    def names(self) -> list[str]:
        return [*self.bundled, *(name for name in self.extra if name not in self.bundled)]

    def check_name(self, name: str | None) -> None:
        """A 400 now, on the event loop, for a name no list has (loading waits for a worker)."""
        if name is not None and name not in self.extra and name not in self.bundled:
            raise ApiError(
                400, f"unknown word list {name!r}; choose one of: {', '.join(self.names())}"
            )

    def get(self, name: str | None) -> Lexicon:
        """The list by name, read on first use (call it on a worker thread)."""
        self.check_name(name)
        chosen = self.default if name is None else name
        if chosen in self.extra:
            with self._lock:
                if chosen not in self._extra_loaded:
                    self._extra_loaded[chosen] = Lexicon.from_file(self.extra[chosen], chosen)
                return self._extra_loaded[chosen]
        return load_lexicon(chosen)  # a bundled name: check_name and __init__ saw to that

    def info(self) -> list[DictionaryInfo]:
        listed = []
        for name in self.names():
            if name in self.extra:
                words = len(self.get(name))
                description = "offered by this server"
            else:
                entry = self.bundled[name]
                words, description = entry.words, entry.description
            listed.append(
                DictionaryInfo(
                    name=name, words=words, description=description, default=name == self.default
                )
            )
        return listed


class _BodyLimit:
    """ASGI middleware: read the request body up to ``limit`` bytes within ``seconds``;
    refuse more with 413, slower with 408."""

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


def _one_line(error: RequestValidationError) -> str:
    problems = []
    for item in error.errors()[:3]:
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        message = str(item.get("msg", "invalid"))
        problems.append(f"{where}: {message}" if where else message)
    return "; ".join(problems) or "invalid request"


def create_app(config: WebConfig | None = None) -> FastAPI:
    """The web app, ready for uvicorn or a test client."""
    config = config or WebConfig()
    limits = config.limits
    dictionaries = _Dictionaries(config)
    solving = WorkerPool("solve", limits.worker_threads)
    rounds = WorkerPool("round", limits.worker_threads)
    pools = (solving, rounds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if config.preload:
            await asyncio.wrap_future(
                solving.submit(lambda: solve(Board.parse("a"), dictionaries.get(None))).future
            )
        yield
        for pool in pools:
            pool.shutdown()

    app = FastAPI(
        lifespan=lifespan,
        title="boggle",
        version=__version__,
        description="Solve, roll and judge Boggle boards. Errors are JSON: "
        '{"error": "one line", "status": N}.',
    )
    app.state.config = config

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return error_response(error.status, error.message)

    @app.exception_handler(BoggleError)
    async def boggle_error(request: Request, error: BoggleError) -> JSONResponse:
        return error_response(400, str(error))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, _one_line(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return error_response(error.status_code, str(error.detail), error.headers)

    async def bounded(work: Callable[[], T], pool: WorkerPool = solving) -> T:
        """Run ``work`` on a worker thread of ``pool``: a 408 (and the work stopped) if it
        takes longer than the limit, a 503 if the pool's queue is full."""
        try:
            return await pool.run(work, limits.solve_seconds)
        except TimeoutError:
            raise ApiError(
                408, f"the work took longer than the limit of {limits.solve_seconds:g} s"
            ) from None
        except PoolBusy as busy:
            raise ApiError(503, f"{busy}; try again in a moment") from None

    def board_within_limits(text: str) -> Board:
        board = Board.parse(text)
        if board.rows > limits.max_side or board.cols > limits.max_side:
            raise ApiError(
                413,
                f"the board is {board.rows}x{board.cols}; this server takes at most "
                f"{limits.max_side} rows and columns",
            )
        if board.size > limits.max_cells:
            raise ApiError(
                413,
                f"the board has {board.size} cubes; this server takes at most {limits.max_cells}",
            )
        return board

    def rules_of(board: Board, name: str | None, min_length: int | None) -> Rules:
        base = preset(name) if name else rules_for_board(board.rows, board.cols)
        return base.with_overrides(min_length=min_length)

    @app.get("/api/dictionaries", response_model=DictionariesResponse, tags=["word lists"])
    async def list_dictionaries() -> DictionariesResponse:
        """The word lists a request may name, with their word counts."""
        info = await bounded(dictionaries.info)
        return DictionariesResponse(default=dictionaries.default, dictionaries=info)

    @app.get("/api/options", response_model=OptionsResponse, tags=["boards"])
    async def options() -> OptionsResponse:
        """Dice sets, rules presets, challenge modes and this server's limits."""
        dice = [
            DiceInfo(name=d.name, rows=d.rows, cols=d.cols, description=d.notes or d.source)
            for d in DICE_SETS.values()
        ]
        dice.append(
            DiceInfo(
                name="uniform",
                rows=None,
                cols=None,
                description="letters drawn uniformly from a-z, any size",
            )
        )
        rules = [RulesBody(**PRESETS[name].to_json()) for name in sorted(PRESETS)]
        return OptionsResponse(
            version=__version__,
            dice=dice,
            rules=rules,
            challenge_modes=list(CHALLENGE_MODES),
            limits={
                "max_side": limits.max_side,
                "max_cells": limits.max_cells,
                "max_body_bytes": limits.max_body_bytes,
                "solve_seconds": limits.solve_seconds,
                "max_players": limits.max_players,
                "max_words_per_player": limits.max_words_per_player,
            },
        )

    @app.post("/api/solve", response_model=SolveResponse, responses=ERRORS, tags=["boards"])
    async def solve_board(request: SolveRequest) -> Response:
        """Every word on the board with a path and its points: the JSON of
        ``boggle solve --json``, with the faces and the time taken."""
        board = board_within_limits(request.board)
        rules = rules_of(board, request.rules, request.min_length)
        dictionaries.check_name(request.dictionary)

        def work() -> bytes:
            started = time.perf_counter()
            result = solve(board, dictionaries.get(request.dictionary), rules).to_json()
            result["elapsed_ms"] = round((time.perf_counter() - started) * 1000, 3)
            result["faces"] = _faces(board)
            # encoded here, on the worker thread: the answer's shape is the library's own,
            # so FastAPI's response-model pass would only re-check it on the event loop
            return json.dumps(result, separators=(",", ":")).encode()

        return Response(await bounded(work), media_type="application/json")

    @app.post("/api/roll", response_model=RollResponse, responses=ERRORS, tags=["boards"])
    async def roll(request: RollRequest) -> RollResponse:
        """A board rolled from a dice set (or uniform letters of any size) with a seed;
        the same seed gives the same board."""
        seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**31)
        if request.dice == "uniform":
            rows = request.rows or 4
            cols = request.cols or rows
            if rows > limits.max_side or cols > limits.max_side or rows * cols > limits.max_cells:
                raise ApiError(
                    413,
                    f"a {rows}x{cols} board is over this server's limits "
                    f"({limits.max_side} a side, {limits.max_cells} cubes)",
                )
        board = roll_board(request.dice, seed, request.rows, request.cols)
        return RollResponse(
            board=str(board),
            rows=board.rows,
            cols=board.cols,
            faces=_faces(board),
            dice=request.dice,
            seed=seed,
        )

    @app.post("/api/check", response_model=CheckResponse, responses=ERRORS, tags=["rounds"])
    async def check(request: CheckRequest) -> CheckResponse:
        """One word typed during a round: counted, not a word, not on the board, too
        short or invalid, with its points and path."""
        board = board_within_limits(request.board)
        rules = rules_of(board, request.rules, request.min_length)
        dictionaries.check_name(request.dictionary)
        verdict = await bounded(
            lambda: check_word(request.word, board, dictionaries.get(request.dictionary), rules),
            rounds,
        )
        counted = verdict.status.value == "counted"
        return CheckResponse(
            word=verdict.word,
            status=verdict.status.value,
            label=verdict.status.label,
            points=rules.points(verdict.word) if counted else 0,
            in_dictionary=verdict.in_dictionary,
            path=[list(cell) for cell in verdict.path] if verdict.path else None,
            message=verdict.message,
        )

    @app.post("/api/judge", response_model=JudgeResponse, responses=ERRORS, tags=["rounds"])
    async def judge(request: JudgeRequest) -> dict[str, Any]:
        """Judge a round: each player's words counted, crossed off (found by more than
        one player), not a word, not on the board, too short or repeated; points and
        totals.  ``challenge`` applies the house rule (-1 / +1)."""
        if len(request.players) > limits.max_players:
            raise ApiError(
                413,
                f"{len(request.players)} players; this server judges at most {limits.max_players}",
            )
        for player in request.players:
            if len(player.words) > limits.max_words_per_player:
                raise ApiError(
                    413,
                    f"player {player.name!r} has {len(player.words)} words; this server "
                    f"judges at most {limits.max_words_per_player} a player",
                )
        board: Board | str
        try:
            board = board_within_limits(request.board)
        except BoardError:
            board = request.board  # judged without it; the reason is in "problems"
        rules = (
            rules_of(board, request.rules, request.min_length)
            if isinstance(board, Board)
            else preset(request.rules or "classic").with_overrides(min_length=request.min_length)
        )
        dictionaries.check_name(request.dictionary)
        lists = [
            PlayerList(p.name, tuple(p.words), frozenset(w.strip().lower() for w in p.challenged))
            for p in request.players
        ]
        mode = request.challenge or ("listed" if any(p.challenged for p in lists) else "off")
        result = await bounded(
            lambda: judge_round(board, lists, dictionaries.get(request.dictionary), rules, mode),
            rounds,
        )
        return result.to_json()

    @app.get("/api/health", tags=["server"], responses={503: {"model": HealthResponse}})
    async def health() -> JSONResponse:
        """``{"status": "ok"}`` while every pool of worker threads has a free thread;
        ``"saturated"`` with status 503 while one has none (its jobs are stopped when they
        run out of time, so this passes)."""
        status = {pool.name: pool.status() for pool in pools}
        saturated = any(entry["saturated"] for entry in status.values())
        body = HealthResponse(
            status="saturated" if saturated else "ok", engine=default_engine(), workers=status
        )
        return JSONResponse(body.model_dump(), status_code=503 if saturated else 200)

    static = Path(str(resources.files("boggle.web") / "static"))

    @app.get("/", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(static / "index.html", media_type="text/html")

    app.mount("/static", StaticFiles(directory=static), name="static")
    app.add_middleware(_BodyLimit, limit=limits.max_body_bytes, seconds=limits.body_seconds)
    return app


def _faces(board: Board) -> list[list[str]]:
    return [[board.face(r, c) for c in range(board.cols)] for r in range(board.rows)]
