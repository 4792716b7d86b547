"""The site's pages as a visitor finds them: a front door at ``/`` with the four things to
do, the same header on every page with a way back, and no link that goes nowhere."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle import __version__
from boggle.web.app import WebConfig, create_app

PAGES = ["/", "/solve", "/play", "/room", "/daily", "/words", "/room/ABC234", "/challenge/ABC234"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


def header(html: str) -> str:
    found = re.search(r'<header class="site">.*?</header>', html, flags=re.S)
    assert found, "a page without the site's header"
    return re.sub(r"\s+", " ", found.group(0))


def test_the_front_door_offers_the_four_things_to_do(client: TestClient) -> None:
    html = client.get("/").text
    doors = re.findall(r'<a class="door" href="([^"]+)"><strong>([^<]+)</strong>', html)
    assert dict(doors) == {
        "/solve": "Solve a board",
        "/play": "Play solo",
        "/room": "Play with friends",
        "/daily": "Today's board",
    }


def test_every_page_has_the_same_header_linking_home(client: TestClient) -> None:
    headers = {path: header(client.get(path).text) for path in PAGES}
    assert len(set(headers.values())) == 1, headers
    shown = next(iter(headers.values()))
    assert 'href="/"' in shown
    for path in ("/solve", "/play", "/room", "/daily", "/words"):
        assert f'href="{path}"' in shown


@pytest.mark.parametrize("path", PAGES)
def test_no_link_or_resource_on_a_page_is_dead(client: TestClient, path: str) -> None:
    html = client.get(path).text
    targets = set(re.findall(r'(?:href|src)="(/[^"#]*)"', html))
    assert "/openapi.json" in targets, "the footer's API link"
    for target in sorted(targets):
        answer = client.get(target, follow_redirects=False)
        assert answer.status_code == 200, f"{path} links to {target}: {answer.status_code}"


def test_an_old_board_link_to_the_front_door_opens_the_solver(client: TestClient) -> None:
    answer = client.get("/?board=fxie+amlo&mode=play", follow_redirects=False)
    assert answer.status_code == 307
    assert answer.headers["location"] == "/solve?board=fxie+amlo&mode=play"
    assert client.get("/solve").text.count('role="tablist"') == 1


@pytest.mark.parametrize("path", ["/room/ABC234/x", "/challenge/ABCD2345/x", "/rooms", "/dialy"])
def test_a_browser_at_an_address_with_no_page_gets_a_page_saying_so(
    client: TestClient, path: str
) -> None:
    # a link cut or mangled in a chat app: one line and a way on, not the API's JSON
    answer = client.get(path, headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    assert "<h1>Page not found</h1>" in answer.text
    assert header(answer.text) == header(client.get("/").text)
    assert 'href="/room"' in answer.text


def test_a_program_at_an_address_with_no_page_still_gets_json(client: TestClient) -> None:
    for accept in ("*/*", "application/json"):
        answer = client.get("/room/ABC234/x", headers={"Accept": accept})
        assert answer.status_code == 404
        assert answer.json() == {"error": "Not Found", "status": 404}
    answer = client.get("/api/nothing", headers={"Accept": "text/html"})
    assert answer.json() == {"error": "Not Found", "status": 404}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_s_footer_names_the_version(client: TestClient, path: str) -> None:
    # the footer ended "... (wpolish) ·" on every page but the solver's, whose script fills it
    footer = re.search(r'<footer class="site">.*?</footer>', client.get(path).text, flags=re.S)
    assert footer and f'<span id="version">boggle {__version__}</span>' in footer.group(0)


@pytest.mark.parametrize(
    "path",
    [*PAGES, "/static/style.css", "/api/options", "/api/daily", "/api/health", "/api/rooms/ABC234"],
)
def test_head_is_answered_as_get_without_the_body(client: TestClient, path: str) -> None:
    """What uptime monitors and `curl -I` send: the GET's status and headers, no body."""
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code, (head.status_code, head.text)
    assert head.content == b""
    for name in ("content-type", "content-length", "content-encoding"):
        assert head.headers.get(name) == got.headers.get(name), name


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/static/style.css", "/api/options"])
def test_a_large_answer_goes_gzipped_to_a_client_that_takes_it(
    client: TestClient, path: str
) -> None:
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    zipped = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert "accept-encoding" in zipped.headers["vary"].lower()
    assert zipped.content == plain.content  # decoded by the client
    assert int(zipped.headers["content-length"]) < 0.6 * len(plain.content)


def test_a_small_answer_is_not_gzipped(client: TestClient) -> None:
    small = client.get("/api/rooms/ABC234", headers={"Accept-Encoding": "gzip"})
    assert small.status_code == 404 and "content-encoding" not in small.headers


