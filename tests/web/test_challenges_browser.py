"""A challenge in a real browser: headless Chromium (the system's, driven by Playwright)
against `boggle serve`.  One player ends a solo round and makes a challenge of it; a friend
(a second browser context) opens the link, plays the same board and sees both results, best
first, with the words only each found.  The daily page offers the button too.

Needs the `chromium` package (`.ci/install-browser`); without it these tests skip with a
reason locally and fail in CI.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser import (
    ARTIFACTS,
    PHONE,
    Pages,
    device_clock_changes_mid_round,
    enter_word_held,
    hold_first_check,
    listen_as_the_page_is_left,
)
from browser_fixtures import ClockedServer
from challenge_round import (
    CHALLENGES_SERVER,
    LONG_ROUND,
    end_challenge,
    enter_words,
    make_challenge,
    play_challenge,
    start_challenge,
)
from room_page import FAMILY, type_name, utf16_units
from serve_process import ServeProcess, get_json, serving

from boggle import Board, load_lexicon, solve
from boggle.rooms.challenges import ChallengeLimits
from boggle.rooms.limits import RoomError, player_name

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

FXIE = "fxie amlo ewbx astu"
POINTS = {w.word: w.points for w in solve(Board.parse(FXIE), load_lexicon()).words}
WORDS = sorted(POINTS)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    with serving(tmp_path_factory.mktemp("data"), *CHALLENGES_SERVER) as running:
        yield running


def test_a_challenge_made_after_a_solo_round_is_played_by_a_friend(
    players: Pages, server: ServeProcess
) -> None:
    ann = players.open(server.url + "/?mode=play&board=" + FXIE.replace(" ", "+"))
    ann.set_default_timeout(60_000)  # each word is a solve: slow on a loaded machine
    ann.fill("#play-time", "60")
    ann.click("#play-start")
    for word in WORDS[:3]:
        ann.fill("#play-input", word)
        ann.press("#play-input", "Enter")
        ann.wait_for_function(
            "n => document.querySelectorAll('#play-found li').length === n",
            arg=WORDS.index(word) + 1,
        )
    ann.click("#play-end")
    ann.wait_for_selector("#challenge-button")
    ann.fill("#challenge-your-name", "ann")
    ann.click("#challenge-button")
    link = ann.wait_for_selector("#challenge-link")
    code = link.get_attribute("data-code")
    path = link.get_attribute("href")
    assert code and path == f"/challenge/{code}"
    assert link.text_content() == f"{server.url}/challenge/{code}"
    ann.click("#challenge-copy")  # plain http: no clipboard API, so the link is selected
    ann.wait_for_function(
        "() => ['Copied', 'Selected: copy it with Ctrl+C']"
        ".includes(document.getElementById('challenge-copy').textContent)"
    )

    bob = players.open(server.url + path)  # a second browser context: another person
    assert bob.locator("#challenge-form").is_visible()
    assert "4x4 board" in bob.locator("#challenge-info").text_content()
    start_challenge(bob, "bob")
    assert bob.locator("#board").get_attribute("data-board") == FXIE
    for word in [WORDS[2], *WORDS[3:7], "zzzz"]:
        bob.fill("#word-input", word)
        bob.press("#word-input", "Enter")
        bob.wait_for_function(
            "w => document.getElementById('feedback').textContent.startsWith(w.toUpperCase())",
            arg=word,
        )
    end_challenge(bob)
    rows = bob.locator("#challenge-results tbody tr")
    assert rows.count() == 2
    shown = [
        (rows.nth(i).get_attribute("data-name"), rows.nth(i).get_attribute("data-only"))
        for i in range(2)
    ]
    assert shown == [("bob", " ".join(WORDS[3:7])), ("ann", " ".join(WORDS[:2]))]
    stored = get_json(f"{server.url}/api/challenges/{code}")["results"]
    scores = [int(rows.nth(i).get_attribute("data-score") or -1) for i in range(2)]
    assert scores == [r["score"] for r in stored] and scores[0] > scores[1] > 0
    assert "(you)" in rows.nth(0).text_content()
    assert bob.locator("#share-challenge").text_content() == server.url + path
    bob.screenshot(path=str(ARTIFACTS / "challenge-results.png"), full_page=True)

    ann.goto(server.url + path)  # the maker sees the results at once: they played it
    ann.wait_for_selector("body[data-phase='results']")
    assert ann.locator("#challenge-results tbody tr").count() == 2
    assert "(you)" in ann.locator("#challenge-results tr[data-name='ann']").text_content()


def test_the_keyboard_goes_on_at_the_link_challenge_a_friend_makes(
    players: Pages, server: ServeProcess
) -> None:
    """The form (name and button) goes once the link is made: the keyboard is then at the
    link to send, not on the page's body, and Tab goes on to its Copy link."""
    ann = players.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    ann.click("#play-start")
    ann.wait_for_selector("#play-form:not([hidden])")
    ann.click("#play-end")
    ann.wait_for_selector("#challenge-button")
    ann.fill("#challenge-your-name", "ann")
    ann.press("#challenge-your-name", "Enter")
    ann.wait_for_selector("#challenge-link")
    ann.wait_for_function("() => document.activeElement.id === 'challenge-link'")
    ann.keyboard.press("Tab")
    assert ann.evaluate("() => document.activeElement.id") == "challenge-copy"


