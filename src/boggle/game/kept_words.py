"""Words kept to learn on the command line (``boggle words``), in a file of the user's.

The file is the one My words on the web page saves and adds from ("Save to a file", "Add
from a file"; ``docs/web.md``): ``{"version": 1, "words": [entry, ...]}``, an entry
``{word, list, language, points, level, board, date, learned, streak, due, practised,
learned_on}``, so words kept
in the terminal can be added in a browser and the other way round.  Its place is
``$XDG_DATA_HOME/boggle/words.json`` (``~/.local/share/boggle/words.json``; on macOS
``~/Library/Application Support/boggle``, on Windows ``%LOCALAPPDATA%\\boggle``), or
``$BOGGLE_WORDS_FILE``.

A word is one entry per language (``fame`` kept from ``en-70`` and from ``en-80`` is one
word to learn), and is reviewed over days as My words does (a Leitner schedule): right, it
is asked again :data:`INTERVALS` days later, right twice in a row it is learned; wrong, it
starts again.  A file that is not such a value is never written over: the functions that
read it raise :class:`KeptWordsError` and nothing is changed.

>>> entry = KeptWord("fame", "en-70", "en", date="2026-11-29")
>>> answered(entry, True, "2026-11-29").due, answered(entry, False, "2026-11-29").due
('2026-11-30', '')
"""

from __future__ import annotations

import contextlib
import datetime
import json
import os
import re
import stat
import sys
from pathlib import Path

try:
    import fcntl as _fcntl
except ImportError:  # Windows: no file locks (LOCKS)
    _fcntl = None  # type: ignore[assignment]

from boggle.files.cache import write_atomic
from boggle.files.inputs import open_regular
from boggle.model.errors import BoggleError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
    from dataclasses import dataclass, field, replace
    from typing import Any
else:
    from boggle.model.records import dataclass, field, replace

FILE_VERSION = 1
"""The version of the stored value (the web page's too)."""

MOST_KEPT = 5000
"""The most words kept (the web page's limit, ``MOST_KEPT`` in ``learn.js``: a test holds them
equal): a learner keeping 10 words a day has room for well over a year of them."""

INTERVALS = (1, 3, 7, 21, 60)
"""Days until a word answered right is asked again, by its right answers in a row."""

LEARNED_AFTER = 2
"""Right answers in a row that make a word learned."""

SPREAD_PER_DAY = 20
"""Words without a due day (kept before there were due days) made due a day, as My words
spreads them."""

LEVELS = ("common", "standard", "obscure")
"""A word's levels, the most common first (two entries of one word keep the first of theirs)."""

MOST_FILE_BYTES = 4_000_000
"""The largest file read (5,000 words take about 1.1 MB; ``MOST_FILE_BYTES`` in ``words.js``
too)."""


class KeptWordsError(BoggleError):
    """The kept words' file cannot be read or written (said in one line).

    >>> read_words("{}", "2026-11-29", "notes.json")
    Traceback (most recent call last):
    ...
    boggle.game.kept_words.KeptWordsError: notes.json is not a file of kept words (JSON with \
version 1 and words): it is left as it is; move it away, or keep the words in another file
    """


@dataclass(frozen=True)
class KeptWord:
    """One word kept to learn, as the web page's My words keeps it.

    >>> KeptWord("fame", "en-70", "en").due
    ''
    """

    word: str
    list: str | None = None
    language: str | None = None
    points: int = 0
    level: str | None = None
    board: str = ""
    date: str = ""
    learned: bool = False
    streak: int = 0
    due: str = ""
    """The day it is next asked (YYYY-MM-DD), ``""`` for at once."""
    practised: str = ""
    """The day it was last answered in practice (YYYY-MM-DD), ``""`` never."""
    learned_on: str = ""
    """The day it was learned (YYYY-MM-DD), ``""`` while it is to learn (or when it was
    learned before the day was kept)."""
    extra: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    """The stored entry's fields this version does not know (a later version's), each as its
    name and its value's JSON text: written back as read, so an older ``boggle words`` (or My
    words) does not drop what a newer one keeps (:func:`_entry`, :meth:`to_json`)."""

    def is_due(self, day: str) -> bool:
        """Whether it is asked on ``day``.

        >>> KeptWord("fame", due="2026-12-01").is_due("2026-11-29")
        False
        """
        return not self.due or self.due <= day

    def key(self) -> tuple[str, str]:
        """What makes two entries one: the word in its language (its list's name when the
        language is not known).

        >>> KeptWord("fame", "en-80", "en").key(), KeptWord("fame", "mine").key()
        (('en', 'fame'), ('list mine', 'fame'))
        """
        return (self.language or f"list {self.list or ''}", self.word)

    def to_json(self) -> dict[str, Any]:
        """The entry as stored (the web page's fields, then those this version does not know,
        as read).

        >>> KeptWord("fame").to_json()["streak"]
        0
        >>> KeptWord("fame", extra=(("hint", '"a name"'),)).to_json()["hint"]
        'a name'
        """
        known = {
            "word": self.word,
            "list": self.list,
            "language": self.language,
            "points": self.points,
            "level": self.level,
            "board": self.board,
            "date": self.date,
            "learned": self.learned,
            "streak": self.streak,
            "due": self.due,
            "practised": self.practised,
            "learned_on": self.learned_on,
        }
        return known | {name: json.loads(text) for name, text in self.extra if name not in known}


