"""`boggle serve` as its operator runs it: stopped in the seconds after its start, the
lists it warms, its rooms file, its proxy.

The stop test runs `boggle serve` as a process, as an operator does, with its rooms'
warm-up made slow (a list that takes a minute to make ready on a loaded machine).
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
import urllib.error
from pathlib import Path

import pytest
from serve_process import free_port, get_json

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

SLOW_WARM_UP = """
import sys, time
import boggle.web.rooms as rooms

def slow(self, name):
    print("warming", name, file=sys.stderr, flush=True)
    time.sleep(600)  # a list far longer to make ready than any stop may take

rooms.RoomService._warm = slow
sys.argv = ["boggle", *sys.argv[1:]]
from boggle.__main__ import run
run()
"""


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_server_stopped_while_its_list_warms_up_stops_at_once(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """The rooms' copy of the default list is made ready on a thread just after the port is
    bound. It was the event loop's executor's thread, which the stopping server (Ctrl-C)
    and then the interpreter joined: a server stopped in the seconds after its start
    waited for the list to be ready (seconds for a big list, a minute on a loaded machine)
    before it ended. The warm-up runs on a daemon thread, left to the process's exit."""
    port = free_port()
    command = [sys.executable, "-c", SLOW_WARM_UP, "serve", "--port", str(port)]
    command += ["--data", str(tmp_path / "data"), "--round-processes", "0"]
    running = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    said: list[str] = []
    rest = ""
    try:
        assert running.stderr is not None
        deadline = time.monotonic() + 60
        while True:
            try:
                get_json(f"http://127.0.0.1:{port}/api/health")
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline and running.poll() is None
                time.sleep(0.05)
        while not (said and said[-1].startswith("warming en-70")):  # the warm-up runs
            said.append(running.stderr.readline())
            assert said[-1], said
        running.send_signal(stop)
        stopped = time.monotonic()
        _, rest = running.communicate(timeout=30)
        took = time.monotonic() - stopped
    finally:
        if running.poll() is None:
            running.kill()
            running.wait()
    output = "".join(said) + rest
    assert took < 5, f"stopping took {took:.1f} s: {output}"
    assert "Traceback" not in output, output
    assert running.returncode in (0, -stop), output


@pytest.mark.parametrize(
    ("warm", "fragment"),
    [
        (["fr-nowhere"], "--warm: no word list 'fr-nowhere' is offered; choose from en-50,"),
        (["en-80,,es"], "--warm: an empty name in 'en-80,,es'"),
    ],
)
def test_a_list_to_warm_that_is_not_offered_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, warm: list[str], fragment: str
) -> None:
    from boggle.cli.main import main

    argv = ["serve", "--data", str(tmp_path), "--port", "1"]
    status = main([*argv, *(f"--warm={entry}" for entry in warm)])
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"boggle: error: {fragment}"), err


def test_the_lists_the_operator_names_are_warmed_after_the_default_one_at_a_time(
    tmp_path: Path,
) -> None:
    """Only the default list was made ready as the server started: a class playing in
    Spanish waited seconds for its first room's words to be checked. `--warm` names more
    (`WebConfig.warm_lists`), each made ready in turn after the default list, one thread at
    a time (never two lists built at once), the start not waiting for them."""
    import threading

    from fastapi.testclient import TestClient

    from boggle.rooms import RoomsConfig
    from boggle.web.app import create_app
    from boggle.web.context import WebConfig
    from boggle.web.rooms import RoomService

    order: list[str] = []
    running: list[str] = []
    most = 0
    lock = threading.Lock()
    real = RoomService._warm

    def counted(self: RoomService, name: str) -> object:
        nonlocal most
        with lock:
            order.append(name)
            running.append(name)
            most = max(most, len(running))
        try:
            return real(self, name)
        finally:
            with lock:
                running.remove(name)

    config = WebConfig(warm_lists=("en-50", "en-70", "en-50"), rooms=RoomsConfig(data_dir=tmp_path))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(RoomService, "_warm", counted)
        with TestClient(create_app(config)) as client:
            rooms = client.app.state.rooms  # type: ignore[attr-defined]
            deadline = time.monotonic() + 120
            while set(rooms.warm) != {"en-70", "en-50"}:
                assert time.monotonic() < deadline, order
                time.sleep(0.05)
    assert order == ["en-70", "en-50"]
    assert most == 1


def test_a_list_to_warm_that_no_list_has_is_refused_by_the_app() -> None:
    from boggle.model.errors import LexiconError
    from boggle.web.app import create_app
    from boggle.web.context import WebConfig

    with pytest.raises(LexiconError, match="unknown word list 'xx'"):
        create_app(WebConfig(warm_lists=("xx",)))
