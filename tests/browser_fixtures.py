"""Fixtures the browser tests share, a plugin of tests/conftest.py: a `boggle serve` for
the module, the system's Chromium (driven by Playwright) for the module, a fresh set of
browser contexts for each test (``pages``, called ``players`` by the room and challenge
tests), the solver's page showing FXIE (``page``), a server whose rooms keep the test's
clock (a room's round ends when the test moves it) and play the same boards each run, and the
accessibility tests' axe-core script (``axe_source``) and colour ``scheme`` (light, then
dark: tests/page_audit.py). A
module that needs another server defines its own (:func:`serve_process.serving` starts
it)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser import Pages, chromium
from page_audit import AXE, SCHEMES
from room_boards import FXIE, RoomClock, same_boards
from serve_process import ServeProcess, serving, warm_up

from boggle.rooms.limits import RoomLimits


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    # a loaded machine may answer a page's first requests slowly: the limit is not tested here;
    # warmed, the module's first page is not the one to wait for the lists
    with serving(tmp_path_factory.mktemp("data"), "--solve-timeout", "60") as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as launched:
        yield launched


@pytest.fixture(params=SCHEMES)
def scheme(request: pytest.FixtureRequest) -> str:
    """The colour scheme the browser says the system has (the pages follow it)."""
    return str(request.param)


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        message = f"axe-core is not installed at {AXE}: run .ci/install-axe (npm)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


@pytest.fixture()
def pages(browser: Any) -> Iterator[Pages]:
    """Browser contexts of the test's own, closed after it."""
    opened = Pages(browser)
    yield opened
    opened.close()


@pytest.fixture()
def page(pages: Pages, server: ServeProcess) -> Any:
    """The solver's page showing FXIE, on the module's ``server`` (its own where it defines
    one), as a link to the board opens it."""
    return pages.open(server.url + "/?board=" + FXIE.replace(" ", "+"))


@pytest.fixture()
def players(pages: Pages) -> Pages:
    """The browser contexts of a room's or a challenge's players, one a player (``pages``
    under the name the room and challenge tests give them)."""
    return pages


LONGEST_ROUND = RoomLimits().max_round_seconds
"""A room's longest round (600 s): the clocked server's rounds last
it, so the page's own countdown never ends them, and the test ends them by moving the
clock (``clocked_server.clock.now += LONGEST_ROUND``)."""


@dataclass
class ClockedServer:
    """The app served on ``url`` (uvicorn in a thread of the test process), its rooms on
    ``clock``; results kept under ``data``; ``app`` the app, run on the event loop that
    ``loop`` keeps (:meth:`call`)."""

    url: str
    clock: RoomClock
    data: Path
    app: Any = None
    loop: Any = None

    def call(self, work: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
        """What the coroutine ``work()`` gives, run on the server's event loop (the rooms'
        hourly work, run at once: ``server.call(server.app.state.rooms.expire_challenges)``)."""
        assert self.loop is not None and self.loop.loop is not None, "the server has not started"
        return asyncio.run_coroutine_threadsafe(work(), self.loop.loop).result(60)


@pytest.fixture()
def clocked_server(tmp_path: Path) -> Iterator[ClockedServer]:
    """The web app as `boggle serve` serves it, with rooms whose round ends when the test
    moves ``clock`` past it (the room's timer looks every half second) and whose boards are
    the same each run (:func:`room_boards.same_boards`: FXIE for a 4x4 room)."""
    from served import LoopClock, served  # the web extra: imported by the tests that use it

    from boggle.rooms import RoomsConfig
    from boggle.web.app import WebConfig, create_app

    clock = RoomClock()
    rooms = RoomsConfig(data_dir=tmp_path, clock=clock, roll=same_boards)
    app = create_app(WebConfig(rooms=rooms))
    loop = LoopClock()  # the real clock (never moved on): the loop to run work on
    with served(app, clock=loop) as port:
        url = f"http://127.0.0.1:{port}"
        warm_up(url, round_process=False)  # its rounds run on threads of this process
        yield ClockedServer(url, clock, tmp_path, app, loop)
