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
import collections
import concurrent.futures
import contextlib
import json
import logging
import math
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import AsyncIterator, Callable, Coroutine, Iterable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.requests import HTTPConnection

from boggle.engines import solve
from boggle.game.word_setting import with_levels
from boggle.model.rules import rules_for_board
from boggle.model.wording import grouped
from boggle.rooms.budget import WordBudget
from boggle.rooms.challenges import ChallengeStore
from boggle.rooms.config import RoomsConfig
from boggle.rooms.export import (
    MAX_MERGED_ROOMS,
    merged_standings_csv,
    renamed_matches,
    results_csv,
    standings_csv,
)
from boggle.rooms.hub import Hub, normalise_code
from boggle.rooms.limits import (
    CreationLimiter,
    KeyedRateLimiter,
    RateLimiter,
    RoomError,
    name_key,
)
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
from boggle.rooms.settings import RoomSettings, check_asked_dice
from boggle.rooms.state import RoomsFileError, read_rooms, restore_room, write_rooms
from boggle.rooms.storage import ResultStore
from boggle.web import daily as daily_routes
from boggle.web.context import JsonRoute, WebContext, freeze_long_lived, web_context
from boggle.web.middleware import IdleMark, address_key
from boggle.web.models import ErrorBody, RateLimitedBody
from boggle.web.pages import page
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.offensive import NAME_REFUSED, offensive_name

Seat = tuple[Room, Player]

log = logging.getLogger("boggle.rooms")

RETRY_FIRST_SECONDS = 1.0
"""A failed save is tried again after this, then after twice as long each time..."""
RETRY_MAX_SECONDS = 60.0
"""... up to this."""
PRUNE_SECONDS = 3600.0
"""How often rounds older than ``--keep-days`` are deleted."""

INLINE_JUDGING = 1000
"""Rounds with up to this many words in all (a few milliseconds of judging) are judged on
the event loop: on a busy machine a judging thread, holding the GIL, delays the words of
every other room far more.  Larger rounds go to the judging thread."""


SERVER_STOPPING = (
    "the server is stopping (its operator stopped or restarted it), so this room is closed:"
    " the rounds and matches it finished are kept; create a room to play again"
)
"""What the players of a room open when the server stops read (:meth:`RoomService.close_all`)."""
NO_NEW_ROOMS = (
    "the server is stopping (its operator stopped or restarted it), so no room can be created"
    " or joined now; try again in a moment"
)
"""What a client creating or joining a room as the server stops is told
(:meth:`RoomService.keep_all`, :meth:`RoomService.close_all`)."""
RESTARTING = 1012
"""The close code of a room's connection when the server stops keeping its rooms
(:meth:`RoomService.keep_all`): service restart, the page reconnects."""


