"""Rooms, the daily board and stored results over HTTP and WebSockets (an APIRouter).

This module only carries messages: what a message does is decided by
:mod:`boggle.rooms`.  ``/ws/rooms`` is the room socket (``docs/web.md`` lists its
messages), ``/room`` and ``/room/{code}`` the room page (the daily board is
:mod:`boggle.web.daily`, included here),
``GET /api/rooms/{code}/results`` a room's stored results.

>>> from fastapi.testclient import TestClient
>>> from boggle.web.app import create_app
>>> with TestClient(create_app()) as client, client.websocket_connect("/ws/rooms") as socket:
...     socket.send_json({"type": "ping"})
...     socket.receive_json()
{'type': 'pong'}
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse
from starlette.requests import HTTPConnection

from boggle.catalogue import Catalogue
from boggle.engines import solve
from boggle.lexicon import Lexicon
from boggle.rooms.budget import WordBudget
from boggle.rooms.config import RoomsConfig
from boggle.rooms.hub import Hub, normalise_code
from boggle.rooms.limits import RateLimiter, RoomError
from boggle.rooms.protocol import (
    ClientMessage,
    error_message,
    feedback_message,
    parse_message,
    progress_message,
    results_message,
    room_message,
    round_started_message,
)
from boggle.rooms.room import Phase, Player, Room, judge
from boggle.rooms.settings import RoomSettings
from boggle.rooms.storage import ResultStore
from boggle.rules import rules_for_board
from boggle.web import daily as daily_routes
from boggle.web.context import WebContext, freeze_long_lived, web_context
from boggle.web.models import ErrorBody
from boggle.web.pages import page

Seat = tuple[Room, Player]

INLINE_JUDGING = 1000
"""Rounds with up to this many words in all (a few milliseconds of judging) are judged on
the event loop: on a busy machine a judging thread, holding the GIL, delays the words of
every other room far more.  Larger rounds go to the judging thread."""


class RoomService:
    """The open sockets of the rooms, by player token, and the rounds' timers."""

    def __init__(self, config: RoomsConfig, lists: Catalogue) -> None:
        self.limits = config.limits
        self.clock = config.clock
        self.lists = lists
        self.store = ResultStore(config.data_dir)
        self.hub = Hub(self.limits, taken=self.store.known)
        self.sockets: dict[str, WebSocket] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.progress_seconds = config.progress_seconds
        self.progress_due: set[str] = set()  # rooms whose counts go out soon
        self.judges = self._judges()
        self.warm: dict[str, Lexicon] = {}  # lists loaded and compiled, by name
        self._sweeper_loop: asyncio.AbstractEventLoop | None = None
        self.word_budget = WordBudget(
            self.limits.words_per_second,
            self.limits.word_burst,
            self.limits.word_wait_seconds,
            time.monotonic(),
        )
        """Words of all rooms a second (real time, whatever the rooms' clock)."""

    # ------------------------------------------------------------------ sending

    async def send(self, socket: WebSocket, payload: dict[str, Any] | str) -> None:
        text = payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))
        with contextlib.suppress(Exception):  # a socket closing under us: its reader cleans up
            await socket.send_text(text)

    async def broadcast_all(self, room: Room, payload: dict[str, Any]) -> None:
        """The same message to every player of the room (encoded once)."""
        text = json.dumps(payload, separators=(",", ":"))
        await self.broadcast(room, lambda _: text)

    async def broadcast(self, room: Room, make: Callable[[Player], dict[str, Any] | str]) -> None:
        sends = [
            self.send(self.sockets[p.token], make(p))
            for p in list(room.players.values())
            if p.token in self.sockets
        ]
        await asyncio.gather(*sends)

    async def broadcast_room(self, room: Room, joiner: Player | None = None) -> None:
        """The room's state to everyone; the last results only to ``joiner`` (the others
        have them)."""
        now = self.clock()
        await self.broadcast(
            room, lambda player: room_message(room, player, now, with_results=player is joiner)
        )

    def spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ------------------------------------------------------------------ one connection

    async def serve(self, socket: WebSocket) -> None:
        """Read one client's messages until it leaves; each refusal is an ``error`` to it."""
        self._start_sweeper()
        limiter = RateLimiter(
            self.limits.messages_per_second, self.limits.message_burst, self.clock()
        )
        seat: Seat | None = None
        refused = 0
        try:
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                data = message.get("text")
                if data is None:
                    data = message.get("bytes") or b""
                if not limiter.allow(self.clock()):
                    refused += 1
                    if refused > self.limits.max_refused_in_a_row:
                        await socket.close(1008, "too many messages")
                        return
                    rate = self.limits.messages_per_second
                    error = RoomError(
                        "rate_limited", f"too many messages: at most {rate:g} a second"
                    )
                    await self.send(socket, error_message(error))
                    continue
                refused = 0
                try:
                    seat = await self.handle(socket, parse_message(data, self.limits), seat)
                except RoomError as error:
                    await self.send(socket, error_message(error))
        finally:
            if seat is not None and self.sockets.get(seat[1].token) is socket:
                del self.sockets[seat[1].token]
                seat[1].connected = False
                self.spawn(self.broadcast_room(seat[0]))

    async def handle(
        self, socket: WebSocket, message: ClientMessage, seat: Seat | None
    ) -> Seat | None:
        kind, fields = message.type, message.fields
        if kind == "ping":
            await self.send(socket, {"type": "pong"})
            return seat
        if kind in ("create", "join", "rejoin"):
            if seat is not None:
                raise RoomError("already_in_room", "this connection is already in a room")
            return await self.enter(socket, kind, fields)
        if seat is None:
            raise RoomError("not_in_room", "join or create a room first")
        room, player = seat
        now = self.clock()
        if kind == "word":
            await self.word_turn()  # ``now`` stays the word's arrival: it counts if in time
            try:
                feedback = room.submit(player.token, fields["word"], now)
            except RoomError as error:
                if error.code == "time_up":
                    self.spawn(self.finish(room))
                raise
            await self.send(socket, feedback_message(feedback, room))
            if feedback.status == "accepted" and room.code not in self.progress_due:
                self.progress_due.add(room.code)
                self.spawn(self.send_progress(room))
        elif kind == "start":
            room.start(player.token, now)
            await self.broadcast_all(room, round_started_message(room, now))
            self.spawn(self.timer(room, room.round_number))
        elif kind == "rematch":
            room.rematch(player.token, now)
            await self.broadcast_room(room)
        elif kind == "leave":
            room.leave(player.token, now)
            self.sockets.pop(player.token, None)
            await self.send(socket, {"type": "left", "code": room.code})
            await self.broadcast_room(room)
            return None
        return seat

    async def word_turn(self) -> None:
        """Wait for a word's turn in the server's word budget; ``busy`` when it is too far."""
        wait = self.word_budget.wait(time.monotonic())
        if wait is None:
            rate = self.limits.words_per_second
            raise RoomError(
                "busy",
                f"the server is busy (at most {rate:g} words a second in all rooms): "
                "this word was not counted, send it again in a moment",
            )
        if wait > 0:
            await asyncio.sleep(wait)

    async def enter(self, socket: WebSocket, kind: str, fields: dict[str, Any]) -> Seat:
        now = self.clock()
        if kind == "create":
            offered = list(dict.fromkeys([self.lists.default, *self.lists.names()]))
            settings = RoomSettings.from_json(fields["settings"], offered, self.limits)
            lexicon = self.warm.get(settings.dictionary)
            if lexicon is None:
                lexicon = await asyncio.to_thread(self._warm, settings.dictionary)
            room, player = self.hub.create(settings, lexicon, fields["name"], now)
        elif kind == "join":
            room = self.hub.find(fields["code"])
            player = room.join(fields["name"], now)
        else:
            room = self.hub.find(fields["code"])
            player = room.player(fields["token"])
            old = self.sockets.get(player.token)
            if old is not None and old is not socket:
                replaced = RoomError("replaced", "this player connected again from elsewhere")
                await self.send(old, error_message(replaced))
                with contextlib.suppress(Exception):
                    await old.close(4000, "replaced")
        self.sockets[player.token] = socket
        player.connected = True
        room.last_activity = now
        joined = {"type": "joined", "code": room.code, "name": player.name, "token": player.token}
        await self.send(socket, joined)
        await self.broadcast_room(room, joiner=player)
        return room, player

    def _warm(self, name: str) -> Lexicon:
        """Load a list and build its solver's index before a round needs it."""
        lexicon = self.lists.get(name)
        board = RoomSettings().roll(0)
        solve(board, lexicon, rules_for_board(board.rows, board.cols))
        self.warm[name] = lexicon
        freeze_long_lived()  # a list for good: out of the collector's full passes
        return lexicon

    async def send_progress(self, room: Room) -> None:
        """Everyone's word counts, at most every ``progress_seconds`` (one message for
        all the words of that time)."""
        await asyncio.sleep(self.progress_seconds)
        self.progress_due.discard(room.code)
        await self.broadcast_all(room, progress_message(room))

    # ------------------------------------------------------------------ the clock

    async def timer(self, room: Room, number: int) -> None:
        """End round ``number`` when the room's clock says so."""
        while room.round_number == number and room.phase is Phase.PLAYING:
            left = room.remaining(self.clock())
            if left <= 0:
                await self.finish(room)
                return
            await asyncio.sleep(min(left, 0.5))  # a clock that is not the loop's is polled

    async def finish(self, room: Room) -> None:
        job = room.close_round(self.clock())
        if job is None:
            return
        if sum(len(entries.entries) for entries in job.lists) <= INLINE_JUDGING:
            judged = judge(job)
        else:
            judged = await asyncio.get_running_loop().run_in_executor(self.judges, judge, job)
        summary = room.record(judged)
        await asyncio.to_thread(
            self.store.save_round, room.code, room.match_number, job.number, summary
        )
        if room.phase is Phase.OVER:
            match = room.match_json()
            await asyncio.to_thread(self.store.save_match, room.code, room.match_number, match)
        await self.broadcast_all(room, results_message(summary))

    @staticmethod
    def _judges() -> concurrent.futures.ThreadPoolExecutor:
        """One thread judges the large rounds, one after another: judging is Python, so more
        threads would only take the GIL from the event loop that answers the words."""
        return concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="boggle-judge")

    async def stop(self) -> None:
        """Cancel the timers and the sweeper (the app is shutting down)."""
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._sweeper_loop = None
        self.judges.shutdown(wait=False, cancel_futures=True)
        self.judges = self._judges()  # an app may be started again (test clients)

    def _start_sweeper(self) -> None:
        loop = asyncio.get_running_loop()
        if self._sweeper_loop is not loop:
            self._sweeper_loop = loop
            self.spawn(self.sweep())
            self.spawn(self.watch_lag())

    async def watch_lag(self, every: float = 0.1) -> None:
        """Tell the word budget how late the event loop wakes (the delay every message
        sees), ten times a second."""
        loop = asyncio.get_running_loop()
        while True:
            before = loop.time()
            await asyncio.sleep(every)
            self.word_budget.adapt(loop.time() - before - every)

    async def sweep(self) -> None:
        """Close the rooms that have been idle for longer than the limit."""
        every = min(30.0, self.limits.idle_seconds / 2)
        while True:
            await asyncio.sleep(every)
            for room in self.hub.idle(self.clock()):
                minutes = self.limits.idle_seconds / 60
                notice = {
                    "type": "closed",
                    "code": room.code,
                    "message": f"the room was idle for {minutes:g} minutes and is closed",
                }
                await self.broadcast_all(room, notice)
                for player in room.players.values():
                    socket = self.sockets.pop(player.token, None)
                    if socket is not None:
                        with contextlib.suppress(Exception):
                            await socket.close(1000, "room closed")
                self.hub.close(room.code)


