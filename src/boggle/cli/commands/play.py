"""``boggle play``: a timed round in the terminal, against everything the board holds.

On a terminal the board is drawn, a countdown ticks on the prompt line
(``[2:59] > fam``) and each word gets an answer when Enter is pressed; the
partly typed word is dropped when time runs out (everyone stops writing).  The
terminal is read a key at a time with ``select`` (no thread, no dependency);
Ctrl-D on an empty line ends the round early, and so does Ctrl-C, which then exits with
status 130 after the round's report (the path questions are not asked).

On a terminal whose standard output goes elsewhere (``boggle play > round.txt``), what is
for the player's eyes (the board, the prompt and its countdown, each word's answer, the
path questions) is written to standard error, the terminal, and only the round's report
(the board and the summary) to standard output, as a prompt is kept out of a command's
output by ``git``, ``ssh`` or ``fzf``: the player never types blind.  With standard error
redirected too, the round is shown on the terminal itself (``/dev/tty``), or refused in one
line when that cannot be opened.

When stdin is not a terminal (a pipe, a file) there is no timer: words are read
one per line until end of input, so a round can be scripted and tested.  A line
``?WORD`` asks for the path of a word; paths are shown after the round.  ``?hint``
(on a terminal too) gives a hint on a word still unfound: its length and first letter,
then its definition, then where its path starts (at most ``HINTS_PER_ROUND`` a round).
"""

from __future__ import annotations

import argparse
import codecs
import os
import select
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from boggle.cli.commands import _options as options
from boggle.cli.commands._encoding import escape_unwritable, escaped_as
from boggle.cli.commands._help import with_examples
from boggle.cli.commands.roll import (
    add_dice_options,
    check_board_given,
    dice_from_args,
    seed_from_args,
    size_from_args,
)
from boggle.cli.commands.solve import board_text
from boggle.dice.measured import check_chosen_dice, roll_for_language
from boggle.engines import solve
from boggle.files.inputs import iter_lines
from boggle.game import Feedback, PlaySession, typed_word
from boggle.game.hints import HINTS_PER_ROUND, NoWordsLeft, hint_definition, next_hint
from boggle.game.play import MAX_ENTRY_CHARS, MAX_ROUND_SECONDS, round_seconds
from boggle.model import render
from boggle.model.board import Board
from boggle.model.errors import BoggleError
from boggle.model.letters import written_name
from boggle.model.word_levels import ALL
from boggle.model.wording import counted, display_width, grouped, plain_unless_odd
from boggle.wordlists.frequencies import level_lexicon
from boggle.wordlists.lexicon import Lexicon

DEFAULT_SECONDS = 180
"""Three minutes, the length of the sand timer in the box."""

