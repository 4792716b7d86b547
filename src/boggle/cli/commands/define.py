"""``boggle define WORD``: what a word means (English: WordNet; other languages: Wiktionary).

Exit status 0 when the word has an entry, 1 when it has none (said in one line: for
another language than English, when the word is not a word of its list, whose entry is
not linked), 2 for an empty entry or one that is not a word.
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
from boggle.game.words import list_check, spelled_with_diacritics, suggested_forms, typed_word
from boggle.model.letters import upper_letters, written_name
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.offensive import NOT_DEFINED, offensive_word


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "define",
        help="what a word means",
        description="What a word means: English glosses from WordNet (an inflected word "
        "through its base form: 'cats' -> 'cat', 'ran' -> 'run'); for other languages, a "
        "link to the word's Wiktionary entry, for a word of the list. A word with no entry "
        "is looked up in the word list: the line says whether the list has it (and which "
        "word of it it is without diacritics: zolw, did you mean ŻÓŁW?). Exit status 1 "
        "when the word has no entry, or is not a word of another language's list.",
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
    return f"{shown}, and not a word of the {lexicon.name} list either" + did_you_mean(
        entry.word, lexicon
    )


def unlisted_text(entry: Definition, lexicon: Lexicon) -> str:
    """The one line for a word of another language than English that its list lacks: its
    Wiktionary link would be a guess, so it is not given.

    >>> from boggle.wordlists.lexicon import Lexicon
    >>> polish = Lexicon.from_words(["żółw"], name="pl")
    >>> unlisted_text(Definition("zolw", "pl", (), "Wiktionary"), polish)
    'ZOLW: not a word of the pl list; did you mean ŻÓŁW?'
    >>> unlisted_text(Definition("xyz", "pl", (), "Wiktionary"), polish)
    'XYZ: not a word of the pl list, so no Wiktionary entry is linked'
    """
    shown = f"{upper_letters(entry.word)}: not a word of the {lexicon.name} list"
    return shown + (did_you_mean(entry.word, lexicon) or ", so no Wiktionary entry is linked")


def did_you_mean(word: str, lexicon: Lexicon) -> str:
    """``; did you mean ŻÓŁW?`` for a word the list holds with diacritics that ``word``
    lacks (:func:`~boggle.game.words.spelled_with_diacritics`), else ``""``; each named
    as every heading names it, with how its language writes it where the list folds it
    (``; did you mean CORAÇAO (coração)?``: :func:`written_name`)."""
    spellings = spelled_with_diacritics(typed_word(word, lexicon), lexicon)
    if not spellings:
        return ""
    forms = suggested_forms(spellings, lexicon)
    named = (written_name(spelling, forms.get(spelling, ())) for spelling in spellings)
    return f"; did you mean {' or '.join(named)}?"


def _unlisted(entry: Definition, lexicon: Lexicon) -> bool:
    """Whether ``entry`` is another language's word (a link, no glosses) that its list,
    of that language, lacks."""
    return (
        not entry.definitions
        and entry.url is not None
        and lexicon.language == entry.language
        and typed_word(entry.word, lexicon) not in lexicon
    )


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
    unlisted = _unlisted(entry, lexicon)  # zolw in Polish: no link to a page that is not there
    if args.json:
        held, spellings = list_check(entry.word, lexicon)  # aérea is the Spanish list's aerea
        shown = entry.to_json() | {"word_list": lexicon.name, "in_word_list": held}
        if unlisted:
            del shown["url"]
        if spellings:
            shown["did_you_mean"] = list(spellings)
            if forms := suggested_forms(spellings, lexicon):  # coraçao: written coração
                shown["did_you_mean_written"] = {word: list(f) for word, f in forms.items()}
        write_json(json.dumps(shown, ensure_ascii=False))
    elif unlisted:
        print(unlisted_text(entry, lexicon), file=sys.stderr)
    elif entry.found:
        sys.stdout.write(definition_text(entry) + "\n")
    else:
        print(missing_text(entry, lexicon), file=sys.stderr)
    return 0 if entry.found and not unlisted else 1