class RoomService:
    """The open sockets of the rooms, by player token, and the rounds' timers."""

    def __init__(self, config: RoomsConfig, lists: Catalogue) -> None:
        self.limits = config.limits
        self.clock = config.clock
        self.roll = config.roll
        self.lists = lists
        self.store = ResultStore(config.data_dir, config.keep_days)
        self.hub = Hub(self.limits, taken=self.store.known)
        self.creations = CreationLimiter(self.limits)
        self.creators: weakref.WeakKeyDictionary[WebSocket, RateLimiter] = (
            weakref.WeakKeyDictionary()
        )
        """Each connection's own bucket of room creations."""
        self.sockets: dict[str, WebSocket] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.progress_seconds = config.progress_seconds
        self.progress_due: set[str] = set()  # rooms whose counts go out soon
        self.judges = self._judges()
        self.rooms_file = config.rooms_file
        """Where the open rooms are kept across a restart (``None``: they are not)."""
        self.keeping = config.rooms_file is not None
        """Whether the rooms are written to ``rooms_file`` at the stop: not when what was
        there could not be read at the start (left as it is)."""
        self.stopping = False
        """Set once the rooms are being kept: messages are no longer taken (the pages send
        their words again to the next server)."""
        self.closing = False
        """Set as the server stops (:meth:`keep_all`, :meth:`close_all`), before the rooms
        are written or closed: no room is created or joined from then on (one created later
        would be neither kept nor closed), the client told why (:data:`NO_NEW_ROOMS`)."""
        self._restored = False
        self._pending = False
        """Whether ``rooms_file`` was read at the start and is still on disk: it is removed
        once the server serves (:meth:`serving`), and written again if it stops before."""
        self._kept_tried = False
        self._held_rounds: list[Room] = []
        """The rooms that came back with a round being played: their timers start once the
        rooms file is removed (:meth:`serving`), so that no round is judged and stored by a
        server that a kill could stop with the file still there for the next to judge it
        again."""
        self.restored = 0
        """How many rooms came back from ``rooms_file`` at the start."""
        self.warm: dict[str, Lexicon] = {}  # lists loaded and compiled, by name
        self._warming: dict[str, asyncio.Future[Lexicon]] = {}
        """The lists being warmed now, by name: a second asker waits for the same."""
        self._sweeper_loop: asyncio.AbstractEventLoop | None = None
        self._retrying: asyncio.Task[None] | None = None
        self._notes: tuple[asyncio.AbstractEventLoop, asyncio.Lock] | None = None
        """The lock that writes a room's notes in the order they changed (:meth:`note`)."""
        self.failures_logged: set[str] = set()
        self.per_address: collections.Counter[str] = collections.Counter()
        """Open room connections by client address."""
        self.code_lookups = KeyedRateLimiter(
            self.limits.code_lookups_per_second, self.limits.code_lookup_burst
        )
        """Room codes looked up, by client address (results requests, unknown codes)."""
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

    def spawn(self, work: Coroutine[Any, Any, None], room: Room | None = None) -> None:
        """Run ``work`` as a task; if it fails, the players of ``room`` are told (never a
        task that ends in silence)."""
        task = asyncio.create_task(self._guarded(work, room))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _guarded(self, work: Coroutine[Any, Any, None], room: Room | None) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception as error:
            cause = f"{type(error).__name__}: {error}"
            if cause not in self.failures_logged:
                self.failures_logged.add(cause)
                log.exception("a room task failed (logged once per cause)")
            if room is not None:
                room.abandon_round()
                failed = RoomError(
                    "server_error",
                    f"the server failed ({type(error).__name__}); the room goes on"
                    + ("" if room.phase is Phase.PLAYING else ": the host may start a round"),
                )
                await self.broadcast_all(room, error_message(failed))

    # ------------------------------------------------------------------ one connection

    async def serve(self, socket: WebSocket) -> None:
        """Read one client's messages until it leaves; each refusal is an ``error`` to it.
        Past the cap of connections from its address it is refused; outside a room it is
        closed after ``idle_outside_room_seconds`` without a message."""
        self.serving()  # a server run without BoundedServer: the first connection says so
        self._start_sweeper()
        address = address_key(socket.client)
        cap = self.limits.max_sockets_per_address
        if cap and self.per_address[address] >= cap:
            refusal = RoomError(
                "too_many_connections",
                f"{grouped(cap)} room connections are open from your address, the limit; close one",
            )
            await self.send(socket, error_message(refusal))
            with contextlib.suppress(Exception):
                await socket.close(1008, "too many connections")
            return
        self.per_address[address] += 1
        try:
            await self._read(socket, IdleMark.of(socket.scope))
        finally:
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]

    async def _read(self, socket: WebSocket, idle: IdleMark) -> None:
        limiter = RateLimiter(
            self.limits.messages_per_second, self.limits.message_burst, self.clock()
        )
        idle_seconds = self.limits.idle_outside_room_seconds
        seat: Seat | None = None
        refused = 0
        try:
            while True:
                if seat is None:
                    if idle.since is None:
                        idle.touch()
                    try:
                        async with asyncio.timeout_at((idle.since or 0.0) + idle_seconds):
                            message = await socket.receive()
                    except TimeoutError:
                        await self._close_idle(socket, idle_seconds)
                        return
                else:
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
                was_seated, ping = seat is not None, False
                try:
                    parsed = parse_message(data, self.limits)
                    ping = parsed.type == "ping"
                    seat = await self.handle(socket, parsed, seat)
                except RoomError as error:
                    await self.send(socket, error_message(error))
                if seat is not None:
                    idle.seated()
                elif was_seated or not ping:
                    idle.touch()
        finally:
            if seat is not None and self.sockets.get(seat[1].token) is socket:
                room, player = seat
                del self.sockets[player.token]
                room.dropped(player.token, self.clock())
                self.spawn(self.broadcast_room(room), room)
                if room.host == player.token:
                    self.spawn(self.pass_host_later(room), room)

    async def _close_idle(self, socket: WebSocket, seconds: float) -> None:
        idle = RoomError(
            "idle", f"closed after {seconds:g} s in no room without a message; connect again"
        )
        await self.send(socket, error_message(idle))
        with contextlib.suppress(Exception):
            await socket.close(1000, "idle")

    async def pass_host_later(self, room: Room) -> None:
        """When an absent host's grace time is over (:meth:`Room.host_grace_left`, on the
        rooms' clock), a connected player becomes host (:meth:`Room.pass_host_on`)."""
        while self.hub.rooms.get(room.code) is room:
            left = room.host_grace_left(self.clock())
            if left is None:
                return  # back, or the role has passed
            if left <= 0:
                if room.pass_host_on(self.clock()):
                    await self.broadcast_room(room)
                return  # else nobody is there: the first to come takes it (``enter``)
            await asyncio.sleep(min(left, 0.5))  # a clock that is not the loop's is polled

    async def handle(
        self, socket: WebSocket, message: ClientMessage, seat: Seat | None
    ) -> Seat | None:
        kind, fields = message.type, message.fields
        if self.closing and kind in ("create", "join"):
            raise RoomError("stopping", NO_NEW_ROOMS)
        if self.stopping:  # the rooms are kept as they were: the page sends it again after
            return seat
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
            if self.stopping:
                return seat
            try:
                feedback = room.submit(player.token, fields["word"], now)
            except RoomError as error:
                if error.code == "time_up":
                    self.spawn(self.finish(room), room)
                raise
            await self.send(socket, feedback_message(feedback, room))
            if feedback.status == "accepted" and room.code not in self.progress_due:
                self.progress_due.add(room.code)
                self.spawn(self.send_progress(room), room)
        elif kind == "start":
            room.start(player.token, now, self.roll(room.settings, room.lexicon))
            await self.broadcast_all(room, round_started_message(room, now))
            self.spawn(self.timer(room, room.round_number), room)
        elif kind == "rematch":
            if "settings" not in fields:
                room.rematch(player.token, now)
            else:  # new settings: checked, and refused, before their word list is loaded
                settings = self.settings_of(fields["settings"])
                room.check_rematch(player.token)
                lexicon = await self.lexicon_of(settings.dictionary)
                if self.stopping:  # the room was kept as it stood while the list was read
                    return seat
                check_asked_dice(fields["settings"], lexicon)  # the dice of English boards only
                room.rematch(player.token, self.clock(), settings, lexicon)
            await self.broadcast_room(room)
        elif kind == "remove":
            gone = room.remove(player.token, fields["name"], now)
            self.note(room, "removed", list(room.removed))  # kept once the room is closed
            removed = self.sockets.pop(gone.token, None)
            if removed is not None:
                told = RoomError(
                    "removed",
                    f"the host removed you from room {room.code}; join it again "
                    "under another name if the host asks you to",
                )
                await self.send(removed, error_message(told))
                with contextlib.suppress(Exception):
                    await removed.close(1000, "removed")
            await self.broadcast_room(room)
        elif kind == "challenge":  # made by the host's page (POST /api/challenges): kept here
            room.check_challenge(player.token)
            try:
                made = await asyncio.to_thread(ChallengeStore(self.store).find, fields["code"])
            except sqlite3.Error as error:
                raise RoomError("not_stored", f"challenges cannot be read now ({error})") from None
            kept = room.keep_challenge(player.token, made.code, str(made.board))
            self.note(room, "challenge", kept)
            await self.broadcast_room(room)
        elif kind == "rename":
            if self.lists.leave_out_offensive and offensive_name(fields["name"]):
                raise RoomError("bad_name", NAME_REFUSED)
            was = room.rename(player.token, fields["name"], now)
            if was != player.name:  # said first: the next room message lacks the old name
                self.note(room, "renamed", [dict(entry) for entry in room.renames])
                renamed = {"type": "renamed", "old": was, "name": player.name}
                await self.broadcast_all(room, renamed)
                await self.broadcast_room(room)
            else:  # the name they have (the box opens holding it): answered, nothing changed
                await self.send(socket, {"type": "renamed", "old": was, "name": was})
        elif kind == "leave":
            closed = self.hub.leave(room, player.token, now)
            self.sockets.pop(player.token, None)
            if room.host_grace_left(now):  # nobody was there: the role went to someone away
                self.spawn(self.pass_host_later(room), room)
            await self.send(socket, {"type": "left", "code": room.code})
            if not closed:
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
        if kind != "rejoin" and self.lists.leave_out_offensive and offensive_name(fields["name"]):
            raise RoomError("bad_name", NAME_REFUSED)
        code = str(fields.get("code", ""))
        released: str | None = None
        if kind == "create":
            settings = self.settings_of(fields["settings"])
            own = self.creators.get(socket)
            if own is None:
                own = self.creators[socket] = self.creations.for_connection(now)
            self.creations.admit(own, address_key(socket.client), now)
            lexicon = await self.lexicon_of(settings.dictionary)
            if self.closing:  # the server began to stop while the list was read
                raise RoomError("stopping", NO_NEW_ROOMS)
            check_asked_dice(fields["settings"], lexicon)  # the dice of English boards only
            room, player = self.hub.create(settings, lexicon, fields["name"], now)
        elif kind == "join" and not self._own_seat(room := self._find(socket, code, now), fields):
            # a shared device's seat of its last pupil, joined under another name: released
            device = room.players.get(fields.get("token") or "")
            marked = list(room.removed)
            player = room.join(fields["name"], now, fields.get("token"))
            if room.removed != marked:  # removed, then back: no longer marked once closed
                self.note(room, "removed", list(room.removed))
            if device is not None and device.token not in room.players:
                released = device.name
        else:  # a rejoin, or a join under the name of the seat its browser has (a rejoin)
            kind = "rejoin"
            room = self._find(socket, code, now)
            player = room.player(fields["token"])
            old = self.sockets.get(player.token)
            if old is not None and old is not socket:
                replaced = RoomError(
                    "replaced",
                    # not "join again": a join under the seat's name is refused while the
                    # other tab holds it; the seat's token (the page's "Back to the room",
                    # the room's link opened again) takes it back
                    "you opened this room again in another tab or on another device, which"
                    " plays now; open the room's link here again to take your seat back",
                )
                await self.send(old, error_message(replaced))
                with contextlib.suppress(Exception):
                    await old.close(4000, "replaced")
        self.sockets[player.token] = socket
        if kind == "rejoin":  # once the old connection is replaced: its drop does not count
            room.rejoin(player.token, now)
        joined = {"type": "joined", "code": room.code, "name": player.name, "token": player.token}
        if released is not None:  # the device's seat of another name, released for this join
            joined["released"] = released
        await self.send(socket, joined)
        await self.broadcast_room(room, joiner=player)
        return room, player

    @staticmethod
    def _own_seat(room: Room, fields: dict[str, Any]) -> bool:
        """Whether a ``join`` names the seat its browser has in ``room`` (its ``token``)
        under that seat's name: it takes the seat back, as a ``rejoin`` does."""
        seat = room.players.get(fields.get("token") or "")
        return seat is not None and name_key(seat.name) == name_key(
            " ".join(fields["name"].split())
        )

    def settings_of(self, asked: dict[str, Any]) -> RoomSettings:
        """A room's settings as a client asked for them (``create``, ``rematch``)."""
        offered = list(dict.fromkeys([self.lists.default, *self.lists.names()]))
        return RoomSettings.from_json(asked, offered, self.limits)

    async def lexicon_of(self, name: str) -> Lexicon:
        """The word list ``name``, loaded and warmed (off the event loop) the first time;
        while it is being warmed (:meth:`warm_up` at the start, another room), the one
        warming is waited for, not a second begun."""
        lexicon = self.warm.get(name)
        if lexicon is not None:
            return lexicon
        warming = self._warming.get(name)
        if warming is None or warming.get_loop() is not asyncio.get_running_loop():
            warming = self._warm_in_background(name)
            self._warming[name] = warming
            warming.add_done_callback(lambda done: self._done_warming(name, done))
        return await asyncio.shield(warming)  # one asker cancelled: the others still wait

    def _done_warming(self, name: str, done: asyncio.Future[Lexicon]) -> None:
        if self._warming.get(name) is done:
            del self._warming[name]
        if not done.cancelled():
            done.exception()  # retrieved: a failure every asker left is not logged as lost

    def _warm_in_background(self, name: str) -> asyncio.Future[Lexicon]:
        """:meth:`_warm` on a daemon thread of its own, its lexicon (or its error) set on the
        future returned.  Not the event loop's executor (``asyncio.to_thread``): the server
        stopped (Ctrl-C) joins that executor's threads, and the interpreter joins them again
        at exit, so a server stopped in the seconds after its start waited for the list to
        be ready before it ended; a daemon thread is left to the process's exit."""
        loop = asyncio.get_running_loop()
        warming: asyncio.Future[Lexicon] = loop.create_future()

        def settle(lexicon: Lexicon | None, error: BaseException | None) -> None:
            if warming.done():  # cancelled (every asker gone)
                return
            if error is not None:
                warming.set_exception(error)
            else:
                warming.set_result(lexicon)  # type: ignore[arg-type]

        def run() -> None:
            try:
                outcome: tuple[Lexicon | None, BaseException | None] = (self._warm(name), None)
            except BaseException as error:  # handed to the askers, as to_thread hands it
                outcome = (None, error)
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
                loop.call_soon_threadsafe(settle, *outcome)

        threading.Thread(target=run, name=f"boggle warm-up {name}", daemon=True).start()
        return warming

    async def warm_up(self, names: Iterable[str] = ()) -> None:
        """Warm the list a room plays by default (:meth:`_warm`), then each of ``names``
        (``boggle serve --warm``) in turn, one at a time, as the server starts, off the event
        loop and not waited for by the start: the first room's words are checked at once
        rather than after seconds of reading the list, and the port is bound as soon as
        without it.  The server stopping cancels this: no list is begun after, and the one
        being warmed is left to its daemon thread (:meth:`_warm_in_background`).  A list
        that fails is one line in the log, and the next is warmed."""
        for name in dict.fromkeys([self.lists.default, *names]):
            try:
                await self.lexicon_of(name)
            except Exception as error:  # the next list is warmed still; a room asks again
                log.error("the word list %s was not made ready at the start: %s", name, error)

    def _find(self, socket: WebSocket, code: str, now: float) -> Room:
        """The open room of ``code``; each unknown code counts against the client's address
        (as a results request does), so that codes cannot be guessed."""
        address = address_key(socket.client)
        if wait := self.code_lookups.wait(address, now, take=False):
            raise self.too_many_lookups(wait)
        try:
            return self.hub.find(code)
        except RoomError as error:
            if error.code == "unknown_room":
                self.code_lookups.wait(address, now)
            raise

    def too_many_lookups(self, wait: float) -> RoomError:
        rate = self.limits.code_lookups_per_second
        seconds = max(1, math.ceil(wait))
        return RoomError(
            "rate_limited",
            f"too many room codes looked up (at most {rate:g} a second from one address); "
            f"try again in {seconds} s",
            retry_after=seconds,
        )

    def _warm(self, name: str) -> Lexicon:
        """Load a list and build its solver's index, its words' levels, its written forms and
        its set of words (the word check's ``word in lexicon``) before a round needs them
        (seconds for a big list the first time)."""
        lexicon = self.lists.get(name)
        board = RoomSettings().roll(0)
        with_levels(solve(board, lexicon, rules_for_board(board.rows, board.cols)))
        lexicon.written_forms()  # read here, not on the event loop at a round's first word
        lexicon.word_set  # noqa: B018 - built here, not at a room's first word not on its board
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
        """End round ``number`` when the room's clock says so (a room closed meanwhile
        is not judged)."""
        while (
            room.round_number == number
            and room.phase is Phase.PLAYING
            and self.hub.rooms.get(room.code) is room
        ):
            left = room.remaining(self.clock())
            if left <= 0:
                await self.finish(room)
                return
            await asyncio.sleep(min(left, 0.5))  # a clock that is not the loop's is polled

    async def finish(self, room: Room) -> None:
        """Judge the round, store it and send everyone the results: sent even when they
        cannot be stored (``saved`` false: held and tried again, see :meth:`retry_saves`)."""
        job = room.close_round(self.clock())
        if job is None:
            return
        if sum(len(entries.entries) for entries in job.lists) <= INLINE_JUDGING:
            judged = judge(job)
        else:
            judged = await asyncio.get_running_loop().run_in_executor(self.judges, judge, job)
        summary = room.record(judged)
        match = room.match_json() if room.phase is Phase.OVER else None
        try:
            saved = await asyncio.to_thread(self._keep, room.code, job.number, summary, match)
        except Exception:  # never the players' results: the store's own failures are held
            log.exception("the results of room %s were not stored", room.code)
            saved = False
        if not saved and self._retrying is None:
            self._retrying = asyncio.create_task(self.retry_saves())
        summary["saved"] = saved  # the room's last summary: what a late joiner is shown
        summary["evening"] = room.evening_table()  # sent, not stored: standings.csv has it
        await self.broadcast_all(room, results_message(summary))

    def note(self, room: Room, name: str, value: Any) -> None:
        """Store a note of the room as it is now (:meth:`ResultStore.keep_note`: the names
        removed, the challenge made of it), off the event loop, the notes written in the
        order they changed: the room's results keep it once the room is closed."""
        loop = asyncio.get_running_loop()
        if self._notes is None or self._notes[0] is not loop:  # an app started again
            self._notes = (loop, asyncio.Lock())
        self.spawn(self._write_note(self._notes[1], room.code, name, value))

    async def _write_note(self, lock: asyncio.Lock, code: str, name: str, value: Any) -> None:
        async with lock:
            try:
                saved = await asyncio.to_thread(self.store.keep_note, code, name, value)
            except Exception:  # the store's own failures are held
                log.exception("the %s of room %s was not stored", name, code)
                saved = False
        if not saved and self._retrying is None:
            self._retrying = asyncio.create_task(self.retry_saves())

    def _keep(
        self, code: str, number: int, summary: dict[str, Any], match: dict[str, Any] | None
    ) -> bool:
        saved = self.store.keep_round(code, summary["match"], number, summary)
        if match is not None:
            saved = self.store.keep_match(code, match["match"], match) and saved
        return saved

    async def retry_saves(self) -> None:
        """Try the held writes again, waiting longer each time (up to a minute)."""
        delay = RETRY_FIRST_SECONDS
        try:
            while True:
                await asyncio.sleep(delay)
                try:
                    if await asyncio.to_thread(self.store.flush):
                        return
                except Exception as error:  # the store's own failures are not raised
                    if str(error) not in self.failures_logged:
                        self.failures_logged.add(str(error))
                        log.exception("held results not written (logged once per cause)")
                delay = min(delay * 2, RETRY_MAX_SECONDS)
        finally:
            self._retrying = None

    async def prune(self) -> None:
        """Delete the rounds older than the store's ``keep_days``, every hour (and the
        challenges nobody played for as long: the open rooms that kept one are told).  A
        failure is one line in the log (once per cause), and the next hour's runs all the
        same: one raised out of this loop ended the pruning for the server's life."""
        while True:
            try:
                await asyncio.to_thread(self.store.prune)
                await self.expire_challenges()
            except sqlite3.Error as error:
                if str(error) not in self.failures_logged:
                    self.failures_logged.add(str(error))
                    log.error("old results not pruned: %s (logged once per cause)", error)
            except Exception as error:  # not the store's: the next hour's prune runs anyway
                cause = f"{type(error).__name__}: {error}"
                if cause not in self.failures_logged:
                    self.failures_logged.add(cause)
                    log.error(
                        "the rooms' kept challenges not checked: %s (logged once per cause)",
                        cause,
                    )
            await asyncio.sleep(PRUNE_SECONDS)

    async def expire_challenges(self) -> None:
        """Each open room whose kept challenge was deleted (pruned) keeps it ``expired``,
        without its link (:meth:`ChallengeStore.kept_by_room`): its pages offer no link to a
        page that is gone (the host may make another), and its results say so once closed.
        Each room on its own: one that fails (its broadcast, its store) is one line in the
        log (once per cause), and the other rooms are checked all the same."""
        challenges = ChallengeStore(self.store)
        for room in list(self.hub.rooms.values()):
            try:
                await self._expire_challenge(challenges, room)
            except Exception as error:
                cause = f"{type(error).__name__}: {error}"
                if cause not in self.failures_logged:
                    self.failures_logged.add(cause)
                    log.error(
                        "room %s's kept challenge not checked: %s (logged once per cause)",
                        room.code,
                        cause,
                    )

    async def _expire_challenge(self, challenges: ChallengeStore, room: Room) -> None:
        """``room``'s kept challenge ``expired`` where it was deleted, its players told."""
        kept = room.challenge
        if kept is None or kept.get("expired"):
            return
        shown = await asyncio.to_thread(challenges.kept_by_room, kept)
        if shown.get("expired") and room.challenge is kept:  # not made again meanwhile
            room.challenge = shown
            self.note(room, "challenge", shown)
            await self.broadcast_room(room)

    @staticmethod
    def _judges() -> concurrent.futures.ThreadPoolExecutor:
        """One thread judges the large rounds, one after another: judging is Python, so more
        threads would only take the GIL from the event loop that answers the words."""
        return concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="boggle-judge")

    def counts(self) -> dict[str, int]:
        """The rooms open, those playing a round (being played or judged: lost if the server
        stopped now, unless it keeps its rooms in ``rooms_file``) and the players connected,
        for ``GET /api/health``."""
        rooms = list(self.hub.rooms.values())
        playing = (Phase.PLAYING, Phase.JUDGING)
        return {
            "open": len(rooms),
            "playing": sum(room.phase in playing for room in rooms),
            "players": sum(p.connected for room in rooms for p in room.players.values()),
        }

    async def restore(self) -> None:
        """Bring back the rooms kept in ``rooms_file`` by the server stopped before
        (:mod:`boggle.rooms.state`), once: their rounds' clocks, the host's grace time and
        the idle time run again (a round is ended and judged only once the server serves,
        :meth:`serving`).  The file stays on disk until the server serves
        (:meth:`serving`, then it is removed: a server killed later, which writes nothing,
        must not bring them back as they were); a server that stops before (its port taken)
        writes its rooms to it again (:meth:`stop`).  At most ``max_rooms`` come back, the
        most recently active first; the others are one line in the log.  A file that cannot
        be read is one line in the log and is left as it is: the server starts without its
        rooms and does not write over it at the stop.  A room that cannot come back (its
        word list is no longer offered, or it was idle past the limit, counting the time the
        server was down) is left out, the first in a line."""
        if self.rooms_file is None or self._restored:
            return
        self._restored = True
        path = self.rooms_file
        try:
            kept = await asyncio.to_thread(read_rooms, path)
        except RoomsFileError as error:
            self.keeping = False
            log.error("%s; the server starts without its rooms and does not write over it", error)
            return
        self._pending = True
        now = self.clock()
        left_out: list[str] = []
        over_limit = 0
        for entry in sorted(kept.rooms, key=_idle_of):
            code = str(entry.get("code"))
            try:
                if float(entry["idle"]) + kept.ago > self.limits.idle_seconds:
                    continue  # closed as idle, as it would have been
                if len(self.hub.rooms) >= self.limits.max_rooms:
                    over_limit += 1
                    continue
                lexicon = await self.lexicon_of(entry["settings"]["dictionary"])
                room = restore_room(entry, lexicon, self.limits, now)
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                left_out.append(f"{code} ({type(error).__name__}: {str(error)[:160]})")
                continue
            if room.code in self.hub.rooms:
                continue
            self.hub.rooms[room.code] = room
            self.restored += 1
            if room.phase is Phase.PLAYING:
                self._held_rounds.append(room)  # its timer starts once serving
            if room.host_grace_left(now) is not None:
                self.spawn(self.pass_host_later(room), room)
        if left_out:
            log.warning(
                "%d rooms of %s did not come back: %s", len(left_out), path, ", ".join(left_out)
            )
        if over_limit:
            log.warning(
                "%d rooms of %s did not come back: over the limit of %d rooms (the most "
                "recently active came back)",
                over_limit,
                path,
                self.limits.max_rooms,
            )

    def serving(self) -> None:
        """The server serves (its port bound, or a first connection taken): the rooms file
        read at the start is removed, once, so that a server killed later does not bring
        its rooms back as they were; then the timers of the rounds that came back start.
        Not before: a round whose time ran out while the server started (reading its lists
        takes seconds) was judged and stored with the file still on disk, and a server
        killed then (SIGKILL) left it for the next to judge and store that round again."""
        if self._pending and self.rooms_file is not None:
            self._pending = False
            _remove_rooms_file(self.rooms_file)
        held, self._held_rounds = self._held_rounds, []
        for room in held:
            if self.hub.rooms.get(room.code) is room and room.phase is Phase.PLAYING:
                self.spawn(self.timer(room, room.round_number), room)

    async def keep_all(self) -> tuple[int, int] | None:
        """The server is stopping, keeping its rooms: the timers stop, every open room is
        written to ``rooms_file`` as it stands, and its players' connections are closed
        with code 1012 (service restart), on which their pages reconnect until the next
        server takes them back.  The rooms and the players told, counted; ``None`` when the
        rooms are not kept (no file, one that could not be read at the start, or the write
        failed, said in the log): :meth:`close_all` closes them."""
        if self.rooms_file is None or not self.keeping:
            return None
        self._kept_tried = True
        self.stopping = self.closing = True  # from here no room is created (nor kept)
        tasks = list(self.tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        rooms = list(self.hub.rooms.values())
        try:  # on the event loop: nothing changes a room while it is written
            write_rooms(self.rooms_file, rooms, self.clock())
        except (OSError, RoomsFileError) as error:
            reason = error.strerror if isinstance(error, OSError) else str(error)
            log.error("the open rooms were not kept in %s: %s", self.rooms_file, reason)
            self.stopping = False
            return None
        told = 0
        for room in rooms:
            for player in room.players.values():
                socket = self.sockets.pop(player.token, None)
                if socket is not None:
                    told += 1
                    with contextlib.suppress(Exception):
                        await socket.close(RESTARTING, "the server is restarting")
            self.hub.close(room.code)
        return len(rooms), told

    async def close_all(self) -> tuple[int, int]:
        """The server is stopping: every open room is closed, its connected players told
        why (a ``closed`` message, after which the page offers to create a room rather than
        trying again and again to take its seat in a room the next server will not have) and
        their connections closed.  The rooms and the players told, counted.  From the
        start no room is created or joined (:attr:`closing`): one created while the others
        are told would be left open."""
        self.closing = True
        rooms = list(self.hub.rooms.values())
        told = 0
        for room in rooms:
            notice = {"type": "closed", "code": room.code, "message": SERVER_STOPPING}
            await self.broadcast_all(room, notice)
            for player in room.players.values():
                socket = self.sockets.pop(player.token, None)
                if socket is not None:
                    told += 1
                    with contextlib.suppress(Exception):
                        await socket.close(1001, "the server is stopping")
            self.hub.close(room.code)
        return len(rooms), told

    async def stop(self) -> None:
        """Cancel the timers and the sweeper (the app is shutting down).  A server that
        read its rooms file but never served (its port taken) writes its rooms back to it
        as they are now, for the next start, rather than losing them."""
        if self._pending and not self._kept_tried:
            await self.keep_all()
        tasks = list(self.tasks)
        if self._retrying is not None:
            tasks.append(self._retrying)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._sweeper_loop = None
        self.stopping = self.closing = False  # an app may be started again (test clients)
        self.judges.shutdown(wait=False, cancel_futures=True)
        self.judges = self._judges()  # an app may be started again (test clients)

    def _start_sweeper(self) -> None:
        loop = asyncio.get_running_loop()
        if self._sweeper_loop is not loop:
            self._sweeper_loop = loop
            self.spawn(self.sweep())
            self.spawn(self.prune())
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


def _remove_rooms_file(path: os.PathLike[str]) -> None:
    """Remove the rooms file read at the start, once the server serves; one that cannot be
    removed (its directory's permissions changed since the start, the file made immutable)
    is emptied, which the next start reads as no rooms, as it would find no file.  One that
    can be neither is an error in the log that says what it means and what to do: a server
    killed from then on (SIGKILL, a power cut) leaves the next to bring its rooms back as
    they were at this start and to play their rounds again."""
    try:
        os.unlink(path)
        return
    except FileNotFoundError:
        return
    except OSError as error:
        why = error.strerror
    try:
        with open(path, "r+b") as emptied:
            emptied.truncate(0)
    except OSError:
        log.error(
            "the rooms file %s was read but can be neither removed nor emptied (%s): remove it "
            "by hand now; if the server is killed (SIGKILL, a power cut) before it stops as "
            "usual, the next start brings back its rooms as they were at this start",
            path,
            why,
        )
        return
    log.warning("the rooms file %s was read but cannot be removed (%s): it is emptied", path, why)


def _idle_of(entry: Any) -> float:
    """How long a kept room had been idle (a damaged entry last: it fails later)."""
    try:
        return float(entry["idle"])
    except (KeyError, TypeError, ValueError):
        return float("inf")


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
    await app.state.rooms.restore()  # the rooms the server stopped before kept
    app.state.rooms._start_sweeper()  # old results pruned from the start
    if app.state.config.preload:  # the rooms' list too, as the server's (not waited for)
        app.state.rooms.spawn(app.state.rooms.warm_up(app.state.config.warm_lists))
    yield
    service: RoomService | None = getattr(app.state, "rooms", None)
    if service is not None:
        await service.stop()


router = APIRouter(lifespan=_lifespan, route_class=JsonRoute)
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
    429: {"model": RateLimitedBody, "description": "too many requests from this address"},
}