round_clock: Callable[[], float] = time.monotonic
"""The clock a round on a terminal keeps, in seconds (a test sets one it moves itself)."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a timed round in the terminal",
        description="Play a timed round: type words one per line and get an answer for "
        "each; at the end see your score against the maximum, the words you missed (best "
        "first) and the path of any word. The board is rolled unless you give one. When "
        "stdin is not a terminal, words are read until end of input with no timer; a line "
        "'?WORD' asks for the path of WORD; '?hint' gives a hint on a word you have not "
        "found (its length and first letter, then its definition, then where it starts). "
        "Ctrl-D ends the round early; Ctrl-C ends it too, shows its summary and exits with "
        "status 130. With standard output redirected (boggle play > FILE) the board, prompt "
        "and answers are shown on the terminal (standard error, or /dev/tty when that is "
        "redirected too) and only the round's report goes to standard output.",
        **with_examples("play"),
    )
    parser.add_argument(
        "board",
        nargs="*",
        help="a board to play (default: roll one); '@FILE' reads it from FILE (standard input "
        "holds the words)",
    )
    add_dice_options(parser)
    parser.add_argument(
        "--time",
        type=options.whole_number,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"length of the round, 1 to {MAX_ROUND_SECONDS:,} (an hour; default "
        f"{DEFAULT_SECONDS}, three minutes)",
    )
    parser.add_argument(
        "--missed",
        type=options.whole_number,
        default=40,
        metavar="N",
        help="show the N best words you missed, 0 or more (default 40; 0 shows them all)",
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help="keep the words to learn shown at the end in your kept words, to practise "
        "with 'boggle words practise' (see 'boggle words')",
    )
    options.add_solving_options(parser, engine=True)
    options.add_words_option(parser, "count (others are answered as not words of the game)")
    options.add_offensive_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    round_seconds(args.time)  # 10**20 would show a 19-digit clock
    if args.missed < 0:
        raise BoggleError(f"--missed must be 0 or more, got {grouped(args.missed)}")
    choice = options.rules_choice_from_args(args)  # a bad --scoring: refused before any loading
    lexicon = options.lexicon_from_args(args)
    seed: int | None = None  # a rolled board's, said so that the round can be played again
    if args.board:
        check_board_given(args)
        board = Board.parse(board_text(args.board, stdin=False))  # stdin holds the words
    else:
        rows, cols = size_from_args(args)
        dice = dice_from_args(args)
        if args.dice is not None:
            check_chosen_dice(lexicon, args.dice)
        seed, _ = seed_from_args(args)
        board = roll_for_language(lexicon, dice, seed, rows, cols)  # its language's dice
    rules = choice.for_board(board)
    playing = level_lexicon(lexicon, args.words)
    session = PlaySession(board, solve(board, playing, rules, engine=args.engine))
    out = sys.stdout  # the round's report
    interactive = sys.stdin.isatty()
    # a player on a terminal whose output goes to a file sees the round on standard error,
    # or on the terminal itself when that goes to a file too (`play > f 2> g`)
    screen = player_screen(out) if interactive else out
    heading = f"Board {board}. Words of {rules.min_length} letters or more"
    for stream in dict.fromkeys((screen, out)):  # each once: the report has the board too
        stream.write(render.board_text(board, frame=True) + "\n")
        if seed is not None:
            stream.write(seed_text(seed) + "\n")
        if stream is not screen:
            stream.write(heading + ".\n")
        elif interactive:
            stream.write(f"{heading}; you have {clock(args.time)}. Ctrl-D ends early.\n")
        else:
            stream.write(f"{heading}; reading words until end of input.\n")
        stream.flush()
    # the board is shown (or refused in one line); from here on what a player types or the
    # list writes ("cœur", a pasted "żaba") is escaped where the output's encoding (a Latin-1
    # locale) lacks it: an error there ended the round, its words and summary lost
    escape_unwritable(out, screen)
    path_requests: list[str] = []
    hints: list[tuple[int, int]] = []
    interrupted = False  # Ctrl-C ends the round as Ctrl-D does, then exits 130
    if interactive:
        try:
            timed_up = play_on_terminal(session, args.time, screen, lexicon, args.words, hints)
        except KeyboardInterrupt:
            interrupted, timed_up = True, False
        screen.write(
            "\nTime's up!\n"
            if timed_up
            else "\nRound stopped (Ctrl-C).\n"
            if interrupted
            else "\nRound over.\n"
        )
        if screen is not out:
            screen.write("The round's report is written to standard output.\n")
        screen.flush()
    else:
        # as bytes, a bounded line at a time, each UTF-8 or else Latin-1 (as files are read):
        # a long line or a byte a strict UTF-8 locale could not decode ends no round
        try:
            for line in iter_lines("-", "typed words", MAX_ENTRY_CHARS, refuse_binary=False):
                entry = line.strip()
                if not entry.lstrip("?").strip():  # a blank line, or '?' alone: as on a terminal
                    continue
                if entry.lower() == HINT_COMMAND:
                    out.write(hint_text(session, hints) + "\n")
                elif entry.startswith("?"):
                    path_requests.append(entry[1:])
                else:
                    feedback = session.submit(entry)
                    out.write(feedback_text(feedback, session, lexicon, args.words) + "\n")
        except KeyboardInterrupt:
            interrupted = True
        out.write("Round stopped (Ctrl-C).\n" if interrupted else "Round over.\n")
        for word in path_requests:  # asked during the round: answered first, as the summary ends
            out.write(path_answer(session, word) + "\n")
    shown_as = escaped_as(out)  # the columns align by what the report shows
    if screen is not out and session.found:  # the report has the words the screen showed
        out.write(found_text(session, shown_as) + "\n")
    out.write(summary_text(session, args.missed, shown_as) + "\n")
    if session.missed():
        from boggle.cli.main import terminal_columns

        out.write(learn_text(session, terminal_columns(), shown_as) + "\n")
        if args.keep:
            out.write(keep_text(session) + "\n")
    if hints:
        out.write(f"Hints used: {len(hints)} of {HINTS_PER_ROUND}.\n")
    if interrupted:
        return 130  # as an interrupted command's status, its summary given
    if interactive:
        out.flush()
        ask_for_paths(session, screen)
    return 0


# --------------------------------------------------------------------------- pictures and text

HINT_COMMAND = "?hint"


def seed_text(seed: int) -> str:
    """The line that says a rolled board's seed, to play the same board again.

    >>> seed_text(42)
    'Seed 42: --seed 42 with the same options rolls this board again.'
    """
    return f"Seed {seed}: --seed {seed} with the same options rolls this board again."


def hint_text(session: PlaySession, hints: list[tuple[int, int]]) -> str:
    """The next hint (recorded in ``hints``), or why there is none."""
    if len(hints) >= HINTS_PER_ROUND:
        return f"  no hints left: {HINTS_PER_ROUND} a round"
    from boggle.game.word_setting import with_levels
    from boggle.wordlists.spelling import lexicon_profile

    language = lexicon_profile(session.solution.lexicon).code
    try:
        hint = next_hint(
            with_levels(session.solution),  # common words first, when wordfreq is installed
            session.found,
            hints,
            define=lambda word: hint_definition(word, language),
        )
    except NoWordsLeft:
        if not session.solution.count:
            return "  no words to hint: this board has none"
        if all(item.word in session.found for item in session.solution):
            return "  no words left to hint: you found them all"
        return "  no words left to hint: every word you have not found was hinted in full"
    hints.append(hint.step)
    return f"  hint {len(hints)} of {HINTS_PER_ROUND}: {hint.text}"


def clock(seconds: float) -> str:
    """``m:ss`` of a number of seconds, rounded up (``clock(179.2) == '3:00'``)."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


