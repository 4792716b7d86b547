"""A room's page coming back: restored from the browser's back/forward cache, fallen back
to its entry screen (another tab took the seat, the player left), or opened by someone who
joins once the match is over. Headless Chromium against `boggle serve`, as the other room
browser tests (tests/web/test_rooms_browser.py, their steps in tests/room_page.py).

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import json
import re
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from browser import Pages
from browser_fixtures import ClockedServer
from room_page import create_room, type_word
from serve_process import ServeProcess, serving
from websockets.sync.client import connect

from boggle import Board, load_lexicon, solve

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


SHOWN_FROM_CACHE = "() => dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))"
"""The browser's `pageshow` of a page restored from its back/forward cache."""


def join_room(page: Any, name: str) -> None:
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector("body[data-code][data-phase] #room:not([hidden])")


def test_a_room_page_restored_from_the_back_forward_cache_takes_its_seat_again(
    players: Pages, server: ServeProcess
) -> None:
    """A page restored from the back/forward cache (Safari keeps a room's page there) had
    the connection it had before, dead, and nothing to open another: the words typed went
    nowhere until the page found it dead, 15 s later. On `pageshow` (persisted) it takes its
    seat again at once, as on a reload. Chromium's cache is off under Playwright: the
    connection is cut here without a close (a page frozen in the cache is told nothing), and
    the event is the browser's."""
    page = players.open(server.url + "/room")
    connections: list[Any] = []
    dead: set[int] = set()  # the connections cut: nothing passes either way

    def route(socket: Any) -> None:
        upstream = socket.connect_to_server()
        at = len(connections)
        socket.on_message(lambda message: None if at in dead else upstream.send(message))
        upstream.on_message(lambda message: None if at in dead else socket.send(message))
        connections.append(socket)

    page.route_web_socket(re.compile(r"/ws/rooms$"), route)
    create_room(page, seconds="600")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    type_word(page, "zzz")
    assert len(connections) == 1

    dead.add(0)  # the page in the cache: its connection gone without a word
    page.evaluate(SHOWN_FROM_CACHE)
    # well before the page finds the old connection dead (15 s without a word from it), and
    # longer than a loaded machine's page took (the 5 s this waited once)
    deadline = time.monotonic() + 10
    while len(connections) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(connections) == 2, "no new connection on pageshow"
    page.wait_for_selector("body[data-phase='playing'] #my-words li[data-word='zzz']")
    type_word(page, "qqq", timeout=10_000)  # answered on the new connection
    assert page.locator("#feedback").get_attribute("data-status") == "not_on_board"


def test_a_page_shown_again_from_the_cache_out_of_a_room_opens_nothing(
    players: Pages, server: ServeProcess
) -> None:
    """The entry screen (no seat taken) restored from the cache stays as it is."""
    page = players.open(server.url + "/room")
    opened: list[Any] = []
    page.on("websocket", lambda socket: opened.append(socket))
    page.evaluate(SHOWN_FROM_CACHE)
    page.wait_for_timeout(300)
    assert opened == [] and page.locator("#entry").is_visible()


def test_the_entry_screen_has_no_room_phase_after_leaving_or_being_replaced(
    players: Pages, server: ServeProcess
) -> None:
    """body[data-phase] kept the room's last phase once the page was back on its entry
    screen: a look for the lobby ([data-phase='lobby']) found the entry screen."""
    page = players.open(server.url + "/room")
    create_room(page)
    page.click("#leave-button")
    page.wait_for_selector("#entry:not([hidden])")
    assert page.locator("body").get_attribute("data-phase") is None

    create_room(page)  # and opened in another tab of the same browser
    link = page.locator("#room-link").get_attribute("href") or ""
    other = page.context.new_page()
    other.goto(server.url + link)
    other.wait_for_selector("body[data-phase='lobby']")
    page.wait_for_selector("#entry:not([hidden])")
    assert page.locator("body").get_attribute("data-phase") is None


