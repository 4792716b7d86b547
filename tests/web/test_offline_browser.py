"""Solo rounds with no connection: while online the play page keeps boards ahead (POST
/api/offline) in localStorage; offline, Start plays the next kept board, judged on the page
as POST /api/play judges it, with the round's report, and says how many boards are left;
with none left, Start says so in one line (in headless Chromium, with the service worker
serving the page offline; without a browser these tests skip with a reason)."""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from boggle.model.letters import bare_letters

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from browser import Pages
from serve_process import WARM_UP_SECONDS, ServeProcess, get_json, serving

KEPT = "boggle-offline-rounds"


@pytest.fixture(scope="module")
def server() -> Iterator[ServeProcess]:
    with serving(None) as served:
        yield served


def post(url: str, body: dict[str, Any]) -> Any:
    """The JSON answer. A 408 (a list read for the first time, here from an empty cache, by
    a loaded server: en-70's given_up index, a German or Polish list, 9 to 14 s at load 12)
    is asked again once the server's round worker is free: the work past its time goes on
    there for up to twice the limit, what it read kept (or the worker is ended, and what it
    wrote to the cache kept). Asked again at once, as three tries did, the worker was still
    busy with the first: each try waited for it until its own time ran out, three 408s in
    15 s (test_the_page_judges_a_kept_board_as_the_server_does[de], [pl], and the next
    test's default list behind them, failed so under load)."""
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    origin = url[: url.index("/api/")]
    deadline = time.monotonic() + WARM_UP_SECONDS
    while True:
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            if error.code != 408 or time.monotonic() > deadline:
                raise
        while time.monotonic() < deadline:  # the round worker busy: /api/health says 503
            try:
                get_json(origin + "/api/health")
                break
            except urllib.error.HTTPError as busy:
                if busy.code != 503:
                    raise
            time.sleep(0.25)


def kept(page: Any) -> Any:
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('{KEPT}'))")


def non_word_on_the_board(round_: dict[str, Any], *, needed: bool = True) -> str:
    """Three neighbouring dice of the first row read as a word no list has (none: the test
    skips, or with ``needed`` false, "")."""
    listed = {entry["word"] for entry in round_["words"]} | set(round_["other"])
    faces = round_["spelled"]
    for start in range(round_["cols"] - 2):
        word = "".join(faces[start : start + 3])
        if word not in listed:
            return word
    if not needed:
        return ""
    pytest.skip("every three dice of the first row spell a listed word")


def round_started_online(server: ServeProcess, pages: Pages) -> tuple[Any, dict[str, Any]]:
    """The play page in a round of ten minutes, started online and ready to go on judged on
    the page (its words kept: the round's ``fallback``), and /api/play's report of its board
    with nothing found (``missed``: every word of the board)."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    page.fill("#play-time", "600")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    page.wait_for_function(
        "() => Boolean(JSON.parse(sessionStorage.getItem('boggle-play-round')).fallback)"
    )
    board = page.locator("#board-input").input_value()
    return page, post(server.url + "/api/play", {"board": board, "words": [], "finished": True})


def test_a_kept_board_is_played_offline_with_its_report(server: ServeProcess, pages: Pages) -> None:
    page = pages.open(server.url + "/play")
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    stored = kept(page)
    assert len(stored["rounds"]) == 3 and stored["settings"]["dictionary"]
    first = stored["rounds"][0]
    page.reload()  # now under the worker, which keeps the page and its scripts
    page.wait_for_selector("body[data-ready='true']")

    page.context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#play-offline")).to_have_text(
        "You are offline: 3 boards kept for offline play."
    )
    assert page.locator("#error").is_hidden()  # the lists did not come: the kept one is offered
    page.fill("#play-time", "600")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    expect(page.locator("#play-hint-text")).to_have_text(
        "Offline round: judged on this device, no hints. 2 boards kept for offline play."
    )
    assert page.locator("#play-hint").is_disabled()
    assert page.locator("#board-input").input_value() == first["board"]

    best = first["words"][0]
    page.fill("#play-input", best["word"].upper())
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{best['points']}")
    page.fill("#play-input", best["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text("already found")
    page.fill("#play-input", non_word_on_the_board(first))
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text("not a word")
    page.fill("#play-input", "zzzzzzzzzzzzzzzzz")
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text("not on the board")
    expect(page.locator("#play-score")).to_have_text(
        f"{best['points']} point{'s' if best['points'] != 1 else ''}, 1 word"
    )
    page.reload()  # the round is taken up again, offline, with its words and its board
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#play-input")).to_be_visible()
    expect(page.locator("#play-found")).to_contain_text(best["word"])
    assert page.locator("#board-input").input_value() == first["board"]

    page.click("#play-end")
    line = page.locator("#play-result-line")
    expect(line).to_contain_text(f"You scored {best['points']} of {first['maximum']:,} point")
    expect(line).to_contain_text("(An offline round, judged on this device.)")
    missed = page.locator("#play-missed .word").count()
    assert missed == first["total"] - 1
    expect(page.locator("#play-offline")).to_have_text("2 boards kept for offline play.")

    for left in (1, 0):  # the two boards left, each once
        page.click("#play-again")
        expect(page.locator("#play-hint-text")).to_contain_text(
            "No board is kept for offline play." if left == 0 else "1 board kept"
        )
        page.click("#play-end")
        expect(page.locator("#play-result-line")).to_contain_text("An offline round")
    page.click("#play-again")
    expect(page.locator("#error")).to_have_text(
        "you are offline, and no board is kept for offline play with these settings: "
        "the play page keeps some while connected"
    )
    page.context.set_offline(False)


def test_a_page_missing_a_board_asks_for_that_one_alone(server: ServeProcess, pages: Pages) -> None:
    """A board played, the page asked for a whole new set of 3 (three solves) and kept one."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    page.evaluate(
        f"""() => {{
          const kept = JSON.parse(localStorage.getItem('{KEPT}'));
          kept.rounds.shift();
          localStorage.setItem('{KEPT}', JSON.stringify(kept));
        }}"""
    )
    asked: list[Any] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.post_data_json) if request.url.endswith("/api/offline") else None
        ),
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    assert [body.get("count") for body in asked] == [1]
    assert len(kept(page)["rounds"]) == 3