def feedback_text(
    feedback: Feedback, session: PlaySession, whole: Lexicon | None = None, words: str = ALL
) -> str:
    """The answer to a typed word (``whole``: the list before ``--words`` kept its level)."""
    word = plain_unless_odd(feedback.word.upper()) or "(empty)"  # an escape sequence, quoted
    listed = whole if whole is not None else session.solution.lexicon
    if feedback.status in ("not_a_word", "not_on_board") and feedback.word in listed:
        # a word of the list, named as its language writes it (as the page names it):
        # "CANCION (canción): not on the board", typed without its accent
        word = written_name(feedback.word, listed.written_forms().get(feedback.word, ()))
    if feedback.status == "not_a_word" and whole is not None and feedback.word in whole:
        return f"  {word}: in the list, but not a {words} word (--words {words})"
    if feedback.status == "accepted":  # a word of the list: shown as its language writes it
        plural = "point" if feedback.points == 1 else "points"
        word = session.solution.shown(feedback.word)
        read = f"; {feedback.message}" if feedback.message else ""  # read as CAFE, without accents
        return f"  {word}: +{feedback.points:,} {plural} (score {session.score:,}{read})"
    if feedback.status == "already_found":  # named as it was when found: AEREA (aérea)
        word = session.solution.shown(feedback.word)
        return f"  {word}: already found" + (f" ({feedback.message})" if feedback.message else "")
    if feedback.status == "too_short":
        return f"  {word}: too short ({session.rules.min_length} letters or more)"
    if feedback.status == "invalid":
        return f"  {word}: not a word: {feedback.message}"
    said = feedback.status.replace("_", " ").replace("board", "the board")
    return f"  {word}: {said}" + (f" ({feedback.message})" if feedback.message else "")


def found_text(session: PlaySession, escape: Callable[[str], str] | None = None) -> str:
    """The words found, in the order found, each with its points (as the words missed are
    listed, and ``boggle judge`` lists a player's words): for the round's report when the
    answers were shown on the terminal alone (``boggle play > report.txt``). ``escape``:
    how the report shows a word its encoding lacks (:func:`_padded` aligns by it).

    >>> from boggle import Lexicon, solve
    >>> session = PlaySession(Board.parse("fxie amlo ewbx astu"), solve(
    ...     "fxie amlo ewbx astu", Lexicon.from_words(["fame", "mile", "amble"])))
    >>> _ = session.submit("mile"), session.submit("amble")
    >>> print(found_text(session))
    Words you found (2), in the order found:
      MILE   1
      AMBLE  2
    """
    solution = session.solution
    points = {item.word: item.points for item in solution}
    names = _padded([solution.shown(word) for word in session.found], escape)
    lines = [f"Words you found ({len(names):,}), in the order found:"]
    lines.extend(
        f"  {name}  {points[word]:,}" for name, word in zip(names, session.found, strict=True)
    )
    return "\n".join(lines)


