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
from boggle.cli.commands._encoding import escape_unwritable, write_json
from boggle.cli.commands._help import with_examples
from boggle.definitions import Definition, define
from boggle.game.words import typed_word
from boggle.model.letters import upper_letters, written_name
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.offensive import NOT_DEFINED, offensive_word


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "define",
        help="what a word means",
        description="What a word means: English glosses from WordNet (an inflected word "
        "through its base form: 'cats' -> 'cat', 'ran' -> 'run'); for other languages, a "
        "link to the word's Wiktionary entry. A word with no entry is looked up in the word "
        "list: the line says whether the list has it. Exit status 1 when the word has no "
        "entry.",
        **with_examples("define"),
    )
    parser.add_argument("word", help="the word to define")
    options.add_dictionary_option(
        parser,
        "the word's language (and, alone, its list: --language es is --dict es); default: English",
    )
    options.add_offensive_option(parser, ": their meanings are not given either")
    options.add_json_option(parser)
    parser.set_defaults(run=run)


def definition_text(entry: Definition) -> str:
    """A definition for people: the word as its list spells it, with how its language
    writes it as every report names it ("AREA (área)": :func:`written_name`), and what form
    of its base it is ("LAPSES (plural of lapse)"), then numbered glosses."""
    heading = written_name(entry.word, entry.written)
    if entry.url is not None:
        return f"{heading}: see {entry.url}"
    if entry.form is not None:
        heading += f" ({entry.form})"
    lines = [heading]
    lines.extend(f"  {number}. {gloss}" for number, gloss in enumerate(entry.definitions, 1))
    lines.append(f"  source: {entry.source}")
    return "\n".join(lines)


def missing_text(entry: Definition, lexicon: Lexicon) -> str:
    """The one line for a word with no entry, saying whether the word list has it.

    >>> from boggle.wordlists.lexicon import Lexicon
    >>> entry = Definition("zyzzyva", "en", (), "WordNet 3.0")
    >>> missing_text(entry, Lexicon.from_words(["zyzzyva"], name="enable"))
    'ZYZZYVA: no entry in WordNet 3.0, though it is a word of the enable list'
    >>> missing_text(entry, Lexicon.from_words(["cat"], name="en-70"))
    'ZYZZYVA: no entry in WordNet 3.0, and not a word of the en-70 list either'
    """
    shown = f"{upper_letters(entry.word)}: no entry in {entry.source}"
    if typed_word(entry.word, lexicon) in lexicon:
        return f"{shown}, though it is a word of the {lexicon.name} list"
    return f"{shown}, and not a word of the {lexicon.name} list either"


def run(args: argparse.Namespace) -> int:
    lexicon = options.lexicon_from_args(args)  # a bad --dict is refused before the lookup
    language = args.language or lexicon.language or "en"
    entry = define(args.word, language, lexicon)
    escape_unwritable()  # "cœur" in a Latin-1 locale: shown escaped, not an error
    if args.no_offensive and offensive_word(entry.word, language):
        # left out of the list as solve and play leave it out: its meaning is not shown
        if args.json:
            shown: dict[str, Any] = {"word": entry.word, "definitions": []}
            shown |= {"left_out": NOT_DEFINED, "word_list": lexicon.name, "in_word_list": False}
            write_json(json.dumps(shown, ensure_ascii=False))
        else:
            print(f"{upper_letters(entry.word)}: {NOT_DEFINED}", file=sys.stderr)
        return 1
    if args.json:
        held = typed_word(entry.word, lexicon) in lexicon  # aérea is the Spanish list's aerea
        shown = entry.to_json() | {"word_list": lexicon.name, "in_word_list": held}
        write_json(json.dumps(shown, ensure_ascii=False))
    elif entry.found:
        sys.stdout.write(definition_text(entry) + "\n")
    else:
        print(missing_text(entry, lexicon), file=sys.stderr)
    return 0 if entry.found else 1
