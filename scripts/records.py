"""Run the record runs of docs/records.md for one or more word lists, and render the table.

    nice -n 19 python scripts/records.py en-70 es --stages prove3x3 --out records.jsonl
    nice -n 19 python scripts/records.py ~/twl06.txt --stages prove3x3,search,prove3x4
    python scripts/records.py --table records.jsonl        # the Markdown table of the runs

A list is a bundled name or language code (`en-70`, `es`, `fr`, ...; see `boggle dicts`)
or a word list file (`--language CODE` reads every file given with that language's
rules). Each stage runs `boggle` commands one after the other (never two at once) and
appends one JSON line per command to `--out`: the list, the stage, the command as a
user would type it, its CPU seconds (user + sys of the child, as `/usr/bin/time`
reports them), its wall seconds and its JSON answer.

Stages, in the order docs/records.md ran them:

- `prove3x3`, `prove3x4`: a search (`--seconds` 10 for 3x3, 20 for 3x4, seed 1,
  classic rules) finds a good board scoring B; then `boggle prove --above B-1` prints
  every board scoring at least B and proves there are no others, so its best board is
  the proven best even when the search missed it. 3x4 proofs run with `--checkpoint`
  (in `--checkpoints`, default `records-checkpoints/`) and `--yes`: stop one with
  Ctrl-C and run the same command again to go on.
- `search3x4`: only the 3x4 proof's search, for the lists whose 3x4 proof does not run
  (the table then gives its best, marked not yet proven).
- `estimate3x4`: what that 3x4 proof would cost: `boggle prove --estimate --samples 20
  --seed 1` at the same threshold (20 random top-level classes proved to the end, the
  whole proof's CPU-hours with a 95% bootstrap interval), to pick the cheapest proofs.
- `search`: `boggle search` on 4x4 (classic rules) and 5x5 (the default: big rules,
  words of 4 letters or more), `--search-seconds` each (default 45, wall-clock seconds:
  `boggle search --seconds` counts those) for every seed of `--seeds` (default 1 2);
  `--search-sizes 4x4` (or `5x5`) runs one size only.
- `estimate4x4`: what the 4x4 proof above `--estimate-above` (the best board known)
  would cost: `boggle prove --estimate --samples N --seed 1` (`--samples`, default 200)
  with the layout of docs/search.md (4 buckets on the edges and the centre, corners
  whole), the points or (`--objective words`) the wordiest board's words.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

STAGES = ("prove3x3", "search", "search3x4", "estimate3x4", "prove3x4", "estimate4x4")
ESTIMATE_SAMPLES = 20
ESTIMATE_4X4_LAYOUT = ["--buckets", "4", "--corner-buckets", "1"]
PROOF_SEARCH_SECONDS = {"3x3": 10, "3x4": 20}


def list_name(word_list: str) -> str:
    """The short name of a list for the table: a file's stem, a bundled name as is.

    >>> list_name("../shared/data/yawl.txt"), list_name("es")
    ('yawl', 'es')
    """
    return Path(word_list).stem if os.sep in word_list or word_list.endswith(".txt") else word_list


def dict_args(word_list: str, language: str | None) -> list[str]:
    """The `--dict` (and `--language`) options that pick the list."""
    args = ["--dict", word_list]
    if language is not None:
        args += ["--language", language]
    return args


def run_boggle(args: list[str]) -> tuple[dict[str, Any], float, float]:
    """Run `boggle ARGS --json`; its JSON answer (or `{"error": LINE}` when boggle refuses),
    CPU seconds (user+sys) and wall seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "boggle", *args, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        stdout, stderr = child.communicate()
    except KeyboardInterrupt:  # the child has its Ctrl-C too: it prints its JSON and stops
        stdout, stderr = child.communicate()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if child.returncode not in (0, 130):
        return {"error": stderr.strip()}, cpu, wall
    return json.loads(stdout), cpu, wall


def record(out: Path, row: dict[str, Any]) -> None:
    """Append one run to the results file and say it on stderr."""
    with out.open("a", encoding="utf-8") as results:
        results.write(json.dumps(row) + "\n")
    answer = row["answer"]
    best = answer.get("best", answer.get("boards"))
    if best:
        top = best[0]
    elif "error" in answer:
        top = answer["error"]
    else:  # a proof stopped before its end, or one with no board above its threshold
        top = "interrupted" if answer.get("interrupted") else "no board above the threshold"
    print(
        f"{row['list']} {row['stage']}: {top} in {row['cpu_seconds']:.1f} CPU s: {row['command']}",
        file=sys.stderr,
        flush=True,
    )