def _padded(names: list[str], escape: Callable[[str], str] | None) -> list[str]:
    """``names`` as the output shows them (``escape``: ``AREA (\\xe1rea)`` in an ASCII
    locale), padded to one width on the screen, so the column after them aligns.

    >>> escape = lambda text: text.encode("ascii", "backslashreplace").decode()
    >>> [len(name) for name in _padded(["AREA (\u00e1rea)", "ERA"], escape)]
    [14, 14]
    """
    shown = [escape(name) for name in names] if escape is not None else names
    width = max(map(display_width, shown), default=0)
    return [name + " " * (width - display_width(name)) for name in shown]


def summary_text(
    session: PlaySession, show_missed: int, escape: Callable[[str], str] | None = None
) -> str:
    solution = session.solution
    if not solution.count:  # not "0 of 0 words (100%). You found every word!"
        return (
            f"This board has no words of {session.rules.min_length} letters or more: "
            "there was nothing to find."
        )
    share = 100 * session.score / session.maximum if session.maximum else 100.0
    lines = [
        f"You found {len(session.found):,} of {counted(solution.count, 'word')}: "
        f"{session.score:,} of {counted(session.maximum, 'point')} ({share:.0f}%)."
    ]
    missed = session.missed()
    if missed:
        shown = missed if show_missed == 0 else missed[:show_missed]
        lines.append(f"Words you missed ({len(missed):,}), best first:")
        names = _padded([solution.shown(w.word) for w in shown], escape)
        lines.extend(f"  {name}  {w.points:,}" for name, w in zip(names, shown, strict=True))
        if len(shown) < len(missed):
            lines.append(f"  ... and {len(missed) - len(shown):,} more (--missed 0 shows all)")
    else:
        lines.append("You found every word!")
    return "\n".join(lines)


def learn_text(
    session: PlaySession, width: int = 80, escape: Callable[[str], str] | None = None
) -> str:
    """The missed words to learn (:data:`~boggle.game.word_setting.WORDS_TO_LEARN`, common
    first when ``wordfreq`` is installed), each with its level and its meaning cut to
    ``width`` columns (what form it is first: "(plural of limb) one of..."), or for another
    language than English its Wiktionary link."""
    from boggle.game.word_setting import WORDS_TO_LEARN, unfound_json, with_levels
    from boggle.wordlists.spelling import lexicon_profile

    language = lexicon_profile(session.solution.lexicon).code
    entries = unfound_json(with_levels(session.solution), set(session.found), WORDS_TO_LEARN)
    leveled = any("level" in entry for entry in entries)
    lines = [
        f"Words to learn, {'common first' if leveled else 'best first'}, with their meanings "
        f"('boggle define WORD' says more):"
    ]
    names = _padded([session.solution.shown(entry["word"]) for entry in entries], escape)
    for entry, name in zip(entries, names, strict=True):
        head = f"  {name}  "
        if leveled:
            head += f"{entry.get('level', ''):<8}  "
        meaning, cut = meaning_of(entry["word"], language, session.solution.lexicon)
        room = max(20, width - len(head))
        if cut and len(meaning) > room:
            meaning = meaning[: room - 3].rstrip() + "..."
        lines.append((head + meaning).rstrip())
    return "\n".join(lines)


def keep_text(session: PlaySession) -> str:
    """The words to learn (those :func:`learn_text` lists) kept for ``boggle words``, and
    the line saying so; a file of kept words that cannot be read is said, not written."""
    from boggle.cli.commands.words import keep_words
    from boggle.game.kept_words import words_file
    from boggle.game.word_setting import WORDS_TO_LEARN, unfound_json, with_levels

    solution = session.solution
    entries = unfound_json(with_levels(solution), set(session.found), WORDS_TO_LEARN)
    points = {entry["word"]: entry["points"] for entry in entries}
    try:
        return keep_words(
            words_file(),
            list(points),
            solution.lexicon,
            str(solution.given_board or solution.board),
            points,
        )
    except BoggleError as error:
        return f"The words were not kept: {error}"


