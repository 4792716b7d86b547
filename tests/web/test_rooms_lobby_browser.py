"""Between rounds on the room page (headless Chromium driven by Playwright): a player changes
their own name, the others and the projector read it and the standings keep the points under
it; the projector's "Remove a player" with a class of 32; the rematch's shortest word.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from browser import Pages
from browser_fixtures import ClockedServer
from room_page import (
    ONE_ROUND,
    PROJECTOR,
    cells,
    create_room,
    join,
    join_pupils,
    play_one_round_match,
    type_word,
)

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")


def rename(page: Any, name: str) -> None:
    page.click("#rename summary")
    page.fill("#rename-name", name)
    page.click("#rename-button")


def test_a_player_changes_their_name_between_rounds_and_keeps_their_points(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Bob joined as "bob" and wants to be "Bobby": only remove-then-rejoin did it, his
    points staying with "bob". Now "Change your name" in the results (and the lobby) renames
    him: a name taken is refused in one line; the others read the new name, its standings row
    keeps his points, nobody is told "bob left the room", and his seat keeps the new name (the
    results' "Challenge a friend" too, which offered "bob" until the next results)."""
    server = clocked_server
    ann = players.open(server.url + "/room")
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob")
    ann.wait_for_selector("#players li[data-name='bob']")
    assert bob.locator("#rename").is_visible()  # in the lobby
    play_one_round_match(server, [ann, bob], [[], ["fame"]])
    assert bob.locator("#rename").is_visible()

    bob.click("#rename summary")
    # the name to change, filled when the box has opened (its toggle event comes after)
    playwright_api.expect(bob.locator("#rename-name")).to_have_value("bob")
    bob.click("#rename summary")
    rename(bob, "ANN")
    bob.wait_for_selector("#error:visible")
    assert bob.text_content("#error") == "the name 'ANN' is taken in this room"

    bob.fill("#rename-name", " Bobby ")
    bob.click("#rename-button")
    for page in (ann, bob):
        page.wait_for_selector("#players li[data-name='Bobby']")
        assert page.locator("#players li[data-name='bob']").count() == 0
        assert cells(page, "standings")[0] == ["1", "Bobby", "1", "1"]
        title = page.locator("#result-players .result-player[data-name='Bobby'] h3")
        assert title.inner_text() == "Bobby: 1 point"
        assert "left the room" not in page.locator("#room").inner_text()
    assert "Bobby (you): 1 point" in bob.locator("#players li.you").inner_text()
    assert ann.text_content("#notice") == "bob is now called Bobby."
    # the match's line too: "bob won" read beside Bobby's row of the standings
    assert ann.text_content("#match-over") == "Match over: Bobby won with 1 point."
    assert bob.text_content("#match-over") == "Match over: you won with 1 point."
    assert bob.text_content("#notice") == "You are Bobby now."
    assert bob.locator("#error").is_hidden()
    # "Challenge a friend" under the results posts under the new name, not the old one
    playwright_api.expect(bob.locator("#challenge-your-name")).to_have_value("Bobby")
    seat = bob.evaluate(f"() => JSON.parse(localStorage.getItem('boggle-room-{code}'))")
    assert seat["name"] == "Bobby"

    # the rematch's round: no name changes while it is played; the points go on under Bobby
    ann.click("#rematch-button")
    bob.wait_for_selector("body[data-phase='lobby']")
    bob.reload()  # the seat, under its new name
    bob.wait_for_selector(f"body[data-code='{code}'][data-phase='lobby']")
    assert "Bobby (you)" in bob.locator("#players li.you").inner_text()
    ann.click("#start-button")
    bob.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert bob.locator("#rename").is_hidden()
    type_word(bob, "mile")
    server.clock.now += 61
    bob.wait_for_selector("body[data-phase='over'] #evening:visible")
    assert cells(bob, "evening-standings")[0][1:] == ["Bobby", "2", "2"]
    assert bob.text_content("#notice") == ""  # said until the next round started


