"""A school laptop passed from pupil to pupil, on the room page: opening the room's link put
the next pupil straight into the last pupil's seat (the page takes it up again with the seat's
token kept in the browser), with nothing saying whose seat it was, and a join that released
the old seat said nothing of it. Between rounds the page says "Playing as Amir." with "Not
Amir? Join under your name", which takes the next pupil to Join; the join says that Amir's
seat was released and that his points stay."""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages
from browser_fixtures import ClockedServer
from room_page import ONE_ROUND, PROJECTOR, create_room, join

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def projected_room(players: Pages, server: ClockedServer) -> tuple[Any, str]:
    """The teacher's projector (a host who shows the board and does not play), its room of
    one round of a minute: the page and the room's code."""
    projector = players.open(server.url + "/room", **PROJECTOR)
    projector.check("#create-watch")
    return projector, create_room(projector, "Ms Lee", **ONE_ROUND)


def test_the_next_pupil_is_offered_to_join_under_their_own_name_between_rounds(
    players: Pages, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    projector, code = projected_room(players, server)
    laptop = join(players, server, code, "Amir")
    laptop.wait_for_selector("#playing-as:visible")
    assert laptop.locator("#playing-as-text").inner_text() == "Playing as Amir."
    assert laptop.locator("#not-you-button").inner_text() == "Not Amir? Join under your name"
    assert projector.locator("#playing-as").is_hidden()  # the projector plays in no round
    projector.click("#start-button")
    laptop.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert laptop.locator("#playing-as").is_hidden()  # not during a round
    server.clock.now += 61
    laptop.wait_for_selector("body[data-phase='over'] #match-over:visible")
    # the lesson's end, and the next pupil opens the room's link: Amir's seat, taken up again
    laptop.goto(f"{server.url}/room/{code}")
    laptop.wait_for_selector(f"body[data-code='{code}'][data-phase='over'] #playing-as:visible")
    assert laptop.locator("#playing-as-text").inner_text() == "Playing as Amir."
    laptop.click("#not-you-button")
    laptop.wait_for_selector("#join-form:visible")
    assert laptop.locator("#join-code").input_value() == code
    assert laptop.locator("#join-name").input_value() == ""  # not Amir's, typed last time
    assert laptop.evaluate("() => document.activeElement.id") == "join-name"
    projector.wait_for_selector("#players > li[data-name='Amir'].away")  # closed, not left
    laptop.fill("#join-name", "Bea")
    laptop.click("#join-button")
    laptop.wait_for_selector(f"body[data-code='{code}'] #players > li.you[data-name='Bea']")
    gone = "() => !document.querySelector(\"#players > li[data-name='Amir']\")"
    projector.wait_for_function(gone)  # released, not away
    assert laptop.locator("#playing-as-text").inner_text() == "Playing as Bea."


def test_a_seat_released_for_a_join_is_said_in_the_notice_line(
    players: Pages, clocked_server: ClockedServer
) -> None:
    server = clocked_server
    projector, code = projected_room(players, server)
    laptop = join(players, server, code, "Amir")
    laptop.goto(server.url + "/")  # the lesson's end: the room's page closed
    projector.wait_for_selector("#players > li[data-name='Amir'].away")
    laptop.goto(server.url + "/room")
    laptop.fill("#join-code", code)
    laptop.fill("#join-name", "Bea")
    laptop.click("#join-button")
    laptop.wait_for_selector(f"body[data-code='{code}'] #players > li[data-name='Bea']")
    notice = laptop.locator("#notice")
    assert notice.is_visible() and notice.get_attribute("role") == "status"  # said politely
    assert notice.inner_text() == "Amir's seat was released; their points stay."
    projector.click("#start-button")  # said until the next round starts
    laptop.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert notice.is_hidden()