def test_a_friend_opening_the_link_is_told_who_played_and_the_score_to_beat(
    players: Pages, server: ServeProcess
) -> None:
    """The link's page said "1 person has played it": not who sent it nor the score to beat.
    Before their round a friend reads the best player's name and score (no word given away);
    once they have played, the line counts the players again."""
    empty = make_challenge(server.url)
    page = players.open(server.url + empty["path"])
    assert page.locator("#challenge-info").text_content().endswith("Nobody has played it yet.")
    made = make_challenge(server.url, played={"ann": WORDS[:3], "cy": WORDS[:1]})
    judged = get_json(server.url + f"/api/challenges/{made['code']}")["results"]
    ann = next(row for row in judged if row["name"] == "ann")
    assert ann["rank"] == 1
    bob = players.open(server.url + made["path"])
    info = bob.locator("#challenge-info").text_content()
    assert info.endswith(
        f"2 people have played it; the best is ann: {ann['score']} points,"
        f" {ann['count']} words. Your turn to beat that."
    ), info
    assert not any(word in info.lower().split() for word in WORDS[:3])
    play_challenge(bob, "bob", WORDS[:1])
    assert bob.locator("#challenge-info").text_content().endswith("3 people have played it.")
    single = make_challenge(server.url, played={"ann": WORDS[:1]})
    dee = players.open(server.url + single["path"])
    point = get_json(server.url + f"/api/challenges/{single['code']}")["results"][0]["score"]
    said = f"{point} point{'s' if point != 1 else ''}, 1 word"
    info = dee.locator("#challenge-info").text_content()
    assert info.endswith(f"ann played it: {said}. Your turn to beat that."), info


def test_the_words_only_one_player_found_are_never_broken_on_a_phone(
    players: Pages, server: ServeProcess
) -> None:
    """On a phone the results' "only they found" column was narrow enough that a chip broke
    its word in two ("LIMB" over "O"): each chip's word is on one line, and the page does not
    scroll sideways (a wide table scrolls in its own area)."""
    longest = sorted(WORDS, key=lambda word: (-len(word), word))[:3]
    made = make_challenge(server.url, played={"ann": [min(WORDS, key=len)]})
    bob = players.open(server.url + made["path"], **PHONE)
    play_challenge(bob, "bob", longest)
    chips = bob.locator("#challenge-results tr[data-name='bob'] td .word")
    assert chips.count() == len(longest)
    lines = bob.evaluate(
        """() => [...document.querySelectorAll('#challenge-results td .word')].map((chip) => {
          const range = document.createRange();
          range.selectNodeContents(chip);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return [chip.textContent, tops.size];
        })"""
    )
    assert lines and all(count == 1 for _, count in lines), lines
    assert bob.evaluate(
        "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_the_results_table_fits_a_390_px_phone_with_seven_letter_words(
    players: Pages, server: ServeProcess
) -> None:
    """At 390 px the table's cells kept their desktop padding (the narrow one began at 384
    px): with a word of seven letters only the other player found, its chip and "+ learn"
    made the table 380 px in an area of 358, GHETTOS cut at the screen's edge and scrolled
    to. Every column is in view."""
    board = "lrsh sutt hoge iths"
    made = make_challenge(server.url, board=board, played={"ann": ["ghettos", "ghouls", "egos"]})
    bob = players.open(server.url + made["path"], **PHONE)
    play_challenge(bob, "bob", ["shout"])
    assert bob.locator("#challenge-results tr[data-name='ann'] .learn-one").count() == 3
    area = bob.evaluate(
        "() => { const area = document.querySelector('.table-scroll');"
        " return [area.scrollWidth, area.clientWidth]; }"
    )
    assert area[0] <= area[1], f"the table is {area[0]} px in an area of {area[1]} px"


PAIRS = """(row) => [...row.querySelectorAll('.learn-pair')].map((pair) => {
  const [chip, button] = [...pair.children].map((e) => e.getBoundingClientRect());
  return { side: Math.abs(chip.top - button.top) < 1 && button.left >= chip.right - 2,
           name: pair.lastElementChild.textContent.replace(/\\s+/g, ' ').trim() }; })"""


