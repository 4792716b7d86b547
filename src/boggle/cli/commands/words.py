"""``boggle words add|list|practise|remove|import|export``: words kept to learn, in the
terminal.

The words are kept in a file of the user's (:func:`boggle.game.kept_words.words_file`,
``--file`` for another), the file the web page's My words saves and adds from, and practised
as My words practises them: a clue (the meaning with the word blanked out, or its length and
first letter), the word typed, right answers bringing it back days later.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable, escaped_as, write_json
from boggle.cli.commands._help import with_examples
from boggle.cli.commands._output import add_force_option, check_outputs
from boggle.game.kept_words import (
    LOCKS,
    MOST_KEPT,
    KeptWord,
    KeptWordsError,
    add_from_file,
    added_text,
    answered,
    answers_file,
    holding,
    kept_already,
    load_words,
    next_time,
    progress_line,
    record_answer,
    save_words,
    shown_word,
    today,
    typed_is,
    words_file,
    words_text,
    written_forms,
)
from boggle.model.wording import counted, display_width, plain_unless_odd, quoted

TYPE_CHECKING = False
if TYPE_CHECKING:
    from boggle.wordlists.lexicon import Lexicon


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "words",
        help="keep words to learn and practise them over days",
        description="Keep words to learn (the words 'boggle play' lists, any word of a "
        "list) and practise them over days, as the web page's My words does: a clue, you "
        "type the word; right, it comes back 1, 3, 7, 21, then every 60 days later, right "
        "twice in a row it is learned; wrong, it starts again. The words are kept in "
        "words.json in your data folder ($XDG_DATA_HOME/boggle, ~/.local/share/boggle; "
        "$BOGGLE_WORDS_FILE or --file for another), the file My words saves and adds from.",
        **with_examples("words", optional_action=True),
    )
    # --file and --json before the action (``boggle words --file F``, ``boggle words --json``)
    # list the words, as ``list`` does; an action's own --file and --json leave them unset
    # unless given (argparse.SUPPRESS), or its defaults would overwrite the ones given here.
    parser.add_argument(
        "--json",
        action="store_true",
        help="with no action: print JSON instead of a table, as 'boggle words list --json'",
    )
    add_file_option(parser, default=None)
    parser.set_defaults(run=run_list, json=False, file=None)
    actions = parser.add_subparsers(
        title="actions",
        description="with no action: list the kept words, as 'list' does",
        metavar="ACTION",
    )

    add = actions.add_parser(
        "add",
        help="keep words to learn",
        description="Keep words of a word list to learn; a word kept already (from any list "
        "of its language) is said and left as it is.",
        **with_examples("words add"),
    )
    add.add_argument("words", nargs="+", metavar="WORD", help="a word of the list")
    options.add_dictionary_option(add)
    add_file_option(add)
    add.set_defaults(run=without_json(run_add, "add"))

    shown = actions.add_parser(
        "list",
        help="list the kept words",
        description="List the kept words: to learn, then learned, each with its list and "
        "the day it is next asked.",
        **with_examples("words list"),
    )
    shown.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS,
        help="print JSON instead of a table",
    )
    add_file_option(shown)
    shown.set_defaults(run=run_list)

    practise = actions.add_parser(
        "practise",
        help="practise the words due today",
        description="Practise the words due today (reviews first, each group shuffled): "
        "each clue is the word's meaning with the word blanked out, or its length, first "
        "letters and board; type the word and press Enter. An empty line shows the word (it "
        "starts again). A word missed is asked again after the others, until each is right; "
        "Ctrl-D stops. Read from a pipe, one answer a line.",
        **with_examples("words practise"),
    )
    practise.add_argument(
        "--seed",
        type=options.seed_number,
        metavar="SEED",
        default=None,
        help="the order's random seed (default: a new order each time)",
    )
    add_file_option(practise)
    practise.set_defaults(run=without_json(run_practise, "practise"))

    remove = actions.add_parser(
        "remove",
        help="stop keeping words",
        description="Remove words from the kept words (of every list).",
        **with_examples("words remove"),
    )
    remove.add_argument("words", nargs="+", metavar="WORD", help="a kept word")
    add_file_option(remove)
    remove.set_defaults(run=without_json(run_remove, "remove"))

    added = actions.add_parser(
        "import",
        help="add the words of a file saved by My words",
        description="Add the words of a file saved by the web page's My words (Save to a "
        "file) or by 'boggle words export', as the page's Add from a file does: the words "
        f"not kept already come after yours, as many as fit in {MOST_KEPT:,}; a word kept "
        "already keeps your entry (its right answers, whether it is learned) unless the "
        "file's was practised later, then it takes the file's; an old file's "
        "words without due days are spread over the days after those due. A file that is "
        "not such a file adds nothing. FILE '-' reads standard input.",
        **with_examples("words import"),
    )
    added.add_argument(
        "source",
        metavar="FILE",
        help="a file saved by My words or 'boggle words export' ('-': standard input)",
    )
    add_file_option(added)
    added.set_defaults(run=without_json(run_import, "import"))

    saved = actions.add_parser(
        "export",
        help="save the kept words to a file",
        description="Save the kept words to a file, as the web page's My words saves them "
        "(Save to a file): its Add from a file, or 'boggle words import' elsewhere, adds "
        "them. An existing file is not overwritten without --force. FILE '-' writes "
        "standard output.",
        **with_examples("words export"),
    )
    saved.add_argument(
        "out",
        nargs="?",
        type=options.file_name("a file name"),
        metavar="FILE",
        default=None,
        help="the file to write ('-': standard output; default: boggle-words-DATE.json, as "
        "My words names it)",
    )
    add_force_option(saved)
    add_file_option(saved)
    saved.set_defaults(run=without_json(run_export, "export"))


def add_file_option(
    parser: argparse.ArgumentParser, default: str | None = argparse.SUPPRESS
) -> None:
    """``--file PATH``; an action's is left unset unless given, so that ``boggle words --file
    F add fame`` keeps F (argparse sets an action's defaults over the ones before it).

    >>> parser = argparse.ArgumentParser()
    >>> add_file_option(parser)
    >>> vars(parser.parse_args([])), parser.parse_args(["--file", "w.json"]).file
    ({}, 'w.json')
    """
    parser.add_argument(
        "--file",
        type=options.file_name("a file name"),
        metavar="PATH",
        default=default,
        help="the file of kept words (default: words.json in your data folder)",
    )


def without_json(
    run: Callable[[argparse.Namespace], int], action: str
) -> Callable[[argparse.Namespace], int]:
    """``run``, refusing the --json given before an action that prints no JSON (``boggle
    words --json add fame``) in one line, rather than ignoring it.

    >>> add = without_json(lambda args: 0, "add")
    >>> add(argparse.Namespace(json=False))
    0
    >>> add(argparse.Namespace(json=True))
    Traceback (most recent call last):
      ...
    boggle.game.kept_words.KeptWordsError: --json lists the kept words ('boggle words --json' \
or 'boggle words list --json'); 'boggle words add' prints no JSON
    """

    def checked(args: argparse.Namespace) -> int:
        if args.json:
            raise KeptWordsError(
                f"--json lists the kept words ('boggle words --json' or 'boggle words list "
                f"--json'); 'boggle words {action}' prints no JSON"
            )
        return run(args)

    return checked


def kept_file(args: argparse.Namespace) -> Path:
    """The file of kept words; ``--file -`` refused in a line: the file is read and written
    (with its journal of answers beside it), which standard input cannot be, and a file named
    ``-`` (and ``-.answers``) in the current folder is not what was meant."""
    if args.file == "-":
        raise KeptWordsError(
            "--file - : the kept words are read and written in a file, not standard input "
            "(use 'boggle words import -' to add words from standard input)"
        )
    return Path(args.file) if args.file else words_file()


def held(path: Path, required: bool = True) -> AbstractContextManager[None]:
    """The kept words' file ``path`` held while a command reads and writes it
    (:func:`~boggle.game.kept_words.holding`), saying so on stderr when it waits for another
    ``boggle words`` that holds it (``practise`` between two answers, ``add``)."""

    def waiting() -> None:
        print(
            f"boggle words: waiting for another 'boggle words' to finish with {path} ...",
            file=sys.stderr,
            flush=True,
        )

    return holding(path, on_wait=waiting, required=required)


def run_add(args: argparse.Namespace) -> int:
    from boggle.game.words import typed_word

    lexicon = options.lexicon_from_args(args)
    wanted: list[str] = []
    for entry in args.words:
        word = typed_word(entry, lexicon)
        if not word.isalpha() or word not in lexicon:
            raise KeptWordsError(
                f"{_shown(entry.strip().upper(), entry)} is not a word of the {lexicon.name} "
                "list: nothing kept"
            )
        if word not in wanted:
            wanted.append(word)
    escape_unwritable()
    print(keep_words(kept_file(args), wanted, lexicon, all_or_none=True))
    return 0


def _shown(typed: str, entry: str) -> str:
    """A word ``typed`` (``entry`` as read) as an error line shows it, as a round's report
    does (:func:`~boggle.game.rounds.shown_entry`): plain, or quoted and escaped when a
    character in it does not print plainly (a zero-width space, a soft hyphen); ``entry``
    quoted when nothing is left of it.

    >>> print(_shown("FAME", "fame"), _shown("FA\u200bME", "fa\u200bme"), _shown("", " "))
    FAME 'FA\u200bME' ' '
    """
    return plain_unless_odd(typed) if typed else quoted(entry)


def keep_words(
    path: Path,
    wanted: list[str],
    lexicon: Lexicon,
    board: str = "",
    points: dict[str, int] | None = None,
    all_or_none: bool = False,
) -> str:
    """Keep ``wanted`` (words of ``lexicon``, best first) in the file ``path``, newest
    first, leaving out those kept already (from any list of their language); says what it
    did in a line. Past :data:`MOST_KEPT` words, none is kept with ``all_or_none``, else
    those that fit."""
    day = today()
    with held(path):  # read and written with no other command between (practise's answers)
        return _keep_words(path, day, wanted, lexicon, board, points, all_or_none)


def _keep_words(
    path: Path,
    day: str,
    wanted: list[str],
    lexicon: Lexicon,
    board: str,
    points: dict[str, int] | None,
    all_or_none: bool,
) -> str:
    """:func:`keep_words`, the file held."""
    from boggle.model.rules import CLASSIC
    from boggle.wordlists.spelling import lexicon_profile

    words = load_words(path, day)  # a file that is not ours stops here, untouched
    language = lexicon_profile(lexicon).code
    have = {w.key() for w in words} | {(f"list {w.list or ''}", w.word) for w in words}
    fresh = [w for w in wanted if not {(language, w), (f"list {lexicon.name}", w)} & have]
    room = MOST_KEPT - len(words)
    if all_or_none and len(fresh) > room:
        raise KeptWordsError(
            f"{counted(len(words), 'word')} kept already: at most {MOST_KEPT:,}, remove some "
            "first ('boggle words remove WORD'); nothing kept"
        )
    levels = _levels(lexicon, fresh[:room])
    scores = points or {}
    added = [
        KeptWord(
            word,
            lexicon.name,
            language,
            scores.get(word, CLASSIC.points(word)),
            levels.get(word),
            board,
            day,
        )
        for word in fresh[: max(room, 0)]
    ]
    if added:
        save_words(path, [*added, *words])  # first, the best first, as My words keeps them
    already = [w.upper() for w in wanted if w not in fresh]
    parts = []
    if len(already) == 1:
        parts.append(f"{already[0]} is kept already.")
    elif already:
        parts.append(f"Kept already: {', '.join(already)}.")
    if added:
        forms = {lexicon.name: lexicon.written_forms()}  # AEREA (aérea)
        names = ", ".join(shown_word(w, forms) for w in added)
        total = counted(len(words) + len(added), "word")
        parts.append(f"Kept {names} to learn ({total} in {path}).")
    if len(fresh) > len(added):
        parts.append(
            f"{counted(len(fresh) - len(added), 'word')} did not fit: at most {MOST_KEPT:,} "
            "are kept ('boggle words remove WORD')."
        )
    return "\n".join(parts)


def _levels(lexicon: Lexicon, words: list[str]) -> dict[str, str]:
    """Each word's level, when wordfreq is installed (else none)."""
    from boggle.wordlists.frequencies import frequencies_available, list_frequencies

    if not words or not frequencies_available():
        return {}
    found = list_frequencies(lexicon)
    levels = {}
    for word in words:
        frequency = found.get(word)
        if frequency is not None:
            levels[word] = frequency.level
    return levels


def due_text(entry: KeptWord, day: str) -> str:
    if not entry.is_due(day):
        return f"due {entry.due}"
    return "due today"


def practised_text(entry: KeptWord) -> str:
    """When ``entry`` was learned (a learned word whose day is known) or last practised;
    ``""`` for a word never practised."""
    if entry.learned and entry.learned_on:
        return f"learned {entry.learned_on}"
    return f"practised {entry.practised}" if entry.practised else ""


def run_list(args: argparse.Namespace) -> int:
    escape_unwritable()
    path = kept_file(args)
    day = today()
    with held(path, required=False):  # not read between another command's write and its fold
        words = load_words(path, day)
    if args.json:
        shown = {"file": str(path), "words": [w.to_json() for w in words]}
        write_json(json.dumps(shown, ensure_ascii=False))  # ASCII-escaped unless UTF-8
        return 0
    if not words:
        print(f"No words kept ({path}): keep some with 'boggle words add WORD'.")
        return 0
    escape = escaped_as(sys.stdout) or str  # the column aligns by what is shown ("CA\xd1A")
    forms = written_forms(words)  # AEREA (aérea), as the Spanish learner reads it
    names = {id(w): escape(shown_word(w, forms)) for w in words}
    width = max(display_width(name) for name in names.values())
    for title, group in (
        ("To learn", [w for w in words if not w.learned]),
        ("Learned", [w for w in words if w.learned]),
    ):
        if group:
            print(f"{title} ({len(group)}):")
            for w in group:
                parts = (w.list or "", w.level or "", practised_text(w), due_text(w, day))
                about = " · ".join(p for p in parts if p)
                name = names[id(w)]
                print(f"  {name}{' ' * (width - display_width(name))}  {about}")
    due = sum(w.is_due(day) for w in words)
    print(progress_line(words, day))
    print(f"{counted(due, 'word')} due today ({path}).")
    return 0


def clue_rivals(entry: KeptWord, words: list[KeptWord]) -> list[KeptWord]:
    """The other kept words a letters clue for ``entry`` could fit: its length, on its board
    (``clueRivals`` in words.js)."""
    return [
        w
        for w in words
        if w.word != entry.word and len(w.word) == len(entry.word) and w.board == entry.board
    ]


def clue_prefix(entry: KeptWord, words: list[KeptWord]) -> str:
    """The first letters of ``entry`` a letters clue gives: enough that no other kept word of
    its length on its board starts the same way (all but the last at most), as My words
    gives them: CASA beside CAMA starts "cas", FAME alone "f".

    >>> words = [KeptWord("casa", board="b"), KeptWord("cama", board="b"), KeptWord("cosa")]
    >>> clue_prefix(words[0], words), clue_prefix(words[2], words)
    ('cas', 'c')
    """
    rivals = clue_rivals(entry, words)
    length = 1
    while length < len(entry.word) - 1 and any(
        w.word.startswith(entry.word[:length]) for w in rivals
    ):
        length += 1
    return entry.word[:length]


def clue_text(entry: KeptWord, words: list[KeptWord] | None = None) -> tuple[str, bool]:
    """The clue for ``entry`` and whether it is a letters clue: its meaning with it blanked
    out, else its length, its first letters (as many as tell it from the other kept ``words``
    of its length on its board) and the board it was on, as My words gives them."""
    from boggle.game.hints import hint_definition

    letters = f"{len(entry.word)} letters"
    meaning = hint_definition(entry.word, entry.language or "en")
    if meaning:
        return f"{meaning} ({letters})", False
    prefix = clue_prefix(entry, words or [])
    board = f", on the board {entry.board.upper()}" if entry.board else ""
    return f"{letters}, starting with {prefix.upper()}{board}", True


def fits_too(entry: KeptWord, typed: str, words: list[KeptWord]) -> KeptWord | None:
    """The other kept word ``typed`` is when it fits the letters clue given for ``entry`` as
    well (its length, board and first letters: AMADA and AMADO of one board): not wrong, the
    clue is asked again, as My words does; ``None`` otherwise.

    >>> words = [KeptWord("amada", board="b"), KeptWord("amado", board="b")]
    >>> fits_too(words[0], "Amado", words).word, fits_too(words[0], "amada", words)
    ('amado', None)
    """
    prefix = clue_prefix(entry, words)
    for other in clue_rivals(entry, words):
        if other.word.startswith(prefix) and typed_is(other, typed):
            return other
    return None


def run_practise(args: argparse.Namespace) -> int:
    escape_unwritable()
    path = kept_file(args)
    day = today()
    if not LOCKS:
        print(
            "boggle words: this system has no file locks: add, remove or import words after "
            "practise stops, not in another terminal while it runs",
            file=sys.stderr,
        )
    # held only if there are answers to fold in: nothing due in a folder it may not write
    # (a read-only file system) is said as elsewhere, not "cannot lock"
    with held(path, required=answers_file(path).exists()):
        words = load_words(path, day)  # with the answers of a run that crashed
        if answers_file(path).exists():
            save_words(path, words)  # folded in now
    due = [w for w in words if w.is_due(day)]
    if not due:
        later = sorted(w.due for w in words if w.due)
        print(
            f"No word is due today; the next on {later[0]}."
            if later
            else "No words kept: keep some with 'boggle words add WORD'."
        )
        return 0
    with held(path):  # answers to keep: a file that cannot be locked is said now, none asked
        pass
    order = random.Random(args.seed)
    reviews = [w for w in due if w.learned]
    fresh = [w for w in due if not w.learned]
    order.shuffle(reviews)
    order.shuffle(fresh)
    queue = [*reviews, *fresh]
    practised: set[tuple[str, str]] = set()  # the words answered
    learnt: set[tuple[str, str]] = set()  # those answered right
    forms = written_forms(due)  # AEREA (aérea), as the Spanish learner reads it
    print(f"{counted(len(due), 'word')} due today. An empty line shows the word; Ctrl-D stops.")
    try:
        words = _practise_queue(words, day, queue, order, forms, practised, learnt, path)
    finally:  # the answers folded into the file, read again: another run's too
        with held(path):
            if answers_file(path).exists():
                save_words(path, load_words(path, day))
    left = sum(w.is_due(day) for w in words)
    still = f"; {counted(left, 'word')} still due today" if left else ""
    print(f"Practised {counted(len(practised), 'word')}: {len(learnt)} right{still}.")
    return 0


def _practise_queue(
    words: list[KeptWord],
    day: str,
    queue: list[KeptWord],
    order: random.Random,
    forms: dict[str, Mapping[str, tuple[str, ...]]],
    practised: set[tuple[str, str]],
    learnt: set[tuple[str, str]],
    path: Path,
) -> list[KeptWord]:
    """Ask ``queue`` (then the words still due, again) until it is empty or the learner
    stops; each answer kept at once in the journal (:func:`record_answer`); the words as
    answered."""
    from boggle.model.letters import lower_letters, typed_letters

    last: KeptWord | None = None
    while True:
        if not queue:  # another pass over the words missed (still due), as My words does
            queue = [w for w in words if w.is_due(day)]
            order.shuffle(queue)
            if len(queue) > 1 and last is not None and queue[0].key() == last.key():
                queue.append(queue.pop(0))  # not the word just asked, at once
            if not queue:
                break
        entry = last = queue.pop(0)
        clue, letters_clue = clue_text(entry, words)
        print(clue)
        while True:
            sys.stdout.write("> ")
            sys.stdout.flush()
            try:
                line = typed_line()
            except KeyboardInterrupt:  # Ctrl-C: stops, as Ctrl-D does (each answer is kept)
                line = ""
            other = fits_too(entry, line, words) if letters_clue and line.strip() else None
            if other is None:
                break
            another = "fits too, but it is another kept word: try the other one."
            print(f"{shown_word(other, forms)} {another}")
        if not line:
            print()
            break
        typed = lower_letters(typed_letters(line.strip()))
        # as the list spells it: the Spanish list's AEREA typed as written, aérea, is right
        ok = typed_is(entry, line)
        now = answered(entry, ok, day)
        words = [now if w is entry else w for w in words]
        with held(path):  # never between another command's read and its write
            record_answer(path, now)  # one line, not the whole file
        practised.add(entry.key())
        shown = shown_word(entry, forms)
        if ok:
            learnt.add(entry.key())
            print(f"Right: {shown}. {next_time(now, entry.learned)}")
        elif typed:
            print(f"Not quite: the word is {shown}.")
        else:
            print(f"The word is {shown}.")
    return words


MOST_LINE_BYTES = 1024
"""The most of a typed answer read (a longer line's rest is skipped)."""


def typed_line() -> str:
    """A line typed or piped as an answer, ``""`` at the end of input: read as bytes where
    standard input has them, UTF-8 or else Latin-1, as ``boggle play`` reads piped words.
    In an ASCII locale (``PYTHONIOENCODING=ascii``) ``ñandú`` typed as UTF-8 stopped
    practise with "'ascii' codec can't decode byte 0xc3"."""
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:  # a text stream without bytes (a test's)
        return str(sys.stdin.readline())
    data = bytes(raw.readline(MOST_LINE_BYTES))
    if len(data) == MOST_LINE_BYTES and not data.endswith(b"\n"):
        while (rest := raw.readline(MOST_LINE_BYTES)) and not rest.endswith(b"\n"):
            pass  # the rest of a line too long to be an answer
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def run_remove(args: argparse.Namespace) -> int:
    from boggle.model.letters import lower_letters, typed_letters, upper_letters

    path = kept_file(args)
    with held(path):  # read and written with no other command between
        words = load_words(path, today())
        # each as its word's language reads it: aérea is the Spanish list's aerea
        missing = [e for e in args.words if not any(typed_is(w, e) for w in words)]
        if missing:
            named = (
                _shown(upper_letters(lower_letters(typed_letters(e.strip()))), e) for e in missing
            )
            shown = ", ".join(dict.fromkeys(named))  # each once, as typed
            raise KeptWordsError(f"{shown} is not kept ({path}): nothing removed")
        left = [w for w in words if not any(typed_is(w, e) for e in args.words)]
        save_words(path, left)
    print(f"Removed {counted(len(words) - len(left), 'word')} ({len(left)} kept).")
    return 0


MOST_NAMED = 10
"""The most words named in a line of ``boggle words import`` (the rest counted)."""


def named(words: list[KeptWord]) -> str:
    """The words in capitals, the first :data:`MOST_NAMED` of them."""
    names = ", ".join(w.word.upper() for w in words[:MOST_NAMED])
    rest = len(words) - MOST_NAMED
    return f"{names} and {rest} more" if rest > 0 else names


def run_import(args: argparse.Namespace) -> int:
    escape_unwritable()
    path = kept_file(args)
    day = today()
    source = "standard input" if args.source == "-" else args.source
    if args.source == "-":  # read whole, with a file's checks
        options.tell_reading_terminal("the kept words to add (as a saved file holds them)")
    added = "-" if args.source == "-" else Path(args.source)
    # read before the kept words are held: words typed by hand (import -) take minutes, and
    # held meanwhile a practise in another terminal waited for them
    text = added_text(added)
    with held(path):  # read and written with no other command between
        words = load_words(path, day)  # a file that is not ours stops here, untouched
        done = add_from_file(words, added, day, text)
        if done.added or done.updated:
            save_words(path, done.words)
    found = len(done.added) + len(done.already) + len(done.left_out)
    lines = []
    if done.added:
        total = counted(len(done.words), "word")
        lines.append(
            f"Added {counted(len(done.added), 'word')} from {source}: {named(done.added)} "
            f"({total} in {path})."
        )
    else:
        lines.append(f"No word added from {source}." if found else f"{source} holds no words.")
    taken = kept_already(done.updated)
    stays = [w for w in done.already if not taken(w)]
    if stays:
        lines.append(f"Kept already ({len(stays)}, your entry stays): {named(stays)}.")
    if done.updated:
        lines.append(
            f"Brought up to date, practised later in {source} ({len(done.updated)}): "
            f"{named(list(done.updated))}."
        )
    if done.left_out:
        lines.append(
            f"{counted(len(done.left_out), 'word')} did not fit (at most {MOST_KEPT:,} are "
            f"kept; 'boggle words remove WORD'): {named(done.left_out)}."
        )
    print("\n".join(lines))
    return 0


def run_export(args: argparse.Namespace) -> int:
    path = kept_file(args)
    day = today()
    if args.out == "-":  # standard output: the file's text, UTF-8 as a file holds it
        with held(path, required=False):
            text = words_text(load_words(path, day))
        raw = getattr(sys.stdout, "buffer", None)
        if raw is None:  # a text stream without bytes (a test's)
            sys.stdout.write(text)
        else:
            sys.stdout.flush()
            raw.write(text.encode("utf-8"))
            raw.flush()
        return 0
    escape_unwritable()
    out = args.out or f"boggle-words-{day}.json"
    check_outputs([out], args.force, inputs=[path])
    with held(path, required=False):
        words = load_words(path, day)  # a file that is not ours stops here
    save_words(Path(out), words)
    print(f"Saved {counted(len(words), 'word')} to {out}.")
    return 0
