"""A club's tournament evening in a room: the organiser's projector shows the board and
the standings, a dozen phones play, the evening's results are downloaded at the end."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from browser import Pages
from browser_fixtures import LONGEST_ROUND, ClockedServer
from room_page import create_room, join

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")


def uncovered(page: Any, selector: str) -> bool:
    """Whether the middle of ``selector``, scrolled into view, is itself on top there
    (not under another element, such as a board that sticks to the top of the screen)."""
    box = page.locator(selector)
    box.scroll_into_view_if_needed()
    return bool(
        box.evaluate(
            """node => { const r = node.getBoundingClientRect();
                const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return node === top || node.contains(top); }"""
        )
    )


@pytest.mark.parametrize("screen", [(1280, 800), (1920, 1080)])
def test_the_projector_s_results_are_not_under_its_board(
    players: Pages, clocked_server: ClockedServer, screen: tuple[int, int]
) -> None:
    """The host who shows the board had it as high as the screen after the round too: too
    wide to leave the results room beside it, it stood over them, stuck to the top of the
    screen, and the standings scrolled under it, hidden from the room.  Between rounds the
    board is a player's size again, the results beside it."""
    server = clocked_server
    host = players.open(server.url + "/room")
    host.set_viewport_size({"width": screen[0], "height": screen[1]})
    host.check("#create-watch")
    code = create_room(host, "Club", seconds=str(LONGEST_ROUND))
    join(players, server, code, "Ann")
    host.wait_for_selector("#players li[data-name='Ann']")
    host.click("#start-button")
    host.wait_for_selector("body[data-phase='playing'] #board .cube")
    die = host.locator("#board .cube").first.evaluate("d => d.getBoundingClientRect().width")
    assert die > 140  # in the round the board still fills the projector's height
    server.clock.now += LONGEST_ROUND
    host.wait_for_selector("#results:not([hidden])")
    for selector in ("#results-title", "#standings", "#standings-csv", "#results-csv"):
        assert uncovered(host, selector), selector
    # the evening's standings, for the organiser to keep (tests/web/test_rooms_evening.py)
    link = host.locator("#standings-csv").get_attribute("href")
    assert link == f"/api/rooms/{code}/standings.csv"


