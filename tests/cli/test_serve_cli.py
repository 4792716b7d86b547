"""`boggle serve`: bad options get one line on stderr and exit status 2, before any serving."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from boggle.cli.main import main
from boggle.model.errors import BoggleError

pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")


@pytest.fixture()
def held_port() -> Iterator[int]:
    """A port something already listens on: should a bad option slip through, the command
    stops at the port check instead of serving forever."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def serve_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    status = main(["serve", *argv])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert err.startswith("boggle: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--port", "0"], "--port"),
        (["--port", "70000"], "--port"),
        (["--solve-timeout", "0"], "--solve-timeout"),
        (["--solve-timeout", "nan"], "--solve-timeout"),
        (["--solve-timeout", "inf"], "--solve-timeout"),
        (["--solve-timeout", "-1"], "--solve-timeout"),
        (["--head-timeout", "nan"], "--head-timeout"),
        (["--max-connections", "0"], "--max-connections must be at least 1, got 0"),
        (["--ws-idle-timeout", "0"], "--ws-idle-timeout"),
        (["--ws-idle-timeout", "inf"], "--ws-idle-timeout"),
        (
            ["--max-sockets-per-address", "-1"],
            "--max-sockets-per-address must be 0 (no cap) or more, got -1",
        ),
        (["--data", ""], "--data"),
        (["--data", "  "], "--data"),
        (["--max-side", "0"], "--max-side must be at least 1, got 0"),
        (["--max-body", "-5"], "--max-body must be at least 1, got -5"),  # not "--max-side and"
        (["--max-rooms", "0"], "--max-rooms must be at least 1, got 0"),
        (["--max-players", "-1"], "--max-players must be at least 1, got -1"),
        (["--rooms-per-address", "-2"], "--rooms-per-address must be 0 (no limit) or more, got -2"),
        (
            ["--challenges-per-address", "-2"],
            "--challenges-per-address must be 0 (no limit) or more, got -2",
        ),
        (["--dict-file", "enable"], "NAME=PATH"),
        (["--dict-file", "=x.txt"], "NAME=PATH"),
        (["--default-dict", "nosuchlist"], "nosuchlist"),
        (["--default-dict", ""], "the default word list '' is not offered"),  # was en-70
        (["--host", "no.such.host.invalid"], "--host"),
        (["--allowed-host", ""], "--allowed-host"),  # answered no one
        (["--allowed-host", "https://boggle.example.org/"], "--allowed-host"),
        (["--allowed-host", "boggle.example.org:8443"], "--allowed-host"),
    ],
)
def test_bad_options(
    capsys: pytest.CaptureFixture[str], held_port: int, argv: list[str], fragment: str
) -> None:
    port = [] if argv[0] == "--port" else ["--port", str(held_port)]
    assert fragment in serve_error(capsys, *port, *argv)


def test_bad_word_list_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, held_port: int
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 4)
    for path in (tmp_path / "missing.txt", empty, binary):
        err = serve_error(capsys, "--port", str(held_port), "--dict-file", f"mine={path}")
        assert path.name in err


def test_a_taken_name_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, held_port: int
) -> None:
    words = tmp_path / "words.txt"
    words.write_text("cat\ndog\n")
    twice = ["--dict-file", f"a={words}", "--dict-file", f"a={words}"]
    err = serve_error(capsys, "--port", str(held_port), *twice)
    assert "already taken" in err