def test_the_tab_replaced_by_another_names_the_button_that_takes_the_seat_back(
    players: Pages, server: ServeProcess
) -> None:
    """The first tab read "join again here to play here" above a button "Back to the room"
    and no Join for it: the line names the button it shows, which takes the seat back."""
    page = players.open(server.url + "/room")
    create_room(page)
    link = page.locator("#room-link").get_attribute("href") or ""
    other = page.context.new_page()
    other.goto(server.url + link)
    other.wait_for_selector("body[data-phase='lobby']")
    page.wait_for_selector("#error:not([hidden])")
    said = page.locator("#error").inner_text()
    button = page.locator("#seat-button")
    assert button.is_visible()
    assert "another tab or on another device" in said and "join again" not in said, said
    assert f"“{button.inner_text()}”" in said, said
    button.click()
    page.wait_for_selector("body[data-phase='lobby'] #room:not([hidden])")
    assert page.locator("#error").is_hidden()


def test_a_player_who_joins_after_the_match_is_over_reads_it_as_the_last_match(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Someone joining a room whose match was over read "Match over: ann won with 3 points."
    and its standings as if they had played; they read that it ended before they joined,
    the standings as the last match's, and that the host can start a rematch they play in.
    The players of the match read it as before."""
    server = clocked_server
    ann = players.open(server.url + "/room")
    create_room(ann, seconds="60", rounds="1", target="0")
    link = ann.locator("#room-link").get_attribute("href") or ""
    bob = players.open(server.url + link)
    join_room(bob, "bob")
    ann.click("#start-button")
    board = "fxie amlo ewbx astu"  # the clocked server's 4x4 rooms (room_boards.same_boards)
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    word = next(w.word for w in solve(Board.parse(board), load_lexicon()).words if len(w.word) == 4)
    type_word(ann, word)
    server.clock.now += 61
    for page in (ann, bob):
        page.wait_for_selector("body[data-phase='over'] #match-over:visible")
    assert bob.locator("#match-over").inner_text() == "Match over: ann won with 1 point."

    cy = players.open(server.url + link)
    join_room(cy, "cy")
    cy.wait_for_selector("body[data-phase='over'] #results:not([hidden])")
    assert cy.locator("#match-over").inner_text() == (
        "This match was over before you joined: ann won with 1 point."
    )
    assert cy.locator("#standings-title").inner_text() == "Standings of the last match"
    assert cy.locator("#phase").inner_text() == "ann (host) can start a rematch: you play in it."
    assert cy.locator("#results-title").inner_text() == "Round 1: results, before you joined"
    # the match's players: as they were
    bob.wait_for_selector("#players li[data-name='cy']")
    assert bob.locator("#match-over").inner_text() == "Match over: ann won with 1 point."
    assert bob.locator("#standings-title").inner_text() == "Standings"
    assert bob.locator("#results-title").inner_text() == "Round 1: results"

    ann.click("#rematch-button")  # the rematch: cy plays in it, and reads it as played
    ann.wait_for_selector("body[data-phase='lobby'] #start-button:visible")
    ann.click("#start-button")
    cy.wait_for_selector("body[data-phase='playing'] #board .cube")
    server.clock.now += 61
    cy.wait_for_selector("body[data-phase='over'] #match-over:visible")
    assert cy.locator("#match-over").inner_text() == "Match over: nobody scored."
    assert cy.locator("#standings-title").inner_text() == "Standings"
    assert cy.locator("#results-title").inner_text() == "Round 1: results"


def test_the_entry_screen_after_leaving_keeps_nothing_of_the_room(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """After Leave the entry screen kept `body[data-code]` (a look for a room's page found
    the entry screen) and, hidden, the old room's board, results, standings and challenge
    offer under the player's name: the room left leaves nothing behind."""
    server = clocked_server
    page = players.open(server.url + "/room")
    create_room(page, seconds="60", rounds="1", target="0")
    page.click("#start-button")
    page.wait_for_selector("body[data-phase='playing'] #board .cube")
    type_word(page, "zzz")
    server.clock.now += 61
    page.wait_for_selector("body[data-phase='over'] #results:not([hidden]) .result-player")
    page.click("#leave-button")
    page.wait_for_selector("#entry:not([hidden])")
    assert page.locator("body").get_attribute("data-code") is None
    left = page.evaluate(
        """() => ({
          results: document.querySelectorAll('#results .result-player, #standings tbody tr').length,
          offers: document.querySelectorAll('#results .challenge-offer, .keep-offer').length,
          board: document.querySelectorAll('#board .cube').length,
          words: document.querySelectorAll('#my-words li, #players li').length,
          shown: !document.querySelector('#results').hidden,
        })"""
    )
    assert left == {"results": 0, "offers": 0, "board": 0, "words": 0, "shown": False}, left

    create_room(page, name="bob")  # a new room shows its own lobby, nothing of the last
    assert page.locator("#results").is_hidden() and page.locator("#round").is_hidden()
    assert page.locator("#players li").count() == 1


def test_a_link_to_a_room_gone_with_a_restart_says_a_stopping_server_closes_rooms(
    players: Pages, tmp_path: Path
) -> None:
    """Rooms live in the server's memory: after a restart a room's link (its finished rounds
    kept) read "a room closes once all its players have left, or after a while without play",
    neither of which had happened. It says a stopping server closes them too."""
    with (
        serving(tmp_path / "data", warm=False) as first,
        connect(first.ws_url, open_timeout=10) as socket,
    ):
        socket.send(json.dumps({"type": "create", "name": "ann", "settings": {"seconds": 5}}))
        code = json.loads(socket.recv(timeout=10))["code"]
        socket.send(json.dumps({"type": "start"}))
        while json.loads(socket.recv(timeout=30))["type"] != "results":
            pass  # the round (5 s) played and stored
    with serving(tmp_path / "data", warm=False) as second:
        page = players.open(f"{second.url}/room/{code}")
        page.wait_for_selector("body[data-room-checked='closed'] #error:not([hidden])")
        said = page.inner_text("#error")
        assert f"Room {code} has closed" in said and "when the server stops" in said, said


def test_a_room_page_whose_server_stops_says_why_and_offers_a_new_room(
    players: Pages, tmp_path: Path
) -> None:
    """The server stopped (Ctrl-C, SIGTERM) with a round on: the page read "connection lost;
    reconnecting…" and tried again for ever, to find on the next server that its room had
    closed for reasons that were not the reason. It says the server stopped, and offers the
    entry screen, trying no more."""
    with serving(tmp_path / "data", warm=False) as server:
        page = players.open(server.url + "/room")
        create_room(page, seconds="600")
        page.click("#start-button")
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        opened: list[Any] = []
        page.on("websocket", lambda socket: opened.append(socket))
        server.process.send_signal(signal.SIGTERM)
        page.wait_for_selector("#entry:not([hidden])")
        page.wait_for_selector("#error:not([hidden])")
        assert "the server is stopping" in page.inner_text("#error")
        assert page.locator("body").get_attribute("data-phase") is None
        page.wait_for_timeout(3_000)  # a page trying its seat again would have by now
        assert opened == [] and page.locator("#notice").is_hidden()


def test_a_room_page_whose_server_restarts_with_its_rooms_says_so_and_plays_on(
    players: Pages, tmp_path: Path
) -> None:
    """`boggle serve --rooms-file` stopped with a round on closes the page's socket with 1012
    (service restart): the page says the server is restarting rather than that it stopped,
    keeps trying, and once the next server (same port, same file) answers it is back in its
    room, the round still on."""
    rooms_file = tmp_path / "rooms.json"
    server = ServeProcess(tmp_path / "data", "--rooms-file", str(rooms_file))
    try:
        page = players.open(server.url + "/room")
        create_room(page, seconds="600")
        code = page.get_attribute("body", "data-code")
        page.click("#start-button")
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        server.process.send_signal(signal.SIGTERM)
        page.wait_for_selector("#notice:has-text('the server is restarting')")
        assert page.locator("#entry").is_hidden() and page.locator("#error").is_hidden()
        server.process.wait(timeout=30)
        server = ServeProcess(tmp_path / "data", "--rooms-file", str(rooms_file), port=server.port)
        page.wait_for_selector("#notice", state="hidden", timeout=60_000)
        page.wait_for_selector(f"body[data-code='{code}'][data-phase='playing'] #board .cube")
        assert page.locator("#players li").count() == 1
    finally:
        server.stop()