def test_a_player_reads_the_shortest_word_that_counts_before_the_round(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A club plays 4x4 with words of 4 letters or more ("big" rules); the players' line
    said "big rules", and a player learned what that meant from their first 3-letter word
    refused "too short" in the round."""
    server = clocked_server
    host = players.open(server.url + "/room")
    code = create_room(host, "Club", rules="big", seconds=str(LONGEST_ROUND))
    phone = join(players, server, code, "Ann")
    info = phone.locator("#match-info").inner_text()
    assert "big rules (words of 4+ letters)" in info, info
    assert "classic rules (words of 3+ letters)" in create_and_read(players, server)


def create_and_read(players: Pages, server: ClockedServer) -> str:
    """The match line of a room made with the rules by the board's size (4x4: classic)."""
    page = players.open(server.url + "/room")
    create_room(page, "Dee")
    return str(page.locator("#match-info").inner_text())


def test_a_round_s_results_print_with_every_player_s_words(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The print style left out every button, and a room's words are buttons (their path
    on hover): the organiser's printed results had each player's verdicts ("not on board")
    without the words, and the words nobody found not at all."""
    server = clocked_server
    host = players.open(server.url + "/room")
    host.check("#create-watch")
    code = create_room(host, "Club", seconds=str(LONGEST_ROUND))
    ann = join(players, server, code, "Ann")
    host.wait_for_selector("#players li[data-name='Ann']")
    host.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    ann.fill("#word-input", "fame")
    ann.press("#word-input", "Enter")
    ann.wait_for_selector("#my-words li[data-word='fame']")
    server.clock.now += LONGEST_ROUND
    host.wait_for_selector("#results:not([hidden]) #unfound .word")
    host.emulate_media(media="print")
    assert host.locator(".result-player[data-name='Ann'] .word[data-word='fame']").is_visible()
    assert host.locator("#unfound .word[data-word='mile']").is_visible()
    assert host.locator("#start-button").is_hidden()  # the buttons to press stay out


def test_a_club_of_16_leaves_the_projector_s_board_on_its_screen(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The players' chips stood above the projector's board, a line of them sized for: a
    club of 16 took six lines on a 1024x768 projector, and the board's last row was under
    the screen's edge.  In a round the players are beside the board, under the clock."""
    server = clocked_server
    host = players.open(server.url + "/room")
    host.set_viewport_size({"width": 1024, "height": 768})
    host.check("#create-watch")
    code = create_room(host, "Club", seconds=str(LONGEST_ROUND))
    socket_url = server.url.replace("http://", "ws://") + "/ws/rooms"
    # The phones read nothing: with websockets' default queue (16 messages) a full one
    # stops reading the socket, so its close waited out close_timeout, 5 s a phone.
    with contextlib.ExitStack() as phones:
        for number in range(1, 17):
            phone = phones.enter_context(
                sync_client.connect(socket_url, ping_interval=None, max_queue=None)
            )
            phone.send(json.dumps({"type": "join", "code": code, "name": f"Player {number:02d}"}))
        host.wait_for_selector("#players li[data-name='Player 16']")
        host.click("#start-button")
        host.wait_for_selector("body[data-phase='playing'] #board .cube")
        board = host.locator("#board").bounding_box()
        assert board["y"] + board["height"] <= 768, board  # every row on the screen
        assert board["width"] > 500  # and as large as it can be
        chips = host.locator("#players").bounding_box()
        assert chips["x"] >= board["x"] + board["width"], (chips, board)  # beside it
        assert host.locator("#players .remove-player").first.is_hidden()


def test_a_club_s_standings_come_before_every_player_s_words(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A round's results listed each player's words first, a card a player, and the
    standings under them: with a club of 12 the standings were four phone screens below the
    round's end, and the projector's too.  They come first, each player's words under them."""
    server = clocked_server
    host = players.open(server.url + "/room", viewport={"width": 390, "height": 844})
    code = create_room(host, "Club", seconds=str(LONGEST_ROUND))
    socket_url = server.url.replace("http://", "ws://") + "/ws/rooms"
    with contextlib.ExitStack() as phones:
        for number in range(1, 12):
            phone = phones.enter_context(
                sync_client.connect(socket_url, ping_interval=None, max_queue=None)
            )
            phone.send(json.dumps({"type": "join", "code": code, "name": f"Player {number:02d}"}))
        host.wait_for_selector("#players li[data-name='Player 11']")
        host.click("#start-button")
        host.wait_for_selector("body[data-phase='playing'] #board .cube")
        server.clock.now += LONGEST_ROUND
        host.wait_for_selector("#results:not([hidden]) .result-player")
    top = host.locator("#results-title").evaluate("t => t.getBoundingClientRect().top")
    table = host.locator("#standings").evaluate("t => t.getBoundingClientRect().top")
    assert table - top < 844 / 2, (top, table)  # on the results' first screen
    words = host.locator("#result-players").evaluate("t => t.getBoundingClientRect().top")
    assert words > table


def test_a_challenge_s_results_offer_a_spreadsheet(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Everyone's results of a club's challenge, once played, link to their spreadsheet
    (tests/web/test_rooms_evening.py has what is in it)."""
    from challenge_round import make_challenge, play_challenge

    made = make_challenge(clocked_server.url, played={"bob": ["fame"]})
    page = players.open(clocked_server.url + made["path"])
    play_challenge(page, "ann", ["mile"])
    link = page.locator("#challenge-csv")
    assert link.is_visible()
    assert link.get_attribute("href") == f"/api/challenges/{made['code']}/results.csv"
