"""What a phone showed at the edges of a room's round and a challenge's results: the players'
line above the board (scrolled sideways, its scrollbar hidden) cut a long name at the screen's
edge with no hint of more; the word box's focus ring showed around "Tap to type a word" in a
round the host started; and on a phone on its side (667x375) a challenge's results table, in
a 294 px column beside the board, was cut at its "only they found" column."""

from __future__ import annotations

from typing import Any

import pytest
from browser import Pages
from challenge_round import make_challenge, play_challenge
from room_page import create_room, join
from serve_process import ServeProcess

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SMALL_PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 640},
    "has_touch": True,
    "is_mobile": True,
}
ON_ITS_SIDE: dict[str, Any] = {
    "viewport": {"width": 667, "height": 375},
    "has_touch": True,
    "is_mobile": True,
}
FADED = """() => {
  const list = document.getElementById("players");
  const style = getComputedStyle(list);
  return [list.className, style.maskImage || style.webkitMaskImage];
}"""
"""The players' line's classes (room.js showMorePlayers) and its mask (a fade, or none)."""
TO_THE_END = "() => { const list = document.getElementById('players'); list.scrollLeft = 9999; }"
SCROLLED = "() => document.getElementById('players').classList.contains('more-before')"
FOCUS = "() => [document.activeElement.id, getComputedStyle(document.activeElement).outlineStyle]"
"""The focused element's id and its focus ring (``none``: no ring)."""


def a_phone_in_a_round_the_host_started(players: Pages, server: ServeProcess) -> Any:
    host = players.open(server.url + "/room")
    code = create_room(host, "Maximiliana Rosalind", seconds="120")
    phone = join(players, server, code, "Bartholomew Fitzgerald", **SMALL_PHONE)
    join(players, server, code, "Christopher Montgomery")
    host.click("#start-button")
    phone.wait_for_selector("body[data-phase='playing'] #board .cube")
    return phone


def test_the_players_line_of_a_phone_s_round_fades_where_more_names_are(
    players: Pages, server: ServeProcess
) -> None:
    phone = a_phone_in_a_round_the_host_started(players, server)
    line = phone.locator("#players").bounding_box()
    assert line is not None and line["width"] <= 360
    classes, mask = phone.evaluate(FADED)
    assert "more-after" in classes and "more-before" not in classes and "gradient" in mask
    phone.evaluate(TO_THE_END)
    phone.wait_for_function(SCROLLED)
    classes, mask = phone.evaluate(FADED)
    assert "more-after" not in classes and "gradient" in mask


def test_tap_to_type_shows_no_focus_ring_around_it(players: Pages, server: ServeProcess) -> None:
    phone = a_phone_in_a_round_the_host_started(players, server)
    phone.wait_for_selector("#tap-to-type:visible")
    assert phone.evaluate(FOCUS) == ["word-input", "none"]
    phone.tap("#tap-to-type")
    phone.wait_for_selector("#tap-to-type", state="hidden")
    assert phone.evaluate(FOCUS) == ["word-input", "solid"]  # the box's own ring, typed in


def test_a_challenge_s_results_are_whole_on_a_phone_on_its_side(
    pages: Pages, server: ServeProcess
) -> None:
    made = make_challenge(
        server.url, played={"Wolfeschlegelsteinhausen": ["fame", "mile", "lime", "axe"]}
    )
    page = pages.open(server.url + made["path"], **ON_ITS_SIDE)
    play_challenge(page, "ann", ["mile", "limb"], tap=True)
    page.wait_for_selector("#challenge-results .learn-one")
    area = page.evaluate(
        """() => { const area = document.querySelector("#results .table-scroll");
        return [area.scrollWidth, area.clientWidth]; }"""
    )
    assert area[0] <= area[1], "the table scrolls in its area"
    only = page.locator("#challenge-results th").last.bounding_box()
    board = page.locator("#board").bounding_box()
    results = page.locator("#results").bounding_box()
    assert only is not None and board is not None and results is not None
    assert only["x"] + only["width"] <= 667
    assert results["y"] >= board["y"] + board["height"]  # under the board
