"""A party of friends on phones in one room (headless Chromium driven by Playwright, each
player a browser context at 390x844 with touch): what the others' comings and goings do to
a player's screen mid-round, and what a player made host is told.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import ARTIFACTS, Pages
from browser import PHONE_2X as PHONE
from browser_fixtures import LONGEST_ROUND, ClockedServer
from room_page import join

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def host_a_room(pages: Pages, server: ClockedServer, name: str = "ann") -> tuple[Any, str]:
    """A phone whose player created a room of the longest round: the page and the code."""
    host = pages.open(server.url + "/room", **PHONE)
    host.fill("#create-name", name)
    host.fill("#create-seconds", str(LONGEST_ROUND))
    host.click("#create-button")
    host.wait_for_selector("body[data-code][data-phase='lobby']")
    return host, host.locator("body").get_attribute("data-code") or ""


def centre(page: Any, row: int, col: int) -> dict[str, float]:
    box = page.locator(f"#board .cube[data-row='{row}'][data-col='{col}']").bounding_box()
    return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}


def test_a_friend_joining_mid_round_leaves_a_finger_s_trace_and_the_board_alone(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Ann's finger is on the board, two dice traced, when Dan opens the room's link and
    joins the round: every `room` message (a join, a phone dropping or coming back) drew
    the whole board again, so the dice under her finger went blank, the path of the word
    she had just found vanished and the clock started again. The board stays as it is (the
    same dice), the trace goes on, and the word she lets go of counts."""
    server = clocked_server
    ann, code = host_a_room(pages, server)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    ann.evaluate("() => { document.querySelector('#board .cube').dataset.first = 'yes'; }")

    # FXIE's FAME: F (0,0), A (1,0), M (1,1), E (2,0)
    session = ann.context.new_cdp_session(ann)
    path = [centre(ann, 0, 0), centre(ann, 1, 0), centre(ann, 1, 1), centre(ann, 2, 0)]
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [path[0]]})
    session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [path[1]]})
    ann.wait_for_selector("#board .cube.in-path >> nth=1")

    dan = join(pages, server, code, "dan", **PHONE)
    dan.wait_for_selector("body[data-phase='playing'] #board .cube")
    ann.wait_for_selector("#players li[data-name='dan']", state="attached")
    assert ann.locator("#board .cube[data-first='yes']").count() == 1  # the same dice
    assert ann.locator("#board .cube.in-path").count() == 2  # the trace, still shown

    for point in path[2:]:
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    ann.wait_for_selector("#my-words li[data-word='fame']")
    assert ann.get_attribute("#my-words li[data-word='fame']", "data-status") == "accepted"
    session.detach()