def test_the_only_they_found_cell_is_compact_on_a_phone(
    players: Pages, server: ServeProcess
) -> None:
    """At 390 px each word the other player found and you missed was its chip over its
    "+ learn" button, two buttons high a word: twelve words made ann's row over 1,000 px high
    on a touch screen. The button is beside its chip, its "+" alone shown (named "learn
    AMBLE" still), one button high a word, and the table still fits."""
    words = [w["word"] for w in get_json(server.url + "/api/solve", {"board": FXIE})["words"]]
    made = make_challenge(server.url, played={"ann": words[:12]})
    bob = players.open(server.url + made["path"], **PHONE)
    play_challenge(bob, "bob", words[12:14])
    row = bob.locator("#challenge-results tr[data-name='ann']")
    pairs = row.evaluate(PAIRS)
    assert len(pairs) == 12 and all(pair["side"] for pair in pairs), pairs
    assert all(pair["name"].startswith("+ learn ") for pair in pairs), pairs
    button = row.locator(".learn-one").first
    shown = "(b) => [...b.children].filter((e) => e.getBoundingClientRect().width > 1)"
    assert button.evaluate(shown + ".map((e) => e.textContent)") == ["+ "]
    box = row.bounding_box()
    assert box is not None and box["height"] < 12 * 52, box  # a 44 px button, a gap
    area = bob.evaluate(
        "() => { const area = document.querySelector('.table-scroll');"
        " return [area.scrollWidth, area.clientWidth]; }"
    )
    assert area[0] <= area[1], f"the table is {area[0]} px in an area of {area[1]} px"


SHOWN_WORDS = """(row) => [...row.querySelectorAll('button.word')]
  .filter((b) => b.getClientRects().length > 0).map((b) => b.dataset.word)"""


def test_a_row_of_many_words_is_folded_on_a_phone_behind_a_more_button(
    players: Pages, server: ServeProcess
) -> None:
    """On a phone each word of the table is a line: a row of twelve words the other player
    found was twelve lines high. Its words past the first three are folded behind a "+9 more"
    button (aria-expanded) that shows them, and "Fewer" folds them again; the row's arrow
    keys go through the words shown."""
    words = [w["word"] for w in get_json(server.url + "/api/solve", {"board": FXIE})["words"]]
    made = make_challenge(server.url, played={"ann": words[:12]})
    bob = players.open(server.url + made["path"], **PHONE)
    play_challenge(bob, "bob", words[12:14])
    row = bob.locator("#challenge-results tr[data-name='ann']")
    more = row.locator("button.fold-more")
    assert row.evaluate(SHOWN_WORDS) == words[:3]
    assert more.get_attribute("aria-expanded") == "false"
    assert (more.text_content() or "").strip() == "+9 more words"
    folded = row.bounding_box()
    assert folded is not None and folded["height"] < 5 * 52, folded
    row.locator("button.word").first.focus()
    bob.keyboard.press("End")
    assert bob.evaluate("() => document.activeElement.dataset.word") == words[2]
    more.click()
    assert more.get_attribute("aria-expanded") == "true"
    assert row.evaluate(SHOWN_WORDS) == words[:12]
    row.locator("button.word").first.focus()
    bob.keyboard.press("End")
    assert bob.evaluate("() => document.activeElement.dataset.word") == words[11]
    more.click()  # folded again: the row's Tab stop back at a word shown
    assert more.get_attribute("aria-expanded") == "false"
    assert row.evaluate(SHOWN_WORDS) == words[:3]
    stop = "(row) => row.querySelector('.word-list [tabindex=\"0\"]').dataset.word"
    assert row.evaluate(stop) in words[:3]


LINES_SHOWN = """(row) => new Set([...row.querySelectorAll('.word-list > *')]
  .filter((e) => e.getClientRects().length > 0).map((e) => e.getBoundingClientRect().top)).size"""


def test_a_row_of_many_words_is_folded_on_a_wide_screen_too(
    players: Pages, server: ServeProcess
) -> None:
    """At 1280 px a row of many words showed them all, two a line each over its "+ learn":
    twelve words were six lines, thirty fifteen, the table a screen high. A row is folded
    after its first three lines at any width, as it lays out there: "+N more" (aria-expanded)
    shows the rest and "Fewer" folds them; a row of four lines or fewer is shown whole, with
    no button; the arrow keys go through the words shown; and the lines are counted again
    when the width changes (at 390 px, a word a line, three words are shown; the keyboard at
    a word folded away goes to the row's first)."""
    words = [w["word"] for w in get_json(server.url + "/api/solve", {"board": FXIE})["words"]]
    made = make_challenge(server.url, played={"ann": words[:12], "cy": words[12:16]})
    bob = players.open(server.url + made["path"], viewport={"width": 1280, "height": 800})
    play_challenge(bob, "bob", words[16:18])
    row = bob.locator("#challenge-results tr[data-name='ann']")
    more = row.locator("button.fold-more")
    shown = row.evaluate(SHOWN_WORDS)
    assert 3 < len(shown) < 12 and shown == words[: len(shown)], shown
    assert row.evaluate(LINES_SHOWN) == 3
    assert more.get_attribute("aria-expanded") == "false"
    assert (more.text_content() or "").strip() == f"+{12 - len(shown)} more words"
    folded = row.bounding_box()
    assert folded is not None and folded["height"] < 5 * 52, folded  # six lines: 350 px
    cy = bob.locator("#challenge-results tr[data-name='cy']")
    assert cy.evaluate(SHOWN_WORDS) == words[12:16]
    assert not cy.locator("button.fold-more").is_visible()
    row.locator("button.word").first.focus()
    bob.keyboard.press("End")
    assert bob.evaluate("() => document.activeElement.dataset.word") == shown[-1]
    more.click()
    assert more.get_attribute("aria-expanded") == "true"
    assert row.evaluate(SHOWN_WORDS) == words[:12]
    more.click()
    assert row.evaluate(SHOWN_WORDS) == shown
    row.locator(f"button.word[data-word='{shown[-1]}']").focus()
    bob.set_viewport_size({"width": 390, "height": 844})
    bob.wait_for_function(
        "() => document.querySelector(\"tr[data-name='ann'] .fold-more\").textContent"
        ".startsWith('+9 more')"
    )
    assert row.evaluate(SHOWN_WORDS) == words[:3]
    # the word the keyboard was at is folded away: the keyboard is at the row's first
    assert bob.evaluate("() => document.activeElement.dataset.word") == words[0]


