"""What every route shares: the limits, the word-list catalogue and the worker pools.

A route (or a router another module adds) asks for it with ``Depends(web_context)``; it
works for HTTP requests and WebSockets alike.

>>> context = WebContext(WebConfig(preload=False))
>>> context.board("fxie amlo ewbx astu").size, context.rules_for(context.board("ab cd")).name
(16, 'classic')
>>> context.board("/".join(["a" * 21] * 2))
Traceback (most recent call last):
  ...
boggle.web.context.ApiError: a 2x21 board is too large for this server: the limit is 20 rows \
and columns and 400 cells
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from fastapi import Request, Response
from fastapi.routing import APIRoute
from starlette.requests import HTTPConnection

from boggle.game.offline import MAX_OFFLINE_ROUNDS, OFFLINE_ROUNDS
from boggle.model.board import Board
from boggle.model.checks import check_limits
from boggle.model.errors import BoggleError, LexiconError, RulesError
from boggle.model.json_text import read_json
from boggle.model.rules import Rules, RulesChoice
from boggle.model.wording import grouped, too_large
from boggle.rooms.config import RoomsConfig
from boggle.scale.threads import default_jobs
from boggle.web.workers import PoolBusy, ProcessPool, WorkerPool
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.sources import DEFAULT_WORDLIST

T = TypeVar("T")


class _JsonRequest(Request):
    """A request whose JSON body is read by :func:`~boggle.model.json_text.read_json`."""

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = read_json(await self.body(), "the request body")
        return self._json


class JsonRoute(APIRoute):
    """A route whose JSON body may not name a field twice in one object (Python's reader
    keeps the last and says nothing): the refusal, a
    :class:`~boggle.model.json_text.RepeatedNameError`, reaches the app's error handler as
    the cause of FastAPI's 400 "error parsing the body".  Every router of the app is an
    ``APIRouter(route_class=JsonRoute)``."""

    def get_route_handler(self) -> Callable[[Request], Any]:
        handle = super().get_route_handler()

        async def read_strictly(request: Request) -> Response:
            return await handle(_JsonRequest(request.scope, request.receive))

        return read_strictly


@dataclass(frozen=True)
class Limits:
    """What one request may ask of the server.

    >>> from fastapi.testclient import TestClient
    >>> from boggle.web.app import create_app
    >>> config = WebConfig(limits=Limits(max_side=3), preload=False)
    >>> with TestClient(create_app(config)) as client:
    ...     client.post("/api/solve", json={"board": "fxie amlo ewbx astu"}).json()
    ... # doctest: +NORMALIZE_WHITESPACE
    {'error': 'a 4x4 board is too large for this server: the limit is 3 rows and columns and
    400 cells', 'status': 413}
    """

    max_side: int = 20
    """Rows and columns of a board, each at most this."""
    max_cells: int = 400
    max_body_bytes: int = 64 * 1024
    solve_seconds: float = 5.0
    """Wall time a solve or judge may take before the client gets a 4xx (and it stops)."""
    body_seconds: float = 10.0
    """Wall time a client may take to send its request body."""
    max_players: int = 40
    max_words_per_player: int = 2000
    worker_threads: int = 4
    """Threads for solves (the compiled core releases the GIL, so they share the cores)."""
    round_threads: int = 2
    """Threads for word checks, play rounds and judging (path searches in Python, which
    hold the GIL: few, so the event loop keeps its share while they run)."""
    round_processes: int = 0
    """Worker processes for word checks, play rounds and judging instead of the threads
    (``boggle serve`` has 1): their path searches then never hold the server's GIL, and
    run at a lower CPU priority than the server's answers.  0: the round threads."""
    round_queue: int = 64
    """Round jobs that may wait for a round process (more get 503 at once; one that waits
    past ``solve_seconds`` gets 408): room enough that clients wait their turn rather than
    ask again and again."""
    offline_boards: int = OFFLINE_ROUNDS
    """Boards a play page keeps ahead for solo rounds with no connection (``POST
    /api/offline``), 0 to :data:`~boggle.game.offline.MAX_OFFLINE_ROUNDS`; 0: offline play
    off (the route refuses, the page says so), also for a round started online."""

    def __post_init__(self) -> None:
        check_limits(self, zero_means_none={"round_processes", "offline_boards"})
        if self.offline_boards > MAX_OFFLINE_ROUNDS:
            raise BoggleError(
                f"offline_boards must be from 0 to {MAX_OFFLINE_ROUNDS}, "
                f"got {grouped(self.offline_boards)}",
                setting="offline_boards",
            )
        most = max_round_processes()
        if self.round_processes > most:  # 10**30 started processes until the machine choked
            raise BoggleError(
                f"round_processes must be from 0 to {most:,} (4 a core here), "
                f"got {grouped(self.round_processes)}",
                setting="round_processes",
            )


def max_round_processes() -> int:
    """The most round processes a server starts: 4 a core this process may use, at most 256
    (each a Python process of about 30 MB, each started as the pool starts).

    >>> 4 <= max_round_processes() <= 256
    True
    """
    return min(256, 4 * default_jobs())


@dataclass(frozen=True)
class WebConfig:
    """How the app is set up: its limits, the word lists clients may name, its host names.

    >>> config = WebConfig(preload=False, allowed_hosts=("boggle.example",))
    >>> config.limits.max_side, config.default_dictionary, config.allowed_hosts
    (20, 'en-70', ('boggle.example',))
    """

    limits: Limits = field(default_factory=Limits)
    extra_dictionaries: dict[str, Path] = field(default_factory=dict)
    """Word list files the operator offers, by the name clients use."""
    default_dictionary: str = DEFAULT_WORDLIST
    leave_out_offensive: bool = False
    """Offer every list less its offensive words (``boggle serve --no-offensive``: a class's
    rounds never show a slur or a swear word among the words found or missed)."""
    preload: bool = True
    """Load and compile the default word list at startup, not on the first request."""
    warm_lists: tuple[str, ...] = ()
    """Lists made ready for rooms after the default one as the server starts (with
    ``preload``; ``boggle serve --warm``), one at a time, the port bound without waiting."""
    allowed_hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]", "testserver")
    """Host header values answered (with any port); others get 400 (DNS rebinding).
    ``"*"`` answers any."""
    rooms: RoomsConfig = field(default_factory=RoomsConfig)
    share_urls: tuple[str, ...] = ()
    """Where other devices open this server (``boggle serve --lan``: ``http://192.168.1.20:8000/``),
    shown on the room page instead of a loopback address."""


