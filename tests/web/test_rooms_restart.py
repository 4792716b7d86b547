"""A finished match's results outlive the server: stop `boggle serve`, start it again with
the same --data, and GET /api/rooms/{code}/results still has them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from serve_process import ServeProcess, get_json

from boggle import Board, judge_round, load_lexicon, solve

sync_client = pytest.importorskip("websockets.sync.client", reason="websockets is not installed")


def until(connection: Any, kind: str) -> dict[str, Any]:
    for _ in range(30):
        message: dict[str, Any] = json.loads(connection.recv(timeout=30))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind!r} message")


def test_results_survive_a_restart_with_the_same_data_dir(tmp_path: Path) -> None:
    server = ServeProcess(tmp_path)
    try:
        with sync_client.connect(server.ws_url) as ann, sync_client.connect(server.ws_url) as bob:
            # the words go in while the server's real clock runs: a round long enough for a
            # loaded machine, the word list loaded before it starts
            settings = {"seconds": 20, "rounds": 1, "target": 0}
            lexicon = load_lexicon()
            ann.send(json.dumps({"type": "create", "name": "ann", "settings": settings}))
            code = until(ann, "joined")["code"]
            bob.send(json.dumps({"type": "join", "code": code, "name": "bob"}))
            until(bob, "joined")
            ann.send(json.dumps({"type": "start"}))
            board = Board.parse(until(ann, "round_started")["board"])
            words = [w.word for w in solve(board, lexicon).words[:3]]
            lists = {"ann": words[:2], "bob": words[1:]}
            for connection, name in ((ann, "ann"), (bob, "bob")):
                for word in lists[name]:
                    connection.send(json.dumps({"type": "word", "word": word}))
                    assert until(connection, "feedback")["status"] == "accepted"
            results = until(ann, "results")
            assert results["match_over"] is True
    finally:
        server.stop()
    assert (tmp_path / "results.sqlite3").is_file()

    again = ServeProcess(tmp_path)
    try:
        stored = get_json(f"{again.url}/api/rooms/{code}/results")
    finally:
        again.stop()
    expected = judge_round(board, lists, lexicon)
    assert stored["code"] == code
    assert [r["scores"] for r in stored["rounds"]] == [expected.scores()]
    assert stored["matches"][0]["totals"] == expected.scores()
    assert stored["matches"][0]["winners"] == expected.winners()
    crossed = [w for w in stored["rounds"][0]["players"][0]["words"] if w["word"] == words[1]]
    assert crossed[0]["status"] == "crossed_off"


def test_a_data_directory_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    finished = subprocess.run(
        [sys.executable, "-m", "boggle", "serve", "--data", str(blocker), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode == 2
    assert finished.stderr.count("\n") == 1 and "data directory" in finished.stderr
    assert blocker.read_text() == "not a directory"