# the lines (their tops) the last `n` characters of an element's text are shown on
CODE_LINES = """(link, n) => {
  const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  const range = document.createRange();
  let left = n;
  for (const text of texts.reverse()) {
    if (left <= 0) break;
    const take = Math.min(left, text.length);
    if (left === n) range.setEnd(text, text.length);
    range.setStart(text, text.length - take);
    left -= take;
  }
  return new Set([...range.getClientRects()].filter((r) => r.width > 0)
    .map((r) => Math.round(r.top))).size; }"""


def test_a_challenge_s_address_wraps_before_its_code_on_a_phone(
    players: Pages, server: ServeProcess
) -> None:
    """On a phone the challenge's address (http://127.0.0.1:PORT/challenge/CODE, longer on a
    real server's name) wrapped anywhere: at 390 px a code of wide letters had its last
    letter alone on the next line, misread when typed from the screen (at 320 px, the
    narrowest phones, any code). It wraps before the code, never inside it, as a room's
    address does (by a word break: the copied text is the address); so does the link
    "Challenge a friend" gives after a solo round."""
    narrow = {**PHONE, "viewport": {"width": 320, "height": 640}}
    made = make_challenge(server.url, played={"ann": ["fame"]})
    bob = players.open(server.url + made["path"], **narrow)
    play_challenge(bob, "bob", ["limb"])
    share = bob.locator("#share-challenge")
    assert share.text_content() == server.url + made["path"]
    code = made["code"]
    assert share.evaluate(CODE_LINES, len(code)) == 1
    ann = players.open(server.url + "/play?board=" + FXIE.replace(" ", "+"), **narrow)
    ann.click("#play-start")
    ann.click("#play-end")
    ann.fill("#challenge-your-name", "ann")
    ann.click("#challenge-button")
    link = ann.locator("#challenge-link")
    code = link.get_attribute("data-code") or ""
    assert link.text_content() == f"{server.url}/challenge/{code}"
    assert link.evaluate(CODE_LINES, len(code)) == 1


