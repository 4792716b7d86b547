"""The sound of a round, in a real browser (headless Chromium driven by Playwright, against
`boggle serve`): the round's Sound switch (off until the player turns it on, a reload
remembers it, hidden where the browser has no Web Audio) and, with it on, what is heard:
a bright rising run of notes for a word that counts (a note a point, four at most), a soft
low tone for a word already found, a dull buzz for one that does not count, a tick in each
of the last five seconds and a closing chime at the end, in solo play, the daily board, a
challenge and a room; nothing with the switch off; no AudioContext before the player's first
gesture (a click, a key, a trace). The page's AudioContext is a stand-in (STUB) that records
each note it is asked to play; one test plays through Chromium's own Web Audio. The audit of
the switches in both schemes, with a screenshot of a round on a phone and on a laptop.

Needs the `chromium` package (`.ci/install-browser`) and, for the audit, axe-core from npm
(`.ci/install-axe`); without them these tests skip with a reason locally and fail in CI.
"""

from __future__ import annotations

import itertools
import time
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from browser import ARTIFACTS, PAGE_TIMEOUT_MS, Pages
from browser import PHONE as PHONE_OPTIONS
from browser_fixtures import ClockedServer
from challenge_round import make_challenge, start_challenge
from page_audit import audit, in_each_scheme
from room_boards import FXIE, fxie_word
from serve_process import ServeProcess

from boggle import Board, load_lexicon, solve

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")

SOLO = "/play?board=" + FXIE.replace(" ", "+")
PHONE = PHONE_OPTIONS["viewport"]
LAPTOP = {"width": 1280, "height": 800}

# Before the page's scripts: an AudioContext that plays nothing and records each note started
# (its wave, pitch, start and length in seconds after the call, its start on the context's
# clock, the low-pass filter it goes through, its loudness at the peak, the clock shown), in
# window.notes; the notes started in
# one go (one sound) share a batch number, which <html data-sounds> counts (a selector can
# wait for it while the page's clock stands still). window.audioContexts counts the contexts.
STUB = """
window.audioContexts = 0;
window.notes = [];
let batch = 0;
let batchOpen = false;
class Param {
  constructor(value) { this.value = value; this.peak = 0; }
  setValueAtTime(value) { this.peak = Math.max(this.peak, value); return this; }
  linearRampToValueAtTime(value) { this.peak = Math.max(this.peak, value); return this; }
  exponentialRampToValueAtTime(value) {
    if (!(value > 0)) throw new RangeError('an exponential ramp to ' + value);
    this.peak = Math.max(this.peak, value);
    return this;
  }
}
class Node {
  constructor(context) { this.context = context; this.outputs = []; }
  connect(node) { this.outputs.push(node); return node; }
  disconnect() { this.outputs = []; }
}
class Gain extends Node {
  constructor(context) { super(context); this.gain = new Param(1); }
}
class Filter extends Node {
  constructor(context) { super(context); this.type = 'lowpass'; this.frequency = new Param(350); }
}
class Oscillator extends Node {
  constructor(context) { super(context); this.type = 'sine'; this.frequency = new Param(440); }
  start(when = 0) {
    if (!batchOpen) {
      batch += 1;
      batchOpen = true;
      queueMicrotask(() => { batchOpen = false; });
    }
    let through = null;
    let node = this.outputs[0];
    while (node && !(node instanceof Gain)) {
      if (node instanceof Filter) through = `${node.type} ${node.frequency.value}`;
      node = node.outputs[0];
    }
    const clock = document.getElementById('play-timer') || document.getElementById('timer');
    this.note = {
      batch, wave: this.type, hz: this.frequency.value, at: when - this.context.currentTime,
      when, through, peak: node ? node.gain.peak : null, to: node ? node.outputs.length : 0,
      clock: clock ? clock.textContent : null,
    };
    window.notes.push(this.note);
    document.documentElement.dataset.sounds = String(batch);
  }
  stop(when = 0) { this.note.length = when - this.context.currentTime - this.note.at; }
}
window.AudioContext = class {
  constructor() {
    window.audioContexts += 1;
    this.state = 'running';
    this.destination = new Node(this);
  }
  get currentTime() { return performance.now() / 1000; }
  resume() { this.state = 'running'; return Promise.resolve(); }
  createOscillator() { return new Oscillator(this); }
  createGain() { return new Gain(this); }
  createBiquadFilter() { return new Filter(this); }
};
"""