class ApiError(Exception):
    """A request the app refuses, with its HTTP status (always 4xx, or 503 when busy); the
    app answers it as JSON ``{"error", "status"}``.

    >>> error = ApiError(413, "1,001 words; this server takes at most 1,000 a round")
    >>> error.status, str(error)
    (413, '1,001 words; this server takes at most 1,000 a round')
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class WebContext:
    """The limits, catalogue and worker pools of one app."""

    def __init__(self, config: WebConfig) -> None:
        self.config = config
        self.limits = config.limits
        self.catalogue = Catalogue(
            config.extra_dictionaries, config.default_dictionary, config.leave_out_offensive
        )
        if isinstance(config.warm_lists, str):  # its letters were each a list name: "e"
            raise LexiconError(
                f"warm_lists is a tuple of list names like ({config.warm_lists!r:.40},), "
                f"not one text {config.warm_lists!r:.40}",
                setting="warm_lists",
            )
        for name in config.warm_lists:  # a name no list has: refused now, not in the log
            self.catalogue.check(name)
        self.solving = WorkerPool("solve", self.limits.worker_threads)
        """Solves and word-list loading."""
        self.rounds = WorkerPool("round", self.limits.round_threads)
        """Word checks, play rounds and judging: path searches, kept apart from solves."""
        self.round_processes: ProcessPool | None = None
        """The same work in processes of its own, when the limits ask for them."""
        if self.limits.round_processes > 0:
            self.round_processes = ProcessPool(
                "round",
                self.limits.round_processes,
                setup=round_process_setup,
                queue_limit=self.limits.round_queue,
                setup_args=(
                    config.extra_dictionaries,
                    config.default_dictionary,
                    config.preload,
                    config.leave_out_offensive,
                ),
            )
        self.pools: tuple[WorkerPool | ProcessPool, ...] = (
            self.solving,
            self.round_processes or self.rounds,
        )

    async def run(
        self,
        work: Callable[[], T],
        pool: WorkerPool | None = None,
        seconds: float | None = None,
        prepare: Callable[[], Any] | None = None,
        prepare_seconds: float = 60.0,
    ) -> T:
        """``work`` on a worker thread (of the solving pool unless named): a 408, with the
        work stopped, past ``seconds`` (the limits' ``solve_seconds`` unless given); a 503
        when the pool's queue is full.  With ``prepare``, ``prepare()`` first (the
        threads share one catalogue: on any of them), within ``prepare_seconds``, outside
        the work's ``seconds``."""
        seconds = self.limits.solve_seconds if seconds is None else seconds
        workers = pool or self.solving
        try:
            if prepare is not None:
                await workers.run(prepare, prepare_seconds)
            return await workers.run(work, seconds)
        except TimeoutError:
            limit = _limit(seconds, None if prepare is None else prepare_seconds)
            raise ApiError(408, f"the work took longer than the limit of {limit}") from None
        except PoolBusy as busy:
            raise ApiError(503, f"{busy}; try again in a moment") from None

    async def run_round(
        self,
        function: Callable[..., T],
        *args: Any,
        seconds: float | None = None,
        prepare: tuple[Callable[..., Any], tuple[Any, ...]] | None = None,
        prepare_seconds: float = 60.0,
    ) -> T:
        """``function(catalogue, *args)`` (a module-level function: it may go to another
        process) in the round processes, or on the round threads: word checks, play rounds
        and judging.  A 408 past ``seconds`` (the limits' ``solve_seconds`` unless given), a
        503 when the queue is full.  With ``prepare`` ``(preparation, prepare_args)``,
        ``preparation(catalogue, *prepare_args)`` first, where the work will run (the same
        round process), within ``prepare_seconds``, outside the work's ``seconds``."""
        seconds = self.limits.solve_seconds if seconds is None else seconds
        processes = self.round_processes
        if processes is None:  # the round threads share one catalogue: any of them
            preparation = None
            if prepare is not None:
                prepared, prepare_args = prepare
                preparation = functools.partial(prepared, self.catalogue, *prepare_args)
            return await self.run(
                lambda: function(self.catalogue, *args),
                self.rounds,
                seconds,
                prepare=preparation,
                prepare_seconds=prepare_seconds,
            )
        try:
            return await processes.run(
                function, *args, seconds=seconds, prepare=prepare, prepare_seconds=prepare_seconds
            )
        except TimeoutError:
            limit = _limit(seconds, None if prepare is None else prepare_seconds)
            raise ApiError(408, f"the work took longer than the limit of {limit}") from None
        except PoolBusy as busy:
            raise ApiError(503, f"{busy}; try again in a moment") from None

    def board(self, text: str) -> Board:
        """The board, or a 400 (does not parse) or 413 (over the size limits)."""
        return self.within_limits(Board.parse(text))

    def within_limits(self, board: Board) -> Board:
        """``board``, or a 413 when it is over this server's size limits."""
        limits = self.limits
        rows, cols = board.rows, board.cols
        if rows > limits.max_side or cols > limits.max_side or board.size > limits.max_cells:
            side, cells = limits.max_side, limits.max_cells
            refusal = too_large(rows, cols, max_side=side, max_cells=cells, taker="this server")
            raise ApiError(413, refusal)
        return board

    def rules_for(
        self, board: Board | None, name: str | None = None, min_length: int | None = None
    ) -> Rules:
        """The named preset, or the board's (the small board's without one), with
        ``min_length``: the library's :class:`~boggle.model.rules.RulesChoice`; a 422 for a
        ``min_length`` longer than any word the board can hold."""
        try:
            return RulesChoice(name, min_length=min_length).for_board(board)
        except RulesError as error:
            raise ApiError(422, str(error)) from None

    def shutdown(self) -> None:
        for pool in self.pools:
            pool.shutdown()