def run_and_record(
    out: Path, word_list: str, stage: str, size: str, args: list[str]
) -> dict[str, Any]:
    """Run one command, append its row and return its JSON answer."""
    answer, cpu, wall = run_boggle(args)
    record(
        out,
        {
            "list": list_name(word_list),
            "stage": stage,
            "size": size,
            "command": "boggle " + " ".join(args) + " --json",
            "cpu_seconds": round(cpu, 2),
            "wall_seconds": round(wall, 2),
            "date": time.strftime("%Y-%m-%d", time.gmtime()),
            "answer": answer,
        },
    )
    return answer


def prove(
    out: Path,
    word_list: str,
    language: str | None,
    size: str,
    checkpoints: Path,
    search_only: bool = False,
    estimate_only: bool = False,
) -> None:
    """Search for a good board (or take the last search of this list and size in OUT, so
    a stopped proof goes on with the same threshold and checkpoint), then (unless
    `search_only`) prove the best board of SIZE (classic rules), or with `estimate_only`
    estimate that proof's cost."""
    which = dict_args(word_list, language)
    stage = "prove" + size
    earlier = [
        run["answer"]
        for run in (read_runs(out) if out.exists() else [])
        if run["list"] == list_name(word_list) and run["stage"] == stage + "-search"
    ]
    search_args = [
        "search", "--size", size, "--rules", "classic", *which,
        "--seconds", str(PROOF_SEARCH_SECONDS[size]), "--seed", "1", "--top", "1",
    ]  # fmt: skip
    found = (
        earlier[-1]
        if earlier
        else run_and_record(out, word_list, stage + "-search", size, search_args)
    )
    if search_only:
        return
    above = found["best"][0]["score"] - 1
    args = ["prove", "--size", size, "--rules", "classic", "--above", str(above), *which]
    if estimate_only:
        sample = ["--estimate", "--samples", str(ESTIMATE_SAMPLES), "--seed", "1"]
        run_and_record(out, word_list, "estimate" + size, size, args + sample)
        return
    if size != "3x3":
        checkpoints.mkdir(parents=True, exist_ok=True)
        args += [
            "--checkpoint",
            str(checkpoints / f"{list_name(word_list)}-{size}-{above}.json"),
            "--yes",
        ]
    answer = run_and_record(out, word_list, stage, size, args)
    if "error" in answer:
        return
    if answer.get("interrupted"):
        raise SystemExit(f"{list_name(word_list)} {size}: interrupted; run again to resume")


SEARCH_RULES = {"4x4": "classic", "5x5": "big"}


def estimate4x4(
    out: Path,
    word_list: str,
    language: str | None,
    above: int,
    objective: str = "points",
    samples: int = 200,
) -> None:
    """Estimate the 4x4 proof above ABOVE (classic rules): SAMPLES random top-level
    classes proved to the end, seed 1."""
    chosen = [] if objective == "points" else ["--objective", objective]
    run_and_record(
        out,
        word_list,
        "estimate4x4",
        "4x4",
        [
            "prove",
            "--size",
            "4x4",
            "--above",
            str(above),
            "--rules",
            "classic",
            *chosen,
            *dict_args(word_list, language),
            *ESTIMATE_4X4_LAYOUT,
            "--estimate",
            "--samples",
            str(samples),
            "--seed",
            "1",
        ],
    )


def search(
    out: Path,
    word_list: str,
    language: str | None,
    seconds: int,
    seeds: list[int],
    sizes: tuple[str, ...] = ("4x4", "5x5"),
) -> None:
    """The searches of SIZES (4x4 with the classic rules, 5x5 with the big rules), one
    per seed."""
    which = dict_args(word_list, language)
    for size in sizes:
        rules = SEARCH_RULES[size]
        for seed in seeds:
            run_and_record(
                out,
                word_list,
                "search",
                size,
                [
                    "search",
                    "--size",
                    size,
                    "--rules",
                    rules,
                    *which,
                    "--seconds",
                    str(seconds),
                    "--seed",
                    str(seed),
                    "--top",
                    "3",
                ],
            )