def test_a_port_in_use(capsys: pytest.CaptureFixture[str], held_port: int) -> None:
    assert str(held_port) in serve_error(capsys, "--port", str(held_port))


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--default-dict", "nosuchlist"], "nosuchlist"),
        ([], "cannot listen on"),
        # an address no other device reaches: it listened on every address all the same
        (["--host", "127.0.0.1"], "cannot reach --host 127.0.0.1"),
        (["--host", "::1"], "cannot reach --host ::1"),
        (["--host", "localhost"], "cannot reach --host localhost"),
    ],
)
def test_with_lan_an_error_is_the_only_line(
    capsys: pytest.CaptureFixture[str], held_port: int, argv: list[str], fragment: str
) -> None:
    # the network's addresses and QR code were printed first, then the error
    assert fragment in serve_error(capsys, "--lan", "--port", str(held_port), *argv)


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--keep-days", "-1"], "--keep-days"),
        (["--keep-days", "nan"], "--keep-days"),
        (["--rooms-per-address", "-3"], "--rooms-per-address"),
        (["--challenges-per-address", "-1"], "--challenges-per-address"),
    ],
)
def test_bad_room_options(
    capsys: pytest.CaptureFixture[str], held_port: int, argv: list[str], fragment: str
) -> None:
    assert fragment in serve_error(capsys, "--port", str(held_port), *argv)


def test_a_rooms_file_that_is_not_one_is_refused_in_one_line_and_left_as_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, held_port: int
) -> None:
    """--rooms-file names the file the server writes its rooms to at the stop: a file that
    is not a rooms file (the results' database, a typo naming a config) would be lost."""
    (tmp_path / "data").mkdir()
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    for named, fragment in (
        (notes, "is not a rooms file of boggle (it does not begin with"),
        (tmp_path / "data", "is not a rooms file of boggle (a directory)"),
        (tmp_path / "no" / "rooms.json", "cannot be written: its directory"),
    ):
        err = serve_error(capsys, "--port", str(held_port), "--rooms-file", str(named))
        assert err.startswith("boggle: error: --rooms-file: ") and fragment in err, err
    assert notes.read_text() == "my notes\n"
    err = serve_error(capsys, "--port", str(held_port), "--rooms-file", " ")
    assert "--rooms-file needs a file name" in err


def test_a_damaged_or_newer_rooms_file_lets_the_server_start(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, held_port: int
) -> None:
    """Not refused (the server starts without its rooms, says so and leaves it as it is):
    the command goes on to the port check, taken here."""
    kept = tmp_path / "rooms.json"
    kept.write_bytes(b'{"format":"boggle rooms","version":99}')
    err = serve_error(capsys, "--port", str(held_port), "--rooms-file", str(kept))
    assert "cannot listen on" in err, err


def test_a_rooms_file_in_a_data_directory_made_at_the_first_start_is_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, held_port: int
) -> None:
    """docs/web.md's unit (`--data /home/boggle/results --rooms-file
    /home/boggle/results/rooms.json`) on its first start: the data directory is made, so the
    rooms file's directory is there; it was refused as "cannot be written" before it was made.
    The command goes on to the port check, taken here."""
    data = tmp_path / "results"
    argv = ["--port", str(held_port), "--data", str(data), "--rooms-file", str(data / "r.json")]
    err = serve_error(capsys, *argv)
    assert "cannot listen on" in err, err
    assert data.is_dir()


def test_the_room_options_defaults_are_the_libraries() -> None:
    import argparse

    from boggle.cli.commands import serve
    from boggle.rooms import ChallengeLimits, RoomLimits
    from boggle.rooms.storage import DEFAULT_KEEP_DAYS

    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers()
    serve.register(commands)
    args = parser.parse_args(["serve"])
    assert args.keep_days == DEFAULT_KEEP_DAYS
    assert serve.room_limits(args) == RoomLimits()
    assert serve.challenge_limits(args) == ChallengeLimits()
    text = " ".join(commands.choices["serve"].format_help().split())
    assert f"default {RoomLimits().rooms_per_address};" in text
    assert f"one more every {RoomLimits().seconds_per_room_per_address:g} s" in text
    limits = ChallengeLimits()
    assert f"at once, then one more every {limits.seconds_per_challenge:g} s, 0 or more " in text
    assert f"(default {limits.per_address}; 0: no limit per address); each room connection" in text
    assert f"default {DEFAULT_KEEP_DAYS:g};" in text


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