def test_other_settings_keep_other_boards_and_too_large_ones_are_said(
    server: ServeProcess, pages: Pages
) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    assert kept(page)["settings"].get("rules") is None
    page.select_option("#rules-select", "big")  # another rule: other boards
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{KEPT}')).settings.rules === 'big'"
        f" && JSON.parse(localStorage.getItem('{KEPT}')).rounds.length === 3"
    )
    assert {round_["min_length"] for round_ in kept(page)["rounds"]} == {4}
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")

    def little_room(route: Any) -> None:
        answer = route.fetch()
        body = answer.json()
        body["max_bytes"] = 200  # no board fits
        route.fulfill(response=answer, json=body)

    page.route("**/api/offline", little_room)
    page.select_option("#rules-select", "classic")
    expect(page.locator("#play-offline")).to_have_text(
        "No board is kept for offline play. (the boards of these settings are too large to keep)"
    )
    assert kept(page)["rounds"] == []


def test_a_round_started_online_finishes_offline_with_its_report(
    server: ServeProcess, pages: Pages
) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page, played = round_started_online(server, pages)
    first, second = played["missed"][0], played["missed"][1]
    page.fill("#play-input", first["word"])
    page.press("#play-input", "Enter")  # judged by the server
    expect(page.locator("#play-feedback")).to_contain_text(f": +{first['points']}")

    page.context.set_offline(True)
    page.fill("#play-input", second["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{second['points']}")
    expect(page.locator("#play-hint-text")).to_have_text(
        "The connection is lost: the round goes on, judged on this device (no hints)."
    )
    page.fill("#play-input", first["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text("already found")
    page.click("#play-end")
    score = first["points"] + second["points"]
    expect(page.locator("#play-result-line")).to_contain_text(
        f"You scored {score} of {played['maximum']:,} point"
    )
    assert page.locator("#play-missed .word").count() == played["total"] - 2
    assert page.locator("#error").is_hidden()
    page.context.set_offline(False)


def test_a_round_whose_server_is_out_of_reach_goes_on_judged_on_the_page(
    server: ServeProcess, pages: Pages
) -> None:
    """The browser online but the server out of reach mid-round (its proxy down, a captive
    portal): the word was shown with an error and judged with the next one, though the
    round's board words were kept. Now the round goes on judged on the page, said once."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page, played = round_started_online(server, pages)
    first, second = played["missed"][0], played["missed"][1]
    page.route("**/api/play", lambda route: route.abort())
    page.fill("#play-input", first["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{first['points']}")
    expect(page.locator("#play-hint-text")).to_have_text(
        "The server cannot be reached: the round goes on, judged on this device (no hints)."
    )
    assert page.locator("#error").is_hidden()
    page.unroute("**/api/play")
    page.fill("#play-input", second["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{second['points']}")
    page.click("#play-end")
    score = first["points"] + second["points"]
    expect(page.locator("#play-result-line")).to_contain_text(
        f"You scored {score} of {played['maximum']:,} point"
    )
    assert page.locator("#play-missed .word").count() == played["total"] - 2


ENTRIES = {
    None: ["FAME", "fame", "Fâme", "ox", "", "a1", "zzzzzq", "axe", "mile", "limbo", "Straßé"],
    "es": ["AÉREA", "aerea", "niño", "ño", "pañal", "casa", "ÁRBOL", "zzz", "1"],
    "pl": ["ŻABA", "zaba", "zolw", "żółw", "Straßé", "zzz"],
    "pt": ["coracao", "CORAÇÃO", "maca", "maçã", "Straßé"],
    "de": ["Straße", "STRASSE", "über", "uber", "ÜBER", "Straßé"],
}


def judged_alike(
    server: ServeProcess,
    page: Any,
    round_: dict[str, Any],
    labels: dict[str, str],
    entries: list[str],
    settings: dict[str, Any],
) -> None:
    """`entries` judged on the page on the kept `round_` as /api/play judges them."""
    on_page = page.evaluate(
        """async ([round, labels, entries]) => {
          const { judgeKept } = await import("/static/offline.js");
          return judgeKept(round, labels, entries, true);
        }""",
        [round_, labels, entries],
    )
    body = {"board": round_["board"], "words": entries, "finished": True, **settings}
    served = post(server.url + "/api/play", body)
    assert on_page["feedback"] == served["feedback"]
    for key in ["found", "score", "maximum", "total", "set_apart", "levels"]:
        assert on_page[key] == served[key], key
    assert [w["word"] for w in on_page["missed"]] == [w["word"] for w in served["missed"]]
    assert on_page["missed"] == served["missed"]


@pytest.mark.parametrize("dictionary", list(ENTRIES), ids=["default", "es", "pl", "pt", "de"])
def test_the_page_judges_a_kept_board_as_the_server_does(
    server: ServeProcess, pages: Pages, dictionary: str | None
) -> None:
    """Every entry typed (its words, a word again, too short, invalid, accents the list
    reads or drops, not a word, not on the board, a word of the board typed without its
    diacritics: "ŻABA is on the board: type ż"), judged on the page, is judged as
    /api/play judges it, and so is the round's report. The page named only the board's
    words that count and in capitals that made STRAßE "STRASSE"; the server, after the
    list's first three words of the board's letters."""
    settings: dict[str, Any] = {"word_level": "common", "other_words": "zero"}
    if dictionary:
        settings["dictionary"] = dictionary
    try:
        answer = post(server.url + "/api/offline", settings)
    except urllib.error.HTTPError as error:
        if dictionary == "de" and error.code in (400, 404):
            pytest.skip("the German list is not installed (boggle dicts)")
        raise
    page = pages.open(server.url + "/play")
    for round_ in answer["rounds"]:
        listed = [entry["word"] for entry in round_["words"][:6]] + round_["other"][:3]
        accented = [entry["word"] for entry in round_["words"] if not entry["word"].isascii()]
        bare = [bare_letters(word) for word in accented[:6]] + [
            word.upper() for word in accented[:2]
        ]
        entries = [
            *ENTRIES[dictionary],
            *listed,
            *listed[:2],
            *bare,
            non_word_on_the_board(round_, needed=False),
        ]
        judged_alike(server, page, round_, answer["labels"], entries, settings)


GIVEN = {  # boards and words whose path search runs long: judged by the same steps
    "aaaaa aabaa baaba aaaaa aaaab": ["aaaaaaaaabbaaababaaaa"],  # no path, past 200,000 steps
    "bbaaa aabaa abaaa aaaaa aaaaa": ["baaaaaaaababaaaabaa"],  # a path, past 200,000 steps
    "abaaa ababa bbaaa abaaa baaaa": ["aaaaaaaaaaabaaaaaaa"],  # past 2,000,000: given up
    "aaaa aaaa aaaa aaaa": ["a" * 15 + "b", "a" * 16],
}


def test_a_long_path_search_on_the_page_ends_as_the_server_s(
    server: ServeProcess, pages: Pages
) -> None:
    """The page gave up looking for a path after 200,000 steps, the server after 2 million
    (and refuses at once a word needing more of a letter than the board has): a word the
    server said was not on the board, or not a word, the page said it had given up on."""
    page = pages.open(server.url + "/play")
    for board, entries in GIVEN.items():
        answer = post(server.url + "/api/offline", {"board": board})
        judged_alike(server, page, answer["rounds"][0], answer["labels"], entries, {})


def started_with_its_board_kept(server: ServeProcess, page: Any) -> dict[str, Any]:
    """A 10-minute round started online, its board's words kept to go on offline; the
    server's report of it (its words missed, best first)."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page.fill("#play-time", "600")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    page.wait_for_function(
        "() => Boolean(JSON.parse(sessionStorage.getItem('boggle-play-round')).fallback)"
    )
    board = page.locator("#board-input").input_value()
    played: dict[str, Any] = post(
        server.url + "/api/play", {"board": board, "words": [], "finished": True}
    )
    return played


def play_answers(page: Any, status: int, content_type: str, body: str) -> None:
    """Every word the page sends to ``/api/play`` from now on answered so (a proxy's page or
    the app's fault), until ``page.unroute("**/api/play")``."""
    page.route(
        "**/api/play",
        lambda route: route.fulfill(status=status, content_type=content_type, body=body),
    )


def test_a_proxy_s_gateway_error_mid_round_goes_on_judged_on_the_page_and_says_so(
    server: ServeProcess, pages: Pages
) -> None:
    """A proxy in front answering 502 (an HTML page: the server down or restarting behind
    it) mid-round was said under the word box, the word judged with the next one the server
    answered, though the round's board words were kept. The server cannot answer: the round
    goes on judged on the page (its verdicts are the server's), and the line says what
    happened, with the proxy's status."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    played = started_with_its_board_kept(server, page)
    first, second = played["missed"][0], played["missed"][1]
    play_answers(page, 502, "text/html", "<html><h1>502 Bad Gateway</h1></html>")
    page.fill("#play-input", first["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{first['points']}")
    expect(page.locator("#play-hint-text")).to_have_text(
        "The server is not answering (its proxy said 502): the round goes on, judged on this "
        "device (no hints)."
    )
    assert page.locator("#error").is_hidden()
    page.fill("#play-input", second["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{second['points']}")
    page.click("#play-end")
    score = first["points"] + second["points"]
    expect(page.locator("#play-result-line")).to_contain_text(
        f"You scored {score} of {played['maximum']:,} point"
    )


def test_a_page_opened_behind_a_proxy_answering_502_says_the_server_is_not_answering(
    server: ServeProcess, pages: Pages
) -> None:
    """The play page opened while a proxy in front answered 502 for the server said "You are
    offline", though the network was fine: it says the server is not answering, and a kept
    board is still played."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    page.route(
        "**/api/**",
        lambda route: route.fulfill(
            status=502, content_type="text/html", body="<html><h1>502 Bad Gateway</h1></html>"
        ),
    )
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(page.locator("#play-offline")).to_have_text(
        "The server is not answering (its proxy said 502): 3 boards kept for offline play."
    )
    page.fill("#play-time", "600")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    expect(page.locator("#play-hint-text")).to_have_text(
        "Offline round: judged on this device, no hints. 2 boards kept for offline play."
    )
    page.unroute("**/api/**")


def test_the_app_s_own_500_mid_round_is_an_error_not_judged_on_the_page(
    server: ServeProcess, pages: Pages
) -> None:
    """A 500 from the app itself (a fault, not the server out of reach) is said under the
    word box and the round stays the server's: the word is judged with the next one the
    server answers, never on the page with perhaps another verdict."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    played = started_with_its_board_kept(server, page)
    first, second = played["missed"][0], played["missed"][1]
    play_answers(page, 500, "text/plain", "Internal Server Error")
    page.fill("#play-input", first["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_have_text(
        "the server answered 500 without JSON; your word is kept and judged with your next one"
    )
    assert "judged on this device" not in page.locator("#play-hint-text").inner_text()
    kept_round = page.evaluate("() => JSON.parse(sessionStorage.getItem('boggle-play-round'))")
    assert not kept_round.get("offline")
    page.unroute("**/api/play")
    page.fill("#play-input", second["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{second['points']}")
    expect(page.locator("#play-score")).to_have_attribute(
        "data-score", str(first["points"] + second["points"])
    )


def test_a_server_with_offline_play_off_keeps_nothing_and_says_so(pages: Pages) -> None:
    """``boggle serve --offline-boards 0``: the page asked for boards anyway (there was no
    switch). Now it asks for none, not even a round's own board, and says offline play is
    off on this server, with no error."""
    expect = pytest.importorskip("playwright.sync_api").expect
    with serving(None, "--offline-boards", "0") as served:
        page = pages.open(served.url + "/play")
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.click("#tab-play")
        expect(page.locator("#play-offline")).to_have_text("Offline play is off on this server.")
        page.fill("#play-time", "600")
        page.click("#play-start")
        expect(page.locator("#play-input")).to_be_visible()
        page.wait_for_timeout(500)
        page.click("#play-end")
        expect(page.locator("#play-result-line")).to_be_visible()
        expect(page.locator("#play-offline")).to_have_text("Offline play is off on this server.")
        assert page.locator("#error").is_hidden()
        assert not [url for url in asked if "/api/offline" in url]
        assert kept(page) is None


def test_the_page_s_verdict_is_the_server_s_where_the_server_reads_its_solution(
    pages: Pages, server: ServeProcess
) -> None:
    """Two verdicts the server gives from the board's solution, where the page searched: a
    listed word not on the board whose path search gives up (the server: not on the board;
    the page said it gave up, "not a word") and a word typed without its diacritics past the
    server's 20,000 variant steps (the server named other words than the page). The kept
    round's ``given_up`` and the server reading the solution's words make them one."""
    from itertools import product

    from boggle import Board, Lexicon, PlaySession, solve
    from boggle.game.offline import offline_round
    from boggle.model.rules import CLASSIC
    from boggle.web.routes import FEEDBACK_LABELS

    variants = ["a", "á", "à", "â", "ä", "ã", "å", "ą"]
    accented = ["".join(letters) for letters in product(variants, repeat=5)]
    accented.remove("aaaaa")
    cases = [
        ("abaaa ababa bbaaa abaaa baaaa", ["aaaaaaaaaaabaaaaaaa", "aba"], ["aaaaaaaaaaabaaaaaaa"]),
        ("aáàâ äãåą aáàâ äãåą", accented, ["aaaaa", "Aaaaa"]),
    ]
    page = pages.open(server.url + "/play")
    for text, words, entries in cases:
        board, lexicon = Board.parse(text), Lexicon.from_words(words)
        kept_round = offline_round(board, lexicon, CLASSIC)
        session = PlaySession(board, solve(board, lexicon, CLASSIC))
        served = [session.submit(entry) for entry in entries]
        on_page = page.evaluate(
            """async ([round, labels, entries]) => {
              const { judgeKept } = await import("/static/offline.js");
              return judgeKept(round, labels, entries, false).feedback;
            }""",
            [kept_round, FEEDBACK_LABELS, entries],
        )
        assert [(said["status"], said["message"]) for said in on_page] == [
            (said.status, said.message) for said in served
        ]


def test_a_give_up_the_round_cannot_name_says_the_page_cannot_tell(
    pages: Pages, server: ServeProcess
) -> None:
    """Where too many listed words could run long to name them (``given_up`` ``None``: a
    uniform board of 8x8 or more with a long list), a word the page's search gave up on may
    be one the server calls "not on the board": the verdict says it was judged here and
    cannot tell, rather than the server's words for a word not in the list."""
    from boggle import Board, Lexicon
    from boggle.game.offline import offline_round
    from boggle.model.rules import CLASSIC
    from boggle.web.routes import FEEDBACK_LABELS

    long_word = "aaaaaaaaaaabaaaaaaa"
    board = Board.parse("abaaa ababa bbaaa abaaa baaaa")
    kept_round = offline_round(board, Lexicon.from_words([long_word, "aba"]), CLASSIC)
    page = pages.open(server.url + "/play")
    judge = """async ([round, labels, entries]) => {
      const { judgeKept } = await import("/static/offline.js");
      return judgeKept(round, labels, entries, false).feedback;
    }"""
    named = page.evaluate(judge, [kept_round, FEEDBACK_LABELS, [long_word]])
    assert named[0]["status"] == "not_on_board"
    unnamed = page.evaluate(judge, [{**kept_round, "given_up": None}, FEEDBACK_LABELS, [long_word]])
    assert unnamed[0]["status"] == "not_a_word"
    assert unnamed[0]["message"] == (
        f"gave up looking for a path of '{long_word}' after 2,000,000 steps; judged on this"
        " device, which cannot tell whether the word list has it"
    )


HOLD_LOCK = """() => { navigator.locks.request("boggle-offline-rounds",
    () => new Promise((resolve) => { window.releaseTake = resolve; })); }"""

HOLD_CLAIM = """() => {  // as a tab without Web Locks claims the kept boards
    const claim = () => localStorage.setItem("boggle-offline-claim",
      JSON.stringify({ by: "first tab", at: Date.now() }));
    claim();
    const held = setInterval(claim, 500);
    window.releaseTake = () => {
      clearInterval(held);
      localStorage.removeItem("boggle-offline-claim");
    };
}"""


@pytest.mark.parametrize("locks", [True, False], ids=["web-locks", "storage-claim"])
def test_two_tabs_never_take_the_same_kept_board(
    server: ServeProcess, pages: Pages, locks: bool
) -> None:
    """Two tabs of the page share the kept boards: taking one was read, shift, write, so a
    tab taking while another was mid-take (its write not yet seen) played the same board.
    Taking is now one tab at a time (a Web Lock, or without them a claim in localStorage):
    a tab holding it makes the other wait, and the other then takes the next board, not
    the one just taken."""
    expect = pytest.importorskip("playwright.sync_api").expect
    if not locks:
        pages.init_scripts.append(
            "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"
        )
    first_tab = pages.open(server.url + "/play")
    expect(first_tab.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    boards = [round_["board"] for round_ in kept(first_tab)["rounds"]]
    second_tab = first_tab.context.new_page()
    second_tab.goto(server.url + "/play")
    second_tab.wait_for_selector("body[data-ready='true']")
    expect(second_tab.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    first_tab.context.set_offline(True)
    # the first tab is taking a board: it holds the lock, the board not yet written as taken
    first_tab.evaluate(HOLD_LOCK if locks else HOLD_CLAIM)
    first_tab.wait_for_function("() => typeof window.releaseTake === 'function'")
    second_tab.fill("#play-time", "600")
    second_tab.click("#play-start")
    second_tab.wait_for_timeout(300)
    first_tab.evaluate(
        f"""() => {{
          const kept = JSON.parse(localStorage.getItem('{KEPT}'));
          kept.rounds.shift();
          localStorage.setItem('{KEPT}', JSON.stringify(kept));
        }}"""
    )
    second_tab.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{KEPT}')).rounds.length <= 2"
    )
    first_tab.evaluate("() => window.releaseTake()")
    expect(second_tab.locator("#play-input")).to_be_visible()
    assert second_tab.locator("#board-input").input_value() == boards[1]
    assert [round_["board"] for round_ in kept(first_tab)["rounds"]] == boards[2:]
    first_tab.context.set_offline(False)


def test_a_page_kept_for_a_server_that_now_keeps_fewer_fills_up_again(pages: Pages) -> None:
    """The server restarted with a smaller ``--offline-boards`` (10, then 2): a page whose
    kept boards were played asked for the old server's 10 (``count``), was refused (400,
    "count must be from 1 to 2"), and kept none for good, saying the refusal on each visit.
    It asks again for the server's own number, and keeps that."""
    expect = pytest.importorskip("playwright.sync_api").expect
    with serving(None, "--offline-boards", "2") as served:
        page = pages.open(served.url + "/play")
        expect(page.locator("#play-offline")).to_have_text("2 boards kept for offline play.")
        page.evaluate(
            f"""() => {{
              const kept = JSON.parse(localStorage.getItem('{KEPT}'));
              kept.keep = 10;  // the server's number before its restart
              kept.rounds = [];  // every board played since
              localStorage.setItem('{KEPT}', JSON.stringify(kept));
            }}"""
        )
        page.reload()
        page.wait_for_selector("body[data-ready='true']")
        expect(page.locator("#play-offline")).to_have_text("2 boards kept for offline play.")
        assert kept(page)["keep"] == 2 and len(kept(page)["rounds"]) == 2


def test_a_device_clock_change_mid_round_neither_ends_nor_stretches_it(
    server: ServeProcess, pages: Pages
) -> None:
    """The round's end was the device's clock (Date.now()): a phone syncing its time, or
    its player changing it, an hour forward ended the round at once, an hour back ran it on
    for the hour. It is measured with the page's monotonic clock now."""
    from datetime import UTC, datetime, timedelta

    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play", clock=True)
    page.fill("#play-time", "5")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    assert page.evaluate("() => performance.now() > 0")
    page.clock.set_system_time(now + timedelta(hours=1))
    page.wait_for_timeout(1000)
    assert page.locator("#play-input").is_visible()  # not ended: the hour did not pass
    assert not page.locator("#play-feedback").text_content().startswith("Time!")
    page.clock.set_system_time(now - timedelta(hours=1))
    # the round's 5 s end as they pass, not an hour later
    expect(page.locator("#play-feedback")).to_contain_text("Time!", timeout=8000)
    expect(page.locator("#play-results")).to_be_visible()


def test_a_board_taken_is_kept_for_the_tab_before_another_tab_may_take(
    server: ServeProcess, pages: Pages
) -> None:
    """The round on a board taken from the kept ones was written to the tab's sessionStorage
    only after the Web Lock was let go: a tab closed in between had lost that board. It is
    written while the lock is held now."""
    expect = pytest.importorskip("playwright.sync_api").expect
    pages.init_scripts.append(
        """(() => {
          const request = LockManager.prototype.request;
          LockManager.prototype.request = function (name, work) {
            return request.call(this, name, async (lock) => {
              const done = await work(lock);
              window.keptAtRelease = sessionStorage.getItem("boggle-play-round");
              return done;
            });
          };
        })();"""
    )
    page = pages.open(server.url + "/play")
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    first = kept(page)["rounds"][0]["board"]
    page.context.set_offline(True)
    page.fill("#play-time", "600")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    at_release = page.evaluate("() => JSON.parse(window.keptAtRelease)")
    assert at_release and at_release["board"] == first and at_release["offline"]
    page.context.set_offline(False)


QUOTA = """(() => {
  Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  };
})();"""


def test_a_full_storage_is_said_and_the_round_goes_on(server: ServeProcess, pages: Pages) -> None:
    """Storage full (QuotaExceededError on every write): an offline round on a kept board
    is played to its results, the page saying in one line that the board could not be
    written as played; boards that cannot be kept say the storage is full (not "full or
    off"); no error is thrown (``pages`` fails the test on any)."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play")
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    stored = kept(page)
    first = stored["rounds"][0]
    page.evaluate(QUOTA)
    page.context.set_offline(True)
    page.fill("#play-time", "600")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    assert page.locator("#board-input").input_value() == first["board"]
    expect(page.locator("#play-hint-text")).to_have_text(
        "Offline round: judged on this device, no hints. The browser's storage is full, "
        "so this board could not be marked as played: it may come again."
    )
    best = first["words"][0]
    page.fill("#play-input", best["word"])
    page.press("#play-input", "Enter")
    expect(page.locator("#play-feedback")).to_contain_text(f": +{best['points']}")
    page.click("#play-end")
    expect(page.locator("#play-result-line")).to_contain_text("An offline round")
    assert kept(page) == stored  # not written: the board is still kept
    page.context.set_offline(False)

    pages.init_scripts.append(QUOTA)
    full = pages.open(server.url + "/play")
    expect(full.locator("#play-offline")).to_have_text(
        "No board is kept for offline play. (the browser's storage is full)"
    )


def test_a_device_asleep_mid_round_counts_its_sleep(server: ServeProcess, pages: Pages) -> None:
    """A phone locked mid-round may stop the page's monotonic clock while asleep: the time
    the device's clock went on past it while the page was hidden counts (here the device's
    clock 30 s on, the monotonic one not, as a sleep)."""
    from datetime import UTC, datetime, timedelta

    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play", clock=True)
    page.fill("#play-time", "60")
    page.click("#play-start")
    expect(page.locator("#play-input")).to_be_visible()
    shown = """(hidden) => {
      Object.defineProperty(document, "hidden", { get: () => hidden, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    }"""
    page.evaluate(shown, True)
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    page.clock.set_system_time(now + timedelta(seconds=30))
    page.evaluate(shown, False)
    left = page.locator("#play-timer").text_content()
    assert left is not None and left.startswith("0:") and int(left[2:]) <= 30, left


def test_boards_a_server_out_of_reach_kept_from_the_page_are_asked_for_again(
    server: ServeProcess, pages: Pages
) -> None:
    """A page whose fetch of boards met a proxy's 502 (a server restarting behind it) or no
    answer fetched none until a round, a tab or a reload. It asks again by itself, after
    about 5 s and twice as long each time (not more often: 4 asks in the first 35 s here), and
    asks no more once answered."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play", clock=True)
    line = page.locator("#play-offline")
    expect(line).to_have_text("3 boards kept for offline play.")
    asked: list[str] = []
    answer = ["502"]

    def out_of_reach(route: Any) -> None:
        asked.append(answer[0])
        if answer[0] == "502":
            route.fulfill(status=502, content_type="text/html", body="<h1>502 Bad Gateway</h1>")
        elif answer[0] == "none":
            route.abort()
        else:
            route.continue_()

    page.route("**/api/offline", out_of_reach)
    page.evaluate(f"() => localStorage.removeItem('{KEPT}')")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(line).to_contain_text(re.compile("no board is kept for offline play", re.IGNORECASE))

    def run_for(seconds: int) -> None:
        for _ in range(seconds):  # the clock's 1 s, then (real time) any ask it made answered
            before = len(asked)
            page.clock.run_for(1000)
            page.wait_for_timeout(300 if len(asked) > before else 30)

    run_for(20)
    # at first, then after about 5 s and 10 s more (each wait a fifth more or less)
    assert 2 <= len(asked) <= 3 and set(asked) == {"502"}, asked
    expect(line).to_have_text(
        "The server is not answering (its proxy said 502), and no board is kept for offline play."
    )
    answer[0] = "none"
    for _ in range(60):  # next asked at about 35 s
        if "none" in asked:
            break
        run_for(1)
    assert asked[-1] == "none" and len(asked) <= 4, asked  # not more often
    expect(line).to_have_text(
        "The server cannot be reached, and no board is kept for offline play."
    )
    answer[0] = "answered"
    for _ in range(30):  # the next ask within 5 minutes
        if kept(page) and len(kept(page)["rounds"]) == 3:
            break
        run_for(10)
    expect(line).to_have_text("3 boards kept for offline play.")
    answered = len(asked)
    run_for(120)
    assert len(asked) == answered and asked[-1] == "answered"  # answered: no more asks
    page.unroute("**/api/offline")


def test_a_server_s_408_or_busy_503_is_asked_again_a_bounded_number_of_times(
    server: ServeProcess, pages: Pages
) -> None:
    """A fetch of boards the server answered 408 (the work past its time limit on a loaded
    machine: the next try usually fits) was not asked again until a round, a tab or a
    reload, where a proxy's 502 was. It is asked again the same way (after about 5 s, then
    twice as long each time), as is the server's own 503 (busy), but only 6 times in a row:
    a server that keeps answering 408 is not asked every 5 minutes for ever."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play", clock=True)
    line = page.locator("#play-offline")
    expect(line).to_have_text("3 boards kept for offline play.")
    asked: list[str] = []
    answer = ["408"]
    slow = "the work took longer than the limit of 10 s"

    def too_slow(route: Any) -> None:
        asked.append(answer[0])
        if answer[0] == "answered":
            route.continue_()
            return
        status = int(answer[0])
        message = slow if status == 408 else "the server is busy; try again in a moment"
        route.fulfill(
            status=status,
            content_type="application/json",
            body=json.dumps({"error": message, "status": status}),
        )

    page.route("**/api/offline", too_slow)
    page.evaluate(f"() => localStorage.removeItem('{KEPT}')")
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(line).to_have_text(f"No board is kept for offline play. ({slow})")

    def run_for(seconds: int, step: int = 1) -> None:
        for _ in range(0, seconds, step):  # the clock's steps, then any ask it made answered
            before = len(asked)
            page.clock.run_for(step * 1000)
            page.wait_for_timeout(300 if len(asked) > before else 30)

    run_for(20)
    # at first, then after about 5 s and 10 s more (each wait a fifth more or less)
    assert 2 <= len(asked) <= 3 and set(asked) == {"408"}, asked
    answer[0] = "503"  # the server's own "busy", in JSON: asked again as well
    for _ in range(60):
        if "503" in asked:
            break
        run_for(1)
    assert asked[-1] == "503" and len(asked) <= 4, asked
    expect(line).to_contain_text("the server is busy")
    answer[0] = "408"
    run_for(900, step=5)  # the waits of the rest of the 6 (80 s, 160 s), and long after
    assert len(asked) == 7 and set(asked) == {"408", "503"}, asked  # the first, and 6 more
    expect(line).to_have_text(f"No board is kept for offline play. ({slow})")
    answer[0] = "answered"
    page.click("#tab-solve")
    page.click("#tab-play")  # the Play tab asks again, its own 6 tries
    expect(line).to_have_text("3 boards kept for offline play.")
    assert asked[-1] == "answered", asked
    page.unroute("**/api/offline")


# Another tab holding the storage claim (no Web Locks): its claim written again every 500 ms,
# with the time it claimed at (the device's clock then).
HOLD_CLAIM_BEATING = """() => {
    const at = Date.now();
    let beat = 0;
    const claim = () => localStorage.setItem("boggle-offline-claim",
      JSON.stringify({ by: "first tab", at, beat: beat++ }));
    claim();
    const held = setInterval(claim, 500);
    window.releaseTake = () => {
      clearInterval(held);
      localStorage.removeItem("boggle-offline-claim");
    };
}"""


def test_a_device_clock_set_forward_does_not_make_a_held_claim_stale(
    server: ServeProcess, pages: Pages
) -> None:
    """Without Web Locks, a tab's claim on the kept boards was stale when the device's clock
    (Date.now()) said it was written more than 2 s ago: the clock set forward (a phone syncing
    its time) while another tab held it, this tab took at once, both taking. A claim is stale
    now when this tab has seen it unchanged for 2 s of its own monotonic clock, and the tab
    holding one writes it again every 500 ms."""
    from datetime import UTC, datetime, timedelta

    expect = pytest.importorskip("playwright.sync_api").expect
    pages.init_scripts.append(
        "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"
    )
    page = pages.open(server.url + "/play", clock=True)
    expect(page.locator("#play-offline")).to_have_text("3 boards kept for offline play.")
    page.context.set_offline(True)
    page.evaluate(HOLD_CLAIM_BEATING)
    now = datetime.fromtimestamp(page.evaluate("() => Date.now()") / 1000, tz=UTC)
    page.clock.set_system_time(now + timedelta(hours=1))
    page.fill("#play-time", "600")
    page.click("#play-start")
    page.wait_for_timeout(800)
    assert page.locator("#play-input").is_hidden()  # the claim held: waiting
    assert len(kept(page)["rounds"]) == 3
    page.evaluate("() => window.releaseTake()")
    expect(page.locator("#play-input")).to_be_visible()
    assert len(kept(page)["rounds"]) == 2
    page.context.set_offline(False)


def test_a_page_opened_without_the_server_s_options_offers_every_list_once_it_answers(
    server: ServeProcess, pages: Pages
) -> None:
    """The play page opened while a proxy answered 502 for the server (its options, its
    lists) offers the kept boards' list alone (what it can play); the server answering again
    (the fetch of boards asked again after about 5 s answered), its menu still offered that
    list alone until a reload. The lists and options are asked for again: every list
    offered, the kept boards' still chosen."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page = pages.open(server.url + "/play", clock=True)
    line, menu = page.locator("#play-offline"), page.locator("#dict-select")
    expect(line).to_have_text("3 boards kept for offline play.")
    every = menu.locator("option").count()
    chosen = menu.input_value()
    assert every > 1
    answer = ["502"]

    def out_of_reach(route: Any) -> None:
        if answer[0] == "502":
            route.fulfill(status=502, content_type="text/html", body="<h1>502 Bad Gateway</h1>")
        else:
            route.continue_()

    page.route("**/api/**", out_of_reach)
    page.reload()
    page.wait_for_selector("body[data-ready='true']")
    expect(line).to_have_text(
        "The server is not answering (its proxy said 502): 3 boards kept for offline play."
    )
    expect(menu.locator("option")).to_have_count(1)
    assert menu.input_value() == chosen
    answer[0] = "answered"
    for _ in range(10):  # asked again after about 5 s (a fifth more or less)
        page.clock.run_for(1000)
        page.wait_for_timeout(200)
        if menu.locator("option").count() == every:
            break
    expect(line).to_have_text("3 boards kept for offline play.")
    expect(menu.locator("option")).to_have_count(every)
    assert menu.input_value() == chosen
    page.unroute("**/api/**")
