"""``boggle define WORD``: what a word means (English: WordNet; other languages: Wiktionary).

Exit status 0 when the word has an entry, 1 when it has none (said in one line), 2 for
an empty entry or one that is not a word.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._help import with_examples
from boggle.definitions import Definition, define
from boggle.model.letters import upper_letters


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "define",
        help="what a word means",
        description="What a word means: English glosses from WordNet (an inflected word "
        "through its base form: 'cats' -> 'cat', 'ran' -> 'run'); for other languages, a "
        "link to the word's Wiktionary entry. Exit status 1 when the word has no entry.",
        **with_examples("define"),
    )
    parser.add_argument("word", help="the word to define")
    options.add_language_option(parser, "the word's language; default: English")
    options.add_json_option(parser)
    parser.set_defaults(run=run)


def definition_text(entry: Definition) -> str:
    """A definition for people: the word (and what form of its base it is: "LAPSES (plural
    of lapse)"), then numbered glosses."""
    if entry.url is not None:
        return f"{upper_letters(entry.word)}: see {entry.url}"
    heading = upper_letters(entry.word)
    if entry.form is not None:
        heading += f" ({entry.form})"
    lines = [heading]
    lines.extend(f"  {number}. {gloss}" for number, gloss in enumerate(entry.definitions, 1))
    lines.append(f"  source: {entry.source}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    entry = define(args.word, args.language or "en")
    if args.json:
        sys.stdout.write(json.dumps(entry.to_json(), ensure_ascii=False) + "\n")
    elif entry.found:
        sys.stdout.write(definition_text(entry) + "\n")
    else:
        print(f"{upper_letters(entry.word)}: no entry in {entry.source}", file=sys.stderr)
    return 0 if entry.found else 1
