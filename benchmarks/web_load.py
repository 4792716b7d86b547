"""A short load test of `boggle serve` on the loopback interface.

Starts the server in a subprocess on a free port, then runs concurrent clients for a fixed
time against POST /api/solve (a 4x4 board) and, in the same run, GET /api/health as the
baseline of what the HTTP stack alone costs. Prints requests per second and latency
percentiles for each, and checks every solve answer.

    python benchmarks/web_load.py                      # 8 clients, 10 s per phase
    python benchmarks/web_load.py --clients 16 --seconds 5 --rolled
    python benchmarks/web_load.py --dict-file enable=../shared/data/enable.txt
    python benchmarks/web_load.py --slowloris 1000 --seconds 15   # health under a slowloris
    python benchmarks/web_load.py --offline            # also POST /api/offline

With ``--offline`` a phase asks POST /api/offline as a new /play visitor's page does (3
boards rolled and solved, each with what judging it offline needs, for the default list),
beside the rolled solves, so the two compare: what each visitor costs the server.

With ``--slowloris N`` a third phase holds N sockets that each send one byte of a request
head a second while one client asks GET /api/health, and reports how many slow sockets the
server closed and how much it logged.

With ``--check-flood N`` it measures fairness instead: one "victim" client asks POST
/api/solve (every 50 ms) alone, then while N clients in another process send the worst
/api/check there is (a path search that gives up after its whole step budget) as fast as the
server answers; it prints the victim's p50/p99 idle and under the flood side by side and
PASS or FAIL against the target (p99 under the flood at most ``--target-ms``, 250):

    python benchmarks/web_load.py --check-flood 32 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx

FXIE = "fxie amlo ewbx astu"


def worst_check_board() -> str:
    """A 20x20 board whose 64 a's are three arms meeting at one cell: no path spells a*64
    (the arms cannot all be walked through their one meeting cell), every letter count and
    every step-by-step test says one could, so the search runs its whole step budget."""
    grid = [["z"] * 20 for _ in range(20)]
    grid[10][10] = "a"
    left = [
        (r, c) for c in range(9, -1, -1) for r in (9, 10, 11) if (r, c) not in ((9, 9), (11, 9))
    ]
    right = [
        (r, c) for c in range(11, 20) for r in (9, 10, 11) if (r, c) not in ((9, 11), (11, 11))
    ]
    down = [(r, c) for r in range(12, 20) for c in (9, 10, 11)]
    placed = 1
    for index in range(30):
        for arm in (left, right, down):
            if index < len(arm) and placed < 64:
                row, col = arm[index]
                grid[row][col] = "a"
                placed += 1
    return "/".join("".join(row) for row in grid)


WORST_CHECK = {"board": worst_check_board(), "word": "a" * 64}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    port: int, dict_files: list[str], options: list[str] | None = None
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "boggle", "serve", "--port", str(port), *(options or [])]
    for spec in dict_files:
        command += ["--dict-file", spec]
    if dict_files:
        command += ["--default-dict", dict_files[0].split("=", 1)[0]]
    env = dict(os.environ)
    source = Path(__file__).resolve().parents[1] / "src"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(source), env.get("PYTHONPATH")]))
    return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_until_up(url: str, server: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            errors = server.stderr.read().decode() if server.stderr else ""
            sys.exit(f"web_load: boggle serve exited: {errors.strip()}")
        try:
            if httpx.get(url + "/api/health", timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    sys.exit(f"web_load: boggle serve did not answer within {timeout:g} s")


@dataclass
class Phase:
    name: str
    latencies: list[float] = field(default_factory=list)
    failures: int = 0
    seconds: float = 0.0

    def percentile(self, q: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    def row(self) -> tuple[str, str, str, str, str, str]:
        count = len(self.latencies)
        return (
            self.name,
            str(count),
            f"{count / self.seconds:,.0f}",
            f"{statistics.median(self.latencies) * 1000:.2f}" if count else "-",
            f"{self.percentile(0.99):.2f}" if count else "-",
            str(self.failures),
        )


Request = Callable[[httpx.Client, int], bool]


def run_phase(name: str, url: str, request: Request, clients: int, seconds: float) -> Phase:
    phase = Phase(name)
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def client_loop(index: int) -> None:
        latencies: list[float] = []
        failures = 0
        with httpx.Client(base_url=url, timeout=30) as client:
            sent = 0
            while time.monotonic() < stop_at:
                started = time.perf_counter()
                ok = request(client, index * 1_000_000 + sent)
                latencies.append(time.perf_counter() - started)
                failures += not ok
                sent += 1
        with lock:
            phase.latencies += latencies
            phase.failures += failures

    started = time.monotonic()
    threads = [threading.Thread(target=client_loop, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    phase.seconds = time.monotonic() - started
    return phase


def slowloris_phase(url: str, port: int, sockets: int, seconds: float) -> tuple[Phase, int]:
    """GET /api/health from one client while ``sockets`` connections trickle a request
    head a byte a second; also the number of slow sockets still open at the end."""
    slow = []
    for _ in range(sockets):
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        connection.setblocking(False)
        slow.append(connection)
    head = b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 1000
    stop = threading.Event()

    def trickle() -> None:
        position = 0
        while not stop.wait(1.0):
            for connection in list(slow):
                try:
                    connection.send(head[position : position + 1])
                except OSError:  # closed by the server
                    slow.remove(connection)
                    connection.close()
            position += 1

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    try:
        name = f"GET /api/health during a slowloris of {sockets}"
        phase = run_phase(name, url, lambda client, _: health_ok(client), 1, seconds)
    finally:
        stop.set()
        trickler.join(5)
    still_open = len(slow)
    for connection in slow:
        connection.close()
    return phase, still_open


def victim_phase(name: str, url: str, seconds: float, pause: float = 0.05) -> Phase:
    """One client asking POST /api/solve (FXIE) every ``pause`` seconds, as a person would."""
    phase = Phase(name)
    stop_at = time.monotonic() + seconds
    with httpx.Client(base_url=url, timeout=30) as client:
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            answer = client.post("/api/solve", json={"board": FXIE})
            phase.latencies.append(time.perf_counter() - started)
            phase.failures += answer.status_code != 200
            time.sleep(pause)
    phase.seconds = seconds
    return phase


def flood_checks(url: str, clients: int, seconds: float, answers: Any) -> None:
    """``clients`` threads each sending the worst check again as soon as it is answered
    (run in its own process, so the victim's process stays idle); puts the count of each
    answer status on ``answers``."""
    counts: dict[int, int] = {}
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def one() -> None:
        with httpx.Client(base_url=url, timeout=60) as client:
            while time.monotonic() < stop_at:
                try:
                    status = client.post("/api/check", json=WORST_CHECK).status_code
                except httpx.TransportError:
                    status = 0
                with lock:
                    counts[status] = counts.get(status, 0) + 1

    threads = [threading.Thread(target=one) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    answers.put(counts)


def fairness(url: str, flooders: int, seconds: float, target_ms: float) -> bool:
    """The victim's solves idle, then under ``flooders`` worst checks; prints both and
    PASS/FAIL; True on PASS."""
    load_before = os.getloadavg()
    idle = victim_phase("POST /api/solve, idle", url, seconds)
    context = multiprocessing.get_context("spawn")
    answers = context.Queue()
    flood = context.Process(target=flood_checks, args=(url, flooders, seconds + 3, answers))
    flood.start()
    time.sleep(2)  # the flood under way
    load_during = os.getloadavg()
    loaded = victim_phase(f"POST /api/solve, {flooders} worst checks flooding", url, seconds)
    counts = answers.get(timeout=120)
    flood.join(30)
    rows = [("victim client", "requests", "p50 ms", "p99 ms", "max ms", "failed")]
    for phase in (idle, loaded):
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
    print(
        f"fairness: one client's POST /api/solve ({FXIE}, every 50 ms) alone, then while "
        f"{flooders} clients send the worst /api/check; {seconds:g} s each "
        f"({os.cpu_count()} cores, load average {load_before[0]:.1f} before, "
        f"{load_during[0]:.1f} during)"
    )
    print_table(rows)
    print(f"check answers during the flood, by status: {dict(sorted(counts.items()))}")
    passed = loaded.percentile(0.99) <= target_ms and not loaded.failures
    print(
        f"{'PASS' if passed else 'FAIL'}: /api/solve p99 under the check flood "
        f"{loaded.percentile(0.99):.1f} ms (target at most {target_ms:g} ms; idle "
        f"{idle.percentile(0.99):.1f} ms)"
    )
    print(
        json.dumps(
            {
                "check_flood": flooders,
                "solve_idle_p50_ms": round(statistics.median(idle.latencies) * 1000, 2),
                "solve_idle_p99_ms": round(idle.percentile(0.99), 2),
                "solve_flood_p50_ms": round(statistics.median(loaded.latencies) * 1000, 2),
                "solve_flood_p99_ms": round(loaded.percentile(0.99), 2),
                "checks": counts,
                "load_average": round(load_during[0], 2),
                "passed": passed,
            }
        )
    )
    return passed


def print_table(rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
        )


def health_ok(client: httpx.Client) -> bool:
    return client.get("/api/health").status_code == 200


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (default 8)")
    parser.add_argument("--seconds", type=float, default=10, help="length of each phase (10)")
    parser.add_argument(
        "--rolled", action="store_true", help="solve a new seeded 4x4 roll each request"
    )
    parser.add_argument(
        "--slowloris",
        type=int,
        default=0,
        metavar="N",
        help="also measure GET /api/health while N sockets trickle request heads",
    )
    parser.add_argument(
        "--check-flood",
        type=int,
        default=0,
        metavar="N",
        help="measure fairness instead: one client's solves alone and while N clients send "
        "the worst word check; PASS/FAIL against --target-ms",
    )
    parser.add_argument(
        "--target-ms",
        type=float,
        default=250.0,
        help="with --check-flood: the most the victim's solve p99 may be (default 250)",
    )
    parser.add_argument(
        "--offline",
        action="store_true",
        help="also measure POST /api/offline (a /play visitor's boards kept ahead) and a "
        "rolled 4x4 solve beside it",
    )
    parser.add_argument(
        "--dict-file",
        action="append",
        default=[],
        metavar="NAME=PATH",
        help="offer this word list and make the first one the default",
    )
    args = parser.parse_args()
    if args.clients < 1 or not 0 < args.seconds <= 300:
        parser.error("--clients must be at least 1 and --seconds from 0 to 300")

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from boggle import roll_board

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = start_server(port, args.dict_file)
    if args.check_flood:
        try:
            wait_until_up(url, server)
            passed = fairness(url, args.check_flood, args.seconds, args.target_ms)
        finally:
            server.terminate()
            server.wait(timeout=10)
        sys.exit(0 if passed else 1)
    try:
        wait_until_up(url, server)
        expected = httpx.post(url + "/api/solve", json={"board": FXIE}, timeout=30).json()

        def health(client: httpx.Client, _: int) -> bool:
            return health_ok(client)

        def solve_fixed(client: httpx.Client, _: int) -> bool:
            answer = client.post("/api/solve", json={"board": FXIE})
            return answer.status_code == 200 and answer.json()["score"] == expected["score"]

        def solve_rolled(client: httpx.Client, seed: int) -> bool:
            board = str(roll_board("new", seed))
            answer = client.post("/api/solve", json={"board": board})
            return answer.status_code == 200 and answer.json()["board"] == board

        solve_phase = run_phase(
            "POST /api/solve (4x4, " + ("rolled" if args.rolled else FXIE) + ")",
            url,
            solve_rolled if args.rolled else solve_fixed,
            args.clients,
            args.seconds,
        )
        health_phase = run_phase("GET /api/health", url, health, args.clients, args.seconds)
        phases = [solve_phase, health_phase]
        if args.offline:

            def offline(client: httpx.Client, _: int) -> bool:
                answer = client.post("/api/offline", json={})
                return answer.status_code == 200 and len(answer.json()["rounds"]) == 3

            if not args.rolled:
                phases.append(
                    run_phase(
                        "POST /api/solve (4x4, rolled)",
                        url,
                        solve_rolled,
                        args.clients,
                        args.seconds,
                    )
                )
            phases.append(
                run_phase("POST /api/offline (3 boards)", url, offline, args.clients, args.seconds)
            )
        if args.slowloris:
            attacked, still_open = slowloris_phase(url, port, args.slowloris, args.seconds)
            phases.append(attacked)
    finally:
        server.terminate()
        try:
            _, log = server.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            _, log = server.communicate()

    dictionary = expected["dictionary"]
    print(
        f"boggle serve on loopback, {args.clients} clients, {args.seconds:g} s a phase, "
        f"list {dictionary['name']} ({dictionary['words']:,} words), "
        f"{expected['count']} words / {expected['score']} points on {FXIE}"
    )
    rows = [("request", "requests", "req/s", "p50 ms", "p99 ms", "failed")]
    rows += [phase.row() for phase in phases]
    print_table(rows)
    ratio = (len(solve_phase.latencies) / solve_phase.seconds) / (
        len(health_phase.latencies) / health_phase.seconds
    )
    print(f"solve throughput / health throughput: {ratio:.2f}")
    print(
        json.dumps(
            {
                "solve_rps": round(len(solve_phase.latencies) / solve_phase.seconds),
                "solve_p99_ms": round(solve_phase.percentile(0.99), 2),
            }
        )
    )
    if args.slowloris:
        print(
            f"slowloris: {args.slowloris - still_open} of {args.slowloris} slow sockets closed "
            f"by the server within {args.seconds:g} s; server log {len(log):,} bytes; "
            f"health p99 {attacked.percentile(0.99):.1f} ms, "
            f"max {max(attacked.latencies) * 1000:.1f} ms"
        )
    if any(phase.failures for phase in phases):
        sys.exit("web_load: some requests failed")


if __name__ == "__main__":
    main()