def read_runs(results: Path) -> list[dict[str, Any]]:
    """The runs of a results file, in the order they ran; a line that is no run of this
    script is a ``ValueError`` naming it."""
    runs = []
    for number, line in enumerate(results.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            run = json.loads(line)
        except ValueError:
            run = None
        if not isinstance(run, dict) or not {"list", "stage", "size", "answer"} <= set(run):
            raise ValueError(f"{results}: line {number} is not a run of this script's --out")
        runs.append(run)
    return runs


def summary_table(runs: list[dict[str, Any]]) -> str:
    """One row per list: the proven 3x3 and 3x4 bests, the best 4x4 and 5x5 searches."""
    rows: dict[str, dict[str, Any]] = {}
    for run in runs:
        cells = rows.setdefault(run["list"], {})
        answer = run["answer"]
        if "error" in answer:
            cells[run["size"] + "-error"] = answer["error"].removeprefix("boggle: error: ")
        elif run["stage"] in ("prove3x3", "prove3x4") and answer["interrupted"]:
            done, total = answer["finished_classes"], answer["top_level_classes"]
            cpu = run["cpu_seconds"] + cells.get(run["size"] + "-spent", 0.0)
            cells[run["size"] + "-spent"] = cpu
            cells[run["size"] + "-done"] = cells.get(run["size"] + "-done", 0) + proved_here(answer)
            cells[run["size"] + "-error"] = (
                f"proof stopped after {done:,} of {total:,} top-level classes, {cpu:,.0f} CPU s"
            )
        elif run["stage"] in ("prove3x3", "prove3x4"):
            top = answer["boards"][0]
            cpu = run["cpu_seconds"] + cells.get(run["size"] + "-spent", 0.0)
            cells[run["size"]] = (
                f"`{top['board']}` {top['score']} ({cpu:,.0f} CPU s"
                f"{uncounted(answer, cells.get(run['size'] + '-done', 0))})"
            )
            for stopped in ("-spent", "-done", "-error"):  # a later proof starts afresh
                cells.pop(run["size"] + stopped, None)
        elif run["stage"] == "search":
            top = answer["best"][0]
            cells[run["size"] + "-runs"] = cells.get(run["size"] + "-runs", 0) + 1
            previous = cells.get(run["size"] + "-best")
            if previous is None or top["score"] > previous["score"]:
                cells[run["size"] + "-best"] = top
        elif run["stage"].endswith("-search"):
            found = cells.get(run["size"] + "-found")
            if found is None or answer["best"][0]["score"] > found["score"]:
                cells[run["size"] + "-found"] = answer["best"][0]
    lines = [
        "| list | 3x3 proven best | 3x4 proven best | 4x4 best found (classic) "
        "| 5x5 best found (big) |",
        "|---|---|---|---|---|",
    ]
    for name, cells in rows.items():
        columns = []
        for size in ("3x3", "3x4"):
            if size in cells:
                columns.append(cells[size])
                continue
            found = cells.get(size + "-found")
            why = f"; {cells[size + '-error']}" if size + "-error" in cells else ""
            columns.append(
                f"not yet proven (search: `{found['board']}` {found['score']}{why})"
                if found
                else "not yet proven"
            )
        for size in ("4x4", "5x5"):
            best = cells.get(size + "-best")
            runs = cells.get(size + "-runs", 0)
            found = f"`{best['board']}` {best['score']} ({runs} runs)" if best else "not run"
            columns.append(found)
        lines.append(f"| {name} | " + " | ".join(columns) + " |")
    return "\n".join(lines)


def proved_here(answer: dict[str, Any]) -> int:
    """The classes a run proved itself, whose CPU time its row holds (not those it resumed).

    >>> proved_here({"finished_classes": 300, "resumed_classes": 100})
    200
    """
    return int(answer["finished_classes"]) - int(answer.get("resumed_classes", 0))


def uncounted(answer: dict[str, Any], recorded: int) -> str:
    """What a finished proof's CPU seconds leave out: the classes it resumed beyond the
    ``recorded`` ones that the stopped runs recorded before it proved themselves, whose CPU
    time no row holds ('' if none).

    >>> uncounted({"resumed_classes": 1427, "top_level_classes": 1863}, 0)
    '; the first 1,427 of 1,863 classes not counted'
    >>> uncounted({"resumed_classes": 152, "top_level_classes": 1863}, 152)
    ''
    >>> uncounted({"resumed_classes": 300, "top_level_classes": 1863}, 200)
    '; 100 of the first 300 of 1,863 classes not counted'
    """
    resumed = answer.get("resumed_classes", 0)
    if resumed <= recorded:
        return ""
    total = answer["top_level_classes"]
    if recorded == 0:
        return f"; the first {resumed:,} of {total:,} classes not counted"
    return f"; {resumed - recorded:,} of the first {resumed:,} of {total:,} classes not counted"


def proofs_table(runs: list[dict[str, Any]]) -> str:
    """One row per finished proof: its best board, every board it printed, command, CPU s
    (and wall s) of all its runs, a stopped proof's earlier runs included."""
    lines = [
        "| list | size | best board | score | boards printed | command | CPU s | wall s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    spent: dict[tuple[str, str], tuple[float, float]] = {}
    done: dict[tuple[str, str], int] = {}
    for run in runs:
        answer = run["answer"]
        if not run["stage"].startswith("prove") or run["stage"].endswith("-search"):
            continue
        if "error" in answer:
            continue
        key = (run["list"], run["size"])
        cpu, wall = spent.get(key, (0.0, 0.0))
        cpu, wall = cpu + run["cpu_seconds"], wall + run["wall_seconds"]
        spent[key] = (cpu, wall)
        if answer["interrupted"]:
            done[key] = done.get(key, 0) + proved_here(answer)
            continue
        boards = ", ".join(f"{b['board']} {b['score']}" for b in answer["boards"])
        top = answer["boards"][0]
        lines.append(
            f"| {run['list']} | {run['size']} | `{top['board']}` | {top['score']} | {boards} "
            f"| `{run['command']}` | {cpu:,.1f}{uncounted(answer, done.pop(key, 0))} "
            f"| {wall:,.0f} |"
        )
        del spent[key]  # a later proof of this list and size starts afresh
    return "\n".join(lines)


def searches_table(runs: list[dict[str, Any]]) -> str:
    """One row per search: its seed, best board, CPU s and command."""
    lines = [
        "| list | size | seed | best board | score | CPU s | command |",
        "|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        if run["stage"] != "search":
            continue
        top = run["answer"]["best"][0]
        seed = run["answer"]["seed"]
        lines.append(
            f"| {run['list']} | {run['size']} | {seed} | `{top['board']}` | {top['score']} "
            f"| {run['cpu_seconds']:,.1f} | `{run['command']}` |"
        )
    return "\n".join(lines)


def estimates_table(runs: list[dict[str, Any]], size: str = "3x4") -> str:
    """One row per proof estimate of SIZE, cheapest first: its threshold, CPU-hours with
    the 95% interval, classes finished, command and CPU s."""
    lines = [
        "| list | size | above | estimate (CPU-hours) | 95% interval | classes finished "
        "| command | CPU s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    estimates = [run for run in runs if run["stage"] == "estimate" + size]
    estimates = [run for run in estimates if "error" not in run["answer"]]
    for run in sorted(estimates, key=lambda run: run["answer"]["cpu_hours"]):
        answer = run["answer"]
        at_least = "at least " if answer["at_least"] else ""
        above = run["command"].split("--above ")[1].split()[0]
        lines.append(
            f"| {run['list']} | {run['size']} | {above} | {at_least}{answer['cpu_hours']:.2f} "
            f"| {answer['low']:.2f}-{answer['high']:.2f} "
            f"| {answer['classes_done']} of {answer['classes_total']:,} "
            f"| `{run['command']}` | {run['cpu_seconds']:,.1f} |"
        )
    return "\n".join(lines)


def estimates4x4_table(runs: list[dict[str, Any]]) -> str:
    """One row per 4x4 proof estimate, in the order they ran: its objective and threshold,
    CPU-hours ("at least" when some classes stopped at the candidate cap) with the 95%
    interval, classes finished (and stopped), command, CPU and wall seconds."""
    lines = [
        "| list | objective | above | estimate (CPU-hours) | 95% interval "
        "| classes finished (stopped) | command | CPU s | wall s |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for run in runs:
        answer = run["answer"]
        if run["stage"] != "estimate4x4" or "error" in answer:
            continue
        objective = (
            run["command"].split("--objective ")[1].split()[0]
            if ("--objective " in run["command"])
            else "points"
        )
        at_least = "at least " if answer["at_least"] else ""
        lines.append(
            f"| {run['list']} | {objective} | {answer['above']} "
            f"| {at_least}{answer['cpu_hours']:,.0f} | {answer['low']:,.0f}-{answer['high']:,.0f} "
            f"| {answer['classes_done']} ({answer['classes_stopped']}) of "
            f"{answer['classes_total']:,} | `{run['command']}` | {run['cpu_seconds']:,.1f} "
            f"| {run['wall_seconds']:,.0f} |"
        )
    return "\n".join(lines)


def render_tables(results: Path) -> str:
    """The five Markdown tables of a results file."""
    runs = read_runs(results)
    return "\n\n".join(
        [
            "Summary\n\n" + summary_table(runs),
            "Proofs\n\n" + proofs_table(runs),
            "Searches\n\n" + searches_table(runs),
            "Estimates\n\n" + estimates_table(runs),
            "4x4 estimates\n\n" + estimates4x4_table(runs),
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lists", nargs="*", help="bundled list names or word list files")
    parser.add_argument("--language", help="the language of the word list files")
    parser.add_argument(
        "--stages",
        default="prove3x3,search,prove3x4",
        help=f"comma-separated, of: {', '.join(STAGES)} (default: all but search3x4 and "
        "estimate3x4)",
    )
    parser.add_argument(
        "--search-seconds",
        type=int,
        default=45,
        help="search: wall-clock seconds of each search (default 45)",
    )
    parser.add_argument(
        "--seeds",
        type=int,
        nargs="+",
        default=[1, 2],
        help="search: one search of each size per seed (default 1 2)",
    )
    parser.add_argument(
        "--search-sizes",
        default="4x4,5x5",
        help="the search stage's sizes, comma-separated, of: 4x4, 5x5 (default: both)",
    )
    parser.add_argument(
        "--estimate-above", type=int, help="estimate4x4: the threshold, the best board known"
    )
    parser.add_argument(
        "--objective",
        choices=("points", "words"),
        default="points",
        help="estimate4x4: what a board scores (default points)",
    )
    parser.add_argument(
        "--samples", type=int, default=200, help="estimate4x4: classes to prove (default 200)"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("records.jsonl"),
        help="append one JSON line per command to this file (default records.jsonl)",
    )
    parser.add_argument(
        "--checkpoints",
        type=Path,
        default=Path("records-checkpoints"),
        help="prove3x4: the folder of the proofs' checkpoints, to go on after Ctrl-C "
        "(default records-checkpoints)",
    )
    parser.add_argument("--table", type=Path, help="print the tables of this results file")
    options = parser.parse_args()
    if options.table is not None:
        try:
            tables = render_tables(options.table)
        except OSError as error:
            parser.error(f"cannot read {options.table}: {error.strerror}")
        except ValueError as error:
            parser.error(str(error))
        try:
            print(tables, flush=True)
        except BrokenPipeError:  # `--table runs.jsonl | head`: the reader went away
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return
    stages = options.stages.split(",")
    unknown = set(stages) - set(STAGES)
    if unknown or not options.lists:
        parser.error(f"unknown stage {sorted(unknown)}" if unknown else "give at least one list")
    sizes = tuple(options.search_sizes.split(","))
    if set(sizes) - set(SEARCH_RULES):
        parser.error(f"unknown search size in {options.search_sizes!r}; known: 4x4, 5x5")
    if "estimate4x4" in stages and options.estimate_above is None:
        parser.error("estimate4x4 needs --estimate-above SCORE")
    for stage in STAGES:
        if stage not in stages:
            continue
        for word_list in options.lists:
            language = options.language if Path(word_list).exists() else None
            if stage == "search":
                search(
                    options.out, word_list, language, options.search_seconds, options.seeds, sizes
                )
            elif stage == "search3x4":
                prove(options.out, word_list, language, "3x4", options.checkpoints, True)
            elif stage == "estimate4x4":
                estimate4x4(
                    options.out,
                    word_list,
                    language,
                    options.estimate_above,
                    options.objective,
                    options.samples,
                )
            elif stage == "estimate3x4":
                prove(options.out, word_list, language, "3x4", options.checkpoints, False, True)
            else:
                size = stage.removeprefix("prove")
                prove(options.out, word_list, language, size, options.checkpoints)


if __name__ == "__main__":
    main()