# Sound on before the page first loads, as a player who turned it on another day.
SOUND_ON = """if (localStorage.getItem('boggle-sound') === null) {
  localStorage.setItem('boggle-sound', 'on');
}"""
NO_WEB_AUDIO = "delete window.AudioContext; delete window.webkitAudioContext;"


def listening(pages: Pages, url: str, *scripts: str, clock: bool = False, **options: Any) -> Any:
    """The page at ``url`` with the stand-in AudioContext (STUB) and any other ``scripts``
    run before its own; ``clock``: the page's timers the test's (Playwright's clock)."""
    options.setdefault("viewport", PHONE)
    context = pages.browser.new_context(**options)
    pages.contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    page.on("pageerror", lambda error: pages.errors.append(str(error)))
    for script in (STUB, *scripts):
        context.add_init_script(script)
    if clock:
        page.clock.install()
    page.goto(url)
    page.wait_for_selector("body[data-ready='true']")
    return page


def sounds(page: Any) -> list[list[dict[str, Any]]]:
    """The sounds played since the last call, each its notes."""
    notes = page.evaluate("() => window.notes.splice(0)")
    batches: dict[int, list[dict[str, Any]]] = {}
    for note in notes:
        batches.setdefault(note["batch"], []).append(note)
    return list(batches.values())


def played(page: Any) -> int:
    return int(page.get_attribute("html", "data-sounds") or 0)


def wait_for_sound(page: Any, count: int) -> None:
    page.wait_for_selector(f"html[data-sounds='{count}']", state="attached")


def kind_of(notes: list[dict[str, Any]]) -> str:
    """What a sound is, by its notes: "bright" (triangle notes of 1 kHz or more, rising),
    "soft low" (a sine under 300 Hz), "buzz" (a sawtooth under 150 Hz through a low-pass
    filter), "tick" (one high note of 80 ms or less), "chime" (three or more sine notes,
    falling, the last ringing half a second or more); "?" otherwise."""
    waves = {note["wave"] for note in notes}
    pitches = [note["hz"] for note in sorted(notes, key=lambda note: note["at"])]
    if waves == {"triangle"} and min(pitches) >= 1000 and pitches == sorted(set(pitches)):
        return "bright"
    if len(notes) == 1:
        (note,) = notes
        filtered = (note["through"] or "").startswith("lowpass")
        if note["wave"] == "sine" and note["hz"] < 300 and not filtered:
            return "soft low"
        if note["wave"] == "sawtooth" and note["hz"] < 150 and filtered:
            return "buzz"
        if note["hz"] >= 1000 and note["length"] <= 0.08:
            return "tick"
    if (
        len(notes) >= 3
        and waves == {"sine"}
        and pitches == sorted(set(pitches), reverse=True)
        and max(note["at"] + note["length"] for note in notes) >= 0.5
    ):
        return "chime"
    return "?"


def assert_quiet(batches: list[list[dict[str, Any]]]) -> None:
    """Every note heard (its gain goes to the speakers) and quiet: at most 0.15 of full scale."""
    for notes in batches:
        for note in notes:
            assert note["to"] == 1 and 0 < note["peak"] <= 0.15, note


def enter(page: Any, word: str, box: str) -> None:
    """``word`` typed and entered; back once the page has given its verdict."""
    page.evaluate("() => { delete document.getElementById('board-wrap').dataset.verdictWord; }")
    page.fill(box, word)
    page.press(box, "Enter")
    page.wait_for_selector(f"#board-wrap[data-verdict-word='{word}']")


def clock_seconds(page: Any, clock: str) -> int:
    minutes, seconds = (page.text_content(clock) or "").split(":")
    return int(minutes) * 60 + int(seconds)


def rooms_server(request: pytest.FixtureRequest, kind: str) -> ClockedServer | None:
    """For a room's round, a server whose rooms keep the test's clock and play FXIE (the
    ``clocked_server`` fixture; asked for by the room's case alone: each starts a server)."""
    if kind != "room":
        return None
    rooms: ClockedServer = request.getfixturevalue("clocked_server")
    return rooms