def test_the_same_name_again_keeps_the_words_for_another_name(
    players: Pages, server: ServeProcess
) -> None:
    """A name taken while the round was on (the page knew of no result under it at Start)."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    dan = players.open(server.url + made["path"])
    start_challenge(dan, "CAT")
    get_json(f"{server.url}/api/challenges/{made['code']}/results", {"name": "cat", "words": []})
    enter_words(dan, [WORDS[0]])
    end_challenge(dan, "#rename:not([hidden])")
    assert "has a result" in dan.locator("#error").text_content()
    dan.fill("#rename-name", "dan")
    dan.click("#rename-button")
    dan.wait_for_selector("body[data-phase='results']")
    assert dan.locator("#challenge-results tr[data-name='dan']").get_attribute("data-score") == str(
        POINTS[WORDS[0]]
    )


def test_a_double_tap_on_post_posts_once_and_keeps_the_results(
    players: Pages, server: ServeProcess
) -> None:
    """Two taps on Post under another name sent the result twice: the first posted it, the
    second was refused ("has a result": the first's) and put the form back over the results."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    dan = players.open(server.url + made["path"])
    start_challenge(dan, "cat")
    get_json(f"{server.url}/api/challenges/{made['code']}/results", {"name": "cat", "words": []})
    enter_words(dan, [WORDS[0]])
    end_challenge(dan, "#rename:not([hidden])")
    dan.fill("#rename-name", "dan")
    posts: list[str] = []
    dan.on(
        "request",
        lambda request: (
            posts.append(request.url)
            if request.method == "POST" and request.url.endswith("/results")
            else None
        ),
    )
    dan.evaluate(
        """() => { const button = document.getElementById("rename-button");
          button.click(); button.click(); }"""
    )
    dan.wait_for_selector("body[data-phase='results']")
    assert len(posts) == 1, f"a double tap on Post posted {len(posts)} times"
    assert dan.locator("#rename").is_hidden()
    assert dan.locator("#error").is_hidden(), dan.locator("#error").inner_text()


def test_a_tap_on_play_landing_after_the_round_began_keeps_the_round(
    players: Pages, server: ServeProcess
) -> None:
    """A tap on Play landing once the round had begun (a double tap on a loaded phone) met
    the hidden form and started the round again: the words found gone, the clock anew."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    ann = players.open(server.url + made["path"])
    start_challenge(ann, "ann")
    enter_words(ann, [WORDS[0]])
    ann.evaluate("""() => document.getElementById("challenge-start").click()""")
    assert ann.locator("#my-words li").count() == 1
    assert ann.locator("body").get_attribute("data-phase") == "playing"
    end_challenge(ann)
    row = ann.locator("#challenge-results tr[data-name='ann']")
    assert row.get_attribute("data-score") == str(POINTS[WORDS[0]])


def test_a_name_with_a_result_already_is_said_before_the_round(
    players: Pages, server: ServeProcess
) -> None:
    """A friend who typed the name of the player who made the challenge (any case) played the
    whole round, and only then was told the name had a result and asked for another. The page
    knows the names of the results it shows: it says so at Start, and no round begins."""
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"Ann": ["fame"]})
    bob = players.open(server.url + made["path"], **PHONE)
    bob.fill("#challenge-name", " ANN ")
    bob.tap("#challenge-start")
    bob.wait_for_selector("#error:not([hidden]):has-text('Ann has played this challenge')")
    assert bob.locator("#board .cube").count() == 0
    assert bob.evaluate("() => document.activeElement.id") == "challenge-name"
    start_challenge(bob, "bob", tap=True)
    assert bob.locator("#error").is_hidden()


def test_a_result_the_server_could_not_take_says_why_and_posts_again(
    players: Pages, server: ServeProcess
) -> None:
    """The server out of reach when the round ended: the page said "post them under a name
    nobody has used here", as if the name were taken, and scrolled the error line (the real
    reason) off the screen. It says the server could not be reached; the same name posts the
    words once it answers."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    eve = players.open(server.url + made["path"], **PHONE)
    start_challenge(eve, "eve")
    enter_words(eve, [WORDS[0]])
    eve.route("**/results", lambda route: route.abort())
    end_challenge(eve, "#rename:not([hidden])")
    summary = eve.locator("#challenge-summary").text_content() or ""
    assert "nobody has used" not in summary, summary
    assert "the server cannot be reached" in summary, summary
    eve.unroute("**/results")
    eve.click("#rename-button")
    eve.wait_for_selector("body[data-phase='results']")
    assert eve.locator("#challenge-results tr[data-name='eve']").get_attribute("data-score") == str(
        POINTS[WORDS[0]]
    )


PROXY_TOO_LARGE = "<html><body><center><h1>413 Request Entity Too Large</h1></center></body></html>"
"""nginx's own answer to a body over its ``client_max_body_size``: HTML, not the API's JSON."""


def test_a_result_a_proxy_refuses_as_too_large_says_so(
    players: Pages, server: ServeProcess
) -> None:
    """A proxy in front answers a post over its limit with a 413 page of its own: the page
    read the HTML as a failed connection and said "the server cannot be reached"."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    eve = players.open(server.url + made["path"], **PHONE)
    start_challenge(eve, "eve")
    enter_words(eve, [WORDS[0]])
    eve.route(
        "**/results",
        lambda route: route.fulfill(status=413, content_type="text/html", body=PROXY_TOO_LARGE),
    )
    end_challenge(eve, "#rename:not([hidden])")
    error = eve.locator("#error").text_content() or ""
    summary = eve.locator("#challenge-summary").text_content() or ""
    assert "the server refused the result as too large" in error, error
    assert "cannot be reached" not in error + summary, (error, summary)
    assert "refused them as too large" in summary, summary


def test_a_word_the_server_could_not_check_stays_in_the_box(
    players: Pages, server: ServeProcess
) -> None:
    """As on the daily board: a word entered while the server was out of reach was gone from
    the box; it stays there to send again."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    fay = players.open(server.url + made["path"], **PHONE)
    start_challenge(fay, "fay")
    fay.route("**/api/check", lambda route: route.abort())
    fay.fill("#word-input", WORDS[0])
    fay.press("#word-input", "Enter")
    fay.wait_for_selector("#error:not([hidden]):has-text('the server cannot be reached')")
    assert fay.locator("#word-input").input_value() == WORDS[0]
    fay.unroute("**/api/check")
    fay.press("#word-input", "Enter")
    fay.wait_for_selector(f"#my-words li[data-word='{WORDS[0]}']")
    assert fay.locator("#error").is_hidden()


