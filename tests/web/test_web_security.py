"""What the server tells browsers and whom it answers: security headers on every answer, a
strict Content-Security-Policy the page lives within, the Host header checked (DNS
rebinding), no scripts from other sites, and nothing of the operator's file system shown."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient

from boggle.web.app import Limits, WebConfig, create_app
from boggle.web.middleware import CONTENT_SECURITY_POLICY, allowed_host

FXIE = "fxie amlo ewbx astu"
STATIC = Path(__file__).resolve().parents[2] / "src" / "boggle" / "web" / "static"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/api/options", "/api/nothing"])
def test_every_answer_has_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    policy = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


@pytest.mark.parametrize("path", ["/", "/solve", "/room", "/daily", "/challenge/ABC234"])
def test_the_page_needs_nothing_the_policy_forbids(client: TestClient, path: str) -> None:
    html = client.get(path).text
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts, "the page has no script tag"
    for attributes, body in scripts:
        assert body.strip() == "", "an inline script (the policy blocks it)"
        assert 'src="/static/' in attributes
    assert "<style" not in html and "style=" not in html
    assert not re.search(r"\son[a-z]+=", html), "an inline event handler"
    assert not re.search(r"https?://", html), "a resource from another site"
    for script_file in STATIC.glob("*.js"):
        script = script_file.read_text()
        assert "eval(" not in script and "innerHTML" not in script, script_file.name
    assert "default-src 'self'" in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize("path", ["/solve", "/room", "/daily", "/challenge/ABCD2345"])
def test_each_page_is_served_whole_with_its_shared_parts(client: TestClient, path: str) -> None:
    html = client.get(path).text
    assert "<!-- part" not in html, "a part left out"
    assert html.count('<div id="board-wrap">') == 1
    assert html.count('<svg id="path-overlay"') == 1
    assert html.rstrip().endswith("</html>")
    assert html.count("<title>boggle") == 1 and html.count('href="/static/style.css"') == 1


def test_every_shared_part_is_used_twice() -> None:
    """A part is markup written once for two places or more: two pages, or two places of
    one page (the room page's Create and Rematch settings)."""
    from boggle.web.pages import PAGES

    def held(text: str) -> list[str]:  # the parts a page or part holds, at any depth, each use
        names = re.findall(r"<!-- part ([a-z-]+)", text)
        inner = [held((PAGES / "parts" / f"{name}.html").read_text()) for name in names]
        return [*names, *(name for found in inner for name in found)]

    pages = [held(path.read_text()) for path in PAGES.glob("*.html")]
    for part in (PAGES / "parts").glob("*.html"):
        uses = sum(names.count(part.stem) for names in pages)
        assert uses >= 2, f"{part.name} is used {uses} time(s)"


def test_the_room_page_s_two_shortest_word_choices_are_written_once(client: TestClient) -> None:
    """The room page's **Shortest word** was written twice, in Create and in the rematch's
    settings, each a copy to keep in step with the other (and with the rooms' 3 to 6 letters).
    Both come from one part: the same choices in both places."""
    from boggle.web.pages import PAGES

    source = (PAGES / "room.html").read_text()
    assert "Shortest word <select" not in source and "letters</option>" not in source
    html = client.get("/room").text
    choices = [
        re.search(rf'<select id="{which}-min-length">(.*?)</select>', html, re.DOTALL)
        for which in ("create", "rematch")
    ]
    assert all(choices), "a Shortest word choice left out"
    create, rematch = (re.findall(r"<option[^>]*>[^<]*</option>", m.group(1)) for m in choices if m)
    assert create == rematch and len(create) == 5


def test_no_docs_page_with_scripts_from_a_cdn(client: TestClient) -> None:
    assert client.get("/docs").status_code == 404
    assert client.get("/redoc").status_code == 404
    described = client.get("/openapi.json").json()
    assert {"/api/solve", "/api/play", "/api/judge", "/api/challenges"} <= set(described["paths"])


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example:8000", "[::2]:80"])
def test_an_unknown_host_is_refused(host: str) -> None:
    client = TestClient(create_app(WebConfig(preload=False)), base_url=f"http://{host}")
    response = client.get("/api/options")
    assert response.status_code == 400
    assert "host" in response.json()["error"]
    assert client.post("/api/solve", json={"board": FXIE}).status_code == 400


def test_an_unknown_host_in_utf8_is_shown_as_sent(client: TestClient) -> None:
    """A Host of UTF-8 was read as Latin-1: "évil.example" was echoed as 'Ã©vil.example'."""
    host = "évil.example".encode()
    for response in (
        client.get("/api/options", headers={"host": host}),  # type: ignore[dict-item]
        client.post("/api/solve", json={"board": FXIE}, headers={"host": host}),  # type: ignore[dict-item]
    ):
        assert response.status_code == 400
        assert response.json()["error"] == "this server does not answer for host 'évil.example'"


def test_a_host_byte_that_is_not_utf8_is_shown_as_its_escape() -> None:
    """Sent raw to the app: the test client re-encodes a header it cannot read as UTF-8."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    headers = [(b"host", b"\xe9vil.example\x1b[2J")]
    scope = {"type": "http", "method": "GET", "path": "/api/options", "headers": headers,
             "query_string": b"", "root_path": "", "scheme": "http", "http_version": "1.1",
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 80)}  # fmt: skip
    asyncio.run(create_app(WebConfig(preload=False))(scope, receive, send))
    assert sent[0]["status"] == 400
    error = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))["error"]
    assert error == "this server does not answer for host '\\xe9vil.example\\x1b[2J'"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "LOCALHOST.", "[::1]:80"])
def test_the_served_names_are_answered(host: str) -> None:
    client = TestClient(create_app(WebConfig(preload=False)), base_url=f"http://{host}")
    assert client.get("/api/options").status_code == 200


def test_a_server_for_any_name_answers_any() -> None:
    app = create_app(WebConfig(preload=False, allowed_hosts=("*",)))
    client = TestClient(app, base_url="http://boggle.example")
    assert client.get("/api/options").status_code == 200


def test_an_operators_word_list_path_is_never_shown(tmp_path: Path) -> None:
    secret = tmp_path / "operator-secret-dir"
    secret.mkdir()
    words = secret / "mine.txt"
    words.write_text("fame\nmile\nlimb\n")
    # Not a test of the time limit: room enough for a machine under load.
    limits = Limits(solve_seconds=60.0)
    config = WebConfig(preload=False, extra_dictionaries={"mine": words}, limits=limits)
    with TestClient(create_app(config)) as client:
        answers = [
            client.get("/api/dictionaries"),
            client.post("/api/solve", json={"board": FXIE, "dictionary": "mine"}),
            client.post(
                "/api/judge",
                json={"board": FXIE, "dictionary": "mine", "players": [{"name": "a", "words": []}]},
            ),
            client.post("/api/play", json={"board": FXIE, "dictionary": "mine", "words": []}),
        ]
        for answer in answers:
            assert answer.status_code == 200, answer.text
            assert "operator-secret-dir" not in answer.text and "source" not in answer.json()
        assert answers[1].json()["dictionary"] == {"name": "mine", "words": 3}


def test_a_list_that_went_bad_is_named_not_shown(tmp_path: Path) -> None:
    words = tmp_path / "operator-secret-dir" / "mine.txt"
    words.parent.mkdir()
    words.write_text("fame\n")
    config = WebConfig(preload=False, extra_dictionaries={"mine": words})
    with TestClient(create_app(config)) as client:
        words.unlink()
        answer = client.post("/api/solve", json={"board": FXIE, "dictionary": "mine"})
        assert answer.status_code == 400
        assert "'mine'" in answer.json()["error"] and "operator-secret-dir" not in answer.text


def test_the_test_client_loads_without_a_deprecation_warning() -> None:
    """Starlette's test client warns when it runs on httpx: the test extra gives it httpx2."""
    import subprocess
    import sys

    check = "import warnings; warnings.simplefilter('error'); import fastapi.testclient"
    result = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1:]


def test_an_allowed_host_is_read_as_the_host_check_compares_it() -> None:
    """``--allowed-host ::1`` (no brackets) or ``Boggle.Example.`` matched no Host header."""
    hosts = tuple(allowed_host(name) for name in ("::1", "Boggle.Example."))
    with TestClient(create_app(WebConfig(preload=False, allowed_hosts=hosts))) as client:
        for host in ("[::1]:8000", "boggle.example", "boggle.example:8443"):
            assert client.get("/api/health", headers={"host": host}).status_code == 200, host
        assert client.get("/api/health", headers={"host": "other.example"}).status_code == 400
