"""Time one solve as a user meets it: a full Solution in-process, and a cold `boggle solve`.

    python benchmarks/solve_latency.py [--dict ../shared/data/enable.txt] [--callgrind]

Side by side, in one run:

- `perslatgsineters` (ENABLE2K, classic rules, 1,045 words): the core's score alone,
  the engine's words with paths (`solve_native`), and the full `Solution` of
  `solve(...)` with every word, path and point as Python objects (best of many runs);
- a cold `boggle solve "fxie amlo ewbx astu"` with the default bundled list in a
  fresh process, next to `python -c pass` and `python -c "import boggle"`, and a cold
  `boggle solve` of a 3x3 board with each list of `--lists` (default: the bundled `es` and
  `pt` and the system `fr` where installed: lists whose words' written forms are shown;
  best and median wall time; all run in turn, round after round, so that load from other
  programs falls on each alike), the on-disk cache of the compiled lists and their written
  forms warm as after a first run;
- with `--callgrind`, the instructions of each of those processes under
  `valgrind --tool=callgrind` (the same count every run, unlike time on a shared machine).

Processes run with bytecode caching on (in a temporary folder), as an installed
package runs, even when the environment sets PYTHONDONTWRITEBYTECODE.  The word
counts and scores are checked while timing; the exit status is 1 if they are wrong.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from boggle import CLASSIC, Board, Lexicon, solve
from boggle.engines.native import compiled, points_table, solve_native
from boggle.model.errors import BoggleError
from boggle.model.wording import quoted
from boggle.wordlists.sources import find_list

ENABLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "enable.txt"
BOARD = "fxie amlo ewbx astu"


def times(run: Callable[[], object], repeat: int) -> list[float]:
    """Seconds of each of ``repeat`` runs."""
    found = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        found.append(time.perf_counter() - start)
    return found


def in_process(lexicon: Lexicon, repeat: int) -> tuple[list[tuple[str, str]], bool]:
    board = Board.parse("perslatgsineters")
    core = compiled(lexicon)
    assert core is not None
    faces = core.encode_board(board)
    assert faces is not None
    points = points_table(CLASSIC, core.longest)
    solution = solve(board, lexicon, CLASSIC, "native")
    ok = solution.count == 1045 and solution.score == 3625
    ok &= len(list(solve_native(board, lexicon, CLASSIC))) == 1045
    rows = []
    for label, run in (
        ("score alone (Trie.solve)", lambda: core.trie.solve(faces, 4, 4, 3, points, False)),
        (
            "engine: words with paths (solve_native)",
            lambda: list(solve_native(board, lexicon, CLASSIC)),
        ),
        ("full Solution (solve)", lambda: solve(board, lexicon, CLASSIC, "native").words),
    ):
        runs = times(run, repeat)
        rows.append(
            (label, f"{min(runs) * 1e6:,.0f} µs (median {statistics.median(runs) * 1e6:,.0f})")
        )
    return rows, ok


LIST_BOARDS = {"fr": "ret ane sio"}
"""A 3x3 board for each list of ``--lists`` (others: ``aer aea xxx``, with Spanish and
Portuguese words written with accents)."""


def cold(
    repeat: int, callgrind: bool, lists: Sequence[str] = ()
) -> tuple[list[tuple[str, str]], bool]:
    pycache = tempfile.mkdtemp(prefix="boggle-pycache-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = pycache
    boggle = [sys.executable, "-m", "boggle"]
    commands = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ('python -c "import boggle"', [sys.executable, "-c", "import boggle"]),
        (f'boggle solve "{BOARD}"', [*boggle, "solve", BOARD]),
    ]
    for name in lists:
        board = LIST_BOARDS.get(name, "aer aea xxx")
        commands.append(
            (f'boggle solve "{board}" --dict {name}', [*boggle, "solve", board, "--dict", name])
        )
    rows = []
    try:
        first = subprocess.run(commands[2][1], env=env, capture_output=True, text=True, check=True)
        ok = "WORDS:" in first.stdout  # also warms the compiled-list cache and the bytecode
        for _, command in commands:
            subprocess.run(command, env=env, capture_output=True, check=True)
        runs: list[list[float]] = [[] for _ in commands]
        for _ in range(repeat):  # in turn, so that other programs' load falls on each alike
            for (_, command), found in zip(commands, runs, strict=True):
                found += times(lambda c=command: subprocess.run(c, env=env, capture_output=True), 1)
        for (label, command), found in zip(commands, runs, strict=True):
            figure = f"{min(found) * 1e3:,.1f} ms (median {statistics.median(found) * 1e3:,.1f})"
            if callgrind:
                figure += f", {instructions(command, env) / 1e6:,.1f} M instructions"
            rows.append((f"cold {label}", figure))
    finally:
        shutil.rmtree(pycache, ignore_errors=True)
    return rows, ok


def available(name: str) -> bool:
    """Whether the list ``name`` can be read here (a system list may not be installed)."""
    try:
        find_list(name)
    except BoggleError as error:
        print(f"left out: {error}", file=sys.stderr)
        return False
    return True


def instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions the whole process runs, counted by callgrind."""
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    match = re.search(r"Collected : (\d+)", result.stderr)
    assert match, result.stderr
    return int(match.group(1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dict", default=str(ENABLE), help="word list (default: ENABLE2K)")
    parser.add_argument("--repeat", type=int, default=500, help="in-process runs (best kept)")
    parser.add_argument("--cold-repeat", type=int, default=20, help="fresh processes per command")
    parser.add_argument("--callgrind", action="store_true", help="also count instructions")
    parser.add_argument(
        "--lists",
        default="es,pt,fr",
        help="lists to solve a 3x3 board with, cold, by commas; a system list not installed "
        "is left out (default: es,pt,fr)",
    )
    args = parser.parse_args()
    if args.callgrind and shutil.which("valgrind") is None:
        parser.error("--callgrind needs valgrind (apt install valgrind)")

    rows, ok = in_process(Lexicon.from_file(args.dict), args.repeat)
    lists = [name for name in args.lists.split(",") if name and available(name)]
    cold_rows, cold_ok = cold(args.cold_repeat, args.callgrind, lists)
    width = max(len(label) for label, _ in rows + cold_rows)
    print(f"perslatgsineters, {quoted(Path(args.dict).name)}, classic rules: 1,045 words")
    for label, figure in rows:
        print(f"  {label:<{width}}  {figure}")
    print("fresh processes, warm cache (the default bundled list, else the one named):")
    for label, figure in cold_rows:
        print(f"  {label:<{width}}  {figure}")
    if not (ok and cold_ok):
        print("WRONG: word counts or scores differ from the reference figures", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