def start_round(
    pages: Pages,
    server: ServeProcess,
    kind: str,
    *scripts: str,
    rooms: ClockedServer | None = None,
    **options: Any,
) -> Any:
    """A round of ``kind`` under way, its page's clock the test's (still running). A room's
    is played on ``rooms`` (:func:`rooms_server`): on FXIE, as the others are, and never
    ended by the server (on `boggle serve` its board was random, on some without a word of
    two points, and its round ended after 120 real seconds whatever the page's clock said)."""
    if kind == "solo":
        page = listening(pages, server.url + SOLO, *scripts, clock=True, **options)
        page.fill("#play-time", "120")
        page.click("#play-start")
        page.wait_for_selector("#play-form:not([hidden])")
    elif kind == "daily":
        page = listening(
            pages, server.url + "/daily?date=2026-11-23", *scripts, clock=True, **options
        )
        page.click("#daily-start")
    elif kind == "challenge":
        made = make_challenge(server.url)
        page = listening(pages, server.url + made["path"], *scripts, clock=True, **options)
        start_challenge(page, "ann")
    else:
        assert rooms is not None, "a room's round is played on a clocked server"
        page = listening(pages, rooms.url + "/room", *scripts, clock=True, **options)
        page.fill("#create-name", "ann")
        page.fill("#create-seconds", "120")
        page.click("#create-button")
        page.wait_for_selector("#start-button:not([hidden])")
        page.click("#start-button")
    page.wait_for_selector("#board .cube")
    return page


# A room's page asks the server (ping) after 5 quiet seconds of its own clock and takes the
# connection for dead after 15; the test runs that clock far faster than the server answers,
# so it counts the pings sent and the answers heard (window.pings, window.pongs) and waits
# for each answer before running the clock on (run_clock).
COUNT_PINGS = """(() => {
  window.pings = 0;
  window.pongs = 0;
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    if (JSON.parse(data).type === 'ping') window.pings += 1;
    return send.call(this, data);
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...options) {
      super(...options);
      this.addEventListener('message', (event) => {
        if (JSON.parse(event.data).type === 'pong') window.pongs += 1;
      });
    }
  };
})();"""


def run_clock(page: Any, milliseconds: int, rooms: ClockedServer | None) -> None:
    """Run the page's clock ``milliseconds`` on, three seconds at a time, each ping the page
    sends meanwhile answered before the next (a room's connection stays alive). A room's
    server clock (``rooms``) runs on with the page's, after it: its round ends no sooner
    than the page's, and the messages a second it allows a connection (a ping is one) come
    back as they would in that time (on a clock that stood still, the pings of a long run
    used them up and the next was refused, not answered)."""
    while milliseconds > 0:
        step = min(milliseconds, 3_000)
        page.clock.run_for(step)
        if rooms is not None:
            rooms.clock.now += step / 1000
        milliseconds -= step
        answered = time.monotonic() + 20
        while page.evaluate("() => (window.pongs || 0) < (window.pings || 0)"):
            assert time.monotonic() < answered, "the server did not answer the page's ping"
            time.sleep(0.02)


def pause(page: Any) -> None:
    """The page's clock stands still until the test runs it (page.clock.run_for)."""
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    page.clock.pause_at(now + timedelta(seconds=1))


@pytest.mark.parametrize("kind", ["solo", "daily", "challenge", "room"])
def test_each_verdict_the_last_seconds_and_the_end_have_their_sound(
    pages: Pages, server: ServeProcess, request: pytest.FixtureRequest, kind: str
) -> None:
    rooms = rooms_server(request, kind)
    page = start_round(pages, server, kind, COUNT_PINGS, rooms=rooms)
    box, clock = ("#play-input", "#play-timer") if kind == "solo" else ("#word-input", "#timer")
    switch = page.locator("#sound-setting")
    assert switch.is_visible() and not switch.is_checked()
    assert page.get_by_role("switch", name="Sound").count() == 1
    enter(page, "qqqq", box)  # the switch off: silence, and no AudioContext for it
    assert page.get_attribute("#board-wrap", "data-verdict") == "rejected"
    assert page.evaluate("() => [window.audioContexts, window.notes.length]") == [0, 0]

    switch.click()  # on: made at this gesture, and a taste of it
    wait_for_sound(page, 1)
    assert [kind_of(notes) for notes in sounds(page)] == ["bright"]
    assert page.evaluate("() => window.audioContexts") == 1

    pause(page)
    board = Board.parse(page.get_attribute("#board", "data-board") or "")
    best = max(solve(board, load_lexicon()).words, key=lambda entry: entry.points)
    assert best.points >= 2
    enter(page, best.word, box)
    enter(page, best.word, box)  # already found
    enter(page, "zzzz", box)  # not on the board
    wait_for_sound(page, 4)
    heard = sounds(page)
    assert [kind_of(notes) for notes in heard] == ["bright", "soft low", "buzz"]
    assert len(heard[0]) == min(best.points, 4)  # a note a point
    assert_quiet(heard)

    # the clock to 0:06 (it shows each second for four of its quarter-second looks): no
    # tick yet; then each of the last five seconds ticks once, and the chime ends the round
    run_clock(page, (clock_seconds(page, clock) - 7) * 1000, rooms)
    for _ in range(12):
        if page.text_content(clock) == "0:06":
            break
        page.clock.run_for(250)
    assert page.text_content(clock) == "0:06"
    assert sounds(page) == []
    run_clock(page, 7_000, rooms)
    wait_for_sound(page, 10)
    heard = sounds(page)
    assert [kind_of(notes) for notes in heard] == ["tick"] * 5 + ["chime"]
    assert [notes[0]["clock"] for notes in heard] == [f"0:0{left}" for left in range(5, -1, -1)]
    assert_quiet(heard)
    assert page.evaluate("() => window.audioContexts") == 1  # one for the page