def _answers(url: str, child: subprocess.Popen[str]) -> bool:
    """Whether ``url`` answers 200, asked until it does (the line comes before the socket
    listens) or the server has ended."""
    while child.poll() is None:
        try:
            with urllib.request.urlopen(url, timeout=10) as answer:
                return bool(answer.status == 200)
        except OSError:
            time.sleep(0.1)
    return False


def _free_ipv6_port() -> int:
    with socket.socket(socket.AF_INET6) as free:
        free.bind(("::1", 0))
        port: int = free.getsockname()[1]
        return port


@pytest.mark.skipif(not _ipv6_loopback(), reason="no IPv6 loopback on this machine")
def test_the_address_it_prints_for_an_ipv6_host_opens(tmp_path: Path) -> None:
    """`--host ::1` printed http://::1:PORT/, which no browser or curl opens.

    A free port may be taken by another process before the server binds it: the server
    then says so (before its line, or after it, from uvicorn) and ends, and another free
    port is tried, as ServeProcess does."""
    for tries_left in reversed(range(5)):
        port = _free_ipv6_port()
        argv = [sys.executable, "-m", "boggle", "serve", "--host", "::1", "--port", str(port)]
        child = subprocess.Popen(
            [*argv, "--data", str(tmp_path)], stderr=subprocess.PIPE, text=True
        )
        try:
            assert child.stderr is not None
            line = child.stderr.readline()
            if tries_left and f"cannot listen on ::1:{port}" in line:
                continue
            assert f"serving on http://[::1]:{port}/ " in line, line
            opened = _answers(line.split("serving on ")[1].split()[0] + "api/health", child)
            if not opened and tries_left and "already in use" in child.stderr.read():
                continue
            assert opened
            return
        finally:
            child.kill()
            child.wait(timeout=30)


def test_round_processes_past_four_a_core_are_refused_before_any_start(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Sweep 14: ``--round-processes 10**30`` was taken, and the server started processes
    until the machine choked (a load of 180 on 2 cores within a minute).  Refused by the
    library's limits before the server or any process starts (a regression fails here,
    it does not start the server: that is replaced)."""
    from boggle.web import server
    from boggle.web.context import Limits, max_round_processes

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server was started")

    monkeypatch.setattr(server, "BoundedServer", started)
    too_many = str(max_round_processes() + 1)
    for count in (too_many, "1" + "0" * 30):
        argv = ["serve", "--round-processes", count, "--data", str(tmp_path), "--port", "18793"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"--round-processes must be from 0 to {max_round_processes():,}" in err, err
    with pytest.raises(BoggleError, match="round_processes must be from 0 to"):
        Limits(round_processes=10**30)


def test_offline_boards_past_ten_are_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--offline-boards N`` (0 turns offline play off) is checked before the server
    starts: past 10, or below 0, one line and exit 2."""
    from boggle.web import server

    def started(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server was started")

    monkeypatch.setattr(server, "BoundedServer", started)
    for count, said in (("11", "from 0 to 10, got 11"), ("-1", "")):
        argv = ["serve", "--offline-boards", count, "--data", str(tmp_path), "--port", "18794"]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "--offline-boards" in err and said in err and err.count("\n") == 1, err


def _free_port() -> int:
    """A port free on every address (`--host 0` checks 0.0.0.0: a port free on loopback only,
    another test process's server on it elsewhere, was refused once in CI)."""
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port: int = probe.getsockname()[1]
        return port


class _Recorded:
    """In place of the server: the settings it would have run with, kept."""

    configs: ClassVar[list[Any]] = []

    def __init__(self, config: Any, say: object = None) -> None:
        self.configs.append(config)

    def run(self) -> None:
        pass


def test_the_proxies_whose_forwarded_headers_are_believed_are_the_operator_s_to_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """uvicorn believed X-Forwarded-For from 127.0.0.1 and ::1 only, and a proxy on another
    machine could be named only by $FORWARDED_ALLOW_IPS, never checked (a typo believed no
    proxy, silently): `--forwarded-allow-ips` names them (none: no proxy), and a bad value,
    given or in the environment, is one line, exit status 2."""
    from boggle.web import server

    monkeypatch.setattr(server, "BoundedServer", _Recorded)
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    base = ["serve", "--data", str(tmp_path), "--port", str(_free_port())]
    for given, believed in (
        ([], ["127.0.0.1", "::1"]),
        (["--forwarded-allow-ips", "192.0.2.7, 10.0.0.0/8,[2001:db8::7]"], None),
        (["--forwarded-allow-ips", "*"], ["*"]),
        (["--forwarded-allow-ips", "none"], []),
    ):
        _Recorded.configs.clear()
        assert main([*base, *given]) == 0
        config = _Recorded.configs[0]
        if believed is None:
            believed = ["192.0.2.7", "10.0.0.0/8", "2001:db8::7"]
        assert config.proxy_headers == bool(believed)
        assert (config.forwarded_allow_ips if believed else []) == believed
    capsys.readouterr()
    for bad in ("", "proxy.example", "10.0.0.5/8", "192.0.2.7,", "none,192.0.2.7", "::1]"):
        err = serve_error(capsys, *base[1:], "--forwarded-allow-ips", bad)
        assert "--forwarded-allow-ips: " in err and "separated by commas" in err, err
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "192.0.2.300")
    err = serve_error(capsys, *base[1:])
    assert "$FORWARDED_ALLOW_IPS: '192.0.2.300' is not an address" in err, err
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "192.0.2.30")
    _Recorded.configs.clear()
    assert main(base) == 0
    assert _Recorded.configs[0].forwarded_allow_ips == ["192.0.2.30"]


