"""The feel of a round, in a real browser (headless Chromium driven by Playwright, against
`boggle serve`): a word's verdict on the board (its dice flash in the colour of counted,
already found or not counted; "+N" pops by its last die; a word that does not count shakes
the word box or the board), the phone's vibration (a short pulse for a counted word, a double
pulse otherwise; none once the round's Vibrate switch is off, which a reload remembers), the
clock's last ten seconds (the warning colour, said once to screen readers), nothing moving
under `prefers-reduced-motion: reduce`, and the axe audit of the switch in both schemes.
The verdict is the same code (trace.js wordFeedback) in solo play, the daily board, a
challenge and a room round: each is tried.

Needs the `chromium` package (`.ci/install-browser`) and, for the audit, axe-core from npm
(`.ci/install-axe`); without them these tests skip with a reason locally and fail in CI.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import ARTIFACTS, PAGE_TIMEOUT_MS, PHONE, Pages, stop_clock
from browser_fixtures import ClockedServer
from challenge_round import end_challenge, make_challenge, start_challenge
from page_audit import CONTRAST, audit_in_each_scheme, in_each_scheme
from room_boards import FXIE, fxie_word
from serve_process import ServeProcess

from boggle import Board, load_lexicon, solve

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SHORT_PULSE = [35]
DOUBLE_PULSE = [40, 70, 40]

# Before the page's scripts: navigator.vibrate records its patterns, and every class a die,
# the board, the word box or the bubble takes is noted (a flash lasts well under a second: a
# test reading the page afterwards could miss it on a loaded machine).
WATCH = """
window.pulses = [];
Object.defineProperty(Navigator.prototype, 'vibrate', {
  configurable: true, writable: true,
  value: function (pattern) { window.pulses.push(pattern); return true; },
});
window.seen = [];
new MutationObserver((records) => {
  for (const record of records) {
    const target = record.target;
    if (!(target instanceof Element)) continue;
    const name = target.id || (target.classList.contains('cube')
      ? `cube ${target.dataset.row},${target.dataset.col}` : target.tagName.toLowerCase());
    for (const token of target.classList) {
      if (/^(flash-|shake$|pop$)/.test(token)) {
        const animation = getComputedStyle(target).animationName;
        window.seen.push({ name, token, animation, cls: target.className });
      }
    }
  }
}).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
"""


def watched(pages: Pages, url: str, *, clock: bool = False, **options: Any) -> Any:
    """The page at ``url`` with its vibration and verdict classes recorded (WATCH); with
    ``clock`` its timers are the test's (Playwright's clock, running until stopped)."""
    options.setdefault("viewport", PHONE["viewport"])
    context = pages.browser.new_context(**options)
    pages.contexts.append(context)
    page = context.new_page()
    if clock:
        page.clock.install()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.on("pageerror", lambda error: pages.errors.append(str(error)))
    context.add_init_script(WATCH)
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']")
    return page


def solo_round(pages: Pages, server: ServeProcess, **options: Any) -> Any:
    page = watched(pages, server.url + "/play?board=" + FXIE.replace(" ", "+"), **options)
    page.fill("#play-time", "120")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.wait_for_selector("#board .cube")
    return page


def enter(page: Any, word: str, box: str = "#play-input") -> None:
    before = len(page.evaluate("() => window.pulses"))
    page.fill(box, word)
    page.press(box, "Enter")
    page.wait_for_function(f"() => window.pulses.length > {before}")


def seen(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("() => window.seen.splice(0)"))


def cells_of(path: list[list[int]]) -> set[str]:
    return {f"cube {row},{col}" for row, col in path}


def flashed(events: list[dict[str, str]], token: str) -> set[str]:
    return {event["name"] for event in events if event["token"] == token}


def test_solo_verdicts_flash_pop_shake_and_vibrate(pages: Pages, server: ServeProcess) -> None:
    page = solo_round(pages, server)
    word = fxie_word(4)
    enter(page, word["word"])
    events = seen(page)
    assert flashed(events, "flash-accepted") == cells_of(word["path"])
    assert "trace-bubble" in flashed(events, "pop")
    assert page.locator("#trace-bubble").text_content() == f"+{word['points']}"
    assert not flashed(events, "shake")
    assert page.get_attribute("#board-wrap", "data-verdict") == "accepted"

    enter(page, word["word"])  # again: already found, its dice in the muted colour
    events = seen(page)
    assert flashed(events, "flash-again") == cells_of(word["path"])
    assert flashed(events, "shake") == {"play-form"}  # typed: the word box shakes
    assert page.get_attribute("#board-wrap", "data-verdict") == "again"

    enter(page, "zzzz")  # not on the board, no path: the board's frame
    events = seen(page)
    assert flashed(events, "flash-rejected") == {"board"}
    assert flashed(events, "shake") == {"play-form"}
    assert page.evaluate("() => window.pulses") == [SHORT_PULSE, DOUBLE_PULSE, DOUBLE_PULSE]
    # the words still said to screen readers, in the live region
    assert page.get_attribute("#play-feedback", "aria-live") == "polite"
    assert (page.text_content("#play-feedback") or "").startswith("ZZZZ:")
    # the animations run (they are dropped under reduced motion: below)
    assert {event["animation"] for event in events if event["token"] == "shake"} == {"shake"}


def test_a_traced_rejection_shakes_the_board(pages: Pages, server: ServeProcess) -> None:
    page = solo_round(pages, server, clock=True)
    stop_clock(page)  # the bubble, up 1.6 s of the page's time, stays up until it is looked at
    # f-x-i: three neighbours, no word
    cells = [(0, 0), (0, 1), (0, 2)]
    box = page.locator("#board .cube[data-row='0'][data-col='0']").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    for row, col in cells[1:]:
        box = page.locator(f"#board .cube[data-row='{row}'][data-col='{col}']").bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=8)
    page.mouse.up()
    page.wait_for_function("() => window.pulses.length > 0")
    events = seen(page)
    assert flashed(events, "flash-rejected") == {f"cube {r},{c}" for r, c in cells}
    assert flashed(events, "shake") == {"board-wrap"}
    assert page.locator("#trace-bubble.bad").is_visible()
    assert page.evaluate("() => window.pulses") == [DOUBLE_PULSE]


def test_the_frames_flash_ends_when_a_word_with_dice_follows_at_once(
    pages: Pages, server: ServeProcess
) -> None:
    """A typed word with no path lights the board's frame; the next verdict coming within the
    flash (fast typing) cancelled the frame's timer and left it lit until another frame flash."""
    page = solo_round(pages, server)
    word = fxie_word(4)
    page.evaluate(
        """async (word) => {
            const { wordFeedback } = await import('/static/trace.js');
            wordFeedback('zzzz', { result: 'rejected', text: 'not a word', path: null });
            wordFeedback(word.word, { result: 'accepted', text: '+1', path: word.path });
        }""",
        word,
    )
    page.wait_for_function(
        "() => !document.querySelector('#board .flash-accepted')", timeout=PAGE_TIMEOUT_MS
    )  # the dice's flash is over: the frame's, which began first, must be too
    assert not [
        token
        for token in page.evaluate("() => [...document.querySelector('#board').classList]")
        if token.startswith("flash-")
    ]