def test_a_word_of_more_points_sounds_longer_and_higher(pages: Pages, server: ServeProcess) -> None:
    page = listening(pages, server.url + SOLO, SOUND_ON)
    page.fill("#play-time", "120")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    words = solve(Board.parse(FXIE), load_lexicon()).words
    by_points = {entry.points: entry.word for entry in words}
    low, high = min(by_points), max(by_points)
    assert high > low
    enter(page, by_points[low], "#play-input")
    enter(page, by_points[high], "#play-input")
    wait_for_sound(page, 2)
    shorter, longer = sounds(page)
    assert kind_of(shorter) == kind_of(longer) == "bright"
    assert len(longer) > len(shorter)
    assert max(note["hz"] for note in longer) > max(note["hz"] for note in shorter)


def test_the_switch_is_off_until_turned_on_and_a_reload_remembers(
    pages: Pages, server: ServeProcess
) -> None:
    page = listening(pages, server.url + SOLO)
    switch = page.locator("#sound-setting")
    assert not switch.is_checked() and switch.get_attribute("role") == "switch"
    assert page.evaluate("() => localStorage.getItem('boggle-sound')") is None
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    word = fxie_word(4)
    enter(page, word["word"], "#play-input")
    enter(page, "zzzz", "#play-input")
    assert page.evaluate("() => [window.audioContexts, window.notes.length]") == [0, 0]

    switch.focus()
    page.keyboard.press("Space")  # the keyboard works it
    assert switch.is_checked()
    assert page.evaluate("() => localStorage.getItem('boggle-sound')") == "on"
    wait_for_sound(page, 1)
    sounds(page)

    page.reload()  # the round goes on (kept in the tab), the switch still on
    page.wait_for_selector("#play-form:not([hidden])")
    assert page.locator("#sound-setting").is_checked()
    page.fill("#play-input", "fame")  # filled in, no key pressed: no gesture yet
    assert page.evaluate("() => window.audioContexts") == 0
    page.press("#play-input", "Enter")
    wait_for_sound(page, 1)
    assert [kind_of(notes) for notes in sounds(page)] == ["bright"]

    page.locator("#sound-setting").click()  # off again: silence
    assert page.evaluate("() => localStorage.getItem('boggle-sound')") == "off"
    enter(page, "fame", "#play-input")
    enter(page, "zzzz", "#play-input")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert page.evaluate("() => window.notes.length") == 0
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    assert not page.locator("#sound-setting").is_checked()


def trace(page: Any, cells: list[tuple[int, int]]) -> None:
    """A finger's (a mouse's) slide over the dice at ``cells``."""
    for step, (row, col) in enumerate(cells):
        box = page.locator(f"#board .cube[data-row='{row}'][data-col='{col}']").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y, steps=1 if step == 0 else 8)
        if step == 0:
            page.mouse.down()
    page.mouse.up()