def words_file(environ: Mapping[str, str] | None = None) -> Path:
    """Where the kept words are: ``$BOGGLE_WORDS_FILE``, else ``words.json`` in the user's
    data folder for boggle (XDG's on Linux).

    >>> words_file({"XDG_DATA_HOME": "/data"}).as_posix() if sys.platform == "linux" else ""
    '/data/boggle/words.json'
    """
    env = os.environ if environ is None else environ
    if chosen := env.get("BOGGLE_WORDS_FILE"):
        return Path(chosen)
    home = Path(env.get("HOME") or Path.home())
    if sys.platform == "win32":
        base = Path(env.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "boggle" / "words.json"


def today() -> str:
    """Today as YYYY-MM-DD, in local time.

    >>> len(today())
    10
    """
    return datetime.date.today().isoformat()


def add_days(day: str, days: int) -> str:
    """The day ``days`` after ``day`` (both YYYY-MM-DD).

    >>> add_days("2026-11-29", 3)
    '2026-12-02'
    """
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=days)).isoformat()


def _day(value: object) -> str:
    if isinstance(value, str) and len(value) == 10:
        try:
            return datetime.date.fromisoformat(value).isoformat()
        except ValueError:
            return ""
    return ""


STORED_FIELDS = frozenset(
    [
        *("word", "list", "language", "points", "level", "board", "date", "learned"),
        *("streak", "due", "practised", "learned_on"),
    ]
)
"""The entry's fields this version reads; any other is kept as read (:attr:`KeptWord.extra`)."""


def _entry(raw: object) -> KeptWord | None:
    """A stored entry as this module uses it, or ``None`` for one that is not a word (as the
    web page reads it); its fields this version does not know kept as they are.

    >>> _entry({"word": "Fame", "hint": [1, 2]}).to_json()["hint"]
    [1, 2]
    """
    if not isinstance(raw, dict) or not isinstance(raw.get("word"), str):
        return None
    word = raw["word"].strip().lower()
    if not word or len(word) > 64 or not word.isalpha():
        return None
    listed = raw.get("list")
    language = raw.get("language")
    if not isinstance(language, str) or not re.fullmatch(r"[a-z]{2,3}", language):
        # none (stored before languages) or not a code: its list's, as My words reads it
        named = re.fullmatch(r"([a-z]{2,3})(?:-\d+)?", listed) if isinstance(listed, str) else None
        language = named.group(1) if named else None  # en-70 is English, es Spanish
    points = raw.get("points")
    streak = raw.get("streak")
    extra = tuple(
        (name, json.dumps(value, ensure_ascii=False))
        for name, value in raw.items()
        if name not in STORED_FIELDS
    )
    return KeptWord(
        word=word,
        list=listed[:64] if isinstance(listed, str) else None,
        language=language,
        points=points if type(points) is int and points >= 0 else 0,
        level=raw.get("level") if raw.get("level") in LEVELS else None,
        board=raw["board"][:200] if isinstance(raw.get("board"), str) else "",
        date=_day(raw.get("date")),
        learned=raw.get("learned") is True,
        streak=min(streak, len(INTERVALS)) if type(streak) is int and streak > 0 else 0,
        due=_day(raw.get("due")) if isinstance(raw.get("due"), str) else "\0",
        practised=_day(raw.get("practised")),
        learned_on=_day(raw.get("learned_on")) if raw.get("learned") is True else "",
        extra=extra,
    )


