"""A teacher's week with a class of 25 on the room page: the projector (a host who shows the
board and does not play) at 1024x768, the pupils on phones. What the teacher met: a pupil who
came in late found no room code on the projector during a round, and the projector's
"Challenge a friend" (the class's homework) put the teacher, with 0 points, at the head of the
challenge and last in its results."""

from __future__ import annotations

import json
import urllib.request
from typing import Any
from urllib.parse import urljoin

import pytest
from browser import PHONE, Pages
from browser_fixtures import ClockedServer

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

PROJECTOR = {"viewport": {"width": 1024, "height": 768}}
CLASS = 24
"""The pupils besides the one on a phone the test reads: a class of 25."""


def project_a_room(players: Pages, server: ClockedServer) -> tuple[Any, str]:
    """The teacher's projector page, a room made on it that it shows and does not play."""
    projector = players.open(server.url + "/room", **PROJECTOR)
    projector.fill("#create-name", "Ms Lee")
    projector.locator("#create-seconds").fill("60")
    projector.locator("#create-rounds").fill("1")
    projector.locator("#create-target").fill("0")
    projector.check("#create-no-cross-off")
    projector.check("#create-watch")
    projector.click("#create-button")
    projector.wait_for_selector("body[data-code][data-phase='lobby']")
    return projector, str(projector.locator("body").get_attribute("data-code"))


def join_class(projector: Any, code: str, count: int) -> None:
    """``count`` pupils join from sockets the projector's page holds (their phones)."""
    projector.evaluate(
        """([code, count]) => { window.pupils = [];
        for (let n = 1; n <= count; n += 1) {
          const socket = new WebSocket(`ws://${location.host}/ws/rooms`);
          socket.onopen = () => socket.send(JSON.stringify(
            { type: "join", code, name: `pupil${String(n).padStart(2, "0")}` }));
          window.pupils.push(socket);
        } }""",
        [code, count],
    )


def join_on_a_phone(players: Pages, url: str, name: str) -> Any:
    phone = players.open(url, **PHONE)
    phone.fill("#join-name", name)
    phone.click("#join-button")
    phone.wait_for_selector("body[data-code]")
    return phone