@pytest.mark.parametrize("gesture", ["click", "key", "trace"])
def test_no_audio_context_before_the_players_first_gesture(
    pages: Pages, server: ServeProcess, gesture: str
) -> None:
    page = listening(pages, server.url + SOLO, SOUND_ON)
    assert page.locator("#sound-setting").is_checked()
    page.fill("#play-time", "120")
    page.focus("#play-start")
    assert page.evaluate("() => window.audioContexts") == 0
    if gesture == "click":
        page.click("#play-start")
    elif gesture == "key":
        page.keyboard.press("Enter")  # on the focused Start button
    else:
        page.evaluate("() => document.getElementById('play-start').click()")  # not the player
    page.wait_for_selector("#play-form:not([hidden])")
    if gesture == "trace":
        assert page.evaluate("() => window.audioContexts") == 0
        trace(page, [(0, 0), (0, 1), (0, 2)])  # f-x-i: no word
        wait_for_sound(page, 1)
        assert [kind_of(notes) for notes in sounds(page)] == ["buzz"]
    assert page.evaluate("() => window.audioContexts") == 1


def test_without_web_audio_the_switch_is_hidden_and_the_round_plays_on(
    pages: Pages, server: ServeProcess
) -> None:
    page = listening(pages, server.url + SOLO, SOUND_ON, NO_WEB_AUDIO)
    assert page.evaluate("() => typeof AudioContext") == "undefined"
    assert page.locator("#sound-setting").is_hidden()
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    word = fxie_word(4)
    enter(page, word["word"], "#play-input")
    assert page.get_attribute("#board-wrap", "data-verdict") == "accepted"
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    assert page.evaluate("() => window.notes.length") == 0  # and no error (Pages.close)


# Chromium's own Web Audio, the notes counted as they start.
COUNT_REAL = """
window.started = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.started += 1;
  return start.apply(this, args);
};
"""


def test_the_sounds_play_through_the_browsers_web_audio(pages: Pages, server: ServeProcess) -> None:
    context = pages.browser.new_context(viewport=PHONE)
    pages.contexts.append(context)
    context.add_init_script(SOUND_ON)
    context.add_init_script(COUNT_REAL)
    page = context.new_page()
    page.on("pageerror", lambda error: pages.errors.append(str(error)))
    page.goto(server.url + SOLO)
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#play-time", "120")
    page.click("#play-start")
    page.wait_for_selector("#play-form:not([hidden])")
    word = fxie_word(5)
    enter(page, word["word"], "#play-input")
    enter(page, word["word"], "#play-input")
    enter(page, "zzzz", "#play-input")
    page.click("#play-end")
    page.wait_for_selector("#play-results:not([hidden])")
    # a note a point, one already found, one buzz, the chime's three; and no error (Pages.close)
    assert page.evaluate("() => window.started") == min(word["points"], 4) + 1 + 1 + 3


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_switches_in_a_round_pass_the_audit(
    pages: Pages,
    server: ServeProcess,
    clocked_server: ClockedServer,
    axe_source: str,
    size: str,
) -> None:
    """Both switches (the phone can vibrate) beside the clock, the Sound one on, in a round
    of each kind of page: axe passes, they sit on one line and do not crowd the board; a
    screenshot of each to artifacts/ to look at."""
    viewport = PHONE if size == "phone" else LAPTOP
    vibrates = "Navigator.prototype.vibrate = function () { return true; };"
    for kind in ("solo", "room"):
        page = start_round(
            pages,
            server,
            kind,
            SOUND_ON,
            vibrates,
            rooms=clocked_server,
            viewport=viewport,
        )
        for scheme in in_each_scheme(page):  # the round's page opened once for both
            labels = page.locator(".feel-setting")
            assert labels.count() == 2 and all(labels.nth(at).is_visible() for at in range(2))
            assert page.locator("#sound-setting").is_checked()
            boxes = [labels.nth(at).bounding_box() for at in range(2)]
            assert boxes[0]["y"] == boxes[1]["y"], (
                f"{kind} ({scheme}): the switches wrap onto two lines"
            )
            board = page.locator("#board-wrap").bounding_box()
            for box in boxes:
                apart = (
                    box["y"] + box["height"] <= board["y"]
                    or box["y"] >= board["y"] + board["height"]
                    or box["x"] + box["width"] <= board["x"]
                    or box["x"] >= board["x"] + board["width"]
                )
                assert apart, f"{kind}: a switch over the board"
                assert box["x"] + box["width"] <= viewport["width"]
            audit(page, axe_source, f"{kind} round with the switches, {size}, {scheme}")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"sound-{kind}-{size}-{scheme}.png"))


