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
- `search`: `boggle search` on 4x4 (classic rules) and 5x5 (the default: big rules,
  words of 4 letters or more), `--search-seconds` each (default 60) for every seed of
  `--seeds` (default 1 2).
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

STAGES = ("prove3x3", "search", "prove3x4")
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
    done = subprocess.run(
        [sys.executable, "-m", "boggle", *args, "--json"], capture_output=True, text=True
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 130):
        return {"error": done.stderr.strip()}, cpu, wall
    return json.loads(done.stdout), cpu, wall


def record(out: Path, row: dict[str, Any]) -> None:
    """Append one run to the results file and say it on stderr."""
    with out.open("a", encoding="utf-8") as results:
        results.write(json.dumps(row) + "\n")
    answer = row["answer"]
    best = answer.get("best", answer.get("boards"))
    top = best[0] if best else answer.get("error")
    print(f"{row['list']} {row['stage']}: {top} in {row['cpu_seconds']:.1f} CPU s: "
          f"{row['command']}", file=sys.stderr, flush=True)


def run_and_record(
    out: Path, word_list: str, stage: str, size: str, args: list[str]
) -> dict[str, Any]:
    """Run one command, append its row and return its JSON answer."""
    answer, cpu, wall = run_boggle(args)
    record(out, {
        "list": list_name(word_list), "stage": stage, "size": size,
        "command": "boggle " + " ".join(args) + " --json",
        "cpu_seconds": round(cpu, 2), "wall_seconds": round(wall, 2),
        "date": time.strftime("%Y-%m-%d", time.gmtime()), "answer": answer,
    })
    return answer


def prove(out: Path, word_list: str, language: str | None, size: str, checkpoints: Path) -> None:
    """Search for a good board, then prove the best board of SIZE (classic rules)."""
    which = dict_args(word_list, language)
    stage = "prove" + size
    found = run_and_record(out, word_list, stage + "-search", size, [
        "search", "--size", size, "--rules", "classic", *which,
        "--seconds", str(PROOF_SEARCH_SECONDS[size]), "--seed", "1", "--top", "1"])
    above = found["best"][0]["score"] - 1
    args = ["prove", "--size", size, "--rules", "classic", "--above", str(above), *which]
    if size != "3x3":
        checkpoints.mkdir(parents=True, exist_ok=True)
        args += ["--checkpoint", str(checkpoints / f"{list_name(word_list)}-{size}-{above}.json"),
                 "--yes"]
    answer = run_and_record(out, word_list, stage, size, args)
    if "error" in answer:
        return
    if answer.get("interrupted"):
        raise SystemExit(f"{list_name(word_list)} {size}: interrupted; run again to resume")


def search(out: Path, word_list: str, language: str | None, seconds: int, seeds: list[int]) -> None:
    """4x4 (classic rules) and 5x5 (big rules) searches, one per seed."""
    which = dict_args(word_list, language)
    for size, rules in (("4x4", "classic"), ("5x5", "big")):
        for seed in seeds:
            run_and_record(out, word_list, "search", size, [
                "search", "--size", size, "--rules", rules, *which,
                "--seconds", str(seconds), "--seed", str(seed), "--top", "3"])


def render_table(results: Path) -> str:
    """The Markdown table of a results file: one row per list, best of its runs."""
    rows: dict[str, dict[str, Any]] = {}
    for line in results.read_text(encoding="utf-8").splitlines():
        run = json.loads(line)
        cells = rows.setdefault(run["list"], {})
        if "error" in run["answer"]:
            cells[run["size"] + "-error"] = run["answer"]["error"]
        elif run["stage"] in ("prove3x3", "prove3x4") and not run["answer"]["interrupted"]:
            top = run["answer"]["boards"][0]
            cpu = run["cpu_seconds"]
            cells[run["size"]] = f"`{top['board']}` {top['score']} (proof {cpu:.0f} CPU s)"
        elif run["stage"] == "search":
            top = run["answer"]["best"][0]
            previous = cells.get(run["size"] + "-best")
            runs = cells.get(run["size"] + "-runs", 0) + 1
            cells[run["size"] + "-runs"] = runs
            if previous is None or top["score"] > previous["score"]:
                cells[run["size"] + "-best"] = top
                cells[run["size"] + "-seconds"] = run["answer"]["seconds"]
        elif run["stage"].endswith("-search"):
            cells.setdefault(run["size"] + "-found", run["answer"]["best"][0])
    lines = ["| list | 3x3 (proven) | 3x4 (proven) | 4x4 (search, classic) | 5x5 (search, big) |",
             "|---|---|---|---|---|"]
    for name, cells in rows.items():
        proven = []
        for size in ("3x3", "3x4"):
            if size in cells:
                proven.append(cells[size])
            elif size + "-found" in cells:
                found = cells[size + "-found"]
                proven.append(f"not yet proven (search: `{found['board']}` {found['score']})")
            else:
                proven.append("not yet proven")
        searched = []
        for size in ("4x4", "5x5"):
            best = cells.get(size + "-best")
            searched.append(f"`{best['board']}` {best['score']} ({cells[size + '-runs']} runs)"
                            if best else "not run")
        lines.append(f"| {name} | " + " | ".join(proven + searched) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lists", nargs="*", help="bundled list names or word list files")
    parser.add_argument("--language", help="the language of the word list files")
    parser.add_argument("--stages", default=",".join(STAGES),
                        help="comma-separated: prove3x3, search, prove3x4 (default: all)")
    parser.add_argument("--search-seconds", type=int, default=60)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--out", type=Path, default=Path("records.jsonl"))
    parser.add_argument("--checkpoints", type=Path, default=Path("records-checkpoints"))
    parser.add_argument("--table", type=Path, help="print the table of this results file")
    options = parser.parse_args()
    if options.table is not None:
        print(render_table(options.table))
        return
    stages = options.stages.split(",")
    unknown = set(stages) - set(STAGES)
    if unknown or not options.lists:
        parser.error(f"unknown stage {sorted(unknown)}" if unknown else "give at least one list")
    for stage in STAGES:
        if stage not in stages:
            continue
        for word_list in options.lists:
            language = options.language if Path(word_list).exists() else None
            if stage == "search":
                search(options.out, word_list, language, options.search_seconds, options.seeds)
            else:
                prove(options.out, word_list, language, stage[len("prove"):], options.checkpoints)


if __name__ == "__main__":
    main()