def merged(words: Iterable[KeptWord]) -> list[KeptWord]:
    """``words`` with the entries of one word and language made one, in place of the first:
    the progress of the one further on (learned, then right answers in a row; the first on a
    tie), with its list, board, due day and day learned, the day first kept, the day last
    practised, the most points and the most common level, as My words merges them
    (``combined`` in ``learn.js``).

    >>> [(w.list, w.level) for w in merged([KeptWord("fame", "en-70", "en", level="common"),
    ...                          KeptWord("fame", "en-80", "en", learned=True)])]
    [('en-80', 'common')]
    """
    out: list[KeptWord] = []
    at: dict[tuple[str, str], int] = {}
    for entry in words:
        key = entry.key()
        if key not in at:
            at[key] = len(out)
            out.append(entry)
            continue
        first = out[at[key]]
        ahead = max((first, entry), key=lambda e: (e.learned, e.streak))  # the first on a tie
        dates = sorted(d for d in (first.date, entry.date) if d)
        practised = max(first.practised, entry.practised)
        levels = sorted((e.level for e in (first, entry) if e.level in LEVELS), key=LEVELS.index)
        out[at[key]] = replace(
            ahead,
            language=first.language or entry.language,
            points=max(first.points, entry.points),
            level=levels[0] if levels else None,
            date=dates[0] if dates else "",
            practised=practised,
        )
    return out


def kept_already(words: Iterable[KeptWord]) -> Callable[[KeptWord], bool]:
    """A test of whether an entry is one of ``words`` already: the same word of the same
    language, or of the same list (an entry whose language is not known), as My words tests.

    >>> is_kept = kept_already([KeptWord("fame", "en-70", "en")])
    >>> is_kept(KeptWord("fame", "en-80", "en")), is_kept(KeptWord("fame", "es", "es"))
    (True, False)
    """
    have = {w.key() for w in words} | {(f"list {w.list or ''}", w.word) for w in words}
    return lambda entry: entry.key() in have or (f"list {entry.list or ''}", entry.word) in have