def _limit(seconds: float, prepare_seconds: float | None) -> str:
    """A 408's limit: the work's, and its preparation's where it has one.

    >>> _limit(5, None), _limit(5, 60)
    ('5 s', '5 s (after at most 60 s to prepare it)')
    """
    if prepare_seconds is None:
        return f"{seconds:g} s"
    return f"{seconds:g} s (after at most {prepare_seconds:g} s to prepare it)"


def round_process_setup(
    files: dict[str, Path], default: str, preload: bool, leave_out_offensive: bool = False
) -> Catalogue:
    """A round process's own catalogue of the server's lists (the default one loaded now
    when the server preloads it; the index offline rounds of larger boards read is built
    by the first that reads it: :func:`~boggle.web.routes.offline_preparation`)."""
    catalogue = Catalogue(files, default, leave_out_offensive)
    if preload:
        catalogue.get(None)
        freeze_long_lived()
    return catalogue


SERVER_GC_THRESHOLDS = (10_000, 20, 20)
"""The collector's thresholds in a server (Python's are 700, 10, 10): the rooms keep every
word and answer of a round, and each full pass looks through all of them; young objects
collected 14 times less often and full passes 4 times rarer still."""


def freeze_long_lived() -> None:
    """Keep what the server holds for good (word lists, their indexes, the app) out of the
    garbage collector's full passes: with a list loaded, each pass took 110 ms (several
    times that on a busy machine), a stall for every client; frozen, a few microseconds.
    Called once the lists are loaded (garbage is collected first, so none is kept); the
    collector then runs less often (:data:`SERVER_GC_THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*SERVER_GC_THRESHOLDS)


def web_context(connection: HTTPConnection) -> WebContext:
    """The app's context, for ``Depends``:
    ``context: Annotated[WebContext, Depends(web_context)]``."""
    context: WebContext = connection.app.state.context
    return context
