"""The API's request and answer shapes (pydantic): what the OpenAPI description shows.

Requests are strict (no type coercion, no unknown fields) and bounded in size; their field
types and strict base are :mod:`boggle.rooms.fields`, which the rooms' settings use too.

>>> SolveRequest(board="fxie amlo ewbx astu").rules is None
True
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError

from boggle.dice.cubes import MAX_SEED, SEED_RANGE, seed_in_range
from boggle.game.offline import MAX_OFFLINE_ROUNDS, OFFLINE_ROUNDS
from boggle.model.board import ROW_SEPARATORS_SAID
from boggle.model.errors import DiceError
from boggle.rooms.fields import (
    DiceName,
    DictionaryName,
    OtherWords,
    RulesName,
    StrictModel,
    WordLevel,
)

BoardText = Annotated[
    str,
    Field(
        min_length=1,
        max_length=4000,
        description=f"rows separated by {ROW_SEPARATORS_SAID}; q is Qu; [th] a multi-letter face",
        examples=["fxie amlo ewbx astu"],
    ),
]
MinLength = Annotated[int | None, Field(default=None, ge=1, le=64)]
Word = Annotated[str, Field(max_length=64)]
WordsText = Annotated[str, Field(max_length=200_000)]


def _seed(seed: int) -> int:
    """A seed in the library's range, or its refusal as the command line words it (``seed:
    a seed is a whole number from 0 to ...``, where pydantic's own words differ)."""
    try:
        return seed_in_range(seed)
    except DiceError as error:
        raise PydanticCustomError("seed_range", str(error)) from None


Seed = Annotated[
    int,
    AfterValidator(_seed),
    Field(
        description=f"{SEED_RANGE}: the same seed rolls the same board, as --seed does",
        json_schema_extra={"minimum": 0, "maximum": MAX_SEED},
    ),
]


class SolveRequest(StrictModel):
    """A board and how to read it: every request about a board has these fields."""

    board: BoardText
    dictionary: DictionaryName = None
    rules: RulesName = None
    min_length: MinLength = None


class RollRequest(StrictModel):
    dice: DiceName = "new"
    dictionary: DictionaryName = None
    """Roll for this list's language: English rolls ``dice``, any other language draws
    letters measured from its list (``rows`` x ``cols``, 4x4 by default) and refuses
    ``dice`` (400: the set would be ignored)."""
    seed: Seed | None = None
    rows: Annotated[int | None, Field(default=None, ge=1, le=100)] = None
    cols: Annotated[int | None, Field(default=None, ge=1, le=100)] = None


class PlayRequest(SolveRequest):
    words: list[Word] = Field(
        max_length=10_000, description="every entry typed so far in the round, in order"
    )
    finished: bool = Field(default=False, description="the round is over: list the missed")
    word_level: WordLevel = Field(default="all", description="which words count (docs/words.md)")
    other_words: OtherWords = Field(
        default="refused",
        description="a listed word outside word_level: refused, or 0 points and set apart",
    )


class OfflineRequest(StrictModel):
    """The settings of the solo rounds a page keeps for play with no connection: the roll's
    (as ``/api/roll``, without a seed) and the round's (as ``/api/play``); or, with
    ``board``, that board's round alone (a round started online that goes on offline)."""

    board: BoardText | None = None
    dice: DiceName = "new"
    dictionary: DictionaryName = None
    rows: Annotated[int | None, Field(default=None, ge=1, le=100)] = None
    cols: Annotated[int | None, Field(default=None, ge=1, le=100)] = None
    rules: RulesName = None
    min_length: MinLength = None
    word_level: WordLevel = Field(default="all", description="which words count (docs/words.md)")
    other_words: OtherWords = Field(
        default="refused",
        description="a listed word outside word_level: refused, or 0 points and set apart",
    )
    count: int | None = Field(
        default=None,
        ge=1,
        le=MAX_OFFLINE_ROUNDS,
        description="how many boards to roll (a page missing some asks for those alone), "
        f"at most the server's keep; that keep by default ({OFFLINE_ROUNDS} unless "
        "boggle serve --offline-boards says otherwise)",
    )


class CheckRequest(SolveRequest):
    word: Word
    word_level: WordLevel = Field(default="all", description="which words count (docs/words.md)")
    other_words: OtherWords = Field(
        default="refused",
        description="a listed word outside word_level: refused, or 0 points and set apart",
    )


class PlayerWords(StrictModel):
    name: Annotated[str, Field(min_length=1, max_length=40)]
    words: list[Word] | WordsText = Field(
        description="the entries in order: a list, or one text with a word a line",
        examples=[["fame", "mile"], "fame\nmile"],
    )
    challenged: list[Word] = Field(default_factory=list, max_length=10_000)