def read_words(
    text: str, day: str, source: str = "the kept words", kept: Sequence[KeptWord] = ()
) -> list[KeptWord]:
    """The entries of a stored value (at most :data:`MOST_KEPT`, one a word and language),
    those without a due day given one from ``day`` on, :data:`SPREAD_PER_DAY` a day, as My
    words does; :class:`KeptWordsError` for a text that is not such a value.

    ``kept``: the words kept already, when the value is a file added to them (My words' "Add
    from a file"): its undated words fill each day up to :data:`SPREAD_PER_DAY` with those
    due then (those due by ``day`` counted on it), and those kept already take no room.

    >>> [(w.word, w.due) for w in read_words('{"version": 1, "words": [{"word": "Fame"}]}',
    ...                                      "2026-11-29")]
    [('fame', '')]
    >>> full = [KeptWord(f"w{n:02}", due="") for n in range(20)]
    >>> [w.due for w in read_words('{"version": 1, "words": [{"word": "Fame"}]}',
    ...                            "2026-11-29", kept=full)]
    ['2026-11-30']
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: arrays nested thousands deep
        data = None
    if (
        not isinstance(data, dict)
        or data.get("version") != FILE_VERSION
        or isinstance(data["version"], bool)  # true == 1 in Python; the page refuses it
        or not isinstance(data.get("words"), list)
    ):
        raise KeptWordsError(
            f"{source} is not a file of kept words (JSON with version {FILE_VERSION} and "
            "words): it is left as it is; move it away, or keep the words in another file"
        )
    words = merged(e for e in map(_entry, data["words"][:MOST_KEPT]) if e is not None)
    undated = [w for w in words if not w.learned and w.due == "\0"]
    undated += [w for w in words if w.learned and w.due == "\0"]
    load: dict[str, int] = {}  # YYYY-MM-DD: the words due that day
    for w in kept:
        on = day if w.is_due(day) else w.due
        load[on] = load.get(on, 0) + 1
    is_kept = kept_already(kept)
    dues: dict[int, str] = {}
    days = 0
    for w in undated:  # the first day's at once
        if is_kept(w):  # left out when added (the kept entry stays): takes no room
            dues[id(w)] = ""
            continue
        while load.get(add_days(day, days), 0) >= SPREAD_PER_DAY:
            days += 1
        on = add_days(day, days)
        load[on] = load.get(on, 0) + 1
        dues[id(w)] = on if days else ""
    return [replace(w, due=dues[id(w)]) if id(w) in dues else w for w in words]


def load_words(path: Path, day: str) -> list[KeptWord]:
    """The words kept in ``path`` (none when it does not exist).

    >>> load_words(Path("/no/such/folder/words.json"), "2026-11-29")
    []
    """
    text = _file_text(path, missing_ok=True)
    words = [] if text is None else read_words(text, day, str(path))
    return with_answers(words, path)


def answers_file(path: Path) -> Path:
    """The journal of answers beside the kept words' file ``path``: ``words.json.answers``.

    >>> answers_file(Path("boggle/words.json")).name
    'words.json.answers'
    """
    return path.with_name(path.name + ".answers")


def lock_file(path: Path) -> Path:
    """The lock file beside the kept words' file ``path`` (:func:`holding`): ``words.json.lock``.

    >>> lock_file(Path("boggle/words.json")).name
    'words.json.lock'
    """
    return path.with_name(path.name + ".lock")


LOCKS = _fcntl is not None
"""Whether this system locks files (``fcntl``: Linux, macOS, the BSDs; not Windows), so that
:func:`holding` keeps two ``boggle words`` commands from changing the file at once."""


@contextlib.contextmanager
def holding(
    path: Path, on_wait: Callable[[], None] | None = None, required: bool = True
) -> Iterator[None]:
    """Hold the kept words' file ``path`` while a command reads and writes it: an exclusive
    lock (``fcntl.flock``) on :func:`lock_file`, waited for when another command holds it
    (``on_wait`` called first, once). ``boggle words add`` saving the file while ``practise``
    in another terminal appended an answer to the journal lost that answer (the save removes
    the journal it read before the answer): each holds the file for its read-and-write.

    Where the system has no file locks (:data:`LOCKS` false) nothing is held.  With
    ``required`` (a command about to write) the lock file's folder is made when missing, and
    a lock file that cannot be made or locked is a :class:`KeptWordsError`; without it (a
    command that only reads, perhaps in a folder it may not write) nothing is held then.
    A ``path`` that is not a regular file (a directory, ``/dev/null``) holds nothing: the
    read refuses it in a line, with no ``.lock`` made beside it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "boggle" / "words.json"
    ...     with holding(path):
    ...         save_words(path, [KeptWord("fame")])
    ...     [w.word for w in load_words(path, "2026-11-29")]
    ['fame']
    """
    lock = lock_file(path)
    handle = None
    if _fcntl is not None and not _other_than_a_file(path):  # refused when read: no lock made
        try:
            if required:  # a command that only reads makes no folder
                lock.parent.mkdir(parents=True, exist_ok=True)
            handle = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK, 0o666)
            try:
                _fcntl.flock(handle, _fcntl.LOCK_EX | _fcntl.LOCK_NB)
            except BlockingIOError:
                if on_wait is not None:
                    on_wait()
                _fcntl.flock(handle, _fcntl.LOCK_EX)
        except OSError as error:  # a folder it may not write; ENOLCK: no locks there
            if handle is not None:
                os.close(handle)
                handle = None
            if required:
                raise KeptWordsError(f"cannot lock {lock}: {error.strerror or error}") from None
    try:
        yield
    finally:
        if handle is not None:
            os.close(handle)  # the lock goes with it


def _other_than_a_file(path: Path) -> bool:
    """Whether ``path`` is there and is not a regular file (a directory, a device): the
    command reading it refuses it in a line, with no lock file made beside it.

    >>> _other_than_a_file(Path("/")), _other_than_a_file(Path("/no/such/words.json"))
    (True, False)
    """
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except NotADirectoryError:  # under a file (notes.txt/words.json): no folder is made there
        return True
    except (OSError, ValueError):  # missing, or a name the system cannot take: read says
        return False


def record_answer(path: Path, entry: KeptWord) -> None:
    """Keep ``entry`` as just answered in the journal beside ``path`` (:func:`answers_file`):
    one line of JSON (the entry as stored) appended and flushed to the disk, so an answer's
    cost is its own line, not the whole file's (1.1 MB at 5,000 words), and a Ctrl-C or crash
    loses none.  :func:`load_words` reads the journal's entries over the file's and
    :func:`save_words` folds them in (writes the file whole, then removes the journal).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "words.json"
    ...     save_words(path, [KeptWord("fame"), KeptWord("limbo")])
    ...     record_answer(path, answered(KeptWord("fame"), True, "2026-11-29"))
    ...     [(w.word, w.streak) for w in load_words(path, "2026-11-29")]
    [('fame', 1), ('limbo', 0)]
    """
    journal = answers_file(path)
    line = (json.dumps(entry.to_json(), ensure_ascii=False) + "\n").encode("utf-8")
    try:  # never waits on a FIFO put in its place: a regular file or an error
        handle = os.open(journal, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK, 0o666)
        try:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise KeptWordsError(f"cannot write {journal}: not a regular file")
            os.write(handle, line)
            os.fsync(handle)
        finally:
            os.close(handle)
    except OSError as error:
        raise KeptWordsError(f"cannot write {journal}: {error.strerror or error}") from None


def with_answers(words: list[KeptWord], path: Path) -> list[KeptWord]:
    """``words`` with the entries answered since ``path`` was written (its journal,
    :func:`record_answer`) in their place, the last answer of a word winning; a line that is
    not an entry (the last one of a crash mid-write) and the answers of words no longer
    kept are left out.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "words.json"
    ...     _ = answers_file(path).write_text('{"word": "fame", "streak": 1, "due": ""}\\n{"wo')
    ...     [(w.word, w.streak) for w in with_answers([KeptWord("fame")], path)]
    [('fame', 1)]
    """
    text = _file_text(answers_file(path), missing_ok=True, by_line=True)
    if not text:
        return words
    latest: dict[tuple[str, str], KeptWord] = {}
    for line in text.splitlines():
        try:
            entry = _entry(json.loads(line))
        except (ValueError, RecursionError):
            entry = None
        if entry is not None and entry.due != "\0":
            latest[entry.key()] = entry
    return [latest.get(w.key(), w) for w in words]


_STANDARD_INPUT = "standard input"
"""How a file named ``-`` (standard input, :func:`add_from_file`) is named in a message."""


def _shown(path: Path | str) -> str:
    """``path`` as a message names it: ``-`` is standard input."""
    return _STANDARD_INPUT if str(path) == "-" else str(path)


def _missing(path: Path) -> bool:
    """Whether nothing is at ``path`` (a link to nothing too)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


