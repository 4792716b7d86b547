"""What a club's organiser meets on the room page: a shared place written "1=", the evening
kept in a rematch's lobby and its oldest matches said, the projector's board clear of the
reconnecting banner, a player gone said during a round, 32 players beside the projector's
board, and the shortest word chosen on Create."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import PHONE_2X as PHONE
from browser import Pages
from browser_fixtures import ClockedServer
from room_page import PROJECTOR, cells, join_pupils

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SHOTS = Path("/tmp/rooms34")
ONE_ROUND = {"seconds": "60", "rounds": "1", "target": "0"}


def create_room(page: Any, name: str, watch: bool = False, **fields: str) -> str:
    page.fill("#create-name", name)
    for field, value in fields.items():
        page.locator(f"#create-{field}").fill(value)
    if watch:
        page.check("#create-watch")
    page.click("#create-button")
    page.wait_for_selector("body[data-code][data-phase='lobby']")
    return str(page.locator("body").get_attribute("data-code"))


def join(players: Pages, server: ClockedServer, code: str, name: str, **options: Any) -> Any:
    page = players.open(f"{server.url}/room/{code}", **options)
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector(f"body[data-code='{code}']")
    return page


def play_match(server: ClockedServer, pages: list[Any], words: list[list[str]]) -> None:
    """A match of one round: each page's ``words`` typed, ended by the test's clock."""
    pages[0].click("#start-button")
    for page, entered in zip(pages, words, strict=True):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        for word in entered:
            page.fill("#word-input", word)
            page.press("#word-input", "Enter")
            page.wait_for_selector(f"#my-words li[data-word='{word}']")
    server.clock.now += 61
    for page in pages:
        page.wait_for_selector("body[data-phase='over'] #match-over:visible")


def rematch(pages: list[Any]) -> None:
    pages[0].click("#rematch-button")
    for page in pages:
        page.wait_for_selector("body[data-phase='lobby']")


def test_a_shared_place_reads_1_eq_and_the_evening_stays_in_the_rematch_lobby(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Equal points shared rank 1 written "1" twice, with nothing saying there is no
    tie-break: a shared place reads "1=" and a line says the rule. After a rematch the
    lobby showed no evening (it was in the results, hidden with them): it stays under the
    players until the next round."""
    server = clocked_server
    ann = players.open(server.url + "/room", **PHONE)
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob", **PHONE)
    pages = [ann, bob]
    play_match(server, pages, [[], []])  # 0 and 0: a shared first place
    for page in pages:
        assert cells(page, "standings") == [["1=", "ann", "0", "0"], ["1=", "bob", "0", "0"]]
        assert page.locator("#standings-ties").inner_text() == (
            "Equal points share a place (2=): there is no tie-break."
        )
    rematch(pages)
    assert ann.locator("#evening").is_hidden()  # one match: its standings are the evening
    play_match(server, pages, [["fame"], []])
    assert cells(ann, "standings") == [["1", "ann", "1", "1"], ["2", "bob", "0", "0"]]
    assert ann.locator("#standings-ties").is_hidden()
    rematch(pages)
    for page in pages:
        page.wait_for_selector("#evening:visible")
        assert page.locator("#evening-title").inner_text() == "The evening: 2 matches"
        assert cells(page, "evening-standings") == [["1", "ann", "2", "1"], ["2", "bob", "1", "0"]]
        evening = page.locator("#evening").bounding_box()
        players_box = page.locator("#players").bounding_box()
        assert evening is not None and players_box is not None
        assert evening["y"] > players_box["y"]
    ann.click("#start-button")
    for page in pages:
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        assert page.locator("#evening").is_hidden()  # the board's turn