class JudgeRequest(SolveRequest):
    players: list[PlayerWords] = Field(min_length=1, max_length=100)
    challenge: Literal["off", "listed", "all"] | None = None


# --------------------------------------------------------------------------- response models


class HintRequest(SolveRequest):
    found: list[Word] = Field(
        default_factory=list, max_length=10_000, description="the words the player has"
    )
    given: list[
        Annotated[
            list[Annotated[int, Field(ge=0, le=1_000_000)]], Field(min_length=2, max_length=2)
        ]
    ] = Field(
        default_factory=list,
        max_length=100,
        description="the hints given this round, oldest first: each hint's [target, level]",
    )


class ErrorBody(BaseModel):
    error: str
    status: int


class RateLimitedBody(ErrorBody):
    """A 429: the refusal passes with time, in ``retry_after`` whole seconds (as the
    ``Retry-After`` header says)."""

    retry_after: int


class WordEntry(BaseModel):
    word: str
    points: int
    path: list[list[int]]


WRITTEN = (
    "how the language writes a word its list folds: ['aérea'] for the Spanish list's "
    "'aerea' (absent or [] when it is written as the list holds it)"
)


class FoundEntry(WordEntry):
    written: list[str] = Field(default=[], description=WRITTEN)


class MissedEntry(FoundEntry):
    level: str | None = Field(
        default=None, description="common, standard or obscure, where the list has frequencies"
    )


class SolvedEntry(MissedEntry):
    zipf: float | None = Field(
        default=None, description="how often the word is written (Zipf), with word frequencies"
    )


class DefineResponse(BaseModel):
    word: str
    definitions: list[str] = Field(description="glosses, commonest sense first; [] if none")
    source: str
    base: str | None = Field(default=None, description="the base form the glosses are of")
    forms: list[str] = Field(
        default=[],
        description="what form of its base forms an inflected word is: "
        "['plural of lapse', 'present tense (he, she, it) of lapse']",
    )
    url: str | None = Field(default=None, description="the word's Wiktionary entry")
    written: list[str] = Field(default=[], description=WRITTEN)
    looked_up: str | None = Field(
        default=None,
        description="the spelling without accents an English word was found under: "
        "'cafe' for 'café'",
    )
    word_list: str | None = Field(default=None, description="the list the word was checked in")
    in_word_list: bool | None = Field(
        default=None,
        description="whether the word (as a round reads it) is a word of word_list; "
        "a word another language's list lacks has no url",
    )
    did_you_mean: list[str] = Field(
        default=[],
        description="for a word the list lacks, its words that are the word with other "
        "diacritics: ['żółw'] for 'zolw'",
    )
    did_you_mean_written: dict[str, list[str]] = Field(
        default={},
        description="how the language writes the did_you_mean words its list folds: "
        "{'coraçao': ['coração']} for the Portuguese 'coracao' (absent when none is)",
    )
    left_out: str | None = Field(
        default=None,
        description="why no meaning is given: the server leaves offensive words out "
        "(boggle serve --no-offensive)",
    )


class HintBody(BaseModel):
    target: int = Field(description="the hinted word's place in the hint order")
    level: int = Field(description="1: length and first letter; 2: + definition; 3: + start")
    length: int
    first_letter: str
    definition: str | None
    first_cell: list[int] | None
    text: str


class HintResponse(BaseModel):
    hint: HintBody | None = Field(description="null when no word is left to hint")
    message: str
    used: int = Field(description="hints used this round, this one included")
    limit: int = Field(description="hints allowed a round")


class RulesBody(BaseModel):
    name: str
    min_length: int
    scoring: dict[str, int]


class DictionaryBody(BaseModel):
    name: str
    words: int


class SolveResponse(BaseModel):
    model_config = ConfigDict(extra="allow")
    board: str
    rows: int
    cols: int
    faces: list[list[str]]
    rules: RulesBody
    dictionary: DictionaryBody
    count: int
    score: int
    words: list[SolvedEntry]
    levels: dict[str, int] | None = Field(
        default=None, description="how many words of each level, where the list has frequencies"
    )
    elapsed_ms: float
    foreign_letters: list[str] | None = Field(
        default=None, description="the board's letters no word of the list uses, if any"
    )
    foreign_written: dict[str, str] | None = Field(
        default=None,
        description="those of foreign_letters the list's language writes as other letters, "
        "with what it writes: a German board's {'ß': 'ss'}",
    )
    given_board: str | None = Field(
        default=None,
        description="the board as given, where board is it as the list's language spells "
        "words: a Portuguese 'çãoa' solved as 'çaoa' (absent when they are the same)",
    )