def _file_text(
    path: Path | str, missing_ok: bool, after: str = "", by_line: bool = False
) -> str | None:
    """The text of ``path`` (``-``: standard input; ``""`` when it is not UTF-8, or with
    ``by_line`` its lines that are), ``None`` when it is missing and ``missing_ok``;
    :class:`KeptWordsError`, its line ending in ``after``, when it cannot be read, is not a
    regular file (a directory, a FIFO, which is never waited on, a device) or is too large."""
    file = None if str(path) == "-" else Path(path)  # None: standard input
    shown = _STANDARD_INPUT if file is None else str(file)
    try:
        if file is None:
            stdin = sys.stdin
            raw = getattr(stdin, "buffer", None)
            if raw is not None:
                data = bytes(raw.read(MOST_FILE_BYTES + 1))
            else:  # a text stream without bytes (a test's), or none at all
                data = (stdin.read(MOST_FILE_BYTES + 1) if stdin else "").encode()
        else:
            try:
                handle = open_regular(file, "file of kept words", KeptWordsError)
            except KeptWordsError as error:
                if _missing(file):
                    if missing_ok:
                        return None
                    raise KeptWordsError(f"cannot read {shown}: no such file{after}") from None
                raise KeptWordsError(f"{error}{after}") from None
            with handle:
                data = handle.read(MOST_FILE_BYTES + 1)
    except OSError as error:
        raise KeptWordsError(f"cannot read {shown}: {error.strerror or error}{after}") from None
    if len(data) > MOST_FILE_BYTES:
        raise KeptWordsError(
            f"{shown} is larger than {MOST_FILE_BYTES:,} bytes: not a file of kept words{after}"
        )
    try:  # a byte order mark (Notepad's) as My words reads it: none
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        if not by_line:
            return ""
    # a journal whose last line a crash cut inside a letter (é is two bytes) keeps the others
    lines = (_utf8_line(line) for line in data.split(b"\n"))
    return "\n".join(line for line in lines if line is not None)


