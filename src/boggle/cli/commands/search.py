"""``boggle search``: find high-scoring boards by local search."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from boggle.cli.commands._help import with_examples
from boggle.cli.commands._options import (
    MAX_JOBS,
    add_batch_engine_option,
    add_dictionary_option,
    add_json_option,
    add_rules_options,
    add_words_option,
    batch_engine_from_args,
    jobs_number,
    lexicon_from_args,
    real_number,
    rules_from_args,
    seed_number,
    whole_number,
)
from boggle.cli.commands._where import add_cluster_options, where_from_args
from boggle.cli.commands.roll import add_size_option as add_board_size_option
from boggle.dice.cubes import SEED_RANGE
from boggle.model.errors import BoggleError
from boggle.model.wording import counted, too_large
from boggle.search import search
from boggle.search.job import processes
from boggle.search.local import MAX_POOL, METHODS
from boggle.search.objective import with_objective
from boggle.search.options import SearchOptions
from boggle.search.results import SearchResult
from boggle.wordlists.frequencies import level_lexicon

if TYPE_CHECKING:
    from boggle.model.rules import Rules
    from boggle.wordlists.lexicon import Lexicon


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "search",
        help="find high-scoring boards (hill climbing, annealing, evolution, populations)",
        description="Search for the highest-scoring boards of a size, word list and rules. "
        "Prints the best distinct boards (up to symmetry), best first. Without --seconds or "
        "--target a search stops when it converges; with them it starts again until the goal. "
        "Ctrl-C stops and prints the best found so far (exit status 130).",
        **with_examples("search"),
    )
    add_size_option(parser)
    parser.add_argument(
        "--method",
        default=None,
        help=f"{', '.join(METHODS)} (default: hillclimb; population with --engine gpu)",
    )
    parser.add_argument(
        "--seconds",
        type=real_number,
        default=None,
        metavar="N",
        help="stop after N seconds, any number above 0 (default: none; stop when the search "
        "converges)",
    )
    parser.add_argument(
        "--target",
        type=whole_number,
        default=None,
        metavar="SCORE",
        help="stop when a board scores this much, 1 or more (default: none)",
    )
    parser.add_argument(
        "--seed",
        type=seed_number,
        default=None,
        metavar="SEED",
        help=f"random seed, {SEED_RANGE}, told at the end (default: a fresh one); a seeded "
        "run without "
        "--seconds or --target is reproducible for the same --jobs, in-process or on a cluster",
    )
    parser.add_argument(
        "--jobs",
        type=jobs_number,
        default=None,
        metavar="N",
        help=f"independent runs, seeds SEED, SEED+1, ..., 1 to {MAX_JOBS}; in-process one per core "
        "at a time (default: 1 in-process, one per worker thread on a cluster)",
    )
    parser.add_argument(
        "--top",
        type=whole_number,
        default=10,
        metavar="K",
        help="how many best boards to print, 1 to 10,000 (default 10)",
    )
    parser.add_argument(
        "--pool",
        type=whole_number,
        default=None,
        metavar="N",
        help=f"hillclimb: boards kept in the pool, 1 to {MAX_POOL:,} (default 20); "
        "population: climbers (default: as many as one batch holds); pools: each pool's "
        "boards (default 20; as many pools as one batch holds)",
    )
    parser.add_argument("--letters", default=None, help="only these letters (q is Qu)")
    parser.add_argument(
        "--dice",
        default=None,
        metavar="NAME",
        help="only boards this dice set can roll (see 'boggle roll --help')",
    )
    add_closing_options(parser)
    add_batch_engine_option(parser)
    add_cluster_options(parser)
    parser.set_defaults(run=run)


def add_closing_options(parser: argparse.ArgumentParser) -> None:
    """--json, the word list and the rules: the last options of search and prove."""
    add_json_option(parser)
    parser.add_argument(
        "--objective",
        default="points",
        metavar="NAME",
        help="what a board scores: points (the rules' table, or --scoring) or words (every "
        "word 1: the wordiest board); default points",
    )
    add_dictionary_option(parser)
    add_words_option(parser, "score (a board's score counts only them)")
    add_rules_options(parser)


MAX_SEARCH_CELLS = 64
"""The largest board search and prove handle."""


def add_size_option(parser: argparse.ArgumentParser) -> None:
    add_board_size_option(
        parser, f"board shape, 1 to {MAX_SEARCH_CELLS} cells", required=True, sizes=None
    )


def check_rules(rules: Any, rows: int, cols: int) -> None:
    """Refuse a shape on which no word of the rules fits."""
    if rules.min_length > rows * cols * 2:
        raise BoggleError(
            f"a {rows}x{cols} board cannot hold a word of {rules.min_length} letters "
            "(the rules' shortest word)"
        )


def problem_from_args(args: argparse.Namespace) -> tuple[int, int, Rules, Lexicon]:
    """Rows, columns, rules and word list of --size and the closing options."""
    rows, cols = args.size
    if rows * cols > MAX_SEARCH_CELLS:
        raise BoggleError(
            too_large(rows, cols, max_cells=MAX_SEARCH_CELLS, taker="search and prove")
        )
    if args.objective == "words" and args.scoring is not None:
        raise BoggleError("--objective words scores every word 1: leave out --scoring")
    rules = with_objective(rules_from_args(args, rows, cols), args.objective)
    check_rules(rules, rows, cols)
    return rows, cols, rules, level_lexicon(lexicon_from_args(args), args.words)


def run(args: argparse.Namespace) -> int:
    rows, cols, rules, lexicon = problem_from_args(args)
    where = where_from_args(args)
    engine = batch_engine_from_args(args, in_process=where is None)
    method = args.method
    if method is None:  # "" is a mistake, for the library to refuse
        method = "population" if engine == "gpu" and args.dice is None else "hillclimb"
    parameters = {"pool": args.pool} if args.pool is not None else {}
    if args.pool is not None and method not in ("hillclimb", "population", "pools"):
        raise BoggleError("--pool is an option of --method hillclimb, population and pools")
    if args.pool is not None and not 1 <= args.pool <= MAX_POOL:
        raise BoggleError(f"--pool must be from 1 to {MAX_POOL:,}, got {args.pool:,}")
    if where is None and args.jobs is not None and processes(args.jobs) < args.jobs:
        print(
            f"boggle search: --jobs {args.jobs}: one run per core at a time, "
            f"{processes(args.jobs)} here; the others follow"
            + (" within the same --seconds" if args.seconds is not None else ""),
            file=sys.stderr,
        )
    live = sys.stderr.isatty() and not args.json

    def show(best: int, scored: int, seconds: float) -> None:
        rate = scored / seconds if seconds > 0 else 0.0
        sys.stderr.write(
            f"\rbest {best:,}  {scored:,} boards  {rate:,.0f} boards/s  {seconds:.0f} s "
        )
        sys.stderr.flush()

    options = SearchOptions(
        method=method,
        seconds=args.seconds,
        target=args.target,
        seed=args.seed,
        jobs=args.jobs,
        top=args.top,
        letters=args.letters,
        dice=args.dice,
        engine=engine,
        parameters=parameters,
    )
    result = search(
        rows, cols, lexicon, rules, options, on_progress=show if live else None, where=where
    )
    if live:
        sys.stderr.write("\n")
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for found in result.best:
            print(f"{found.board} {found.score}")
            if found.cubes is not None:
                placed = " ".join(f"{c['cube']}:{c['face']}" for c in found.cubes)
                print(f"  cubes by cell (cube:face): {placed}")
        print(
            f"{counted(result.boards_scored, 'board')} scored in {result.seconds:,.1f} s "
            f"({result.method}, seed {result.seed}){_against_target(result, args.target)}",
            file=sys.stderr,
        )
    return 130 if result.interrupted else 0


def _against_target(result: SearchResult, target: int | None) -> str:
    """Whether the search reached its ``--target``, for the closing line.

    >>> from boggle.search import FoundBoard
    >>> found = SearchResult([FoundBoard("streaedlp", 545)], 100, 1.0, "hillclimb", 1)
    >>> _against_target(found, 545), _against_target(found, 600), _against_target(found, None)
    ('; target 545 reached', '; target 600 not reached (best 545)', '')
    """
    if target is None:
        return ""
    best = max((found.score for found in result.best), default=0)
    if best >= target:
        return f"; target {target:,} reached"
    return f"; target {target:,} not reached (best {best:,})"
