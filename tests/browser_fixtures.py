"""Fixtures the browser tests share, a plugin of tests/conftest.py: a `boggle serve` for
the test process (or, for a module marked ``own_server``, for the module), the system's
Chromium (driven by Playwright) for the test process, a fresh set of browser contexts for each
test (``pages``, called ``players`` by the room and challenge tests), the solver's page showing
FXIE (``page``), a server whose rooms keep the test's clock (a room's round ends when the test
moves it) and play the same boards each run, and the accessibility tests' axe-core script
(``axe_source``) and colour ``scheme`` (light, then dark: tests/page_audit.py). A
module that needs another server defines its own (:func:`serve_process.serving` starts
it)."""

from __future__ import annotations

import asyncio
import contextlib
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

SERVER_OPTIONS = ("--solve-timeout", "60")
"""The browser tests' `boggle serve` options: a loaded machine may answer a page's first
requests slowly, and that limit is not what they test."""
SHARED_SERVER_OPTIONS = (
    *SERVER_OPTIONS,
    "--rooms-per-address",
    "0",
    "--challenges-per-address",
    "0",
)
"""The shared server's (``shared_server``): also no limit to the rooms and challenges one
address creates (10 at once, then one every 15 s), as the modules it serves, one after
another from 127.0.0.1, create more (a room's or a challenge's limits are tested on servers
of their own)."""


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """`boggle serve` (:data:`SHARED_SERVER_OPTIONS`), one for the test process (each
    pytest-xdist worker): the ``server`` of every module not marked ``own_server``."""
    with serving(tmp_path_factory.mktemp("shared-data"), *SHARED_SERVER_OPTIONS) as running:
        yield running


@pytest.fixture(scope="module")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServeProcess]:
    """`boggle serve`, warmed (the module's first page is not the one to wait for the
    lists): the test process's (``shared_server``, which saves a server's start, seconds on
    a loaded machine, for each module), or for a module marked ``own_server`` (``pytestmark
    = pytest.mark.own_server``: its tests need a server that no other module has used) its
    own (:data:`SERVER_OPTIONS`). The rooms and challenges other modules created are still
    open on a shared one: a test finds its own by their codes."""
    if request.node.get_closest_marker("own_server") is None:
        yield request.getfixturevalue("shared_server")
        return
    with serving(tmp_path_factory.mktemp("data"), *SERVER_OPTIONS) as running:
        yield running


class WorkerChromium:
    """The test process's Chromium: launched for its first browser test, kept for the browser
    tests after it, in this module and the next ones (a launch takes seconds on a loaded
    machine), and closed before a test of a module that has no browser test, and at the end.
    Playwright marks its event loop as the thread's running loop between its calls, so that
    another module's ``asyncio.run`` would fail while it is open."""

    def __init__(self) -> None:
        self.launched: Any = None
        self.running = contextlib.ExitStack()

    def get(self) -> Any:
        """The browser, launched again if it is closed or has gone (it crashed)."""
        if self.launched is None or not self.launched.is_connected():
            self.close()
            self.launched = self.running.enter_context(chromium())
        return self.launched

    def close(self) -> None:
        self.launched = None
        self.running.close()


WORKER_CHROMIUM = WorkerChromium()


@pytest.fixture()
def browser() -> Any:
    """The system's Chromium, the test process's (:class:`WorkerChromium`): each test opens
    browser contexts of its own (``pages``)."""
    return WORKER_CHROMIUM.get()


BROWSER_MODULES: set[Path] = set()
"""The files that have a test using ``browser`` (pages, players, page...)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files with a browser test run one after another, from where the first of them
    is (each keeps its own order), so that a test process keeps its Chromium from one to the
    next rather than closing it for a file between them (:func:`pytest_runtest_setup`)."""
    BROWSER_MODULES.update(
        item.path for item in items if "browser" in getattr(item, "fixturenames", ())
    )
    first = next((at for at, item in enumerate(items) if item.path in BROWSER_MODULES), None)
    if first is not None:
        rest = items[first:]
        in_browser = [item for item in rest if item.path in BROWSER_MODULES]
        items[first:] = in_browser + [item for item in rest if item.path not in BROWSER_MODULES]


def pytest_runtest_setup(item: pytest.Item) -> None:
    """The test process's Chromium closed before a test of a module without browser tests."""
    if item.path not in BROWSER_MODULES:
        WORKER_CHROMIUM.close()


def pytest_sessionfinish() -> None:
    WORKER_CHROMIUM.close()


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
