"""A running `boggle serve` survives its compiled word-list cache changing under it
(issue 32, finding 4: a truncated cache file, once mapped in memory, killed the server with
SIGBUS on its next solve)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from serve_process import ServeProcess, get_json

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

FXIE = "fxie amlo ewbx astu"


def test_a_cache_file_truncated_between_two_solves_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("BOGGLE_CACHE_DIR", str(cache))
    # a first server leaves the compiled list cached; its first solve compiles it, which on a
    # loaded machine took past the usual 5 s limit (a 408)
    warm = ServeProcess(tmp_path / "warm", "--solve-timeout", "60")
    try:
        get_json(warm.url + "/api/solve", {"board": FXIE}, timeout=90)
    finally:
        warm.stop()
    assert sorted((cache / "tries").glob("*.trie")), "the server's word list was not cached"
    server = ServeProcess(tmp_path / "data")  # this one reads it from the cache
    try:
        first = get_json(server.url + "/api/solve", {"board": FXIE})
        for entry in sorted((cache / "tries").glob("*.trie")):
            os.truncate(entry, 0)
        second = get_json(server.url + "/api/solve", {"board": "amle sxie fbwo astu"})
        third = get_json(server.url + "/api/solve", {"board": FXIE})
        assert server.process.poll() is None, "the server died"
        first.pop("elapsed_ms"), third.pop("elapsed_ms")
        assert third == first
        assert second["score"] > 0
    finally:
        server.stop()