def meaning_of(word: str, language: str, lexicon: Lexicon | None = None) -> tuple[str, bool]:
    """A missed word's meaning in one line, and whether it may be cut (a link may not): what
    form it is, the first form only ("(plural of question) an instance of questioning", not
    its verb's form too, which left no room for the meaning; 'boggle define' gives them all)."""
    from boggle.definitions import define

    try:
        entry = define(word, language, lexicon)
    except BoggleError as error:  # no English dictionary to read: said once per word
        return str(error), True
    if entry.url is not None:
        return entry.url, False
    if entry.first is None:
        return "no definition known", True
    forms = f"({entry.forms[0]}) " if entry.forms else ""
    return forms + entry.first, True


def path_answer(session: PlaySession, entry: str) -> str:
    word = typed_word(entry, session.solution.lexicon)
    path = session.path_of(word) if word.isalpha() else None
    if path is None:
        return f"{word.upper() or '(empty)'} is not on the board."
    return f"{word.upper()}: {render.path_text(path)}\n{render.path_picture(session.board, path)}"


def ask(prompt: str, screen: TextIO) -> str:
    """A line typed after ``prompt``, shown on ``screen``: ``input`` writes its prompt to
    standard output, which is the round's report, not the terminal, when redirected."""
    if screen is not sys.stderr and getattr(screen, "name", None) != TERMINAL:
        return input(prompt)
    screen.write(prompt)
    screen.flush()
    return input("")


def ask_for_paths(session: PlaySession, out: TextIO) -> None:
    """After a round on a terminal: show the path of any word asked for (on ``out``, the
    player's screen)."""
    while True:
        try:
            word = ask("Path of a word (Enter to finish): ", out)
        except EOFError:
            out.write("\n")
            return
        if not word.strip():
            return
        if not word.strip().lstrip("?").strip():  # '?' alone: a word is asked for
            continue
        out.write(path_answer(session, word.strip().lstrip("?")) + "\n")
        out.flush()


# --------------------------------------------------------------------------- the terminal

TERMINAL = "/dev/tty"
"""The process's terminal, where the round is shown when both output streams are redirected."""


def player_screen(out: TextIO) -> TextIO:
    """Where a player typing on a terminal sees the round: standard output when it is the
    terminal, else standard error when that is, else the terminal itself (:data:`TERMINAL`:
    ``boggle play > round.txt 2> errors.txt`` showed nothing, and the player typed blind);
    a :class:`BoggleError` of one line when it cannot be opened."""
    if out.isatty():
        return out
    if sys.stderr.isatty():
        return sys.stderr
    try:
        # line-buffered text in the locale's encoding, as standard error would be
        return open(TERMINAL, "w", buffering=1, encoding=sys.stdin.encoding)
    except OSError as error:
        raise BoggleError(
            f"the round has nowhere to show: standard output and standard error are redirected "
            f"and {TERMINAL} cannot be opened ({error.strerror or error}); leave one of them "
            "on the terminal"
        ) from None