def test_a_word_entered_just_before_a_reload_is_checked_after_it(
    players: Pages, server: ServeProcess
) -> None:
    """As on the daily board: a word whose check had not answered when the page was reloaded
    was lost; it is sent again after the reload and listed."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    fay = players.open(server.url + made["path"], **PHONE)
    start_challenge(fay, "fay")
    held: list[Any] = []
    fay.route("**/api/check", lambda route: held.append(route))  # never answered
    enter_word_held(fay, WORDS[0], held)
    fay.unroute("**/api/check")
    fay.reload()
    fay.wait_for_selector(f"#my-words li[data-word='{WORDS[0]}']")
    key = f"boggle-challenge-round-{made['code']}"
    kept = fay.evaluate("key => JSON.parse(sessionStorage.getItem(key))", key)
    assert kept["pending"] == [] and kept["words"] == [WORDS[0]]


def test_a_word_whose_check_the_reload_cut_short_is_checked_after_it(
    players: Pages, server: ServeProcess
) -> None:
    """As on the daily board: a check the reload itself cut short (its request cancelled as
    the page unloaded) was taken for an answer and the word dropped from the words to send
    again, so it was lost; it stays kept, is checked after the reload and listed once."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    fay = players.open(server.url + made["path"], **PHONE)
    start_challenge(fay, "fay")
    enter_words(fay, WORDS[:1])
    held = hold_first_check(fay)  # held until the reload cancels it; the next one answered
    enter_word_held(fay, WORDS[1], held)
    listen_as_the_page_is_left(fay)
    fay.reload()
    fay.wait_for_selector(f"#my-words li[data-word='{WORDS[1]}']")
    listed = fay.eval_on_selector_all("#my-words li", "items => items.map(i => i.dataset.word)")
    assert listed == WORDS[:2]
    key = f"boggle-challenge-round-{made['code']}"
    kept = fay.evaluate("key => JSON.parse(sessionStorage.getItem(key))", key)
    assert kept["pending"] == [] and kept["words"] == WORDS[:2]


def test_a_word_awaiting_its_check_when_the_round_ends_during_a_reload_counts(
    players: Pages, server: ServeProcess
) -> None:
    """As on the daily board: a word sent just before a reload, its check not answered, in a
    round whose time ran out while the page was away, was dropped (the round came back, ended
    at once and posted its words without it); it is checked first and posted with them. A
    word whose check is on its way when "I'm done" is tapped counts too."""
    made = make_challenge(server.url, seconds=LONG_ROUND)
    fay = players.open(server.url + made["path"], **PHONE)
    start_challenge(fay, "fay")
    held: list[Any] = []
    holding = True  # the checks held until the reload, then answered (none of them lost)

    def hold(route: Any) -> None:
        if holding:
            held.append(route)
        else:
            route.continue_()

    fay.route("**/api/check", hold)
    enter_word_held(fay, WORDS[0], held)
    key = f"boggle-challenge-round-{made['code']}"
    fay.evaluate(  # the round's time runs out while the page reloads
        """key => {
        const kept = JSON.parse(sessionStorage.getItem(key));
        kept.ends = Date.now() - 1000;
        sessionStorage.setItem(key, JSON.stringify(kept));
    }""",
        key,
    )
    holding = False
    fay.reload()
    fay.wait_for_selector("body[data-phase='results']")
    posted = get_json(f"{server.url}/api/challenges/{made['code']}")["results"]
    assert [(row["name"], [w["word"] for w in row["words"]]) for row in posted] == [
        ("fay", [WORDS[0]])
    ]
    assert fay.locator("#error").is_hidden(), fay.locator("#error").inner_text()

    gil = players.open(server.url + made["path"], **PHONE)
    start_challenge(gil, "gil")
    held.clear()
    holding = True
    gil.route("**/api/check", hold)
    enter_word_held(gil, WORDS[1], held)
    gil.click("#challenge-stop")
    gil.wait_for_timeout(300)  # the round is over, its result not posted yet
    held[0].continue_()
    gil.wait_for_selector("body[data-phase='results']")
    posted = get_json(f"{server.url}/api/challenges/{made['code']}")["results"]
    assert {row["name"]: row["count"] for row in posted} == {"fay": 1, "gil": 1}


def without_frequencies(route: Any) -> None:
    """A challenge's body as a server without word frequencies (no wordfreq) gives it: its
    missed words with no ``level`` nor ``zipf``, listed best first."""
    body = route.fetch().json()
    for word in body.get("missed", []):
        word.pop("level", None)
        word.pop("zipf", None)
    route.fulfill(json=body)


def test_the_missed_words_heading_says_their_order_as_the_server_lists_them(
    players: Pages, server: ServeProcess
) -> None:
    """The heading said "common first" on a server without word frequencies, which lists
    the missed words best first (most points): it says "best first" there, as a room's
    list does, and "common first" where each word has its level."""
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"ann": []})
    bob = players.open(server.url + made["path"], **PHONE)
    play_challenge(bob, "bob", [])
    leveled = bob.locator("#unfound button.word[data-level]").count() > 0
    order = "common first" if leveled else "best first"
    assert bob.locator("#unfound-title").inner_text().endswith(f"{order})")
    bob.route("**/api/challenges/*?*", without_frequencies)
    bob.reload()
    bob.wait_for_selector("body[data-phase='results'] #unfound button.word")
    assert bob.locator("#unfound-title").inner_text() == (
        f"Words you did not find ({len(WORDS)}, best first)"
    )