def test_the_vibrate_switch_turns_it_off_and_a_reload_remembers(
    pages: Pages, server: ServeProcess
) -> None:
    page = solo_round(pages, server)
    switch = page.locator("#feel-setting")
    assert switch.is_checked() and switch.get_attribute("role") == "switch"
    assert page.get_by_role("switch", name="Vibrate").count() == 1
    switch.focus()
    page.keyboard.press("Space")  # the keyboard works it
    assert not switch.is_checked()
    assert page.evaluate("() => localStorage.getItem('boggle-feel')") == "off"
    word = fxie_word(4)
    page.fill("#play-input", word["word"])
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    page.fill("#play-input", "zzzz")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.bad")
    assert flashed(seen(page), "flash-rejected") == {"board"}  # the board still says it
    assert page.evaluate("() => window.pulses") == []
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert not page.locator("#feel-setting").is_checked()
    page.locator("#feel-setting").check()  # on again: one pulse to feel what it is
    assert page.evaluate("() => window.pulses") == [SHORT_PULSE]
    assert page.evaluate("() => localStorage.getItem('boggle-feel')") == "on"


def test_reduced_motion_keeps_the_colours_and_drops_the_movement(
    pages: Pages, server: ServeProcess
) -> None:
    page = solo_round(pages, server, reduced_motion="reduce")
    word = fxie_word(4)
    enter(page, word["word"])
    enter(page, word["word"])
    enter(page, "zzzz")
    events = seen(page)
    tokens = {event["token"] for event in events}
    assert {"flash-accepted", "flash-again", "flash-rejected", "pop", "shake"} <= tokens
    assert {event["animation"] for event in events} == {"none"}
    assert page.evaluate("() => document.getAnimations().length") == 0
    # the colour stays: the board's frame of the last verdict is the "bad" colour
    page.evaluate("() => document.getElementById('board').classList.add('flash-rejected')")
    frame = page.eval_on_selector("#board", "e => getComputedStyle(e).outlineColor")
    bad = page.eval_on_selector("#play-feedback", "e => getComputedStyle(e).color")
    assert frame == bad


