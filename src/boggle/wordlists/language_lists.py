"""Word lists by language: the system's GPL lists, files read with a profile, and hints.

The bundled lists (``en-70``, ``es``, ``nl``, ``pt``, ``pl``) are stored
already normalised by their language's profile.  The lists under the GPL are
not shipped: ``de``, ``fr``, ``it``, ``sv``, ``da`` are read from
``/usr/share/dict/`` when the Debian package is installed
(:data:`boggle.wordlists.languages.SYSTEM_LISTS`), and otherwise fail with one line
naming the package.

>>> lexicon = load_language_list("de") if system_list_path("de") else None
>>> from boggle import Board, Lexicon
>>> foreign_letters(Board.parse("abcd/"), Lexicon.from_words(["cab"]))
('d',)
"""

from __future__ import annotations

import os
from _thread import allocate_lock  # threading.Lock, without importing threading
from collections.abc import Iterable

from boggle.model.board import MULTI_LETTER_FACES, Board
from boggle.model.errors import LexiconError
from boggle.wordlists.languages import PROFILES, SYSTEM_LISTS, LanguageProfile, language_profile
from boggle.wordlists.lexicon import Lexicon, load_lexicon
from boggle.wordlists.sources import bundled_lists

TYPE_CHECKING = False  # pathlib costs milliseconds to import on every start
if TYPE_CHECKING:
    from pathlib import Path

_loaded: dict[tuple[str, ...], Lexicon] = {}
_loaded_lock = allocate_lock()


def system_list_path(code: str) -> Path | None:
    """The installed ``/usr/share/dict`` file of language ``code``, or ``None``."""
    from pathlib import Path  # here: pathlib costs the default list's start milliseconds

    entry = SYSTEM_LISTS.get(code)
    if entry is None:
        return None
    path = Path(entry.path)
    return path if path.is_file() else None


def missing_list_message(code: str) -> str:
    """The one line telling how to install the system list of ``code``."""
    entry = SYSTEM_LISTS[code]
    name = PROFILES[code].name
    return (
        f"the {name} word list {code!r} is not installed ({entry.licence}, so not shipped); "
        f"install it with: apt-get install {entry.package}"
    )


def load_language_list(name_or_path: str, language: str | None = None) -> Lexicon:
    """A word list read with a language profile.

    ``name_or_path`` is a system list's code (``de``), a bundled name, or a
    file; ``language`` (default: the code itself, or English for a file) is
    the profile applied.  Lists are kept once loaded; a file is read again
    when it changes.
    """
    bundled = {entry.name: entry for entry in bundled_lists()}
    if name_or_path in bundled:
        entry = bundled[name_or_path]
        if language is not None and language_profile(language).code != entry.language:
            raise LexiconError(
                f"{name_or_path!r} is a {PROFILES[entry.language].name} list; "
                f"drop --language {language} or give a file"
            )
        return load_lexicon(name_or_path)
    if name_or_path in SYSTEM_LISTS:
        path = system_list_path(name_or_path)
        if path is None:
            raise LexiconError(missing_list_message(name_or_path))
        profile = language_profile(language or name_or_path)
        return _read(path, profile, name_or_path)
    from pathlib import Path

    profile = language_profile(language or "en")
    return _read(Path(name_or_path), profile, Path(name_or_path).name)


def _read(path: Path, profile: LanguageProfile, name: str) -> Lexicon:
    try:
        stat = path.stat()
    except OSError:
        return Lexicon.from_file(path)  # raises the precise error
    key = (str(path.resolve()), str(stat.st_mtime_ns), str(stat.st_size), profile.code)
    with _loaded_lock:
        if key not in _loaded:
            lexicon = Lexicon.from_file(path, name=name, normalise=profile.normalise_words)
            lexicon.language = profile.code
            _loaded[key] = lexicon
        return _loaded[key]


def load_wordlist(name_or_path: str | None, language: str | None = None) -> Lexicon:
    """The list ``--dict`` and ``--language`` name: ``--language es`` alone is the
    Spanish list, ``--dict FILE --language de`` a file read as German.

    >>> load_wordlist(None, "es").language
    'es'
    """
    if name_or_path is None and language is not None:
        code = language_profile(language).code
        if code != "en":
            return load_language_list(code)
    return load_lexicon(name_or_path, language)


def language_lexicon(words: Iterable[str], language: str, name: str = "custom") -> Lexicon:
    """A lexicon from raw words read with ``language``'s profile.

    >>> language_lexicon(["Straße", "Bär", "iPod"], "de").words
    ('bär', 'strasse')
    """
    profile = language_profile(language)
    lexicon = Lexicon(profile.normalise_words(words), name)
    lexicon.language = profile.code
    return lexicon


def lexicon_profile(lexicon: Lexicon) -> LanguageProfile:
    """The profile a lexicon was read with (English when it names none)."""
    return PROFILES.get(lexicon.language or "en", PROFILES["en"])


def foreign_letters(board: Board, lexicon: Lexicon) -> tuple[str, ...]:
    """The board's letters that no word of ``lexicon`` uses, sorted: a hint, not an error.

    A Polish board solved with an English list finds nothing; this says why.
    """
    alphabet = lexicon.alphabet
    return tuple(sorted({letter for face in board.faces for letter in face} - alphabet))


def foreign_letters_warning(letters: tuple[str, ...], lexicon: Lexicon) -> str:
    """The one-line hint for :func:`foreign_letters` (the CLI prints it on stderr).

    >>> foreign_letters_warning(("ł", "ż"), Lexicon.from_words(["cat"]))
    "warning: no word of 'custom' uses the letters ł ż on this board (another language's board?)"
    """
    shown = " ".join(letters)
    return (
        f"warning: no word of {lexicon.name!r} uses the letters {shown} on this board "
        "(another language's board?)"
    )


def fold_board(board: Board, lexicon: Lexicon) -> Board:
    """``board`` spelled as ``lexicon``'s language spells words: ``é`` is ``e`` in French.

    >>> french = Lexicon.from_words(["ete"])
    >>> french.language = "fr"
    >>> str(fold_board(Board.parse("été/"), french))
    'ete/'
    """
    profile = lexicon_profile(lexicon)
    faces = tuple(_folded_face(face, profile) for face in board.faces)
    return board if faces == board.faces else Board(faces, board.rows, board.cols)


def _folded_face(face: str, profile: LanguageProfile) -> str:
    """The face folded, unless folding makes a multi-letter face no board has (``ß``)."""
    folded = profile.fold_face(face)
    return face if len(folded) > 1 and folded not in MULTI_LETTER_FACES else folded


def language_names() -> dict[str, str]:
    """Every language a list is available for (bundled or installed), code -> name."""
    codes = [entry.language for entry in bundled_lists()]
    codes += [code for code in SYSTEM_LISTS if system_list_path(code) is not None]
    return {code: PROFILES[code].name for code in dict.fromkeys(codes)}


def describe_system_lists() -> list[dict[str, object]]:
    """The system lists as ``boggle dicts`` shows them: installed or what to install."""
    rows: list[dict[str, object]] = []
    for code, entry in SYSTEM_LISTS.items():
        path = system_list_path(code)
        rows.append(
            {
                "name": code,
                "language": code,
                "installed": path is not None,
                "path": entry.path,
                "package": entry.package,
                "licence": entry.licence,
                "source": f"Debian package {entry.package} ({os.fspath(entry.path)})",
            }
        )
    return rows