def test_a_player_who_found_no_word_is_offered_the_board_s_words_missed(
    players: Pages, server: ServeProcess
) -> None:
    """Ann and then Bob found no word: Bob's results offered no missed word ("The others
    found no word you missed.", Keep greyed), where a daily round lists every word of the
    board missed. They are listed under the table, common first (each with its path and
    "+ learn"), Keep takes them, and a reload of the results shows them again."""
    made = make_challenge(server.url, seconds=LONG_ROUND, played={"ann": []})
    bob = players.open(server.url + made["path"], **PHONE)
    play_challenge(bob, "bob", [])
    missed = bob.locator("#unfound button.word")
    assert missed.count() == len(WORDS)
    assert sorted(missed.evaluate_all("chips => chips.map(c => c.dataset.word)")) == WORDS
    assert (
        bob.locator("#unfound-title")
        .inner_text()
        .startswith(f"Words you did not find ({len(WORDS)}")
    )
    assert bob.locator("#unfound .learn-one").count() == len(WORDS)
    keep = bob.locator(".keep-button")
    assert keep.is_enabled()
    keep.click()
    bob.wait_for_selector(".keep-status:has-text('Kept 10 words to learn')")
    bob.reload()
    bob.wait_for_selector("body[data-phase='results']")
    assert bob.locator("#unfound button.word").count() == len(WORDS)


def test_a_name_of_emoji_as_long_as_the_server_takes_posts_the_round_a_longer_is_refused(
    players: Pages, server: ServeProcess
) -> None:
    """The name box counts what the server counts, as a room's does: three families of four
    and " Bo" (24 characters, 36 UTF-16 units) go in whole and post the round under that name;
    with " Bob" the round does not start, the server's own words said at once."""
    most = ChallengeLimits().max_name_length
    name, too_long = f"{FAMILY * 3} Bo", f"{FAMILY * 3} Bob"
    assert player_name(name, most) == name and utf16_units(name) > most
    with pytest.raises(RoomError) as refused:
        player_name(too_long, most)
    made = make_challenge(server.url, seconds=LONG_ROUND)
    eve = players.open(server.url + made["path"])
    type_name(eve, "#challenge-name", too_long)
    eve.click("#challenge-start")
    eve.wait_for_selector("#error:not([hidden])")
    assert eve.text_content("#error") == refused.value.message
    assert eve.locator("#round").is_hidden()

    type_name(eve, "#challenge-name", name)
    assert eve.input_value("#challenge-name") == name
    start_challenge(eve, None)  # under the name typed above
    enter_words(eve, [WORDS[0]])
    end_challenge(eve)
    names = eve.eval_on_selector_all(
        "#challenge-results tr[data-name]", "rows => rows.map(r => r.dataset.name)"
    )
    assert names == [name]


def test_challenge_a_friend_takes_a_name_of_emoji_as_long_as_the_server_does(
    players: Pages, server: ServeProcess
) -> None:
    """ "Challenge a friend" after a solo round: its name box, as the challenge page's, says
    at once that 25 characters are too many, and posts under 24 of emoji (36 UTF-16 units)."""
    most = ChallengeLimits().max_name_length
    name, too_long = f"{FAMILY * 3} Bo", f"{FAMILY * 3} Bob"
    with pytest.raises(RoomError) as refused:
        player_name(too_long, most)
    ann = players.open(server.url + "/?mode=play&board=" + FXIE.replace(" ", "+"))
    ann.click("#play-start")
    ann.click("#play-end")
    ann.wait_for_selector("#challenge-button")
    type_name(ann, "#challenge-your-name", too_long)
    ann.click("#challenge-button")
    ann.wait_for_function(
        "said => document.querySelector('.challenge-offer [role=status]').textContent === said",
        arg=refused.value.message,
    )
    assert ann.locator("#challenge-link").count() == 0
    type_name(ann, "#challenge-your-name", name)
    assert ann.input_value("#challenge-your-name") == name
    made = challenge_made_on(ann, server, None)
    assert [row["name"] for row in made["results"]] == [name]


def test_an_unknown_code_says_so(players: Pages, server: ServeProcess) -> None:
    """And what to do, as a room's unknown code does: the server's "there is no challenge
    'ABCD2345'" alone left the player who opened a mistyped link with nothing to do."""
    page = players.open(server.url + "/challenge/ABCD2345")
    assert page.locator("#error").text_content() == (
        "There is no challenge ABCD2345: check the link with whoever sent it,"
        " or play today's board or a round of your own."
    )
    assert page.locator("#challenge-form").is_hidden()
    assert page.locator("#challenge-entry").get_attribute("hidden") is not None


def challenge_made_on(
    page: Any, server: ServeProcess | ClockedServer, name: str | None
) -> dict[str, Any]:
    """Press "Challenge a friend" on a page showing a round's results: the challenge made."""
    page.wait_for_selector("#challenge-button")
    if name is not None:
        page.fill("#challenge-your-name", name)
    page.click("#challenge-button")
    code = page.wait_for_selector("#challenge-link").get_attribute("data-code")
    made: dict[str, Any] = get_json(f"{server.url}/api/challenges/{code}")
    return made