def test_on_every_address_it_prints_the_addresses_to_open_not_0_0_0_0(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`--host 0.0.0.0` (or `::`) printed `serving on http://0.0.0.0:8000/`, an address no
    other device opens: it prints this machine's addresses, found as `--lan` finds them."""
    from boggle.web import lan, server

    monkeypatch.setattr(server, "BoundedServer", _Recorded)
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.20", "2001:db8::20"])
    port = _free_port()
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port), "--data", str(tmp_path)]) == 0
    line = capsys.readouterr().err.splitlines()[-1]
    assert line == (
        f"boggle: serving on http://127.0.0.1:{port}/ and, from other devices, "
        f"http://192.0.2.20:{port}/ and http://[2001:db8::20]:{port}/ (every address of this "
        "machine; Ctrl-C stops)"
    ), line
    assert "0.0.0.0" not in line
    monkeypatch.setattr(lan, "lan_addresses", list)
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port), "--data", str(tmp_path)]) == 0
    line = capsys.readouterr().err.splitlines()[-1]
    assert line.startswith(f"boggle: serving on http://127.0.0.1:{port}/ (every address"), line


@pytest.mark.parametrize(("given", "bound"), [("0", "0.0.0.0"), ("127.1", "127.0.0.1")])
def test_a_short_ipv4_host_is_the_address_the_socket_binds(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    given: str,
    bound: str,
) -> None:
    """`--host 0` listened on every address (the socket reads "0" as 0.0.0.0) but printed
    `http://0:PORT/` and answered only the loopback Host names, as ipaddress does not read
    "0": it is the address it binds, in the line, the Host names and the server's settings."""
    from boggle.web import lan, server

    monkeypatch.setattr(server, "BoundedServer", _Recorded)
    monkeypatch.setattr(lan, "lan_addresses", lambda: ["192.0.2.20"])
    _Recorded.configs.clear()
    port = _free_port()
    assert main(["serve", "--host", given, "--port", str(port), "--data", str(tmp_path)]) == 0
    line = capsys.readouterr().err.splitlines()[-1]
    assert _Recorded.configs[0].host == bound
    if bound == "0.0.0.0":
        assert line.startswith(f"boggle: serving on http://127.0.0.1:{port}/ and, from other"), line
        assert f"http://192.0.2.20:{port}/" in line
    else:
        assert line == f"boggle: serving on http://127.0.0.1:{port}/ (Ctrl-C stops)", line