def test_head_of_a_post_only_route_is_refused_as_get_is(client: TestClient) -> None:
    got, head = client.get("/api/solve"), client.head("/api/solve")
    assert got.status_code == head.status_code == 405
    assert head.content == b"" and head.headers["allow"] == got.headers["allow"]


STATIC = Path(__file__).resolve().parents[2] / "src" / "boggle" / "web" / "static"


@pytest.mark.parametrize("script", ["daily.js", "challenge.js"])
def test_the_timed_rounds_share_one_pending_words_module(client: TestClient, script: str) -> None:
    """The daily board and a challenge each kept a near-copy of the words sent for their
    check and not answered yet (kept with the round, sent again after a reload): both take
    it from ``static/pending.js``, which the server serves, and keep no copy of their own."""
    source = (STATIC / script).read_text(encoding="utf-8")
    assert re.search(r'import \{[^}]*\bPendingWords\b[^}]*\} from "/static/pending\.js";', source)
    assert "keptWords(" in source
    for copy in ("state.pending", "function answered(", ".filter((w) => typeof w === "):
        assert copy not in source, f"{script} keeps its own copy: {copy}"
    served = client.get("/static/pending.js")
    assert served.status_code == 200 and "javascript" in served.headers["content-type"]
    assert "export class PendingWords" in served.text


def test_add_from_a_file_lets_an_iphone_pick_a_saved_file(client: TestClient) -> None:
    """iOS's file picker greys out a file whose type ``accept`` does not list by its MIME
    type as well as its extension (iOS before 14 reads only the MIME types): My words's "Add
    from a file" named ``.json`` and ``application/json`` only, so a copy saved or shared as
    ``.txt`` (Notes, Mail, some downloads) could not be picked from Files. The file is read
    as text whatever its name (the words in it are JSON)."""
    html = client.get("/words").text
    found = re.search(r'<input id="import-file" type="file" accept="([^"]*)"', html)
    assert found, "no file input for Add from a file"
    accepted = set(found.group(1).split(","))
    assert {".json", ".txt", "application/json", "text/plain"} <= accepted, accepted


SAFARI_FLOOR = "14"
"""The oldest Safari the pages run in (iOS 14; docs/web.md, "Browsers"): every page script
keeps to what it has."""

NEWER_THAN_THE_FLOOR: list[tuple[str, str, str]] = [
    # (what, the pattern in a script's code, the first Safari with it)
    ("a regular expression's lookbehind", r"\(\?<[=!]", "16.4"),
    ("Object.hasOwn", r"\bObject\.hasOwn\b", "15.4"),
    ("Array/String .at()", r"\.at\(", "15.4"),
    ("structuredClone", r"\bstructuredClone\b", "15.4"),
    ("findLast/findLastIndex", r"\.findLast(?:Index)?\(", "15.4"),
    ("crypto.randomUUID", r"\brandomUUID\(", "15.4"),
    ("BroadcastChannel", r"\bBroadcastChannel\b", "15.4"),
    (
        "the :focus-visible or :has() selector in a query",
        r"""\.(?:matches|closest|querySelector(?:All)?)\(\s*["'`][^"'`]*:(?:focus-visible|has\()""",
        "15.4",
    ),
    ("an Error's cause", r"\bcause\s*:", "15"),
    ("a top-level await", r"^(?:await\b|for await\b|(?:const|let|var)\s[^=]*=\s*await\b)", "15"),
    (
        "a private class member",
        r"(?:\.#[A-Za-z_$]|^\s*(?:static\s+)?#[A-Za-z_$][\w$]*\s*[=;(])",
        "14.1",
    ),
    ("a static class field", r"^\s*static\s+[A-Za-z_$][\w$]*\s*=", "14.1"),
    ("a class static block", r"\bstatic\s*\{", "16.4"),
    ("WeakRef or FinalizationRegistry", r"\b(?:WeakRef|FinalizationRegistry)\b", "14.1"),
    ("Intl.Segmenter", r"\bIntl\.Segmenter\b", "14.1"),
    ("toSorted/toReversed/toSpliced/with", r"\.(?:toSorted|toReversed|toSpliced|with)\(", "16"),
    ("Object.groupBy/Map.groupBy", r"\b(?:Object|Map)\.groupBy\b", "17.4"),
    ("Array.fromAsync", r"\bArray\.fromAsync\b", "16.4"),
    ("Promise.withResolvers", r"\bPromise\.withResolvers\b", "17.4"),
    ("AbortSignal.timeout/any", r"\bAbortSignal\.(?:timeout|any)\b", "16"),
    ("isWellFormed/toWellFormed", r"\.(?:is|to)WellFormed\(", "16.4"),
    (
        "a Set's union and the like",
        r"\.(?:union|intersection|symmetricDifference|is(?:Subset|Superset)Of|isDisjointFrom)\(",
        "17",
    ),
    ("form.requestSubmit", r"\.requestSubmit\(", "16"),
]
"""What page scripts must not use: each is newer than SAFARI_FLOOR, so a page that used it
threw there (an iPhone on iOS 15 had no Object.hasOwn nor .at(), and a room's page stopped)."""


