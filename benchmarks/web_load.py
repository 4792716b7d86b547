"""A short load test of `boggle serve` on the loopback interface.

Starts the server in a subprocess on a free port, then runs concurrent clients for a fixed
time against POST /api/solve (a 4x4 board) and, in the same run, GET /api/health as the
baseline of what the HTTP stack alone costs. Prints requests per second and latency
percentiles for each, and checks every solve answer.

    python benchmarks/web_load.py                      # 8 clients, 10 s per phase
    python benchmarks/web_load.py --clients 16 --seconds 5 --rolled
    python benchmarks/web_load.py --dict-file enable=../shared/data/enable.txt
    python benchmarks/web_load.py --slowloris 1000 --seconds 15   # health under a slowloris

With ``--slowloris N`` a third phase holds N sockets that each send one byte of a request
head a second while one client asks GET /api/health, and reports how many slow sockets the
server closed and how much it logged.
"""

from __future__ import annotations

import argparse
import json
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

import httpx2 as httpx

FXIE = "fxie amlo ewbx astu"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    port: int, dict_files: list[str], extra: tuple[str, ...] = ()
) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "boggle", "serve", "--port", str(port), *extra]
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
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
        )
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