def rate_limited_answer(error: RoomError) -> JSONResponse:
    """The 429 of a refusal that passes with time: ``retry_after`` (whole seconds) in the
    body and the ``Retry-After`` header alike, as every 429 of the API answers."""
    seconds = max(1, math.ceil(error.retry_after or 1))
    return JSONResponse(
        {"error": error.message, "status": 429, "retry_after": seconds},
        status_code=429,
        headers={"Retry-After": str(seconds)},
    )


def _refused(service: RoomService, wait: float) -> JSONResponse:
    """A 429 answer saying when to look a code up again."""
    return rate_limited_answer(service.too_many_lookups(wait))


@router.get("/api/rooms/{code}", tags=["rooms"], responses=ROOM_ERRORS)
async def room_state(code: str, service: Service, request: Request) -> Any:
    """Whether a room is open: ``{"code": "ABC234", "open": true}``, or ``false`` for a
    closed room whose results are kept; 404 for a code no room has.  A room link's page asks
    before a name is typed.  A code not open counts against the address as a results request
    does (a few a second), so that codes cannot be guessed."""
    address = address_key(request.client)
    now = service.clock()
    if wait := service.code_lookups.wait(address, now, take=False):
        return _refused(service, wait)
    try:
        code = normalise_code(code)
    except RoomError as error:
        return error_answer(400, error.message)
    if code in service.hub.rooms:
        return {"code": code, "open": True}
    service.code_lookups.wait(address, now)
    stored = await asyncio.to_thread(service.store.results, code)
    if not stored["rounds"] and not stored["matches"]:
        return error_answer(404, f"no room {code!r} is open or has stored results")
    return {"code": code, "open": False}