def test_the_daily_board_offers_a_challenge_of_the_same_round(
    players: Pages, server: ServeProcess
) -> None:
    page = players.open(server.url + "/daily")
    page.set_default_timeout(60_000)
    page.click("#daily-start")
    page.wait_for_selector("#round:not([hidden])")
    board = page.locator("#board").get_attribute("data-board")
    page.click("#daily-stop")
    made = challenge_made_on(page, server, "eve")
    daily = get_json(
        f"{server.url}/api/daily?date={page.locator('body').get_attribute('data-date')}"
    )
    assert made["board"] == board == daily["board"]
    assert (made["dictionary"], made["seconds"]) == (daily["dictionary"], daily["seconds"])
    assert made["rules"]["min_length"] == daily["rules"]["min_length"]
    assert [(r["name"], r["score"]) for r in made["results"]] == [("eve", 0)]


def test_a_room_round_offers_a_challenge_of_the_same_round(
    players: Pages, clocked_server: ClockedServer
) -> None:
    # the round ends when the test moves the rooms' clock: on `boggle serve` its 5 real
    # seconds could end it before a loaded machine had seen it start
    server = clocked_server
    page = players.open(server.url + "/room")
    page.set_default_timeout(60_000)
    page.fill("#create-name", "fay")
    page.fill("#create-seconds", "5")
    page.click("#create-button")
    page.wait_for_selector("body[data-code]")
    page.click("#start-button")
    page.wait_for_selector("#round:not([hidden])")
    board = page.locator("#board").get_attribute("data-board")
    server.clock.now += 5
    made = challenge_made_on(page, server, None)  # the room's name is offered
    assert (made["board"], made["seconds"]) == (board, 5)
    assert [r["name"] for r in made["results"]] == ["fay"]


def test_a_spanish_challenge_names_a_word_as_spanish_writes_it(
    players: Pages, server: ServeProcess
) -> None:
    """The Spanish list's AEREA is told AEREA (aérea): +2 and listed as aérea, after a reload
    too, and in the results."""
    made = make_challenge(server.url, seconds=LONG_ROUND, board="aer aea xxx", dictionary="es")
    eve = players.open(server.url + made["path"])
    start_challenge(eve, "eve")
    enter_words(eve, ["aerea"])
    assert eve.locator("#feedback").text_content() == "AEREA (aérea): +2"
    item = eve.locator("#my-words li[data-word='aerea']")
    assert item.text_content() == "aérea +2"
    eve.reload()  # the round goes on with its words as they were listed
    eve.wait_for_selector("#board .cube")
    assert item.text_content() == "aérea +2"
    eve.fill("#word-input", "aérea")  # typed again: named as when it was found
    eve.press("#word-input", "Enter")
    eve.wait_for_function(
        "said => document.querySelector('#feedback').textContent === said",
        arg="AEREA (aérea): already found",
    )
    end_challenge(eve)  # the words only eve found, in the results' table, likewise
    only = eve.locator("#challenge-results tr[data-name='eve'] .word[data-word='aerea']")
    assert only.text_content() == "aérea"


def test_a_challenge_round_kept_without_written_forms_lists_each_word_as_its_own(
    players: Pages, server: ServeProcess
) -> None:
    """A round kept in the tab by a page from before the written forms (no ``written``) goes
    on after a reload, a word found then listed with its own forms, not an earlier word's."""
    made = make_challenge(server.url, seconds=LONG_ROUND, board="aer aea xxx", dictionary="es")
    eve = players.open(server.url + made["path"])
    start_challenge(eve, "eve")
    enter_words(eve, ["era"])
    eve.evaluate(
        """key => {
            const kept = JSON.parse(sessionStorage.getItem(key));
            delete kept.written;
            sessionStorage.setItem(key, JSON.stringify(kept));
        }""",
        f"boggle-challenge-round-{made['code']}",
    )
    eve.reload()
    eve.wait_for_selector("#my-words li[data-word='era']")
    enter_words(eve, ["aerea"])
    eve.reload()  # listed again from what the tab keeps now
    eve.wait_for_selector("#my-words li[data-word='aerea']")
    listed = eve.eval_on_selector_all("#my-words li", "items => items.map(i => i.textContent)")
    assert listed == ["era +1", "aérea +2"]


def test_a_device_clock_change_mid_round_neither_ends_nor_stretches_it(
    players: Pages, server: ServeProcess
) -> None:
    """As on the daily board: the round's end kept for a reload was the device's clock as it
    began, and a reload after the device's clock went an hour forward ended the round at once
    (posting it), an hour back ran it on for the hour. It is measured with the monotonic
    clock, its kept end set again as the device's clock changes."""
    made = make_challenge(server.url, seconds=120)
    fay = players.open(server.url + made["path"], clock=True, **PHONE)
    start_challenge(fay, "fay")

    def taken_up(page: Any) -> None:  # still played, nothing posted
        assert page.evaluate("() => document.body.dataset.phase") == "playing"
        assert get_json(f"{server.url}/api/challenges/{made['code']}")["results"] == []

    key = f"boggle-challenge-round-{made['code']}"
    device_clock_changes_mid_round(fay, key, 120_000, taken_up)