def error_answer(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status)


async def room_service(connection: HTTPConnection) -> RoomService:
    """The app's rooms, made at startup or on first use (``Depends(room_service)``; async,
    so it runs on the event loop: two first connections cannot make two)."""
    state = connection.app.state
    service: RoomService | None = getattr(state, "rooms", None)
    if service is None:
        service = state.rooms = RoomService(state.config.rooms, web_context(connection).catalogue)
    return service


@contextlib.asynccontextmanager
async def _lifespan(app: Any) -> AsyncIterator[None]:
    if getattr(app.state, "rooms", None) is None:
        app.state.rooms = RoomService(app.state.config.rooms, app.state.context.catalogue)
    yield
    service: RoomService | None = getattr(app.state, "rooms", None)
    if service is not None:
        await service.stop()


router = APIRouter(lifespan=_lifespan)
router.include_router(daily_routes.router)  # /daily, /api/daily
Service = Annotated[RoomService, Depends(room_service)]
Context = Annotated[WebContext, Depends(web_context)]


@router.websocket("/ws/rooms")
async def room_socket(socket: WebSocket, service: Service) -> None:
    await socket.accept()
    await service.serve(socket)


ROOM_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "a code that is not 6 characters of A-Z, 2-9"},
    404: {"model": ErrorBody, "description": "no open room and no stored results"},
}


@router.get("/api/rooms/{code}/results", tags=["rooms"], responses=ROOM_ERRORS)
async def room_results(code: str, service: Service) -> Any:
    """The finished rounds and matches of a room, kept across server restarts."""
    try:
        code = normalise_code(code)
    except RoomError as error:
        return error_answer(400, error.message)
    stored = await asyncio.to_thread(service.store.results, code)
    if not stored["rounds"] and not stored["matches"] and code not in service.hub.rooms:
        return error_answer(404, f"no room {code!r} is open or has stored results")
    return stored


@router.get("/room", include_in_schema=False)
async def room_page() -> HTMLResponse:
    return page("room.html")


@router.get("/room/{code}", include_in_schema=False)
async def room_page_for(code: str) -> HTMLResponse:
    return page("room.html")