def _utf8_line(line: bytes) -> str | None:
    """``line`` as text, ``None`` when it is not UTF-8."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return None


@dataclass(frozen=True)
class Added:
    """What adding a file's words to the kept words did (:func:`add_from_file`).

    >>> done = Added([KeptWord("fame", "en-70", "en")], [KeptWord("fame", "en-70", "en")], [], [])
    >>> [entry.word for entry in done.added], done.left_out
    (['fame'], [])
    """

    words: list[KeptWord]
    """The kept words after: those kept before, then the ones added."""
    added: list[KeptWord]
    """The file's words added (those not kept already, as many as fit)."""
    already: list[KeptWord]
    """The file's words kept already: the kept entry stays as it is (its progress), unless
    the file's was practised later (:attr:`updated`)."""
    left_out: list[KeptWord]
    """The file's words that did not fit (:data:`MOST_KEPT`)."""
    updated: tuple[KeptWord, ...] = ()
    """The kept entries that took the progress of the file's (:func:`with_progress`): a word
    practised later in the file than here, so a word practised in a browser after the
    terminal is where the browser left it."""


PROGRESS = ("learned", "streak", "due", "practised", "learned_on")
"""An entry's fields that say how far it is learned (:func:`with_progress`)."""


def with_progress(kept: KeptWord, other: KeptWord) -> KeptWord:
    """``kept`` with the progress of ``other`` (the same word, from a file) when ``other`` was
    practised later; ``kept`` itself otherwise (a file from before days practised were kept
    never takes over).

    >>> here = KeptWord("fame", streak=1, due="2026-11-30", practised="2026-11-29")
    >>> there = KeptWord("fame", learned=True, streak=2, due="2026-12-03",
    ...                  practised="2026-11-30", learned_on="2026-11-30")
    >>> with_progress(here, there).learned, with_progress(there, here).learned
    (True, True)
    >>> with_progress(there, KeptWord("fame")) is there
    True
    """
    if other.practised <= kept.practised:
        return kept
    return replace(kept, **{name: getattr(other, name) for name in PROGRESS})


def added_text(source: Path | str) -> str:
    """The text of the file ``source`` to add (``-``: standard input, read whole), with the
    checks of :func:`add_from_file`: :class:`KeptWordsError`, its line ending ": nothing
    added", for a file that cannot be read, is not a regular file or is too large.  Read
    before the kept words' file is held (:func:`holding`): ``boggle words import -`` typed by
    hand held it while the words were typed, and a ``practise`` in another terminal waited.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "saved.json"
    ...     save_words(path, [KeptWord("fame")])
    ...     added_text(path).startswith('{"version": 1')
    True
    """
    text = _file_text(source, missing_ok=False, after=": nothing added")
    assert text is not None
    return text


def add_from_file(
    kept: list[KeptWord], source: Path | str, day: str, text: str | None = None
) -> Added:
    """The words of the file ``source`` (one My words or ``boggle words`` saved; ``-``:
    standard input, read whole, with the same checks) added to
    ``kept`` as My words' "Add from a file" adds them: those not kept already (the same word
    of the same language) after those kept, as many as fit in :data:`MOST_KEPT`; a word kept
    already keeps its entry (its right answers, whether it is learned); an old file's words
    without due days spread after those due (:func:`read_words`).  :class:`KeptWordsError`,
    nothing added, for a file that cannot be read or is not such a file.  ``text``: the
    file's text read already (:func:`added_text`), ``source`` then only naming it.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "saved.json"
    ...     save_words(path, [KeptWord("fame", "en-70", "en"), KeptWord("limbo", "en-70", "en")])
    ...     done = add_from_file([KeptWord("fame", "en-80", "en")], path, "2026-11-29")
    >>> [w.word for w in done.words], [w.word for w in done.already]
    (['fame', 'limbo'], ['fame'])
    """
    nothing = ": nothing added"
    if text is None:
        text = added_text(source)
    try:
        found = read_words(text, day, _shown(source), kept)
    except KeptWordsError:
        raise KeptWordsError(
            f"{_shown(source)} is not a file of kept words (JSON with version {FILE_VERSION} and "
            f"words, as My words' Save to a file writes){nothing}"
        ) from None
    is_kept = kept_already(kept)
    fresh = [w for w in found if not is_kept(w)]
    already = [w for w in found if is_kept(w)]
    room = max(MOST_KEPT - len(kept), 0)
    updated: list[KeptWord] = []
    now = list(kept)
    first: dict[tuple[str, str], int] = {}  # each key of a kept entry: where it first is
    for i, w in enumerate(now):  # one pass: a search of the list a word was 25M tests
        first.setdefault(w.key(), i)  # for a file of 5,000 words kept already
        first.setdefault((f"list {w.list or ''}", w.word), i)
    for other in already:  # practised later in the file: its progress taken
        keys = (other.key(), (f"list {other.list or ''}", other.word))
        at = min(first[key] for key in keys if key in first)  # as kept_already tests
        if (taken := with_progress(now[at], other)) is not now[at]:
            now[at] = taken
            updated.append(taken)
    return Added(
        words=[*now, *fresh[:room]],
        added=fresh[:room],
        already=already,
        left_out=fresh[room:],
        updated=tuple(updated),
    )