@router.get("/api/rooms/{code}/results", tags=["rooms"], responses=ROOM_ERRORS)
async def room_results(code: str, service: Service, request: Request) -> Any:
    """The finished rounds and matches of a room, kept across server restarts (a few
    requests a second from one address, so that codes cannot be guessed)."""
    wait = service.code_lookups.wait(address_key(request.client), service.clock())
    if wait > 0:
        return _refused(service, wait)
    try:
        code = normalise_code(code)
    except RoomError as error:
        return error_answer(400, error.message)
    stored = await asyncio.to_thread(service.store.results, code)
    if not stored["rounds"] and not stored["matches"] and code not in service.hub.rooms:
        return error_answer(404, f"no room {code!r} is open or has stored results")
    room = service.hub.rooms.get(code)
    if room is not None:  # removed since its last round, or joined again since: as now
        stored["removed"] = list(room.removed)
        if room.renames:  # a name changed since its last round too
            stored["renamed"] = [dict(entry) for entry in room.renames]
    # a match is read under its players' names now, as the spreadsheets read the rounds (each
    # round keeps the names it was played under, with the changes since in ``renamed``)
    stored["matches"] = renamed_matches(stored)
    if isinstance(stored.get("challenge"), dict):  # deleted since (keep_days): no dead link
        challenges = ChallengeStore(service.store)
        stored["challenge"] = await asyncio.to_thread(challenges.kept_by_room, stored["challenge"])
    return stored


