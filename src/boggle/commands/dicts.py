"""``boggle dicts``: the bundled word lists and their sizes."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boggle.lexicon import DEFAULT_WORDLIST, bundled_lists


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "dicts",
        help="list the bundled word lists",
        description="List the word lists bundled with boggle; use one with --dict NAME, "
        "or give any word list file with --dict PATH.",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lists = bundled_lists()
    if args.json:
        rows = [
            {"name": e.name, "words": e.words, "default": e.default, "description": e.description}
            for e in lists
        ]
        sys.stdout.write(json.dumps(rows) + "\n")
        return 0
    if not lists:
        print("no word lists are bundled with this installation; use --dict PATH")
        return 0
    width = max(len(e.name) for e in lists)
    print(f"{'NAME'.ljust(width)}  {'WORDS':>8}  DESCRIPTION")
    for e in lists:
        mark = " (default)" if e.name == DEFAULT_WORDLIST else ""
        print(f"{e.name.ljust(width)}  {e.words:>8,}  {e.description}{mark}")
    return 0