def test_the_last_ten_seconds_stand_out_and_are_said_once(
    pages: Pages, server: ServeProcess
) -> None:
    # the page's clock is the test's, standing still from before the round: the clock's
    # looks (every 250 ms) come when the test runs it, so none is skipped (on the real clock a
    # busy renderer could look first at 9.6 s left and say "10 seconds" at 9 instead)
    page = watched(pages, server.url + "/play?board=" + FXIE.replace(" ", "+"), clock=True)
    stop_clock(page)
    page.fill("#play-time", "12")
    assert page.get_attribute("#clock-news", "aria-live") == "assertive"
    assert page.text_content("#clock-news") == ""
    # what #clock-news says, each change recorded from before the round starts: a slow test
    # run cannot miss the 10 s mark
    page.evaluate(
        """() => { window.said = []; const news = document.getElementById('clock-news');
          new MutationObserver(() => window.said.push(news.textContent))
            .observe(news, { childList: true, characterData: true, subtree: true }); }"""
    )
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.text_content("#play-timer") == "0:12"
    for _ in range(2 * 4):  # to 0:10, a quarter of a second at a time
        assert page.locator("#play-timer.low").count() == 0, page.text_content("#play-timer")
        page.clock.run_for(250)
    assert page.text_content("#play-timer") == "0:10"
    assert page.locator("#play-timer.low").count() == 1
    normal = page.eval_on_selector("#play-score", "e => getComputedStyle(e).color")
    assert page.eval_on_selector("#play-timer", "e => getComputedStyle(e).color") != normal
    page.clock.run_for(3_000)  # a few seconds on: still said once
    assert page.text_content("#play-timer") == "0:07"
    said = [text for text in page.evaluate("() => window.said") if text]
    assert said == ["10 seconds left"]


RECORD_MINUTE = """() => { window.minute = []; const news = document.getElementById('clock-minute');
  new MutationObserver(() => window.minute.push(news.textContent))
    .observe(news, { childList: true, characterData: true, subtree: true }); }"""