def test_the_oldest_matches_not_counted_are_said_over_the_evening(
    players: Pages, clocked_server: ClockedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A room past its evening's most matches (MAX_EVENING_MATCHES, here 2) drops the
    oldest: the title says so, "(the 1 before them not counted)", in the results and in
    the next lobby."""
    monkeypatch.setattr("boggle.rooms.export.MAX_EVENING_MATCHES", 2)
    server = clocked_server
    host = players.open(server.url + "/room", **PHONE)
    create_room(host, "ann", **ONE_ROUND)
    for match in range(3):
        if match:
            rematch([host])
        play_match(server, [host], [["fame"]])
    title = "The evening: 2 matches (the 1 before them not counted)"
    host.wait_for_selector("#evening:visible")
    assert host.locator("#evening-title").inner_text() == title
    assert cells(host, "evening-standings") == [["1", "ann", "2", "2"]]
    rematch([host])
    host.wait_for_selector("#evening:visible")
    assert host.locator("#evening-title").inner_text() == title


def test_the_reconnecting_banner_leaves_the_projector_s_board_in_sight(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Between rounds the projector's board stays at the top of the screen as the results
    scroll: the reconnecting banner covered its top row."""
    server = clocked_server
    SHOTS.mkdir(exist_ok=True)
    projector = players.open(server.url + "/room", **PROJECTOR)
    code = create_room(projector, "Club", watch=True, **ONE_ROUND)
    ann = join(players, server, code, "ann", **PHONE)
    play_match(server, [projector, ann], [[], ["fame", "mile"]])
    projector.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    projector.wait_for_function("() => window.scrollY > 0")
    projector.context.set_offline(True)
    projector.wait_for_selector("#connection-banner:visible")
    projector.wait_for_timeout(300)
    banner = projector.locator("#connection-banner").bounding_box()
    board = projector.locator("#board").bounding_box()
    assert banner is not None and board is not None
    assert board["y"] >= banner["y"] + banner["height"], (banner, board)
    projector.screenshot(path=str(SHOTS / "projector-reconnecting.png"))
    projector.context.set_offline(False)
    projector.wait_for_selector("#connection-banner", state="hidden", timeout=20000)


def test_the_host_away_during_a_round_is_said_under_the_word_box(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """During a round the room's news ("ann (host) has lost the connection: ...") was
    neither shown (its line was hidden with the room's settings) nor toasted: it is shown
    under the word box, the focus left in the box, no toast over it."""
    server = clocked_server
    ann = players.open(server.url + "/room", **PHONE)
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob", **PHONE)
    ann.click("#start-button")
    for page in (ann, bob):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
    bob.focus("#word-input")
    ann.context.set_offline(True)
    bob.wait_for_selector("#host-away:visible", timeout=20000)
    assert bob.locator("#host-away").inner_text().startswith("ann (host) has lost the connection")
    line = bob.locator("#host-away").bounding_box()
    word_box = bob.locator("#word-input").bounding_box()
    assert line is not None and word_box is not None and line["y"] > word_box["y"]
    assert bob.evaluate("() => document.activeElement.id") == "word-input"
    assert bob.locator("#room-toast.toast-shown").count() == 0  # not over the word box
    bob.screenshot(path=str(SHOTS / "host-away-in-round.png"))


def test_32_players_fit_beside_the_board_of_a_1024x768_projector(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A class of 32 on a 1024x768 projector: the players' chips ran down beside the board
    past the screen's foot; in columns of small chips they all fit."""
    server = clocked_server
    SHOTS.mkdir(exist_ok=True)
    projector = players.open(server.url + "/room", **PROJECTOR)
    code = create_room(projector, "Teacher", watch=True, seconds="60")
    join_pupils(projector, code, [f"pupil{n:02d}" for n in range(1, 33)])
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 33")
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #board .cube")
    projector.wait_for_timeout(300)
    projector.screenshot(path=str(SHOTS / "projector-32-players.png"))
    size = projector.viewport_size
    assert projector.evaluate("() => document.documentElement.scrollHeight") <= size["height"]
    last = projector.locator("#players > li").last.bounding_box()
    board = projector.locator("#board").bounding_box()
    assert last is not None and board is not None
    assert last["y"] + last["height"] <= size["height"]
    assert board["y"] + board["height"] <= size["height"]
    assert last["x"] >= board["x"] + board["width"]  # beside the board, not under it
    projector.screenshot(path=str(SHOTS / "projector-32-players.png"))


def test_the_shortest_word_is_chosen_on_create(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The room's shortest word was the rules' 3 or 4: Create offers 3 to 6 letters, and
    the room's line says it."""
    server = clocked_server
    host = players.open(server.url + "/room", **PHONE)
    host.fill("#create-name", "ann")
    host.select_option("#create-min-length", "5")
    host.click("#create-button")
    host.wait_for_selector("body[data-code][data-phase='lobby']")
    assert (
        "classic (custom) rules (words of 5+ letters)" in host.locator("#match-info").inner_text()
    )


def test_a_removed_player_s_points_stay_marked_on_the_page_and_in_the_spreadsheet(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A player the host removed after a round stayed in the standings as if still there:
    their row reads "bob (removed)", on the host's page and the others', and so does the
    standings' spreadsheet."""
    server = clocked_server
    ann = players.open(server.url + "/room", **PHONE)
    code = create_room(ann, "ann", seconds="60", rounds="2", target="0")
    bob = join(players, server, code, "bob", **PHONE)
    cy = join(players, server, code, "cy", **PHONE)
    ann.click("#start-button")
    for page, word in ((ann, "fame"), (bob, "limbo"), (cy, "")):
        page.wait_for_selector("body[data-phase='playing'] #board .cube")
        if word:
            page.fill("#word-input", word)
            page.press("#word-input", "Enter")
            page.wait_for_selector(f"#my-words li[data-word='{word}']")
    server.clock.now += 61
    for page in (ann, cy):
        page.wait_for_selector("body[data-phase='results'] #standings tbody tr")
    ann.once("dialog", lambda dialog: dialog.accept())
    ann.locator("#players li[data-name='bob']").get_by_role(
        "button", name="Remove bob from the room"
    ).click()
    for page in (ann, cy):
        page.wait_for_selector("#standings tr[data-name='bob'][data-removed='true']")
        assert cells(page, "standings")[0] == ["1", "bob (removed)", "2", "2"]
    spreadsheet = ann.request.get(f"{server.url}/api/rooms/{code}/standings.csv").text()
    assert "1,1,bob (removed),2," in spreadsheet


def test_the_host_can_remove_a_player_during_a_round_on_a_1024x768_projector(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The projector's chips leave the host's Remove out during a round (32 of them fit beside
    the board), which left a rude name in front of the class until the round was over: the
    host has "Remove a player" beside the board, closed in one line, and the 32 still fit."""
    server = clocked_server
    SHOTS.mkdir(exist_ok=True)
    projector = players.open(server.url + "/room", **PROJECTOR)
    code = create_room(projector, "Teacher", watch=True, seconds="60")
    join_pupils(projector, code, [f"pupil{n:02d}" if n != 7 else "Poo Head" for n in range(1, 33)])
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 33")
    assert projector.locator("#remove-players").is_hidden()  # between rounds: Remove on the chips
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #board .cube")
    projector.wait_for_timeout(300)
    size = projector.viewport_size
    menu = projector.locator("#remove-players")
    assert menu.is_visible()
    projector.screenshot(path=str(SHOTS / "projector-32-players-remove.png"))
    assert projector.evaluate("() => document.documentElement.scrollHeight") <= size["height"]
    board = projector.locator("#board").bounding_box()
    last = projector.locator("#players > li").last.bounding_box()
    shown = menu.bounding_box()
    assert board is not None and last is not None and shown is not None
    assert board["y"] + board["height"] <= size["height"]
    assert last["y"] + last["height"] <= size["height"]
    assert shown["y"] + shown["height"] <= size["height"]
    assert shown["x"] >= board["x"] + board["width"]  # beside the board, not under it

    projector.click("#remove-players summary")
    projector.select_option("#remove-name", "Poo Head")
    projector.once("dialog", lambda dialog: dialog.accept())
    projector.click("#remove-chosen")
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 32")
    assert projector.locator("#players > li[data-name='Poo Head']").count() == 0
    assert "Poo Head" not in (projector.text_content("#remove-players") or "")
    assert projector.locator("body[data-phase='playing']").count() == 1