# A phone's browser puts a hidden page's sound to sleep (iOS: the context "interrupted") and
# may wake it only at the player's next gesture; while it sleeps its clock stands still, so
# every note asked for meanwhile would sound at once when it wakes. The stand-in's context
# sleeps when the test says so (window.sleep()) and wakes only in a gesture's handler (resume()
# outside one waits for ever); each note records whether it was started while the context slept.
ASLEEP = """(() => {
  const GESTURES = ['pointerdown', 'pointerup', 'mousedown', 'click', 'keydown', 'touchend'];
  const inGesture = () => Boolean(window.event && window.event.isTrusted
    && GESTURES.includes(window.event.type));
  const Awake = window.AudioContext;
  window.AudioContext = class extends Awake {
    constructor() { super(); window.audio = this; }
    resume() {
      if (!inGesture()) return new Promise(() => {});
      return super.resume();
    }
    createOscillator() {
      const tone = super.createOscillator();
      const start = tone.start;
      tone.start = (when) => {
        start.call(tone, when);
        tone.note.asleep = this.state !== 'running';
      };
      return tone;
    }
  };
  window.sleep = () => { window.audio.state = 'interrupted'; };
})();"""


def test_what_is_asked_while_the_sound_sleeps_is_not_heard_all_at_once_when_it_wakes(
    pages: Pages, server: ServeProcess
) -> None:
    page = start_round(pages, server, "solo", SOUND_ON, ASLEEP)
    pause(page)
    page.clock.run_for((clock_seconds(page, "#play-timer") - 7) * 1000)
    sounds(page)
    page.evaluate("() => window.sleep()")  # the page hidden and shown again: asleep
    for _ in range(40):  # the clock's ticks at 0:05, 0:04 and 0:03 while it sleeps
        if page.text_content("#play-timer") == "0:03":
            break
        page.clock.run_for(250)
    assert page.text_content("#play-timer") == "0:03"
    assert page.evaluate("() => window.audio.state") == "interrupted"
    asleep = sounds(page)
    assert asleep == [], f"{len(asleep)} sounds kept to play at once at the next gesture"
    count = played(page)

    page.click("#play-score")  # a tap: it wakes, and what follows is heard as it comes
    assert page.evaluate("() => window.audio.state") == "running"
    page.clock.run_for(4_000)
    wait_for_sound(page, count + 3)
    heard = sounds(page)
    assert [kind_of(notes) for notes in heard] == ["tick", "tick", "chime"]
    assert [notes[0]["clock"] for notes in heard] == ["0:02", "0:01", "0:00"]
    assert not any(note["asleep"] for notes in heard for note in notes)


# Safari before 14.1 has only webkitAudioContext, whose connect() returns nothing (no chaining).
OLD_SAFARI = """(() => {
  const gain = window.AudioContext.prototype.createGain.call({});
  const node = Object.getPrototypeOf(Object.getPrototypeOf(gain));
  const connect = node.connect;
  node.connect = function (to) { connect.call(this, to); };
  window.webkitAudioContext = window.AudioContext;
  delete window.AudioContext;
})();"""


def test_safari_s_webkit_audio_context_plays_the_sounds(pages: Pages, server: ServeProcess) -> None:
    page = start_round(pages, server, "solo", SOUND_ON, OLD_SAFARI)
    assert page.evaluate("() => typeof AudioContext") == "undefined"
    assert page.locator("#sound-setting").is_visible()
    enter(page, fxie_word(4)["word"], "#play-input")
    enter(page, "zzzz", "#play-input")
    wait_for_sound(page, 2)
    heard = sounds(page)
    assert [kind_of(notes) for notes in heard] == ["bright", "buzz"]
    assert_quiet(heard)  # each note's gain goes on to the speakers


def test_a_switch_turned_in_another_tab_shows_there_too(pages: Pages, server: ServeProcess) -> None:
    """Two tabs of the game: Sound turned on in one is on (and shown on) in the other, whose
    switch would otherwise say off while its rounds are heard; Vibrate the same."""
    vibrates = "Navigator.prototype.vibrate = function () { return true; };"
    first = listening(pages, server.url + SOLO, vibrates)
    second = first.context.new_page()
    second.set_default_timeout(PAGE_TIMEOUT_MS)
    second.on("pageerror", lambda error: pages.errors.append(str(error)))
    second.goto(server.url + "/daily?date=2026-11-23")
    second.wait_for_selector("body[data-ready='true']")
    assert not second.locator("#sound-setting").is_checked()
    first.locator("#sound-setting").click()
    second.wait_for_function("() => document.getElementById('sound-setting').checked")
    assert second.evaluate("() => localStorage.getItem('boggle-sound')") == "on"
    first.locator("#sound-setting").click()
    second.wait_for_function("() => !document.getElementById('sound-setting').checked")
    assert second.locator("#feel-setting").is_checked()
    first.locator("#feel-setting").click()
    second.wait_for_function("() => !document.getElementById('feel-setting').checked")


