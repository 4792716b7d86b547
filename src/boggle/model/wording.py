"""Small words for messages: numbers grouped by thousands, counts with the right plural,
"a" or "an" before a size, the one line a board too large is refused with.

>>> grouped(250_000)
'250,000'
>>> counted(1, "point"), counted(61_491, "word"), counted(1, "random board")
('1 point', '61,491 words', '1 random board')
>>> a_size(5, 5), a_size(8, 8), a_size(11, 4), a_size(18, 18), a_size(80, 2)
('a 5x5', 'an 8x8', 'an 11x4', 'an 18x18', 'an 80x2')
"""

from __future__ import annotations

import re
import unicodedata

_ESCAPED_BYTE = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])")
"""A surrogate escape in a :func:`repr`: ``\\udcNN`` after an even run of backslashes (an
escaped backslash is two)."""


ZERO_WIDTH_JOINER = "\u200d"
"""Joins emoji into one (a woman and a laptop: a woman technologist)."""
EMOJI_TAGS = range(0xE0020, 0xE0080)
"""The tag letters after a black flag that make a region's flag (Scotland, Wales)."""
BLACK_FLAG = "\U0001f3f4"


def display_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: a wide or fullwidth character two, a
    combining mark or a zero-width character none, any other one.

    >>> display_width("ABA"), display_width("\u017bABA"), display_width("e\u0301t\u00e9")
    (3, 4, 3)
    >>> display_width("\u732b\u732b")
    4
    """
    if text.isascii():
        return len(text)
    width = 0
    for c in text:
        if unicodedata.combining(c) or unicodedata.category(c) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1
    return width


def printable_name(name: str) -> bool:
    """Whether every character of a player's name can be shown: printable, or one of the
    invisible characters inside an emoji (a zero-width joiner between two emoji, the tags
    of a region's flag); not a joiner elsewhere, which would make two names look the same.

    >>> woman_technologist = "\U0001f469\u200d\U0001f4bb"
    >>> printable_name("ann"), printable_name(woman_technologist), printable_name("a\u200db")
    (True, True, False)
    """
    return all(_shown_char(name, at) for at in range(len(name)))


def _shown_char(name: str, at: int) -> bool:
    char = name[at]
    if char.isprintable():
        return True
    before = name[at - 1] if at > 0 else ""
    after = name[at + 1] if at + 1 < len(name) else ""
    if char == ZERO_WIDTH_JOINER:  # emoji (or its skin tone, or its emoji form) + emoji
        return (
            bool(before)
            and bool(after)
            and unicodedata.category(before) in ("So", "Sk", "Mn")
            and unicodedata.category(after) == "So"
        )
    if ord(char) in EMOJI_TAGS:
        return before == BLACK_FLAG or (bool(before) and ord(before) in EMOJI_TAGS)
    return False


def grouped(number: float) -> str:
    """A number as every message writes it, the command line's and the web API's alike: a
    whole number grouped by thousands, a float as ``:g`` writes it.

    >>> grouped(111_593), grouped(-1_048_576), grouped(64), grouped(2.5), grouped(0.001)
    ('111,593', '-1,048,576', '64', '2.5', '0.001')
    """
    return f"{number:,}" if isinstance(number, int) else f"{number:g}"


SHOWN_DIGITS = 40
"""The most digits a message shows of a number given: a longer one shows its start."""


def shown_number(number: int) -> str:
    """A whole number as a message shows it: grouped by thousands (:func:`grouped`, a seed
    as any other number), and shortened when it has many digits (a seed of 5,000 digits is
    one short line, not 5,000 characters).

    >>> shown_number(-1), shown_number(-100_000), shown_number(10**6)
    ('-1', '-100,000', '1,000,000')
    >>> shown_number(10**60)
    '10000000000000000000... (61 digits)'
    """
    sign, digits = "-" if number < 0 else "", str(abs(number))
    if len(digits) <= SHOWN_DIGITS:
        return grouped(number)
    return f"{sign}{digits[:20]}... ({len(digits):,} digits)"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and the noun, singular for exactly one (``plural`` defaults to noun + s)."""
    return f"{grouped(count)} {noun if count == 1 else plural or noun + 's'}"


def a_size(rows: int, cols: int) -> str:
    """``a 5x5`` or ``an 8x8``: the article as the size is read aloud (eight, eleven, eighteen)."""
    digits = str(rows)
    spoken_vowel = digits.startswith("8") or (digits[:2] in ("11", "18") and len(digits) % 3 == 2)
    return f"{'an' if spoken_vowel else 'a'} {rows}x{cols}"


def too_large(
    rows: int,
    cols: int,
    *,
    max_side: int | None = None,
    max_cells: int | None = None,
    taker: str = "",
    noun: str = "board",
) -> str:
    """The one line every size limit refuses a board with: its size (and cells, when those
    are over), who takes it (``taker``: "search and prove", "this server"; none: any board)
    and the limit.

    >>> too_large(1, 1001, max_side=1_000, max_cells=250_000)
    'a 1x1001 board is too large: the limit is 1,000 rows and columns and 250,000 cells'
    >>> too_large(9, 9, max_cells=64, taker="search and prove")
    'a 9x9 board (81 cells) is too large for search and prove: the limit is 64 cells'
    """
    cells = rows * cols
    over = f" ({grouped(cells)} cells)" if max_cells is not None and cells > max_cells else ""
    limits = [f"{grouped(max_side)} rows and columns"] if max_side is not None else []
    limits += [f"{grouped(max_cells)} cells"] if max_cells is not None else []
    whose = f" for {taker}" if taker else ""
    return (
        f"{a_size(rows, cols)} {noun}{over} is too large{whose}: the limit is "
        f"{' and '.join(limits)}"
    )


def quoted(text: str) -> str:
    """``text`` quoted as :func:`repr` quotes it, a byte that was not UTF-8 (a file name's,
    read from a command line as a surrogate escape) shown as the ``\\xff`` that was typed,
    not as Python's ``\\udcff``.

    >>> print(quoted("words.txt"), quoted(b"w\\xffrds".decode("utf-8", "surrogateescape")))
    'words.txt' 'w\\xffrds'
    >>> print(quoted("a\\\\udcff"))  # a backslash typed before 'udcff' stays as it was
    'a\\\\udcff'
    """
    return _ESCAPED_BYTE.sub(r"\1\\x\2", repr(text))


def as_text(text: str) -> str:
    """``text`` as JSON and a strict UTF-8 stream can carry it: each byte that was not UTF-8
    (a file name's, read from a command line as a surrogate escape) and any other lone
    surrogate as U+FFFD, the replacement character; other text as it is.

    >>> as_text("words.txt"), as_text(b"w\\xffrds.txt".decode("utf-8", "surrogateescape"))
    ('words.txt', 'w\ufffdrds.txt')
    """
    if text.isascii():
        return text
    return "".join("\ufffd" if "\ud800" <= char <= "\udfff" else char for char in text)


def bytes_as_typed(message: str) -> str:
    """``message`` with each byte that was not UTF-8 shown as the ``\\xff`` typed, where a
    :func:`repr` in it (argparse's, an f-string's ``!r``) wrote Python's ``\\udcff``: what
    :func:`quoted` does for one text, done to a whole error line.

    >>> print(bytes_as_typed("unknown engine '\\\\udcff'; choose one of: trie"))
    unknown engine '\\xff'; choose one of: trie
    """
    return _ESCAPED_BYTE.sub(r"\1\\x\2", message)


LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""The characters :meth:`str.splitlines` ends a line at."""
_LINE_BREAK_ESCAPES = {ord(char): repr(char)[1:-1] for char in LINE_BREAKS}


def on_one_line(message: str) -> str:
    """``message`` with each line break escaped as :func:`repr` writes it: an error that
    echoes a value as it was typed (argparse's ``unrecognized arguments: a<newline>b``)
    stays one line.

    >>> print(on_one_line("unrecognized arguments: a\\nb"))
    unrecognized arguments: a\\nb
    """
    return message.translate(_LINE_BREAK_ESCAPES)


def plain_unless_odd(text: str) -> str:
    """``text`` as it is when every character prints plainly (letters, digits, punctuation,
    spaces), else :func:`quoted`: a ``FILE:LINE:`` prefix stays plain for the tools that read
    it (editors, ``grep``-style), yet a name with a tab, a line end or a byte that was not
    UTF-8 is shown unambiguously.

    >>> print(plain_unless_odd("boards.txt"), plain_unless_odd("my boards.txt"))
    boards.txt my boards.txt
    >>> print(plain_unless_odd("a\\nb.txt"), plain_unless_odd("tab\\there"))
    'a\\nb.txt' 'tab\\there'
    """
    return text if text.isprintable() else quoted(text)


LONG_NUMBER = 40
"""Digits past which a number in an error line is shortened."""


def shortened_numbers(message: str) -> str:
    """``message`` with each number of more than :data:`LONG_NUMBER` digits shortened: a
    check that echoes an option's value (``--count must be 0 or more, got -999...``) stays
    one short line when the value has thousands of digits.

    >>> shortened_numbers("--count must be 0 or more, got -" + "9" * 1000)
    '--count must be 0 or more, got -99999999999999999999... (1,000 digits)'
    >>> shortened_numbers(f"--pool must be from 1 to 10,000, got {10**999:,}")
    '--pool must be from 1 to 10,000, got 10000000000000000000... (1,000 digits)'
    """

    def shorten(number: re.Match[str]) -> str:
        digits = number.group().replace(",", "")
        if len(digits) <= LONG_NUMBER:
            return number.group()
        return f"{digits[:20]}... ({len(digits):,} digits)"

    # a number grouped by thousands (1,000,000) counts its digits, not its groups
    return re.sub(r"\d{1,3}(?:,\d{3}){13,}|\d{41,}", shorten, message)


LONG_TEXT = 200
"""Characters past which a quoted text in an error line is shortened (a path of 200 is
rare; one of 100,000 is a mistake or a probe)."""


def shortened_texts(message: str) -> str:
    """``message`` with each quoted text of more than :data:`LONG_TEXT` characters shown as
    its start and length, as :func:`~boggle.cli.commands._options.shown_value` shows an
    option's value: a check that echoes a name (``unknown word list 'xxx...'``, ``board
    file 'xxx...'``) stays one short line when it is 100,000 characters long.

    >>> shortened_texts("unknown engine '" + "x" * 5000 + "'; choose one of: trie, native")
    "unknown engine 'xxxxxxxxxxxxxxxxxxxx'... (5,000 characters); choose one of: trie, native"
    >>> shortened_texts("word list 'words.txt' is empty")
    "word list 'words.txt' is empty"
    """

    def shorten(text: re.Match[str]) -> str:
        quote, inner = text.group()[0], text.group()[1:-1]
        return f"{quote}{inner[:20]}{quote}... ({len(inner):,} characters)"

    return re.sub(
        rf"'(?:[^'\\]|\\.){{{LONG_TEXT + 1},}}'|\"(?:[^\"\\]|\\.){{{LONG_TEXT + 1},}}\"",
        shorten,
        message,
    )


def short_line(message: str) -> str:
    """An error as a client is sent it (the web API's ``error``, a room's ``error``
    message): one line, each long number and long quoted text shortened as the command
    line shortens them, so a value of thousands of characters echoed back is one short line.

    >>> short_line("unknown setting '" + "x" * 5000 + "'")
    "unknown setting 'xxxxxxxxxxxxxxxxxxxx'... (5,000 characters)"
    >>> print(short_line("got " + "9" * 1900 + "\\nnext"))
    got 99999999999999999999... (1,900 digits)\\nnext
    """
    return on_one_line(shortened_texts(shortened_numbers(message)))