def script_code(line: str) -> str:
    """``line`` of a page script without its ``//`` comment (one at the line's start or after a
    space: a URL's ``https://`` in a string stays)."""
    return re.sub(r"(?:^|\s)//.*$", "", line)


def newer_than_the_floor(text: str) -> list[str]:
    """Where ``text`` (a page script) uses what Safari SAFARI_FLOOR lacks: "line: what"."""
    return [
        f"{number}: {what} (Safari {version})"
        for number, line in enumerate(text.splitlines(), 1)
        for what, pattern, version in NEWER_THAN_THE_FLOOR
        if re.search(pattern, script_code(line))
    ]


def test_the_floor_check_finds_what_safari_14_lacks() -> None:
    """The check itself: each thing refused is found, and what Safari 14 has is not."""
    lacking = [
        "const ok = Object.hasOwn(totals, you);",
        "const last = names.at(-1);",
        "const copy = structuredClone(round);",
        "const end = words.findLast((w) => w.points);",
        "const id = crypto.randomUUID();",
        'if (target.matches(":focus-visible")) show();',
        "const text = clue.replace(/(?<=\\s)cat/g, blank);",
        'throw new Error("no", { cause: error });',
        "await start();",
        "const lists = await fetchWordLists();",
        "  #count = 0;",
        "    return this.#count;",
        "  static LIMIT = 5;",
        "  static {",
        "const sorted = words.toSorted();",
        "const groups = Object.groupBy(words, level);",
    ]
    for line in lacking:
        assert newer_than_the_floor(line), f"not refused: {line}"
    fine = [
        "const last = names[names.length - 1];  // not .at(-1): Safari 15.4",
        "const ok = Object.prototype.hasOwnProperty.call(totals, you);",
        'asked ??= api("/api/options");',
        'list.id ||= "words";',
        'const said = status.replaceAll("_", " ");',
        'const box = document.querySelector("#board .cube");',
        "const names = /^(?<word>[a-z]+)$/u.exec(text);",
        "  const lists = await fetchWordLists();",
        'const link = "https://example.org/room";',
        "const colour = '#path-overlay';",
    ]
    for line in fine:
        assert newer_than_the_floor(line) == [], f"refused: {line}"


def test_no_page_script_uses_what_safari_14_lacks() -> None:
    """The page scripts keep to Safari 14 (iOS 14): nothing newer, built-in or syntax. Safari
    before 16.4 (an iPhone that stays on iOS 15) throws a SyntaxError on a lookbehind,
    ``(?<=...)`` or ``(?<!...)``, in a regular expression: My words's practise blanked the
    word in its clue with one and stopped at its first clue there; before 15.4 it has no
    ``Object.hasOwn`` nor ``.at()``, which a room's results and My words called."""
    found = [
        f"{script.name}:{where}"
        for script in sorted(STATIC.glob("*.js"))
        for where in newer_than_the_floor(script.read_text(encoding="utf-8"))
    ]
    assert found == [], f"newer than Safari {SAFARI_FLOOR}: {found}"


def test_a_dialog_is_asked_only_where_the_browser_has_one() -> None:
    """Safari before 15.4 has no ``<dialog>`` (no ``showModal``): a page that opens one asks
    first whether the browser has it, and the style hides a closed one there (an unknown
    element is shown like any other)."""
    for script in sorted(STATIC.glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if ".showModal(" in text:
            assert re.search(r'typeof \w+\.showModal !== "function"', text), script.name
    style = (STATIC / "style.css").read_text(encoding="utf-8")
    assert "dialog:not([open]) { display: none; }" in style


def test_the_style_keeps_to_safari_14_s_properties() -> None:
    """``inset`` (Safari 14.1) is written as its four sides: on Safari 14 the board's path
    overlay and a die's flash were placed without it."""
    style = (STATIC / "style.css").read_text(encoding="utf-8")
    assert re.findall(r"(?:^|[;{\s])inset\s*:", style) == []


@pytest.mark.parametrize("path", PAGES)
def test_no_page_lets_an_iphone_call_its_numbers(client: TestClient, path: str) -> None:
    """Safari on iOS shows a number of 7 or more digits as a phone number to call, blue and
    underlined, unless the page says not to: a board's seed ("Last seed: 1891208192") was a
    link that offered to call it."""
    html = client.get(path).text
    head = html[: html.index("</head>")]
    assert '<meta name="format-detection" content="telephone=no">' in head
