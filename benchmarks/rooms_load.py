"""A load test of the rooms over WebSockets on the loopback interface (bounded in time).

Starts `boggle serve` in a subprocess with a fresh --data directory, opens ROOMS rooms of
PLAYERS players each (one WebSocket a player, all in this process), starts one round in
every room, and has every player send a word a second through the round (words of the
board and some that are not).  Measures the latency from sending a word to its feedback,
counts errors (error messages, missing feedback or results, dropped connections) and reads
the server's memory (resident set size, from /proc) before the rooms and after the round.

    python benchmarks/rooms_load.py                          # 100 rooms x 4 players, 60 s
    python benchmarks/rooms_load.py --rooms 20 --seconds 15  # a quick look
    python benchmarks/rooms_load.py --stagger 30             # rooms opened over 30 s

With ``--victim`` it measures fairness instead: a "victim" client (its own process, its own
WebSocket outside any room) sends a ping every 200 ms and asks POST /api/solve every 200 ms,
first alone, then while the rooms play (started by this script in another process); it
prints the victim's p50/p99 idle and under the rooms' load side by side, and PASS or FAIL
against the targets (ping p99 at most 100 ms, solve p99 at most 250 ms):

    python benchmarks/rooms_load.py --victim --rooms 75 --players 4 --words-per-second 9
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from web_load import FXIE, Phase, free_port, print_table, start_server, victim_phase, wait_until_up

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
from boggle import Board, load_lexicon, solve


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    results: int = 0
    sent_at: list[float] = field(default_factory=list)
    lag_at: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    """How late this process's own 50 ms sleeps wake up: the load generator's share of the
    latency (a busy machine delays its clients too)."""
    statuses: dict[str, int] = field(default_factory=dict)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> tuple[float, float]:
    """Resident and peak resident memory of a process, MiB (Linux /proc)."""
    try:
        fields = dict(
            line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
        )
    except OSError:
        return (float("nan"), float("nan"))
    return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)


async def next_of(
    socket: Any, kind: str, tally: Tally, timeout: float, or_error: bool = False
) -> dict[str, Any]:
    """The next message of type ``kind`` (or an error, ``or_error``); errors are counted."""
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(socket.recv(), timeout))
        if message["type"] == "error":
            tally.errors.append(message["code"])
            if or_error:
                return message
        if message["type"] == kind:
            return message


async def play(
    socket: Any, words: list[str], seconds: float, tally: Tally, every: float = 1.0
) -> None:
    """A word every ``every`` seconds (once its answer came) until the round ends, then wait
    for the results."""
    rng = random.Random()
    end = time.monotonic() + seconds - 1.0  # the last word well before time-up
    await asyncio.sleep(rng.random() * every)
    while time.monotonic() < end:
        tick = time.monotonic()
        word = rng.choice(words)
        sent = time.perf_counter()
        await socket.send(json.dumps({"type": "word", "word": word}))
        feedback = await next_of(socket, "feedback", tally, 10, or_error=True)
        tally.latencies.append(time.perf_counter() - sent)
        tally.sent_at.append(sent)
        if feedback["type"] == "error":  # e.g. time_up: the word came too late
            break
        tally.statuses[feedback["status"]] = tally.statuses.get(feedback["status"], 0) + 1
        await asyncio.sleep(max(0.0, every - (time.monotonic() - tick)))
    await next_of(socket, "results", tally, seconds + 60)
    tally.results += 1


async def room(
    url: str,
    players: int,
    seconds: int,
    tally: Tally,
    lexicon: Any,
    delay: float = 0.0,
    every: float = 1.0,
    started_rooms: list[int] | None = None,
) -> None:
    await asyncio.sleep(delay)
    sockets = [await websockets.connect(url, max_size=2**22) for _ in range(players)]
    try:
        host = sockets[0]
        settings = {"seconds": seconds, "rounds": 1, "target": 0}
        await host.send(json.dumps({"type": "create", "name": "p0", "settings": settings}))
        code = (await next_of(host, "joined", tally, 60))["code"]
        for number, socket in enumerate(sockets[1:], start=1):
            await socket.send(json.dumps({"type": "join", "code": code, "name": f"p{number}"}))
            await next_of(socket, "joined", tally, 60)
        await host.send(json.dumps({"type": "start"}))
        started = [await next_of(s, "round_started", tally, 60) for s in sockets]
        board = Board.parse(started[0]["board"])
        words = [w.word for w in solve(board, lexicon).words] or ["none"]
        words += ["zzz", "qqqq", "xyzzy"]
        remaining = float(started[0]["remaining"])
        if started_rooms is not None:
            started_rooms[0] += 1
            if started_rooms[0] == started_rooms[1]:
                print("every round started", flush=True)  # the --victim run waits for this
        await asyncio.gather(*(play(s, words, remaining, tally, every) for s in sockets))
    except (OSError, TimeoutError, websockets.ConnectionClosed) as error:
        tally.errors.append(type(error).__name__)
    finally:
        for socket in sockets:
            await socket.close()


async def probe_lag(tally: Tally) -> None:
    while True:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        tally.lag.append(time.perf_counter() - before - 0.05)
        tally.lag_at.append(before)


async def run(
    url: str,
    rooms: int,
    players: int,
    seconds: int,
    stagger: float = 0.0,
    words_per_second: float = 1.0,
    announce: bool = False,
) -> tuple[Tally, float]:
    tally = Tally()
    lexicon = load_lexicon()
    started = time.monotonic()
    probe = asyncio.create_task(probe_lag(tally))
    delays = [stagger * index / rooms for index in range(rooms)]
    every = 1.0 / words_per_second
    started_rooms = [0, rooms] if announce else None
    await asyncio.gather(
        *(room(url, players, seconds, tally, lexicon, d, every, started_rooms) for d in delays)
    )
    probe.cancel()
    return tally, time.monotonic() - started


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def ping_phase(name: str, url: str, seconds: float, pause: float = 0.2) -> Phase:
    """One WebSocket outside any room sending a ping every ``pause`` seconds."""
    from websockets.sync.client import connect

    phase = Phase(name)
    stop_at = time.monotonic() + seconds
    with connect(url) as socket:
        while time.monotonic() < stop_at:
            sent = time.perf_counter()
            socket.send('{"type":"ping"}')
            while json.loads(socket.recv(timeout=60))["type"] != "pong":
                phase.failures += 1  # nothing else is sent to a socket outside a room
            phase.latencies.append(time.perf_counter() - sent)
            time.sleep(pause)
    phase.seconds = seconds
    return phase


def victim(http_url: str, ws_url: str, seconds: float, label: str) -> tuple[Phase, Phase]:
    """The victim's pings and solves (each every 200 ms), side by side for ``seconds``."""
    found: dict[str, Phase] = {}

    def pings() -> None:
        found["ping"] = ping_phase(f"room socket ping, {label}", ws_url, seconds)

    thread = threading.Thread(target=pings)
    thread.start()
    solves = victim_phase(f"POST /api/solve, {label}", http_url, seconds, pause=0.2)
    thread.join()
    return found["ping"], solves