def test_remove_a_player_opened_with_32_players_keeps_the_projector_s_board_in_view(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """The projector's "Remove a player" opened during a round listed a button for each of a
    class's 32 players, beside the board of a 1024x768 projector: the page grew past the
    screen and scrolled, the board with it. It is one list to choose the name from and one
    Remove: opened, the page still fits the screen and the board stays where it was."""
    server = clocked_server
    projector = players.open(server.url + "/room", **PROJECTOR)
    projector.fill("#create-name", "Teacher")
    projector.check("#create-watch")
    projector.click("#create-button")
    projector.wait_for_selector("body[data-code][data-phase='lobby']")
    code = str(projector.locator("body").get_attribute("data-code"))
    names = [f"pupil{n:02d}" if n != 7 else "Poo Head" for n in range(1, 33)]
    join_pupils(projector, code, names)
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 33")
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #board .cube")
    board_before = projector.locator("#board").bounding_box()
    projector.click("#remove-players summary")
    menu = projector.locator("#remove-players")
    projector.wait_for_timeout(200)
    size = projector.viewport_size
    assert size is not None and board_before is not None
    assert projector.evaluate("() => document.documentElement.scrollHeight") <= size["height"]
    shown = menu.bounding_box()
    board = projector.locator("#board").bounding_box()
    assert shown is not None and board == board_before
    assert shown["y"] + shown["height"] <= size["height"]
    # every player is there to choose, by name
    assert projector.locator("#remove-name option").all_inner_texts() == sorted(names)
    projector.select_option("#remove-name", "Poo Head")
    projector.once("dialog", lambda dialog: dialog.accept())
    projector.click("#remove-chosen")
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 32")
    assert "Poo Head" not in projector.locator("#remove-name option").all_inner_texts()


def test_the_rematch_panel_has_the_shortest_word_filled_with_the_room_s(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """A club that played words of 4+ wants 5+ for the next match: the rematch's settings had
    no "Shortest word", only Create's. It is there, filled with the room's, and the rematch
    counts what it says."""
    server = clocked_server
    ann = players.open(server.url + "/room")
    create_room(ann, "ann", **ONE_ROUND, **{"min-length": "4"})
    assert "(words of 4+ letters)" in ann.text_content("#match-info")
    play_one_round_match(server, [ann], [["fame"]])
    ann.click("#rematch-settings summary")
    assert ann.locator("#rematch-min-length").input_value() == "4"
    ann.select_option("#rematch-min-length", "5")
    ann.click("#rematch-button")
    ann.wait_for_selector("body[data-phase='lobby']")
    assert "(words of 5+ letters)" in ann.text_content("#match-info")
    ann.click("#start-button")
    ann.wait_for_selector("body[data-phase='playing'] #board .cube")
    assert type_word(ann, "fame")["status"] == "too_short"
    server.clock.now += 61
    ann.wait_for_selector("body[data-phase='over'] #rematch-settings:visible")
    ann.click("#rematch-settings summary")
    assert ann.locator("#rematch-min-length").input_value() == "5"
    # "as the rules" sends none: the rules' own 3 for these dice
    ann.select_option("#rematch-min-length", "")
    ann.click("#rematch-button")
    ann.wait_for_selector("body[data-phase='lobby']")
    assert "(words of 3+ letters)" in ann.text_content("#match-info")


def test_the_evening_s_20th_place_shared_with_the_21st_reads_20_eq(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """21 players over two matches, 19 on 1 point and 2 on none: the 20th and the 21st share
    20th place, but the evening lists 20 and the page worked "=" out over those, so the 20th
    read "20" as if alone. It reads "20=", with the line that says places are shared."""
    server = clocked_server
    projector = players.open(server.url + "/room", **PROJECTOR)
    projector.fill("#create-name", "Teacher")
    projector.check("#create-watch")
    projector.check("#create-no-cross-off")  # every finder scores: 19 on FAME, 1 point each
    for field, value in ONE_ROUND.items():
        projector.fill(f"#create-{field}", value)
    projector.click("#create-button")
    projector.wait_for_selector("body[data-code][data-phase='lobby']")
    code = str(projector.locator("body").get_attribute("data-code"))
    names = [f"pupil{n:02d}" for n in range(1, 22)]
    join_pupils(projector, code, names)
    projector.wait_for_function("() => document.querySelectorAll('#players > li').length === 22")
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #board .cube")
    projector.evaluate(
        """() => window.pupils.slice(0, 19).forEach(
            socket => socket.send(JSON.stringify({ type: "word", word: "fame" })))"""
    )
    projector.wait_for_function(
        "() => [...document.querySelectorAll('#players > li')]"
        ".filter(item => item.dataset.words === '1').length === 19"
    )
    server.clock.now += 61
    projector.wait_for_selector("body[data-phase='over'] #rematch-button:visible")
    projector.click("#rematch-button")
    projector.wait_for_selector("body[data-phase='lobby']")
    projector.click("#start-button")
    projector.wait_for_selector("body[data-phase='playing'] #board .cube")
    server.clock.now += 61
    projector.wait_for_selector("body[data-phase='over'] #evening:visible")
    rows = cells(projector, "evening-standings")
    assert len(rows) == 20
    assert [row[0] for row in rows] == ["1="] * 19 + ["20="]
    assert projector.locator("#evening-more").inner_text().startswith("and 1 more")
    assert projector.locator("#evening-ties").is_visible()


def test_the_results_offer_no_dead_link_once_the_room_s_challenge_has_expired(
    players: Pages, clocked_server: ClockedServer
) -> None:
    """Ann made a challenge of the round from the results, which showed its link; nobody
    played it for the server's keep days and it was deleted: the server told the room
    (``expire_challenges``, hourly) and Ann's page took the ``room`` message's state, but the
    results on screen kept the dead link (a 404 for whoever opened it) until the next round
    or a reload. The offer is drawn again: the form to make another, saying why."""
    server = clocked_server
    ann = players.open(server.url + "/room")
    code = create_room(ann, "ann", **ONE_ROUND)
    bob = join(players, server, code, "bob")
    ann.wait_for_selector("#players li[data-name='bob']")
    play_one_round_match(server, [ann, bob], [[], ["fame"]])
    ann.fill("#challenge-your-name", "ann")
    ann.click("#challenge-button")
    made = ann.wait_for_selector("#challenge-link").get_attribute("data-code")
    service = server.app.state.rooms
    playwright_api.expect(bob.locator("#room")).to_be_visible()
    deadline = time.monotonic() + 30
    while (service.hub.rooms[code].challenge or {}).get("code") != made:  # kept by the room
        assert time.monotonic() < deadline, "the room did not keep the challenge"
        time.sleep(0.05)
    with service.store.transaction() as db:  # nobody played it for keep_days
        db.execute("UPDATE challenges SET played = 0, created = 0")
    assert service.store.prune() == 1
    server.call(service.expire_challenges)  # the hourly prune's

    ann.wait_for_selector("#challenge-link", state="detached")
    playwright_api.expect(ann.locator("#challenge-button")).to_be_visible()
    status = ann.locator(".challenge-offer [role='status']")
    playwright_api.expect(status).to_contain_text("This round's challenge has expired")
    assert ann.locator("#challenge-download").count() == 0
    # another made: its link shown (and kept by the room), not drawn away by the next message
    ann.click("#challenge-button")
    again = ann.wait_for_selector("#challenge-link").get_attribute("data-code")
    assert again and again != made
    bob.click("#leave-button")  # a room message to ann
    ann.wait_for_selector("#players li[data-name='bob']", state="detached")
    assert ann.locator("#challenge-link").get_attribute("data-code") == again