class RollResponse(BaseModel):
    board: str
    rows: int
    cols: int
    faces: list[list[str]]
    dice: str
    seed: int


class CheckResponse(BaseModel):
    word: str
    status: str
    """counted, not_a_word, not_on_board, too_short or invalid; with a ``word_level``, a
    listed word outside it is other_level (refused) or set_apart (0 points)."""
    label: str
    points: int
    in_dictionary: bool
    path: list[list[int]] | None
    message: str
    written: list[str] = Field(default=[], description=WRITTEN)


class PlayFeedback(BaseModel):
    word: str
    status: Literal[
        "accepted",
        "already_found",
        "not_a_word",
        "not_on_board",
        "too_short",
        "invalid",
        "other_level",
        "set_apart",
    ]
    label: str
    points: int
    message: str


class PlayResponse(BaseModel):
    feedback: list[PlayFeedback]
    """One answer for each entry, as a player would have been told when typing it."""
    found: list[FoundEntry]
    score: int
    maximum: int
    """The most points the board allows: every word of its solution."""
    total: int
    """The words of the solution."""
    missed: list[MissedEntry] | None
    """When ``finished``: the words not found, best first, each with its level when known."""
    set_apart: list[str] = Field(default_factory=list)
    """With ``other_words: zero``: the listed words outside ``word_level`` typed (0 points)."""
    levels: dict[str, int] | None = None
    """How many of the board's words are common, standard and obscure (with wordfreq)."""


class OfflineResponse(BaseModel):
    rounds: list[dict[str, Any]]
    """Boards newly rolled, each with what judging a round on it needs
    (``boggle.game.offline.offline_round``)."""
    keep: int
    """How many boards a page keeps ahead."""
    max_bytes: int
    """The most characters of JSON a page keeps for them."""
    labels: dict[str, str]
    """Each verdict's words, as ``/api/play`` labels its feedback."""


class JudgeResponse(BaseModel):
    model_config = ConfigDict(extra="allow")
    board: str
    challenge: str
    players: list[dict[str, Any]]
    scores: dict[str, int]
    winners: list[str]
    problems: list[str]


class DictionaryInfo(BaseModel):
    name: str
    words: int | None
    description: str
    default: bool
    language: str = "en"
    language_name: str = "English"
    title: str = ""
    """The list as a player reads it, the same on every page: "English (111,817 words)"
    (``boggle.wordlists.catalogue.list_title``)."""


class DictionariesResponse(BaseModel):
    default: str
    dictionaries: list[DictionaryInfo]


class DiceInfo(BaseModel):
    name: str
    rows: int | None
    cols: int | None
    description: str


class HealthResponse(BaseModel):
    status: Literal["ok", "saturated", "degraded"]
    engine: str
    workers: dict[str, dict[str, Any]]
    """Per pool: threads, running, waiting, interrupted (jobs stopped for time), saturated."""
    results: dict[str, Any] | None = None
    """The rooms' results file: saving (ok or failing), error, failing_since, held, lost,
    bytes (on disk), keep_days (see ``ResultStore.health``)."""
    rooms: dict[str, int] | None = None
    """The rooms open (``open``), those playing a round (``playing``: a round being played
    or judged, lost if the server stopped now) and the players connected (``players``): an
    operator restarts when ``playing`` is 0 (see ``RoomService.counts``)."""


class LimitsBody(BaseModel):
    max_side: int
    max_cells: int
    max_body_bytes: int
    solve_seconds: float
    max_players: int
    max_words_per_player: int
    max_name_length: int
    """The most characters a player's name has in a room or a challenge
    (``boggle.rooms.limits.MAX_NAME_LENGTH``): the pages' name boxes read it here."""
    offline_boards: int = OFFLINE_ROUNDS
    """Boards a play page keeps for solo rounds with no connection (``boggle serve
    --offline-boards``); 0: offline play is off on this server, and the page says so."""


class OptionsResponse(BaseModel):
    version: str
    dice: list[DiceInfo]
    rules: list[RulesBody]
    challenge_modes: list[str]
    limits: LimitsBody
    daily_seconds: int = 180
    """How long a round of the daily board lasts (``GET /api/daily`` says it too, with the
    board): the page says it before the round starts."""


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "bad input (a board that does not parse, ...)"},
    413: {"model": ErrorBody, "description": "body or board over the limits"},
    422: {"model": ErrorBody, "description": "a field of the wrong type or out of range"},
    408: {"model": ErrorBody, "description": "the work took longer than the time limit"},
    503: {"model": ErrorBody, "description": "every worker is busy; try again"},
}