def play_on_terminal(
    session: PlaySession,
    seconds: int,
    out: TextIO,
    whole: Lexicon | None = None,
    words: str = ALL,
    hints: list[tuple[int, int]] | None = None,
) -> bool:
    """Read words with a countdown on the prompt line; True if time ran out.  A terminal
    that takes no escape sequences (``TERM=dumb``: an editor's shell) gets lines with a
    deadline and the time left on each prompt, as Windows does: the countdown's redraw
    would print ``^[[K`` and a new prompt every second."""
    try:
        import termios
        import tty
    except ImportError:  # no termios (Windows): lines with a deadline, no live countdown
        return _play_with_lines(session, seconds, out, whole, words, [] if hints is None else hints)
    if os.environ.get("TERM") == "dumb":
        return _play_with_lines(session, seconds, out, whole, words, [] if hints is None else hints)
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd, termios.TCSANOW)  # keep what was typed ahead (the default flushes it)
    try:
        return _play_keys(session, seconds, out, fd, whole, words, [] if hints is None else hints)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _play_keys(
    session: PlaySession,
    seconds: int,
    out: TextIO,
    fd: int,
    whole: Lexicon | None,
    words: str,
    hints: list[tuple[int, int]],
) -> bool:
    from boggle.cli.main import terminal_columns

    deadline = round_clock() + seconds
    typed = ""

    def redraw() -> None:
        prompt = f"[{clock(deadline - round_clock())}] > "
        out.write(f"\r\x1b[K{prompt}{typed_tail(typed, terminal_columns() - len(prompt) - 1)}")
        out.flush()

    redraw()
    try:
        for key in _keys(fd, deadline):
            if key is None:  # a tick of the clock
                redraw()
                continue
            if key in ("\r", "\n"):
                entry, typed = typed, ""
                out.write("\r\x1b[K")
                if entry.strip().lower() == HINT_COMMAND:
                    out.write(hint_text(session, hints) + "\n")
                elif entry.strip().startswith("?"):
                    out.write("  paths are shown after the round\n")
                elif entry.strip():
                    out.write(feedback_text(session.submit(entry), session, whole, words) + "\n")
            elif key in ("\x7f", "\b"):
                typed = typed[:-1]
            elif key == "\x15":  # Ctrl-U: clear the line
                typed = ""
            elif key == "\x04":  # Ctrl-D: end the round early
                if not typed:
                    out.write("\r\x1b[K")
                    return False
            elif key.isprintable():
                typed += key
            redraw()
    except KeyboardInterrupt:  # the round ends: its prompt line cleared, as at its end
        out.write("\r\x1b[K")
        raise
    out.write("\r\x1b[K")
    return True


def typed_tail(typed: str, room: int) -> str:
    """What of the word being typed fits the ``room`` columns left on the prompt line: its
    end, so the line never wraps (``\\r`` and erase-line clear one line of the terminal, and
    a wrapped prompt left a copy of itself on each line above at every tick).

    >>> typed_tail("fame", 10), typed_tail("antidisestablishment", 8), typed_tail("fame", 0)
    ('fame', '...hment', '')
    """
    if len(typed) <= room:
        return typed
    return "..." + typed[len(typed) - room + 3 :] if room > 3 else ""


def _keys(fd: int, deadline: float) -> Iterator[str | None]:
    """Keys typed until ``deadline``, and ``None`` at each change of the shown second.

    Escape sequences (arrow keys) are dropped.  Keys are decoded as the terminal's locale
    encodes them (a Latin-1 terminal's ``é`` is one byte, which UTF-8 dropped: "café" was
    judged as CAF); bytes that are not UTF-8 on a UTF-8 terminal are read as Latin-1, as
    piped lines are.
    """
    decoder = _key_decoder(getattr(sys.stdin, "encoding", None))
    while True:
        left = deadline - round_clock()
        if left <= 0:
            return
        wait = min(left, left - int(left) or 1.0) + 0.001
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            yield None
            continue
        data = os.read(fd, 1024)
        if not data:
            return
        try:
            text = decoder.decode(data)
        except UnicodeDecodeError:  # not UTF-8: each byte a Latin-1 letter
            decoder.reset()
            text = data.decode("latin-1")
        if "\x1b" in text:
            text = text[: text.index("\x1b")]
        yield from text


def _key_decoder(encoding: str | None) -> codecs.IncrementalDecoder:
    """The decoder of what the terminal sends: its locale's encoding (UTF-8 when unknown),
    strict for UTF-8 (bytes it refuses are read as Latin-1), else replacing what it lacks."""
    try:
        name = codecs.lookup(encoding or "utf-8").name
    except LookupError:
        name = "utf-8"
    return codecs.getincrementaldecoder(name)(errors="strict" if name == "utf-8" else "replace")


def _play_with_lines(
    session: PlaySession,
    seconds: int,
    out: TextIO,
    whole: Lexicon | None,
    words: str,
    hints: list[tuple[int, int]],
) -> bool:
    deadline = round_clock() + seconds
    while True:
        try:
            entry = ask(f"[{clock(deadline - round_clock())}] > ", out)
        except EOFError:
            return False
        if round_clock() > deadline:
            return True
        if entry.strip().lower() == HINT_COMMAND:
            out.write(hint_text(session, hints) + "\n")
        elif entry.strip().startswith("?"):  # as with keys: paths after the round
            out.write("  paths are shown after the round\n")
        elif entry.strip():
            out.write(feedback_text(session.submit(entry), session, whole, words) + "\n")