# The page's WebSockets, kept in window.sockets (the test closes one: a connection that died).
KEEP_SOCKETS = """(() => {
  window.sockets = [];
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...options) {
      super(...options);
      window.sockets.push(this);
    }
  };
})();"""


def loudest(notes: list[dict[str, Any]]) -> float:
    """The most loudness sounding at one moment: the peaks of the notes sounding together
    (a note sounds from its start, ``when``, for its ``length``), added up."""
    moments = [note["when"] for note in notes]
    return max(
        sum(
            note["peak"] for note in notes if note["when"] <= moment < note["when"] + note["length"]
        )
        for moment in moments
    )


def assert_in_turn(heard: list[list[dict[str, Any]]], asked_at: float) -> None:
    """Sounds asked for together (at ``asked_at`` on the context's clock) heard one after
    another: the first at once, each after the one before has ended, none starting more than a
    second late; so never louder than the loudest of them alone."""
    assert len(heard) >= 2, f"{len(heard)} sound heard of a burst"
    starts = sorted(heard, key=lambda notes: min(note["when"] for note in notes))
    assert min(note["when"] for note in starts[0]) == pytest.approx(asked_at, abs=0.01)
    for before, after in itertools.pairwise(starts):
        ended = max(note["when"] + note["length"] for note in before)
        assert min(note["when"] for note in after) >= ended, "two sounds over each other"
    for notes in heard:  # a sound's start waits at most a second; its own notes may run past
        assert min(note["when"] for note in notes) - asked_at <= 1.0 + 0.01, "waited too long"
    every_note = [note for notes in heard for note in notes]
    assert loudest(every_note) <= max(loudest(notes) for notes in heard) + 1e-9


def audio_clock(page: Any) -> float:
    return float(page.evaluate("() => performance.now() / 1000"))


@pytest.mark.parametrize("burst", ["resent after a reconnection", "typed fast"])
def test_sounds_that_arrive_together_play_in_turn_not_all_at_once(
    pages: Pages, server: ServeProcess, request: pytest.FixtureRequest, burst: str
) -> None:
    """Six words answered together (a room's connection died and came back: the words typed
    meanwhile are sent at once, and their answers come in a burst; or a player typing faster
    than the sounds last): their sounds play one after another, not six runs of notes over each
    other, loud and muddy; those that would wait more than a second are left out."""
    kind = "room" if burst.startswith("resent") else "solo"
    box = "#word-input" if kind == "room" else "#play-input"
    rooms = rooms_server(request, kind)
    page = start_round(pages, server, kind, SOUND_ON, COUNT_PINGS, KEEP_SOCKETS, rooms=rooms)
    pause(page)  # the context's clock (the page's) stands still: the answers all come at once
    board = Board.parse(page.get_attribute("#board", "data-board") or "")
    words = sorted(entry.word for entry in solve(board, load_lexicon()).words)[:6]
    assert len(words) == 6
    sounds(page)
    asked_at = audio_clock(page)
    if kind == "room":
        page.evaluate("() => window.sockets.at(-1).close()")  # the connection dies
        page.wait_for_selector("#notice:not([hidden])")
        for word in words:  # typed meanwhile: kept to send
            page.fill(box, word)
            page.press(box, "Enter")
            page.wait_for_selector(f"#feedback[data-word='{word}'][data-status='unsent']")
        assert page.evaluate("() => window.notes.length") == 0
        # the network back (the page's "online"): it reconnects, and the six are sent at once
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        for word in words:
            page.wait_for_selector(f"#my-words li[data-word='{word}'][data-status='accepted']")
    else:
        for word in words:
            enter(page, word, box)
    assert audio_clock(page) == asked_at
    heard = sounds(page)
    assert [kind_of(notes) for notes in heard] == ["bright"] * len(heard)
    assert_in_turn(heard, asked_at)
    assert_quiet(heard)
