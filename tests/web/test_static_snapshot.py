"""A page and its scripts are of one version: `boggle serve` reads the pages and the static
files once, at its start, and serves them as read (boggle upgraded in place under a running
server gave old pages new scripts: "Cannot set properties of null"), and a browser asks
again for every static file, by its ETag (the content's hash), rather than run one it kept
from before an upgrade."""

from __future__ import annotations

import os
import shutil
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient
from serve_process import serving

import boggle
from boggle.web.app import WebConfig, create_app
from boggle.web.pages import static_files


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as answer:
        return str(answer.read().decode("utf-8"))


def test_files_changed_under_a_running_server_are_served_as_they_were_at_its_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """boggle upgraded in place (its files replaced) while `boggle serve` runs: until it
    restarts, the room page and its scripts are those it started with, together, even the
    page nobody had asked for before the upgrade."""
    package = Path(boggle.__file__).parent
    copy = tmp_path / "src" / "boggle"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__", "data"))
    (copy / "data").symlink_to(package / "data")
    monkeypatch.setenv(
        "PYTHONPATH", f"{tmp_path / 'src'}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"
    )
    static, pages = copy / "web" / "static", copy / "web" / "pages"
    (static / "room.js").write_text((static / "room.js").read_text() + "// the old room.js\n")
    with serving(None, warm=False) as server:
        assert fetch(server.url + "/static/room.js").endswith("// the old room.js\n")
        # the upgrade: new files in place, the server not restarted
        (static / "room.js").write_text("// the new room.js\n")
        (static / "board.js").write_text("// the new board.js\n")
        room = pages / "room.html"
        room.write_text(room.read_text().replace("</body>", "<p id=new-page></p></body>"))
        assert fetch(server.url + "/static/room.js").endswith("// the old room.js\n")
        assert "the new board.js" not in fetch(server.url + "/static/board.js")
        assert "new-page" not in fetch(server.url + "/room")


def test_a_static_file_is_asked_for_again_each_time_and_answered_by_its_hash(
    client: TestClient,
) -> None:
    """No script is used from a browser's cache unasked (a heuristic freshness kept an old
    board.js for a new page after an upgrade): each is revalidated by its ETag, the hash of
    its content, and not sent again when unchanged."""
    answer = client.get("/static/board.js")
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["etag"] == static_files()["board.js"].etag
    assert answer.content == static_files()["board.js"].body
    again = client.get("/static/board.js", headers={"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304 and not again.content
    assert client.get("/static/board.js", headers={"If-None-Match": '"old"'}).status_code == 200
    assert client.get("/static/icons/icon.svg").headers["content-type"] == "image/svg+xml"


@pytest.mark.parametrize("path", ["/static/nothing.js", "/static/", "/static/../app.py"])
def test_a_static_file_that_is_not_there_is_a_json_404(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.json()["status"] == 404