def words_text(words: Iterable[KeptWord]) -> str:
    """The stored value of ``words`` (the web page reads it back).

    >>> words_text([])
    '{"version": 1, "words": []}\\n'
    """
    entries = [w.to_json() for w in words][:MOST_KEPT]
    return json.dumps({"version": FILE_VERSION, "words": entries}, ensure_ascii=False) + "\n"


def save_words(path: Path, words: Iterable[KeptWord]) -> None:
    """Store ``words`` in ``path`` (its folder made when missing), written whole or not at
    all; then its journal of answers (:func:`record_answer`), which ``words`` are read with
    (:func:`load_words`), is removed.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "boggle" / "words.json"
    ...     save_words(path, [KeptWord("fame")])
    ...     [w.word for w in load_words(path, "2026-11-29")]
    ['fame']
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, words_text(words).encode("utf-8"))
    except OSError as error:
        raise KeptWordsError(f"cannot write {path}: {error.strerror or error}") from None
    try:  # folded in: the file holds its answers now
        answers_file(path).unlink(missing_ok=True)
    except OSError as error:
        raise KeptWordsError(
            f"cannot remove {answers_file(path)}: {error.strerror or error}"
        ) from None


def typed_is(entry: KeptWord, typed: str) -> bool:
    """Whether ``typed`` is ``entry``'s word as a round of its language reads typing
    (:func:`~boggle.game.words.typed_word`): any case, spelled as its list spells it (the
    Spanish list's ``aerea`` typed ``Aérea``, German ``strasse`` typed ``Straße``), and an
    English word with accents its lists have no letter for (``naive`` typed ``naïve``); a
    letter of the language's own (Spanish ``ñ``) still counts.

    >>> typed_is(KeptWord("aerea", "es", "es"), "Aérea"), typed_is(KeptWord("naive"), "NAÏVE")
    (True, True)
    >>> typed_is(KeptWord("año", "es", "es"), "ano"), typed_is(KeptWord("ano", "es", "es"), "año")
    (False, False)
    """
    from boggle.model.letters import lower_letters, typed_letters, unaccented
    from boggle.wordlists.spelling import PROFILES

    word = lower_letters(typed_letters(typed.strip()))
    profile = PROFILES.get(entry.language or "en", PROFILES["en"])  # a file's odd code: English
    folded = profile.fold(word)
    if entry.word in (word, folded):
        return True
    if profile.code != "en" or folded.isascii() or not entry.word.isascii():
        return False
    return unaccented(folded) == entry.word  # English lists are a-z: naïve is their naive


def written_forms(words: Iterable[KeptWord]) -> dict[str, Mapping[str, tuple[str, ...]]]:
    """How their languages write the kept words that their lists fold (the Spanish list's
    ``aerea`` is ``aérea``), by list: the written forms of each bundled or installed list of
    ``words`` whose language folds its words; a list that cannot be read (a file's, a system
    list not installed here) gives none.

    >>> forms = written_forms([KeptWord("aerea", "es", "es"), KeptWord("cafe", "en-70", "en")])
    >>> forms["es"]["aerea"], forms["en-70"]["cafe"], list(forms)
    (('aérea',), ('cafe', 'café'), ['es', 'en-70'])
    """
    from boggle.wordlists.loading import load_lexicon
    from boggle.wordlists.sources import bundled_lists, find_list
    from boggle.wordlists.spelling import PROFILES

    with_forms = {entry.name for entry in bundled_lists() if entry.written}
    forms: dict[str, Mapping[str, tuple[str, ...]]] = {}
    for name in dict.fromkeys(w.list for w in words if w.list and w.language in PROFILES):
        try:
            source = find_list(name)
            profile = PROFILES.get(source.language or "en", PROFILES["en"])
            folds = profile.fold_accents or bool(profile.replace)
            shipped = source.kind == "bundled" and name in with_forms  # en-70's café
            if shipped or (source.kind != "file" and folds):
                forms[name] = load_lexicon(name).written_forms()
        except BoggleError:  # a system list not installed here: the words as kept
            continue
    return forms


def shown_word(entry: KeptWord, forms: Mapping[str, Mapping[str, tuple[str, ...]]]) -> str:
    """``entry``'s word as a report shows it: in capitals, with how its language writes it
    where its list folds it (``forms``: :func:`written_forms`), as a round's report does.

    >>> aerea = KeptWord("aerea", "es", "es")
    >>> shown_word(aerea, {"es": {"aerea": ("aérea",)}}), shown_word(aerea, {})
    ('AEREA (aérea)', 'AEREA')
    """
    from boggle.model.letters import written_name

    return written_name(entry.word, forms.get(entry.list or "", {}).get(entry.word, ()))


def answered(entry: KeptWord, right: bool, day: str) -> KeptWord:
    """``entry`` answered on ``day`` (its day last practised): right, asked again
    :data:`INTERVALS` days later (by its right answers in a row), learned after
    :data:`LEARNED_AFTER` (that day its day learned); wrong, to learn again, asked at once.

    >>> right = answered(KeptWord("fame", streak=1), True, "2026-11-29")
    >>> right.learned, right.due, right.practised, right.learned_on
    (True, '2026-12-02', '2026-11-29', '2026-11-29')
    """
    if not right:
        return replace(entry, streak=0, learned=False, due="", practised=day, learned_on="")
    streak = min(entry.streak + 1, len(INTERVALS))
    learned = entry.learned or streak >= LEARNED_AFTER
    return replace(
        entry,
        streak=streak,
        learned=learned,
        due=add_days(day, INTERVALS[streak - 1]),
        practised=day,
        learned_on=entry.learned_on if entry.learned else day if learned else "",
    )


def progress_line(words: Sequence[KeptWord], day: str) -> str:
    """How far the learner is, as My words says it: the words learned of those kept, and how
    many of them were learned in ``day``'s month.

    >>> words = [KeptWord("fame", learned=True, learned_on="2026-11-02"),
    ...          KeptWord("limbo", learned=True, learned_on="2026-10-30"), KeptWord("axe")]
    >>> progress_line(words, "2026-11-29")
    '2 of 3 words learned, 1 this month.'
    >>> progress_line(words[2:], "2026-11-29")
    '1 word to learn, none learned yet.'
    """
    from boggle.model.wording import counted

    learned = [w for w in words if w.learned]
    if not learned:
        return f"{counted(len(words), 'word')} to learn, none learned yet."
    month = sum(w.learned_on[:7] == day[:7] for w in learned)
    return f"{len(learned)} of {counted(len(words), 'word')} learned, {month or 'none'} this month."


def next_time(entry: KeptWord, was_learned: bool) -> str:
    """What comes next for ``entry`` just answered right, as My words says it.

    >>> next_time(KeptWord("fame", learned=True, streak=2), was_learned=False)
    'Twice in a row: learned. Review in 3 days.'
    """
    days = INTERVALS[entry.streak - 1]
    when = "tomorrow" if days == 1 else f"in {days} days"
    if not entry.learned:
        return f"Again {when}: right then too and it is learned."
    if not was_learned:
        return f"Twice in a row: learned. Review {when}."
    return f"Next review {when}."


__all__ = [
    "INTERVALS",
    "LEARNED_AFTER",
    "LOCKS",
    "MOST_KEPT",
    "SPREAD_PER_DAY",
    "Added",
    "KeptWord",
    "KeptWordsError",
    "add_days",
    "add_from_file",
    "added_text",
    "answered",
    "answers_file",
    "holding",
    "kept_already",
    "load_words",
    "lock_file",
    "merged",
    "next_time",
    "progress_line",
    "read_words",
    "record_answer",
    "save_words",
    "shown_word",
    "today",
    "typed_is",
    "with_answers",
    "with_progress",
    "words_file",
    "words_text",
    "written_forms",
]