def test_a_pupil_who_comes_in_late_joins_from_the_projector_during_a_round(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """During a round the projector showed the board, the clock and the players, and no
    room code or link (hidden with the room's settings): a pupil who came in late had to
    ask the teacher. The room's link and QR code stay beside the clock, in sight."""
    server = clocked_server
    projector, code = project_a_room(players, server)
    join_class(projector, code, CLASS)
    amir = join_on_a_phone(players, f"{server.url}/room/{code}", "Amir")
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 26")
    assert projector.locator("#late-join").is_hidden()  # the lobby has the room's own line
    projector.click("#start-button")
    amir.wait_for_selector("body[data-phase='playing'] #board .cube")
    projector.wait_for_selector("body[data-phase='playing'] #late-join:visible")
    assert amir.locator("#late-join").is_hidden()  # a player's phone: the board and word box
    link = projector.locator("#late-join-link")
    address = str(link.get_attribute("href"))
    assert address.endswith(f"/room/{code}") and link.inner_text().endswith(code)
    projector.wait_for_function(
        "() => document.getElementById('late-join-qr').naturalWidth > 0"
    )  # the QR code of the room's address, served
    assert "qr.svg" in str(projector.locator("#late-join-qr").get_attribute("src"))
    shown = projector.locator("#late-join").bounding_box()
    board = projector.locator("#board").bounding_box()
    assert shown is not None and board is not None
    assert shown["y"] + shown["height"] <= 768 and shown["x"] >= board["x"] + board["width"]
    assert board["y"] + board["height"] <= 768  # the board's last row still on the screen
    late = join_on_a_phone(players, urljoin(server.url, address), "Zoe")
    late.wait_for_selector("body[data-phase='playing'] #board .cube")
    late.fill("#word-input", "fame")
    late.press("#word-input", "Enter")
    late.wait_for_selector("#my-words li[data-word='fame']")


def test_the_projector_makes_the_homework_challenge_without_a_result_of_its_own(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """After a round the projector offered "Challenge a friend", which posted the teacher's
    words (none: the teacher showed the board) as the challenge's first result: the pupils
    read "Ms Lee played it: 0 points" and the teacher stood last in everyone's results and
    their spreadsheet. The projector makes the challenge with no result; a pupil's phone
    still challenges with their own."""
    server = clocked_server
    projector, code = project_a_room(players, server)
    amir = join_on_a_phone(players, f"{server.url}/room/{code}", "Amir")
    projector.click("#start-button")
    amir.wait_for_selector("body[data-phase='playing'] #board .cube")
    amir.fill("#word-input", "fame")
    amir.press("#word-input", "Enter")
    amir.wait_for_selector("#my-words li[data-word='fame']")
    server.clock.now += 61
    for page in (projector, amir):
        page.wait_for_selector("body[data-phase='over'] #results:visible")
    assert amir.locator("#challenge-button").inner_text() == "Challenge a friend"
    assert amir.locator("#challenge-your-name").is_visible()
    button = projector.locator("#challenge-button")
    assert button.inner_text() == "Make a challenge of this board"
    assert projector.locator("#challenge-your-name").count() == 0  # no name: no result
    button.click()
    projector.wait_for_selector("#challenge-link")
    challenge = str(projector.locator("#challenge-link").get_attribute("data-code"))
    with urllib.request.urlopen(f"{server.url}/api/challenges/{challenge}") as answer:
        made = json.load(answer)
    assert made["results"] == [] and made["seconds"] == 60
    home = players.open(f"{server.url}/challenge/{challenge}", **PHONE)
    assert "Nobody has played it yet." in home.locator("main").inner_text()
    posted = urllib.request.Request(
        f"{server.url}/api/challenges/{challenge}/results",
        data=json.dumps({"name": "Bea", "words": ["fame", "mile"]}).encode(),
        headers={"content-type": "application/json"},
    )
    urllib.request.urlopen(posted).close()
    # the teacher opens the link made: everyone's results and the spreadsheet, no round to
    # play first (which posted a result of the teacher's), as a pupil who played sees them
    teacher = projector.context.new_page()
    teacher.goto(f"{server.url}/challenge/{challenge}")
    teacher.wait_for_selector("body[data-ready='true']")
    assert teacher.locator("#challenge-entry").is_hidden()
    assert teacher.locator("#challenge-summary").inner_text() == (
        "You made this challenge: 1 result so far, best first."
    )
    assert teacher.locator("#challenge-results tbody tr").all_inner_texts()[0].startswith("1\tBea")
    csv = str(teacher.locator("#challenge-csv").get_attribute("href"))
    with urllib.request.urlopen(server.url + csv) as answer:
        assert answer.read().decode().splitlines()[1].startswith("1,Bea,")


def test_a_pupil_removed_for_a_rude_name_is_not_said_to_have_left(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The teacher's Remove took a pupil in under a rude name out of the room, and every page,
    the projector too, then said "Poo Head left the room." (a toast and the line beside the
    buttons, until the next round): the name the class was not to read, read again. A pupil
    removed is not said to have left; one who leaves by themselves still is."""
    server = clocked_server
    projector, code = project_a_room(players, server)
    amir = join_on_a_phone(players, f"{server.url}/room/{code}", "Amir")
    bea = join_on_a_phone(players, f"{server.url}/room/{code}", "Bea")
    rude = join_on_a_phone(players, f"{server.url}/room/{code}", "Poo Head")
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 4")
    projector.once("dialog", lambda dialog: dialog.accept())
    projector.click("#players li[data-name='Poo Head'] .remove-player")
    rude.wait_for_selector("#entry:visible")
    assert "the host removed you" in rude.locator("#error").inner_text()
    for page in (projector, amir):
        page.wait_for_function(
            "() => !document.querySelector(\"#players li[data-name='Poo Head']\")"
        )
    bea.click("#leave-button")  # Bea leaves by herself: said, as before
    for page in (projector, amir):
        page.wait_for_selector("#who-left:visible")
        assert page.locator("#who-left").inner_text() == "Bea left the room."
        assert "Poo Head" not in page.locator("#room-toast").inner_text()


def test_a_small_board_of_the_list_s_letters_is_chosen_on_create(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A teacher's small board for younger pupils took "uniform letters" (a size box shown
    for them alone), boards of a handful of words: **the list's letters (any size)** draws
    them from the list's letters, its size chosen beside it."""
    server = clocked_server
    teacher = players.open(server.url + "/room", **PROJECTOR)
    assert teacher.locator("#create-size-label").is_hidden()
    teacher.select_option("#create-dice", "letters")
    assert teacher.locator("#create-size-label").is_visible()
    teacher.locator("#create-size").fill("3")
    teacher.fill("#create-name", "Ms Lee")
    teacher.click("#create-button")
    teacher.wait_for_selector("body[data-code][data-phase='lobby']")
    assert teacher.locator("#match-info").inner_text().startswith("3x3 English letters, ")
    teacher.click("#start-button")
    teacher.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert teacher.locator("#board .cube").count() == 9


def test_the_projector_s_board_is_in_sight_when_a_round_starts_on_a_small_screen(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """On a small projector (760x600) the teacher scrolled down past the class's 25 players
    to Start: the round's page kept the scroll, the board's top row above the screen (more
    so with the room's link and QR code under the clock). The round starts at the top."""
    server = clocked_server
    projector = players.open(server.url + "/room", viewport={"width": 760, "height": 600})
    projector.fill("#create-name", "Ms Lee")
    projector.check("#create-watch")
    projector.click("#create-button")
    projector.wait_for_selector("body[data-code][data-phase='lobby']")
    code = str(projector.locator("body").get_attribute("data-code"))
    join_class(projector, code, 25)
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 26")
    projector.locator("#start-button").scroll_into_view_if_needed()
    assert projector.evaluate("() => window.scrollY") > 0
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #late-join:visible")
    board = projector.locator("#board").bounding_box()
    assert board is not None and board["y"] >= 0, board


def test_the_homework_challenge_is_kept_by_the_room_across_a_reload(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The challenge the projector made was kept in that page alone: reloaded, the page
    offered "Make a challenge of this board" again, the link to send and everyone's results
    lost. The room keeps it: the page reloaded shows the same link and the spreadsheet."""
    server = clocked_server
    projector, code = project_a_room(players, server)
    amir = join_on_a_phone(players, f"{server.url}/room/{code}", "Amir")
    projector.click("#start-button")
    amir.wait_for_selector("body[data-phase='playing'] #board .cube")
    server.clock.now += 61
    projector.wait_for_selector("body[data-phase='over'] #results:visible")
    projector.click("#challenge-button")
    projector.wait_for_selector("#challenge-link")
    made = str(projector.locator("#challenge-link").get_attribute("data-code"))
    projector.wait_for_function(  # the room's answer to the page's `challenge`
        "() => fetch(`/api/rooms/${document.body.dataset.code}/results`).then((r) => r.json())"
        ".then((stored) => Boolean(stored.challenge))"
    )
    projector.reload()
    projector.wait_for_selector("body[data-phase='over'] #results:visible #challenge-link")
    assert projector.locator("#challenge-link").get_attribute("data-code") == made
    assert projector.locator("#challenge-button").count() == 0
    download = str(projector.locator("#challenge-download").get_attribute("href"))
    assert download == f"/api/challenges/{made}/results.csv"
    assert amir.locator("#challenge-button").inner_text() == "Challenge a friend"  # a pupil's own


def test_the_next_pupil_on_a_shared_laptop_joins_under_their_own_name(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A school laptop passed on between rounds: the room page's Join, with the last
    pupil's seat kept in the browser, took that seat back whatever name was typed, and the
    teacher had to remove it first. The join goes under the name typed, the old seat
    released (its points kept under its name)."""
    server = clocked_server
    projector, code = project_a_room(players, server)
    laptop = join_on_a_phone(players, f"{server.url}/room/{code}", "Amir")
    projector.wait_for_selector("#players > li[data-name='Amir']:not(.away)")
    laptop.goto(server.url + "/")  # the lesson's end: the room's page closed
    projector.wait_for_selector("#players > li[data-name='Amir'].away")
    laptop.goto(server.url + "/room")
    laptop.wait_for_selector("#seat:visible")  # "You have a seat in room ... (as Amir)"
    laptop.fill("#join-code", code)
    laptop.fill("#join-name", "Bea")
    laptop.click("#join-button")
    laptop.wait_for_selector("body[data-code] #players > li[data-name='Bea']")
    projector.wait_for_selector("#players > li[data-name='Bea']")
    gone = "() => !document.querySelector(\"#players > li[data-name='Amir']\")"
    projector.wait_for_function(gone)  # released, not away