def test_the_last_minute_is_said_once_and_politely(pages: Pages, server: ServeProcess) -> None:
    """A round's only warning was at ten seconds: a round of more than a minute says "1 minute
    left" when its clock shows 1:00, once, in a polite live region (said once the screen reader
    is done, not over a verdict); a round of a minute or less says no minute's mark."""
    page = watched(pages, server.url + "/play?board=" + FXIE.replace(" ", "+"), clock=True)
    stop_clock(page)
    page.fill("#play-time", "62")
    assert page.get_attribute("#clock-minute", "aria-live") == "polite"
    page.evaluate(RECORD_MINUTE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.text_content("#play-timer") == "1:02"
    for _ in range(2 * 4):  # to 1:00, a quarter of a second at a time
        assert [text for text in page.evaluate("() => window.minute") if text] == []
        page.clock.run_for(250)
    assert page.text_content("#play-timer") == "1:00"
    assert page.text_content("#clock-minute") == "1 minute left"
    page.clock.run_for(5_000)  # a few seconds on: still said once
    assert page.text_content("#play-timer") == "0:55"
    assert [text for text in page.evaluate("() => window.minute") if text] == ["1 minute left"]
    page = watched(pages, server.url + "/play?board=" + FXIE.replace(" ", "+"), clock=True)
    stop_clock(page)
    page.fill("#play-time", "60")
    page.evaluate(RECORD_MINUTE)
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    page.clock.run_for(5_000)
    assert page.text_content("#play-timer") == "0:55"
    assert [text for text in page.evaluate("() => window.minute") if text] == []


def test_a_round_of_a_minute_or_less_says_30_seconds_left_once(
    pages: Pages, server: ServeProcess
) -> None:
    """A round of a minute or less had the ten seconds' warning alone: it says "30 seconds
    left" when its clock shows 0:30, once, in the polite region of the minute's mark; a round
    that said "1 minute left" says no more there, and one of 30 seconds or less nothing."""

    def round_of(seconds: int) -> Any:
        page = watched(pages, server.url + "/play?board=" + FXIE.replace(" ", "+"), clock=True)
        stop_clock(page)
        page.fill("#play-time", str(seconds))
        page.evaluate(RECORD_MINUTE)
        page.click("#play-start")
        page.wait_for_selector("#play-form:not([hidden])")
        return page

    def said(page: Any) -> list[str]:
        return [text for text in page.evaluate("() => window.minute") if text]

    page = round_of(60)
    assert page.text_content("#play-timer") == "1:00"
    page.clock.run_for(29_500)
    assert page.text_content("#play-timer") == "0:31"
    assert said(page) == []
    page.clock.run_for(750)
    assert page.text_content("#play-timer") == "0:30"
    assert page.text_content("#clock-minute") == "30 seconds left"
    page.clock.run_for(5_000)
    assert said(page) == ["30 seconds left"]
    page = round_of(62)
    page.clock.run_for(40_000)
    assert page.text_content("#play-timer") == "0:22"
    assert said(page) == ["1 minute left"]
    page = round_of(30)
    page.clock.run_for(15_000)
    assert said(page) == []


def test_a_verdict_s_bubble_goes_with_the_round(pages: Pages, server: ServeProcess) -> None:
    """A word's "+2" stayed on the board of a challenge's results (1.6 s, a screenshot's
    time) when "I'm done" came just after it: the round's end takes the bubble away, and a
    verdict that comes after the end pops none."""
    made = make_challenge(server.url)
    page = watched(
        pages, server.url + made["path"], clock=True, viewport={"width": 1280, "height": 800}
    )
    start_challenge(page, "ann")
    stop_clock(page)  # the bubble's own timer never runs: only the round's end can take it
    enter(page, "fame", "#word-input")
    page.wait_for_selector("#trace-bubble.good:not([hidden])")
    end_challenge(page)
    assert page.locator("#trace-bubble").is_hidden()
    page.evaluate(
        """async () => (await import('/static/trace.js'))
            .wordFeedback('fame', { result: 'accepted', text: '+2', path: [[1, 0], [1, 1]] })"""
    )
    assert page.locator("#trace-bubble").is_hidden()


@pytest.mark.parametrize("kind", ["daily", "challenge", "room"])
def test_the_other_rounds_share_the_feedback(
    pages: Pages, server: ServeProcess, request: pytest.FixtureRequest, kind: str
) -> None:
    if kind == "daily":
        page = watched(pages, server.url + "/daily?date=2026-11-23")
        page.click("#daily-start")
    elif kind == "challenge":
        made = make_challenge(server.url)
        page = watched(pages, server.url + made["path"])
        start_challenge(page, "ann")
    else:  # on rooms that keep the test's clock and play FXIE (`boggle serve`'s roll at
        # random, and a round there ends after its real seconds however slow the test)
        rooms: ClockedServer = request.getfixturevalue("clocked_server")
        page = watched(pages, rooms.url + "/room")
        page.fill("#create-name", "ann")
        page.fill("#create-seconds", "120")
        page.click("#create-button")
        page.wait_for_selector("#start-button:not([hidden])")
        page.click("#start-button")
    page.wait_for_selector("#board .cube")
    assert page.locator("#feel-setting").is_visible()
    board = Board.parse(page.get_attribute("#board", "data-board") or "")
    best = solve(board, load_lexicon()).words[0]
    enter(page, best.word, "#word-input")
    page.wait_for_selector("#feedback.good")
    events = seen(page)
    assert flashed(events, "flash-accepted") == {f"cube {r},{c}" for r, c in best.path}
    assert page.locator("#trace-bubble.good").text_content() == f"+{best.points}"
    enter(page, best.word, "#word-input")
    assert flashed(seen(page), "shake") == {"word-form"}
    assert page.get_attribute("#board-wrap", "data-verdict") == "again"
    enter(page, "zzzz", "#word-input")
    assert page.get_attribute("#board-wrap", "data-verdict") == "rejected"
    assert page.evaluate("() => window.pulses") == [SHORT_PULSE, DOUBLE_PULSE, DOUBLE_PULSE]


def test_the_switch_and_the_verdict_colours_pass_the_audit(
    pages: Pages,
    server: ServeProcess,
    axe_source: str,
) -> None:
    """The switch (axe: labelled, its role's states) and the flashed dice and bubbles
    (4.5:1 text on them, measured) in both schemes, at a phone's 390x844; a screenshot of each
    scheme mid-verdict goes to artifacts/ to look at."""
    page = pages.open(server.url + "/play?board=" + FXIE.replace(" ", "+"))
    page.set_viewport_size(PHONE["viewport"])
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    audit_in_each_scheme(page, axe_source, "solo round with the Vibrate switch")
    word = fxie_word(5)
    page.fill("#play-input", word["word"])
    page.press("#play-input", "Enter")
    page.wait_for_selector("#play-feedback.good")
    # the verdicts held still to be measured: one die of each colour, a bubble of each
    page.evaluate(
        """() => {
          const cubes = [...document.querySelectorAll('#board .cube')];
          for (const [at, kind] of [[0, 'accepted'], [5, 'again'], [10, 'rejected']]) {
            cubes[at].id = `die-${kind}`;
            cubes[at].classList.add(`flash-${kind}`);
            cubes[at].style.animation = 'none';
          }
          for (const kind of ['good', 'again', 'bad']) {
            const bubble = document.createElement('p');
            bubble.className = `trace-bubble ${kind}`; bubble.id = `bubble-${kind}`;
            bubble.textContent = '+2'; bubble.setAttribute('aria-hidden', 'true');
            document.getElementById('board-wrap').append(bubble);
          }
        }"""
    )
    ARTIFACTS.mkdir(exist_ok=True)
    for scheme in in_each_scheme(page):
        page.screenshot(path=str(ARTIFACTS / f"feel-{scheme}.png"))
        for text, background in [
            ("#die-accepted .face", "#die-accepted"),
            ("#die-again .face", "#die-again"),
            ("#die-rejected .face", "#die-rejected"),
            ("#bubble-good", "#bubble-good"),
            ("#bubble-again", "#bubble-again"),
            ("#bubble-bad", "#bubble-bad"),
        ]:
            ratio = page.evaluate(CONTRAST, [text, "color", background])
            assert ratio >= 4.5, f"{scheme}: {text} on {background}: {ratio:.2f}:1"
    audit_in_each_scheme(page, axe_source, "solo round mid-verdict")


# The start die of the path drawn, flashed and held at its largest (its animation paused at
# 30%), with the start mark hittable where it is painted: what is at the centre and the
# edges' middles of the die's letter (.face): the die, or what covers it.
UNDER_THE_START = """(cells) => {
  const [row, col] = cells[0];
  const cube = document.querySelector(`#board .cube[data-row="${row}"][data-col="${col}"]`);
  cube.classList.remove('flash-accepted');
  void cube.offsetWidth;
  cube.classList.add('flash-accepted');
  // the die's flash: its colour's layer (::before) and its letter grow (style.css)
  for (const animation of cube.getAnimations({ subtree: true })) {
    animation.pause(); animation.currentTime = 150;
  }
  const mark = document.querySelector('#path-overlay circle');
  mark.style.pointerEvents = 'visiblePainted';  // its painted parts only
  const face = cube.querySelector('.face').getBoundingClientRect();
  const x = face.left + face.width / 2, y = face.top + face.height / 2;
  const points = [[x, y], [face.left + 2, y], [face.right - 2, y], [x, face.top + 2],
                  [x, face.bottom - 2]];
  const hits = points.map(([px, py]) => {
    const hit = document.elementFromPoint(px, py);
    return hit === cube || cube.contains(hit) ? 'die' : (hit ? hit.tagName : 'none');
  });
  return { hits, animations: cube.getAnimations({ subtree: true }).length, mark: Boolean(mark) };
}"""


@pytest.mark.parametrize("width", [320, 390])
def test_the_start_mark_leaves_the_flashed_dies_letter_readable(
    pages: Pages, server: ServeProcess, scheme: str, width: int
) -> None:
    """While a word's dice flash (each scaled up a moment), the mark on its first die is drawn
    round the letter, not on it: the letter's middle and edges are the die's, in both schemes."""
    page = solo_round(
        pages, server, clock=True, color_scheme=scheme, viewport={"width": width, "height": 844}
    )
    word = fxie_word(4)
    enter(page, word["word"])
    stop_clock(page)  # the flash's end (a timer) waits for the test
    page.wait_for_selector("#path-overlay circle")
    seen_there = page.evaluate(UNDER_THE_START, word["path"])
    assert seen_there["mark"] and seen_there["animations"] >= 1, seen_there
    assert seen_there["hits"] == ["die"] * 5, seen_there


# Mid-flash (every animation held at `at` ms: the dice at their largest at 150), what is at
# the middle of each die of the path, top first (the hit test's order is the painting's): the
# die's letter (.face) must come before the path's line (which passes through every die's
# middle) and its start ring.
OVER_THE_LINE = """([cells, at]) => {
  for (const animation of document.getAnimations()) {
    animation.pause(); animation.currentTime = at;
  }
  const overlay = document.getElementById('path-overlay');
  for (const mark of overlay.children) mark.style.pointerEvents = 'visiblePainted';
  return cells.map(([row, col]) => {
    const cube = document.querySelector(`#board .cube[data-row="${row}"][data-col="${col}"]`);
    const box = cube.getBoundingClientRect();
    const stack = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const face = stack.indexOf(cube.querySelector('.face'));
    const line = stack.findIndex((element) => element.closest?.('#path-overlay'));
    return { cell: `${row},${col}`, flashed: cube.className.includes('flash-'), face, line,
             top: stack.slice(0, 3).map((element) => element.tagName + '.' + element.className) };
  });
}"""


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("at", [0, 150, 400])
def test_a_found_word_s_letters_stay_above_its_line_while_they_flash(
    pages: Pages, server: ServeProcess, width: int, at: int
) -> None:
    """The path's line runs under the letters of its dice all through their flash (each die
    grown a moment): a transform on the die itself made it one layer under the line, letter
    and all, for the flash's first half second."""
    page = solo_round(pages, server, clock=True, viewport={"width": width, "height": 844})
    stop_clock(page)  # the flash's end (a timer) waits for the test
    word = fxie_word(5)
    enter(page, word["word"])
    page.wait_for_selector("#path-overlay polyline")
    seen_there = page.evaluate(OVER_THE_LINE, [word["path"], at])
    for die in seen_there:
        assert die["flashed"] and die["line"] >= 0, die
        assert 0 <= die["face"] < die["line"], f"the line is over the letter: {die}"


# A found word's verdict held on the board as trace.js shows it (its dice flashed, "+2" by its
# last die, popping up), without its timers: axe's own timers need the page's real clock, on
# which the verdict would be over (0.7 s, 1.6 s) before a loaded machine audits it.
HELD_VERDICT = """(path) => {
  const wrap = document.getElementById('board-wrap');
  const dice = path.map(([row, col]) =>
    document.querySelector(`#board .cube[data-row="${row}"][data-col="${col}"]`));
  for (const die of dice) die.classList.add('flash-accepted');
  const last = dice[dice.length - 1].getBoundingClientRect();
  const frame = wrap.getBoundingClientRect();
  const bubble = document.createElement('p');
  bubble.id = 'held-bubble'; bubble.setAttribute('aria-hidden', 'true');
  bubble.className = 'trace-bubble good pop'; bubble.textContent = '+2';
  bubble.style.left = `${Math.round(last.left - frame.left + last.width / 2)}px`;
  bubble.style.top = `${Math.round(last.top - frame.top)}px`;
  wrap.append(bubble);
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_verdict_bubble_and_flashed_dice_pass_the_audit_all_through_the_flash(
    pages: Pages, server: ServeProcess, axe_source: str, width: int
) -> None:
    """axe finds nothing at each moment of a found word's verdict, the animations held
    there: the bubble popping up by the last die (its text as readable from the first frame
    as at the end: it grows, it does not fade in), the dice grown and back, in both schemes,
    on a phone and a desktop."""
    page = pages.open(
        server.url + "/play?board=" + FXIE.replace(" ", "+"),
        viewport={"width": width, "height": 844},
    )
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    word = fxie_word(5)
    page.fill("#play-input", word["word"])
    page.press("#play-input", "Enter")
    page.wait_for_selector("#path-overlay polyline")
    page.wait_for_selector("#trace-bubble", state="attached")
    page.wait_for_selector("#trace-bubble", state="hidden")  # the real verdict is over
    page.wait_for_selector("#board:not(:has(.flash-accepted))")
    page.evaluate(HELD_VERDICT, word["path"])
    for at in (0, 100, 250, 600):
        page.evaluate(
            "(at) => document.getAnimations().forEach((a) => { a.pause(); a.currentTime = at; })",
            at,
        )
        opacity = page.eval_on_selector("#held-bubble", "e => getComputedStyle(e).opacity")
        assert opacity == "1", f"{at} ms: the bubble's opacity is {opacity}"
        audit_in_each_scheme(page, axe_source, f"{width} px, {at} ms into the verdict")
    ARTIFACTS.mkdir(exist_ok=True)
    for scheme in in_each_scheme(page):
        page.screenshot(path=str(ARTIFACTS / f"verdict-{width}-{scheme}.png"))