def test_a_player_the_host_s_role_passes_to_is_told_so_and_why(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Ann (host) leaves after round 1: Start round 2 appeared on Bob's phone with nothing
    said but "ann left the room." Bob reads that the role is his and why ("ann (host) left:
    you are the host now."), until he starts a round; Dan, not host, reads no such line.
    When Bob's phone then drops for longer than the host's grace time, Dan is told the role
    is his because Bob lost the connection, and Bob, back, that it is no longer his."""
    server = clocked_server
    ann, code = host_a_room(pages, server)
    bob = join(pages, server, code, "bob", **PHONE)
    dan = join(pages, server, code, "dan", **PHONE)
    ann.wait_for_selector("#players li[data-name='dan']")
    ann.click("#start-button")
    bob.wait_for_selector("body[data-phase='playing']")
    server.clock.now += LONGEST_ROUND
    for page in (ann, bob, dan):
        page.wait_for_selector("#results:not([hidden])")

    ann.click("#leave-button")
    bob.wait_for_selector("#start-button:visible")
    line = bob.locator("#host-away")
    assert line.inner_text() == "ann (host) left: you are the host now."
    assert dan.locator("#host-away").is_hidden()
    assert dan.locator("#phase").inner_text() == "Round 1 is over: bob (host) starts the next."

    bob.click("#start-button")
    bob.wait_for_selector("body[data-phase='playing'] #board .cube")
    server.clock.now += LONGEST_ROUND
    bob.wait_for_selector("#results:not([hidden])")
    assert line.is_hidden()  # said until the round he started

    bob.context.set_offline(True)  # the new host's phone: its connection gone
    dan.wait_for_selector("#host-away:visible")
    server.clock.now += 31  # past the host's grace time
    dan.wait_for_selector("#start-button:visible")
    assert dan.locator("#host-away").inner_text() == (
        "bob (host) lost the connection: you are the host now."
    )
    bob.context.set_offline(False)  # back, no longer host: told so, not left to wonder
    bob.wait_for_selector("#start-button", state="hidden")
    bob.wait_for_selector("#host-away:visible")
    assert bob.locator("#host-away").inner_text() == (
        "You were away too long to stay host: dan is the host now."
    )


def test_a_room_on_a_server_for_this_machine_alone_says_friends_cannot_open_its_address(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """`boggle serve` without --lan, the host's phone (or laptop) on 127.0.0.1: the room
    showed "Friends open http://127.0.0.1:PORT/room/CODE" and a QR code of it, which no
    friend's phone opens, and said nothing. The page says so under the link, and how to
    serve the phones on the same Wi-Fi."""
    ann, _ = host_a_room(pages, clocked_server)
    said = ann.locator("#share-local")
    assert said.is_visible()
    assert said.inner_text() == (
        "Only this device opens 127.0.0.1: for phones on the same Wi-Fi, start the server"
        " with boggle serve --lan, and this page shows the address they open."
    )
    command = said.locator("code")  # on one line, not "boggle serve --" then "lan"
    assert command.inner_text() == "boggle serve --lan"
    assert command.evaluate("code => code.getClientRects().length") == 1
    box = said.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390  # on the phone's screen


def test_a_phone_in_a_round_shows_who_is_playing_on_one_line(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """On a phone a room round hid the players' line (the board, the clock and the word box
    first): nobody saw who was playing, how many words each had, nor a friend drop out. It is
    one compact line above the board, each player's chip with their words; the board, the
    clock and the word box still fit above the keyboard (test_phone_browser.py holds them)."""
    server = clocked_server
    ann, code = host_a_room(pages, server)
    bob = join(pages, server, code, "bob", **PHONE)
    ann.wait_for_selector("#players li[data-name='bob']")
    ann.click("#start-button")
    for page in (ann, bob):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
    bob.fill("#word-input", "fame")
    bob.press("#word-input", "Enter")
    bob.wait_for_selector("#my-words li[data-word='fame']")
    chip = ann.locator("#players li[data-name='bob']")
    chip.wait_for(state="visible")
    ann.wait_for_selector("#players li[data-name='bob'][data-words='1']")
    assert chip.inner_text() == "bob: 0 points, 1 word"
    line = ann.locator("#players").bounding_box()
    board = ann.locator("#board").bounding_box()
    assert line is not None and board is not None
    assert line["height"] <= 32, line  # one line, whatever the players
    assert line["y"] + line["height"] <= board["y"]  # above the board
    assert ann.locator("#players li[data-name='ann']").is_visible()
    assert ann.locator("#players .remove-player").is_hidden()  # between rounds
    ARTIFACTS.mkdir(exist_ok=True)
    ann.screenshot(path=str(ARTIFACTS / "phone-room-round-players.png"))
    ann.set_viewport_size({"width": 390, "height": 450})  # the keyboard open
    ann.evaluate("() => window.scrollTo(0, 0)")
    for selector in ("#players", "#board", "#timer", "#word-input"):
        box = ann.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 450, selector
    bob.context.set_offline(True)  # bob's phone drops out: his chip says so ("(away)")
    ann.wait_for_selector("#players li.away[data-name='bob']")
    assert chip.is_visible()


def test_the_note_that_only_this_device_opens_the_address_is_said_once(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """After a round on 127.0.0.1 without --lan, **Challenge a friend** gave its link with
    the note the room's link has above it ("Only this device opens 127.0.0.1: ..."): the
    page said it twice. It is said once, under the room's link."""
    server = clocked_server
    ann, _ = host_a_room(pages, server)
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    server.clock.now += LONGEST_ROUND
    ann.wait_for_selector("#results:not([hidden])")
    ann.fill("#challenge-your-name", "ann")
    ann.click("#challenge-button")
    ann.wait_for_selector("#challenge-link")
    assert ann.locator("#share-local").is_visible()
    assert ann.locator("#challenge-local").is_hidden()
    assert ann.locator("text=Only this device opens").count() == 1


def test_the_name_a_friend_played_under_is_in_the_name_boxes_next_time(
    pages: Pages, clocked_server: ClockedServer
) -> None:
    """Bob joins Ann's room, leaves it, and opens its link again (or the next room's): the
    name boxes were empty each time and he typed "Bob" again; they hold the name he last
    played under (a challenge's kept name is the same), which Join takes as it is."""
    server = clocked_server
    ann, code = host_a_room(pages, server)
    bob = join(pages, server, code, "Bob", **PHONE)
    bob.click("#leave-button")
    bob.wait_for_selector("#entry:not([hidden])")
    ann.wait_for_selector("#players li[data-name='Bob']", state="detached")
    bob.goto(f"{server.url}/room/{code}")
    bob.wait_for_selector("body[data-ready='true']")
    assert bob.input_value("#join-name") == "Bob"
    assert bob.input_value("#create-name") == "Bob"
    bob.click("#join-button")
    ann.wait_for_selector("#players li[data-name='Bob']")
