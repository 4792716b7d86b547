"""``boggle dicts``: the bundled word lists and their sizes; ``boggle dicts export``.

``boggle dicts export LIST [FILE]`` writes any list (a bundled name or a
file) normalised and sorted, one word per line: the file the ``heap``
engine reads with ``--dict FILE``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import write_json
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._output import add_force_option, check_outputs
from boggle.engines.heap import exported_text
from boggle.files.cache import write_atomic
from boggle.model.errors import BoggleError
from boggle.model.wording import quoted
from boggle.wordlists.loading import load_lexicon
from boggle.wordlists.sources import DEFAULT_WORDLIST, bundled_lists, describe_system_lists
from boggle.wordlists.spelling import PROFILES


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "dicts",
        help="list the word lists: the bundled ones and the system's",
        description="List the word lists bundled with boggle and the system's lists it reads "
        "when they are installed (French, German, ...); use one with --dict NAME, or give any "
        "word list file with --dict PATH.",
        **with_examples("dicts", optional_action=True),
    )
    options.add_json_option(parser, "a table")
    parser.set_defaults(run=run)
    actions = parser.add_subparsers(
        title="actions", description="with no action: list the word lists", metavar="ACTION"
    )
    export = actions.add_parser(
        "export",
        help="write a list sorted and normalised, one word per line (for --engine heap)",
        description="Write a word list (a bundled name or any file) normalised and sorted, "
        "one word per line, UTF-8: the sorted file the heap engine reads.",
        **with_examples("dicts export"),
    )
    export.add_argument("source", metavar="LIST", help="a bundled list name or a word list file")
    export.add_argument(
        "output",
        type=options.file_name("a file name, or - for standard output"),
        metavar="FILE",
        nargs="?",
        default="-",
        help="where to write (default: stdout)",
    )
    add_force_option(export)
    export.set_defaults(run=run_export)


def run_export(args: argparse.Namespace) -> int:
    if args.json:  # `boggle dicts --json export`: refused, as `boggle words --json export` is
        raise BoggleError(
            "--json lists the word lists ('boggle dicts --json'); "
            "'boggle dicts export' prints no JSON"
        )
    if args.output != "-":
        check_outputs([args.output], args.force, inputs=[args.source])
    lexicon = load_lexicon(args.source)
    text = exported_text(lexicon)
    if args.output == "-":
        sys.stdout.buffer.write(text)
        sys.stdout.flush()
        return 0
    write_atomic(args.output, text)
    print(f"wrote {len(lexicon):,} words to {quoted(args.output)}", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    lists = bundled_lists()
    system = describe_system_lists()
    if args.json:
        rows: list[dict[str, Any]] = [
            {
                "name": e.name,
                "language": e.language,
                "words": e.words,
                "default": e.default,
                "description": e.description,
                "licence": e.licence,
                "source": e.source,
                "bundled": True,
            }
            for e in lists
        ]
        rows += [{**row, "bundled": False} for row in system]
        write_json(json.dumps(rows, ensure_ascii=False))
        return 0
    if not lists:
        print("no word lists are bundled with this installation; use --dict PATH")
    else:
        width = max(len(e.name) for e in lists)
        print(f"{'NAME'.ljust(width)}  LANG  {'WORDS':>8}  {'LICENCE':<14}  SOURCE")
        for e in lists:
            mark = " (default)" if e.name == DEFAULT_WORDLIST else ""
            licence = e.licence.split(" (")[0]
            print(
                f"{e.name.ljust(width)}  {e.language:<4}  {e.words:>8,}  {licence:<14}  "
                f"{e.source}{mark}"
            )
    print("\nSystem lists (GPL, not shipped; read from /usr/share/dict when installed):")
    for row in system:
        state = (
            f"installed, {row['path']}"
            if row["installed"]
            else (f"not installed: apt-get install {row['package']}")
        )
        language = PROFILES[str(row["name"])].name
        print(f"  {row['name']:<4}  {language:<9}  {row['licence']:<7}  {state}")
    return 0