FROM_ONE_ADDRESS = ["--max-sockets-per-address", "0", "--rooms-per-address", "0"]
"""Every player of the load connects from 127.0.0.1: the per-address caps are lifted."""


def fairness(args: argparse.Namespace) -> bool:
    """The victim alone, then while the rooms play; prints both and PASS/FAIL."""
    with tempfile.TemporaryDirectory() as data:
        os.environ["BOGGLE_DATA_DIR"] = data
        port = free_port()
        server = start_server(port, [], [*FROM_ONE_ADDRESS, *(args.serve_option or [])])
        http_url, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws/rooms"
        try:
            wait_until_up(http_url, server)
            load_before = os.getloadavg()[0]
            idle = victim(http_url, ws_url, args.victim_seconds, "idle")
            load_command = [
                sys.executable,
                __file__,
                "--url",
                ws_url,
                "--rooms",
                str(args.rooms),
                "--players",
                str(args.players),
                "--words-per-second",
                str(args.words_per_second),
                "--seconds",
                str(int(args.victim_seconds + 15)),
            ]
            load = subprocess.Popen(load_command, stdout=subprocess.PIPE, text=True)
            assert load.stdout is not None
            for line in load.stdout:
                if line.startswith("every round started"):
                    break
            time.sleep(2)  # the words under way
            load_during = os.getloadavg()[0]
            label = f"{args.rooms * args.players} players sending {args.words_per_second:g} words/s"
            loaded = victim(http_url, ws_url, args.victim_seconds, label)
            report = load.communicate(timeout=args.victim_seconds + 120)[0]
        finally:
            server.terminate()
            server.wait(timeout=10)
    print(
        f"fairness: a client's room-socket ping and POST /api/solve ({FXIE}), each every "
        f"200 ms, alone and while {args.rooms} rooms x {args.players} players each send "
        f"{args.words_per_second:g} words a second; {args.victim_seconds:g} s each "
        f"({os.cpu_count()} cores, load average {load_before:.1f} before, "
        f"{load_during:.1f} during)"
    )
    rows = [("victim client", "requests", "p50 ms", "p99 ms", "max ms", "failed")]
    for phase in (idle[0], loaded[0], idle[1], loaded[1]):
        rows.append(
            (
                phase.name,
                str(len(phase.latencies)),
                f"{statistics.median(phase.latencies) * 1000:.1f}",
                f"{phase.percentile(0.99):.1f}",
                f"{max(phase.latencies) * 1000:.1f}",
                str(phase.failures),
            )
        )
    print_table(rows)
    summary = json.loads(report.strip().splitlines()[-1])
    print(
        f"the rooms' load: {summary['words']} words answered, word feedback p50 "
        f"{summary['p50_ms']} ms, p99 {summary['p99_ms']} ms, {summary['errors']} errors "
        f"{summary.get('error_codes', '')}"
    )
    ping_p99, solve_p99 = loaded[0].percentile(0.99), loaded[1].percentile(0.99)
    passed = (
        ping_p99 <= args.ping_target_ms
        and solve_p99 <= args.solve_target_ms
        and not loaded[0].failures
        and not loaded[1].failures
    )
    print(
        f"{'PASS' if passed else 'FAIL'}: under the rooms' load, ping p99 {ping_p99:.1f} ms "
        f"(target at most {args.ping_target_ms:g}), /api/solve p99 {solve_p99:.1f} ms "
        f"(target at most {args.solve_target_ms:g})"
    )
    print(
        json.dumps(
            {
                "players": args.rooms * args.players,
                "words_per_second": args.words_per_second,
                "ping_idle_p99_ms": round(idle[0].percentile(0.99), 2),
                "ping_load_p50_ms": round(statistics.median(loaded[0].latencies) * 1000, 2),
                "ping_load_p99_ms": round(ping_p99, 2),
                "solve_idle_p99_ms": round(idle[1].percentile(0.99), 2),
                "solve_load_p50_ms": round(statistics.median(loaded[1].latencies) * 1000, 2),
                "solve_load_p99_ms": round(solve_p99, 2),
                "load_average": round(load_during, 2),
                "passed": passed,
            }
        )
    )
    return passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=100, help="rooms (default 100)")
    parser.add_argument("--players", type=int, default=4, help="players a room (default 4)")
    parser.add_argument("--seconds", type=int, default=60, help="round length (default 60)")
    parser.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="open the rooms evenly over this many seconds (default 0: all at once, the "
        "worst case: every room's round ends together)",
    )
    parser.add_argument(
        "--words-per-second",
        type=float,
        default=1.0,
        help="words each player sends a second (default 1; the server takes 10 messages)",
    )
    parser.add_argument(
        "--victim",
        action="store_true",
        help="measure fairness instead: a client's ping and solve alone and under the rooms",
    )
    parser.add_argument(
        "--victim-seconds", type=float, default=15.0, help="with --victim: each phase (15)"
    )
    parser.add_argument("--ping-target-ms", type=float, default=100.0, help=argparse.SUPPRESS)
    parser.add_argument("--solve-target-ms", type=float, default=250.0, help=argparse.SUPPRESS)
    parser.add_argument(
        "--serve-option",
        action="append",
        default=[],
        metavar="OPTION",
        help="with --victim: pass this to boggle serve (repeatable), e.g. "
        "--serve-option=--room-words-per-second=500",
    )
    parser.add_argument("--url", default=None, help=argparse.SUPPRESS)  # a running server
    args = parser.parse_args()
    if not (1 <= args.rooms <= 500 and 1 <= args.players <= 16 and 5 <= args.seconds <= 600):
        parser.error("--rooms 1-500, --players 1-16, --seconds 5-600")
    if not 0 < args.words_per_second <= 10:
        parser.error("--words-per-second must be above 0 and at most 10")
    if args.victim:
        sys.exit(0 if fairness(args) else 1)
    if args.url is not None:  # the load of a --victim run: only the summary is read
        tally, elapsed = asyncio.run(
            run(
                args.url,
                args.rooms,
                args.players,
                args.seconds,
                args.stagger,
                args.words_per_second,
                announce=True,
            )
        )
        latencies = tally.latencies
        missing = args.rooms * args.players - tally.results
        summary = {
            "words": len(latencies),
            "p50_ms": round(statistics.median(latencies) * 1000, 2) if latencies else None,
            "p99_ms": round(percentile(latencies, 0.99), 2),
            "errors": len(tally.errors) + missing,
            "error_codes": sorted(set(tally.errors)),
        }
        print(json.dumps(summary), flush=True)
        return

    with tempfile.TemporaryDirectory() as data:
        os.environ["BOGGLE_DATA_DIR"] = data  # the server's --data default
        port = free_port()
        server = start_server(port, [], FROM_ONE_ADDRESS)
        try:
            wait_until_up(f"http://127.0.0.1:{port}", server)
            before = rss_mib(server.pid)
            server_cpu, client_cpu = cpu_seconds(server.pid), time.process_time()
            url = f"ws://127.0.0.1:{port}/ws/rooms"
            tally, elapsed = asyncio.run(
                run(
                    url,
                    args.rooms,
                    args.players,
                    args.seconds,
                    args.stagger,
                    args.words_per_second,
                )
            )
            server_cpu = cpu_seconds(server.pid) - server_cpu
            client_cpu = time.process_time() - client_cpu
            after = rss_mib(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=10)

    expected = args.rooms * args.players
    missing = expected - tally.results
    errors = len(tally.errors) + missing
    latencies = tally.latencies
    print(
        f"rooms over WebSockets on loopback: {args.rooms} rooms x {args.players} players, "
        f"{args.words_per_second:g} words a second each through a {args.seconds} s round, "
        f"rooms opened over {args.stagger:g} s ({os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    print(f"words sent and answered: {len(latencies)} in {elapsed:.1f} s")
    if latencies:
        print(
            f"word feedback latency ms: p50 {statistics.median(latencies) * 1000:.1f}, "
            f"p95 {percentile(latencies, 0.95):.1f}, p99 {percentile(latencies, 0.99):.1f}, "
            f"max {max(latencies) * 1000:.1f}"
        )
    print(
        f"load generator's own wake-up lag ms: p50 {statistics.median(tally.lag) * 1000:.1f}, "
        f"p99 {percentile(tally.lag, 0.99):.1f}"
    )
    print(
        f"CPU seconds: server {server_cpu:.1f}, load generator {client_cpu:.1f} "
        f"(of {elapsed:.1f} s wall on {os.cpu_count()} cores)"
    )
    if latencies:
        first, windows = min(tally.sent_at), dict[int, list[float]]()
        for at, latency in zip(tally.sent_at, latencies, strict=True):
            windows.setdefault(int((at - first) // 10) * 10, []).append(latency)
        lags: dict[int, list[float]] = {}
        for at, lag in zip(tally.lag_at, tally.lag, strict=True):
            lags.setdefault(int((at - first) // 10) * 10, []).append(lag)
        print(
            "p99 ms by 10 s of the round (the load generator's own lag): "
            + ", ".join(
                f"{k}s {percentile(v, 0.99):.0f} ({percentile(lags.get(k, []), 0.99):.0f})"
                for k, v in sorted(windows.items())
            )
        )
    print(f"feedback statuses: {dict(sorted(tally.statuses.items()))}")
    print(
        f"errors: {errors} ({len(tally.errors)} error messages or dropped connections "
        f"{sorted(set(tally.errors))}, {missing} players without results)"
    )
    print(
        f"server memory MiB: {before[0]:.1f} before the rooms, {after[0]:.1f} after the round "
        f"(peak {after[1]:.1f})"
    )
    print(
        json.dumps(
            {
                "rooms": args.rooms,
                "players": args.players,
                "seconds": args.seconds,
                "stagger": args.stagger,
                "words": len(latencies),
                "p50_ms": round(statistics.median(latencies) * 1000, 2) if latencies else None,
                "p99_ms": round(percentile(latencies, 0.99), 2),
                "errors": errors,
                "client_lag_p99_ms": round(percentile(tally.lag, 0.99), 2),
                "server_cpu_s": round(server_cpu, 1),
                "client_cpu_s": round(client_cpu, 1),
                "rss_before_mib": round(before[0], 1),
                "rss_after_mib": round(after[0], 1),
                "rss_peak_mib": round(after[1], 1),
            }
        )
    )


if __name__ == "__main__":
    main()