def csv_download(text: str, filename: str) -> Response:
    """A spreadsheet (CSV) the browser saves as ``filename`` rather than shows.

    >>> csv_download("a,b\\r\\n", "x.csv").headers["content-disposition"]
    'attachment; filename="x.csv"'
    """
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


@router.get("/api/rooms/{code}/results.csv", tags=["rooms"], responses=ROOM_ERRORS)
async def room_results_csv(code: str, service: Service, request: Request) -> Any:
    """A room's finished rounds as a spreadsheet (CSV): a row a player a round, with the
    rank, score, total and words, and a row of the words nobody found
    (:func:`boggle.rooms.export.results_csv`); counted as a results request."""
    answer = await room_results(code, service, request)
    if isinstance(answer, JSONResponse):
        return answer
    return csv_download(results_csv(answer), f"boggle-room-{answer['code']}.csv")


@router.get("/api/rooms/{code}/standings.csv", tags=["rooms"], responses=ROOM_ERRORS)
async def room_standings_csv(code: str, service: Service, request: Request) -> Any:
    """A room's evening as a spreadsheet (CSV): each match's standings, a row a player with
    the points of each round, then every player's points over all the matches
    (:func:`boggle.rooms.export.standings_csv`); counted as a results request."""
    answer = await room_results(code, service, request)
    if isinstance(answer, JSONResponse):
        return answer
    return csv_download(standings_csv(answer), f"boggle-room-{answer['code']}-standings.csv")


@router.get("/api/standings.csv", tags=["rooms"], responses=ROOM_ERRORS)
async def merged_standings(rooms: str, service: Service, request: Request) -> Any:
    """Several rooms' evenings as one spreadsheet (CSV), for a teacher with two classes or
    more: ``rooms`` is their codes separated by commas (at most ``MAX_MERGED_ROOMS``), and
    the table a row a player a room, best first by their points over all the room's matches
    (:func:`boggle.rooms.export.merged_standings_csv`); each code counted as a results
    request, a code given twice (in any case or spelling) once: it is one room."""
    codes: list[str] = []
    for part in rooms.split(","):
        if not part.strip():
            continue
        try:
            code = normalise_code(part)
        except RoomError as error:
            return error_answer(400, error.message)
        if code not in codes:  # looked up once, in the order first given
            codes.append(code)
    if not 1 <= len(codes) <= MAX_MERGED_ROOMS:
        return error_answer(
            400,
            f"'rooms' takes the codes of 1 to {MAX_MERGED_ROOMS} rooms separated by commas, "
            f"got {len(codes)}",
        )
    stored: list[dict[str, Any]] = []
    for given in codes:
        answer = await room_results(given, service, request)
        if isinstance(answer, JSONResponse):
            return answer
        stored.append(answer)
    name = "-".join(sorted(codes)) if len(codes) <= 3 else f"{len(codes)}-rooms"
    return csv_download(merged_standings_csv(stored), f"boggle-standings-{name}.csv")


@router.get("/room", include_in_schema=False)
async def room_page() -> HTMLResponse:
    return page("room.html")


@router.get("/room/{code}", include_in_schema=False)
async def room_page_for(code: str) -> HTMLResponse:
    return page("room.html")
