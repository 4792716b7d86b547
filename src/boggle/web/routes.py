"""The JSON API's routes: each checks its request against the limits, runs the library on
a worker thread and translates the answer.  The library decides; nothing here re-implements
a rule.

>>> from fastapi.testclient import TestClient
>>> from boggle.web.app import create_app
>>> client = TestClient(create_app())
>>> answer = client.post("/api/check", json={"board": "fxie amlo ewbx astu", "word": "fame"})
>>> answer.json()["status"], answer.json()["points"]
('counted', 1)
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel

from boggle import __version__
from boggle.definitions import checked_word, define
from boggle.dice.cubes import DICE_SETS, roll_board
from boggle.dice.measured import check_chosen_dice, roll_for_language
from boggle.engines import default_engine, solve
from boggle.game import (
    CHALLENGE_MODES,
    HINTS_PER_ROUND,
    NoWordsLeft,
    PlayerList,
    PlaySession,
    Status,
    WordCheck,
    check_word,
    default_challenge,
    judge_round,
    next_hint,
    verdict_message,
)
from boggle.game.hints import hint_definition
from boggle.game.offline import OFFLINE_MAX_BYTES, offline_round, prepare_offline
from boggle.game.word_setting import EVERY_WORD, WordSetting, prepare_levels, with_levels
from boggle.game.words import list_check, suggested_forms
from boggle.model.board import Board
from boggle.model.errors import BoardError, BoggleError
from boggle.model.render import faces
from boggle.model.rules import PRESETS, Rules
from boggle.model.solution import ScoredWord, Solution
from boggle.model.word_levels import ALL
from boggle.model.wording import counted, grouped
from boggle.rooms.daily import DAILY_SECONDS
from boggle.web.context import ApiError, JsonRoute, WebContext, web_context
from boggle.web.models import (
    ERRORS,
    CheckRequest,
    CheckResponse,
    DefineResponse,
    DiceInfo,
    DictionariesResponse,
    DictionaryInfo,
    ErrorBody,
    FoundEntry,
    HealthResponse,
    HintBody,
    HintRequest,
    HintResponse,
    JudgeRequest,
    JudgeResponse,
    LimitsBody,
    MissedEntry,
    OfflineRequest,
    OfflineResponse,
    OptionsResponse,
    PlayFeedback,
    PlayRequest,
    PlayResponse,
    RollRequest,
    RollResponse,
    RulesBody,
    SolveRequest,
    SolveResponse,
)
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.lexicon import Lexicon
from boggle.wordlists.offensive import NOT_DEFINED, offensive_word
from boggle.wordlists.sources import SYSTEM_LISTS
from boggle.wordlists.spelling import PROFILES, lexicon_profile, respelled_letters

router = APIRouter(prefix="/api", route_class=JsonRoute)
Context = Annotated[WebContext, Depends(web_context)]

FEEDBACK_LABELS = {
    "accepted": "counted",
    "already_found": "already found",
    "not_a_word": Status.NOT_A_WORD.label,
    "not_on_board": Status.NOT_ON_BOARD.label,
    "too_short": Status.TOO_SHORT.label,
    "invalid": Status.INVALID.label,
    "other_level": "not counted in this game",
    "set_apart": "0 points, shown apart",
}


def public_list(lexicon: Lexicon) -> dict[str, Any]:
    """A list as clients see it: its name, size and language, never where the operator keeps it."""
    shown: dict[str, Any] = {"name": lexicon.name, "words": len(lexicon)}
    if lexicon.language is not None:
        shown["language"] = lexicon.language
    return shown


def found_entry(found: ScoredWord, whole: Solution) -> FoundEntry:
    """A word found, with how its language writes it where the list folds it."""
    return FoundEntry(
        word=found.word,
        points=found.points,
        path=[list(c) for c in found.path],
        written=list(whole.written.get(found.word, ())),
    )


def missed_entry(missed: ScoredWord, whole: Solution) -> MissedEntry:
    """A word not found, with its level where ``whole`` has frequencies (and how its
    language writes it where the list folds it)."""
    return MissedEntry.model_validate(whole.word_json(missed))


LIST_COUNTING_SECONDS = 60.0
"""The time the first ``/api/dictionaries`` may take: it reads every list it offers to count
its words (the system's lists, an operator's files), once, and keeps them, so a busy
machine may need more than a solve's limit for it, and no request can make it longer."""


def preparation_seconds(context: WebContext) -> float:
    """The time a round's preparation may take (what a list's first round builds, once a
    process: see :func:`levels_preparation`), outside the round's own limit."""
    return max(context.limits.solve_seconds, LIST_COUNTING_SECONDS)


@router.get("/dictionaries", response_model=DictionariesResponse, tags=["word lists"])
async def list_dictionaries(context: Context) -> DictionariesResponse:
    """The word lists a request may name, with their word counts."""
    seconds = max(context.limits.solve_seconds, LIST_COUNTING_SECONDS)
    entries = await context.run(context.catalogue.entries, seconds=seconds)
    return DictionariesResponse(
        default=context.catalogue.default,
        dictionaries=[
            DictionaryInfo(**vars(entry), language_name=PROFILES[entry.language].name)
            for entry in entries
        ],
    )


@router.get("/options", response_model=OptionsResponse, tags=["boards"])
async def options(context: Context) -> OptionsResponse:
    """Dice sets, rules presets, challenge modes and this server's limits."""
    dice = [
        DiceInfo(name=d.name, rows=d.rows, cols=d.cols, description=d.notes or d.source)
        for d in DICE_SETS.values()
    ]
    dice.append(
        DiceInfo(
            name="uniform",
            rows=None,
            cols=None,
            description="letters drawn uniformly from a-z, any size",
        )
    )
    limits = context.limits
    rooms = context.config.rooms  # a name is for a room or a challenge: one both take
    name_length = min(rooms.limits.max_name_length, rooms.challenges.max_name_length)
    return OptionsResponse(
        version=__version__,
        dice=dice,
        rules=[RulesBody(**PRESETS[name].to_json()) for name in sorted(PRESETS)],
        challenge_modes=list(CHALLENGE_MODES),
        limits=LimitsBody(
            max_side=limits.max_side,
            max_cells=limits.max_cells,
            max_body_bytes=limits.max_body_bytes,
            solve_seconds=limits.solve_seconds,
            max_players=limits.max_players,
            max_words_per_player=limits.max_words_per_player,
            max_name_length=name_length,
            offline_boards=limits.offline_boards,
        ),
        daily_seconds=DAILY_SECONDS,
    )


@router.post("/solve", response_model=SolveResponse, responses=ERRORS, tags=["boards"])
async def solve_board(request: SolveRequest, context: Context) -> Response:
    """Every word on the board with a path and its points: the JSON of
    ``boggle solve --json``, with the faces and the time taken; with ``wordfreq`` installed,
    as there, each word's ``zipf`` and ``level`` and the ``levels`` counted; a word its list
    folds has ``written``, how its language writes it (``["aérea"]``)."""
    board = context.board(request.board)
    rules = context.rules_for(board, request.rules, request.min_length)
    context.catalogue.check(request.dictionary)

    def work() -> bytes:
        started = time.perf_counter()
        lexicon = context.catalogue.get(request.dictionary)
        result = with_levels(solve(board, lexicon, rules)).to_json()
        result["elapsed_ms"] = round((time.perf_counter() - started) * 1000, 3)
        result["faces"] = faces(board)
        result["dictionary"] = public_list(lexicon)
        if "foreign_letters" in result:  # a German board's ß: its words write it ss
            written = respelled_letters(tuple(result["foreign_letters"]), lexicon)
            if written:
                result["foreign_written"] = written
        # encoded here, on the worker thread: the answer's shape is the library's own,
        # so FastAPI's response-model pass would only re-check it on the event loop
        return json.dumps(result, separators=(",", ":")).encode()

    answer = await context.run(
        work,
        prepare=lambda: levels_preparation(context.catalogue, request.dictionary),
        prepare_seconds=preparation_seconds(context),
    )
    return Response(answer, media_type="application/json")


async def rolling_list(
    context: WebContext, dictionary: str | None, dice: str, request: BaseModel
) -> Lexicon | None:
    """The list whose letters a roll draws (another language's), or ``None`` when the dice
    asked for roll the board (English); a 400 for dice asked for beside another language's
    list, which would be ignored."""
    context.catalogue.check(dictionary)
    if dictionary is None:
        return None
    lexicon = await context.run(lambda: context.catalogue.get(dictionary))
    if lexicon_profile(lexicon).code == "en":
        return None  # English rolls the dice asked for
    if "dice" in request.model_fields_set:  # asked for, and would be ignored
        check_chosen_dice(lexicon, dice)
    return lexicon


def rolled(
    context: WebContext,
    lexicon: Lexicon | None,
    dice: str,
    seed: int,
    rows: int | None,
    cols: int | None,
) -> Board:
    """A board rolled (the request's shape caps it at 100x100), then held to this server's
    limits (a 413 past them)."""
    if lexicon is None:
        board = roll_board(dice, seed, rows, cols)
    else:
        board = roll_for_language(lexicon, dice, seed, rows, cols)
    return context.within_limits(board)


@router.post("/roll", response_model=RollResponse, responses=ERRORS, tags=["boards"])
async def roll(request: RollRequest, context: Context) -> RollResponse:
    """A board rolled from a dice set (or uniform letters of any size) with a seed;
    the same seed gives the same board. With another language's list each cell is drawn
    from the list's letters, as ``boggle roll --language`` draws it; ``dice`` beside such
    a list is refused (400), as the command line refuses ``--dice``."""
    seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**31)
    lexicon = await rolling_list(context, request.dictionary, request.dice, request)
    board = rolled(context, lexicon, request.dice, seed, request.rows, request.cols)
    return RollResponse(
        board=str(board),
        rows=board.rows,
        cols=board.cols,
        faces=faces(board),
        dice=request.dice if lexicon is None else f"letters of {lexicon.name}",
        seed=seed,
    )


@router.post("/check", response_model=CheckResponse, responses=ERRORS, tags=["rounds"])
async def check(request: CheckRequest, context: Context) -> CheckResponse:
    """One word typed during a round: counted, not a word, not on the board, too
    short or invalid, with its points and path."""
    board = context.board(request.board)
    rules = context.rules_for(board, request.rules, request.min_length)
    context.catalogue.check(request.dictionary)
    setting = _word_setting(request.word_level, request.other_words)
    # a level reads the list's words' levels: computed before the check's time starts
    verdict, outside, written = await context.run_round(
        check_work,
        request.word,
        board,
        request.dictionary,
        rules,
        setting,
        prepare=None if setting.word_level == ALL else (levels_preparation, (request.dictionary,)),
        prepare_seconds=preparation_seconds(context),
    )
    status, label = verdict.status.value, verdict.status.label
    if outside:
        status = "set_apart" if setting.other_words == "zero" else "other_level"
        label = FEEDBACK_LABELS[status]
    return CheckResponse(
        word=verdict.word,
        status=status,
        label=label,
        points=0 if outside else verdict.points,
        in_dictionary=verdict.in_dictionary,
        path=[list(cell) for cell in verdict.path] if verdict.path else None,
        message=verdict.message,
        written=list(written),
    )


def _word_setting(level: str, others: str) -> WordSetting:
    """The request's choice of words; a 4xx error without the package a level needs."""
    try:
        return WordSetting.from_json({"word_level": level, "other_words": others})
    except BoggleError as error:
        raise ApiError(400, str(error)) from None


@router.post("/play", response_model=PlayResponse, responses=ERRORS, tags=["rounds"])
async def play(request: PlayRequest, context: Context) -> PlayResponse:
    """One player's round (the page's Play tab): every entry typed so far, in order, told as
    ``boggle play`` tells it (accepted and its points, already found, not a word, not on the
    board, too short, invalid), the score against the board's maximum and, once
    ``finished``, the words missed, best first."""
    if len(request.words) > context.limits.max_words_per_player:
        raise ApiError(
            413,
            f"{counted(len(request.words), 'word')}; this server takes at most "
            f"{grouped(context.limits.max_words_per_player)} a round",
        )
    board = context.board(request.board)
    rules = context.rules_for(board, request.rules, request.min_length)
    context.catalogue.check(request.dictionary)
    _word_setting(request.word_level, request.other_words)  # a bad setting: a 4xx here
    return await context.run_round(
        play_work,
        request,
        board,
        rules,
        prepare=(levels_preparation, (request.dictionary,)),
        prepare_seconds=preparation_seconds(context),
    )


@router.post(
    "/offline",
    response_model=OfflineResponse,
    responses={
        **ERRORS,
        403: {"model": ErrorBody, "description": "offline play is off on this server"},
    },
    tags=["rounds"],
)
async def offline_rounds(request: OfflineRequest, context: Context) -> Response:
    """Boards kept ahead for solo rounds with no connection: ``keep`` boards newly rolled
    (as ``/api/roll`` rolls them), each with everything judging a round on it needs (its
    words that count, with points, paths and levels; the listed words its level leaves
    out; the shortest word; its faces as the list spells them; how the list reads a typed
    word), so that a page judges the round as ``/api/play`` would (docs/web.md); with
    ``board``, that board alone, so a round started online can go on offline.  A server
    started with ``--offline-boards 0`` refuses (403): offline play is off on it."""
    keep = context.limits.offline_boards
    if not keep:
        raise ApiError(403, "offline play is off on this server (boggle serve --offline-boards 0)")
    if request.count is not None and request.count > keep:
        raise ApiError(
            400, f"count must be from 1 to {keep} (this server keeps {counted(keep, 'board')})"
        )
    setting = _word_setting(request.word_level, request.other_words)
    if request.board is not None:
        rolling = {"dice", "rows", "cols", "count"} & request.model_fields_set
        if rolling:
            raise ApiError(
                400, f"a board given is not rolled: leave out {', '.join(sorted(rolling))}"
            )
        context.catalogue.check(request.dictionary)
        boards = [context.board(request.board)]
    else:
        lexicon = await rolling_list(context, request.dictionary, request.dice, request)
        chooser = random.SystemRandom()
        boards = [
            rolled(
                context, lexicon, request.dice, chooser.randrange(2**31), request.rows, request.cols
            )
            for _ in range(request.count or keep)
        ]
    rules = context.rules_for(boards[0], request.rules, request.min_length)
    # the list's words' levels and the index given_up reads, built once a list in the
    # process that makes the rounds (15 s for German on a loaded machine), outside the
    # round's time limit: nothing to do once built, nor where no board reads the index
    # (nearly every 4x4 board)
    rounds = await context.run_round(
        offline_work,
        boards,
        request.dictionary,
        rules,
        setting,
        prepare=(offline_preparation, (request.dictionary, boards)),
        prepare_seconds=preparation_seconds(context),
    )
    body = {
        "rounds": rounds,
        "keep": keep,
        "max_bytes": OFFLINE_MAX_BYTES,
        "labels": FEEDBACK_LABELS,
    }
    return Response(json.dumps(body, separators=(",", ":")).encode(), media_type="application/json")


def dictionary_language(context: WebContext, name: str | None) -> str:
    """The language code of a list the client names (``None``: the default list)."""
    context.catalogue.check(name)
    chosen = context.catalogue.default if name is None else name
    bundled = context.catalogue.bundled.get(chosen)
    if bundled is not None:
        return bundled.language
    return chosen if chosen in SYSTEM_LISTS else "en"


@router.get("/define", response_model=DefineResponse, responses=ERRORS, tags=["words"])
async def define_word(
    context: Context,
    word: Annotated[str, Query(max_length=64, description="the word to define")],
    dictionary: Annotated[
        str | None, Query(alias="dict", max_length=64, description="the list the word is of")
    ] = None,
) -> DefineResponse:
    """What a word means: English glosses from WordNet (an inflected word through its base
    form), for other languages a link to Wiktionary; ``definitions`` is empty when the
    word has no entry, or, on a server leaving offensive words out, when it is one of them
    (``left_out`` says so).  ``in_word_list`` says whether the word is one of the list's
    (``word_list``), as ``boggle define --json`` does: a word another language's list lacks
    gets no ``url`` (a link would say it is a word), and ``did_you_mean`` names the list's
    words it is with other diacritics (``zolw``: ``żółw``), ``did_you_mean_written`` how
    its language writes those its list folds (``coracao``: ``coraçao``, written
    ``coração``).  An empty word or one with other characters than letters is a 400."""
    language = dictionary_language(context, dictionary)
    checked_word(word)  # a word that is not one is refused before its list is read

    def work() -> dict[str, Any]:
        lexicon = context.catalogue.get(dictionary)
        entry = define(word, language, lexicon)
        held, spellings = list_check(entry.word, lexicon)
        shown = entry.to_json() | {"word_list": lexicon.name, "in_word_list": held}
        if not held and not entry.definitions:
            shown.pop("url", None)  # zolw in Polish: no link to a page that is not there
        if spellings:
            shown["did_you_mean"] = list(spellings)
            if forms := suggested_forms(spellings, lexicon):  # coraçao: written coração
                shown["did_you_mean_written"] = {word: list(f) for word, f in forms.items()}
        return shown

    if context.catalogue.leave_out_offensive and offensive_word(word, language):
        return DefineResponse(word=word, definitions=[], source="", left_out=NOT_DEFINED)
    # a list's first look-up reads it outside the time limit, as a round's preparation does
    read_list = lambda: context.catalogue.get(dictionary)  # noqa: E731
    return DefineResponse(**await context.run(work, context.rounds, prepare=read_list))


@router.post("/hint", response_model=HintResponse, responses=ERRORS, tags=["rounds"])
async def hint(request: HintRequest, context: Context) -> HintResponse:
    """A hint on a word the player has not found: its length and first letter, then its
    definition, then where its path starts (the ``given`` hints decide which); at most
    ``limit`` a round (a 400 past it); ``hint`` is null when no word is left."""
    if len(request.given) >= HINTS_PER_ROUND:
        raise ApiError(400, f"no hints left: {HINTS_PER_ROUND} a round")
    board = context.board(request.board)
    rules = context.rules_for(board, request.rules, request.min_length)
    language = dictionary_language(context, request.dictionary)

    def work() -> HintResponse:
        solution = with_levels(solve(board, context.catalogue.get(request.dictionary), rules))
        given = [(step[0], step[1]) for step in request.given]
        try:
            found = next_hint(
                solution,
                request.found,
                given,
                define=lambda word: hint_definition(word, language),
            )
        except NoWordsLeft as error:
            return HintResponse(
                hint=None, message=str(error), used=len(given), limit=HINTS_PER_ROUND
            )
        return HintResponse(
            hint=HintBody(**found.to_json()),  # type: ignore[arg-type]
            message=found.text,
            used=len(given) + 1,
            limit=HINTS_PER_ROUND,
        )

    return await context.run(
        work,
        context.rounds,
        prepare=lambda: levels_preparation(context.catalogue, request.dictionary),
        prepare_seconds=preparation_seconds(context),
    )


@router.post("/judge", response_model=JudgeResponse, responses=ERRORS, tags=["rounds"])
async def judge(request: JudgeRequest, context: Context) -> dict[str, Any]:
    """Judge a round: each player's words (a list, or one text of lines) counted, crossed
    off (found by more than one player), not a word, not on the board, too short or
    repeated; points and totals.  ``challenge`` applies the house rule (-1 / +1)."""
    limits = context.limits
    if len(request.players) > limits.max_players:
        raise ApiError(
            413,
            f"{counted(len(request.players), 'player')}; this server judges at most "
            f"{grouped(limits.max_players)}",
        )
    lists = [
        PlayerList.from_text(p.name, p.words, p.challenged)
        if isinstance(p.words, str)
        else PlayerList(p.name, tuple(p.words), frozenset(p.challenged))
        for p in request.players
    ]
    for player in lists:
        if len(player.entries) > limits.max_words_per_player:
            raise ApiError(
                413,
                f"player {player.name!r} has {counted(len(player.entries), 'word')}; this "
                f"server judges at most {grouped(limits.max_words_per_player)} a player",
            )
    board: Board | str
    try:
        board = context.board(request.board)
    except BoardError:
        board = request.board  # judged without it; the reason is in "problems"
    rules = context.rules_for(
        board if isinstance(board, Board) else None, request.rules, request.min_length
    )
    context.catalogue.check(request.dictionary)
    mode = request.challenge or default_challenge(lists)

    return await context.run_round(judge_work, board, lists, request.dictionary, rules, mode)


def check_work(
    lists: Catalogue,
    word: str,
    board: Board,
    dictionary: str | None,
    rules: Rules,
    setting: WordSetting = EVERY_WORD,
) -> tuple[WordCheck, bool, tuple[str, ...]]:
    """One word checked, whether it is a listed word outside ``setting``'s level, and how its
    language writes it where the list folds it (runs in a round worker)."""
    lexicon = lists.get(dictionary)
    verdict = check_word(word, board, lexicon, rules)
    outside = verdict.status is Status.COUNTED and setting.outside_list(lexicon, verdict.word)
    written = lexicon.written_forms().get(verdict.word, ()) if verdict.in_dictionary else ()
    return verdict, outside, written


def play_work(lists: Catalogue, request: PlayRequest, board: Board, rules: Rules) -> PlayResponse:
    """One player's round told entry by entry (runs in a round worker)."""
    setting = _word_setting(request.word_level, request.other_words)
    lexicon = lists.get(request.dictionary)
    whole = with_levels(solve(board, lexicon, rules))
    solution = setting.counted(whole)
    session = PlaySession(board, solution)
    feedback = []
    set_apart: list[str] = []
    for entry in request.words:
        said = session.submit(entry)
        status: Any = said.status
        message = said.message
        # a listed word of the board outside the level; a word off the board is off it
        if status == "not_on_board" and said.word in whole and setting.outside(whole, said.word):
            status = "set_apart" if setting.other_words == "zero" else "other_level"
            message = verdict_message(f"not a {setting.word_level} word", message)
            if status == "set_apart" and said.word not in set_apart:
                set_apart.append(said.word)
        feedback.append(
            PlayFeedback(
                word=said.word,
                status=status,
                label=FEEDBACK_LABELS[status],
                points=said.points,
                message=message,
            )
        )
    by_word = {found.word: found for found in solution.words}
    return PlayResponse(
        feedback=feedback,
        found=[found_entry(by_word[word], whole) for word in session.found],
        score=session.score,
        maximum=session.maximum,
        total=solution.count,
        missed=[missed_entry(w, whole) for w in session.missed()] if request.finished else None,
        set_apart=set_apart,
        levels=whole.level_counts(),
    )


def levels_preparation(catalogue: Catalogue, dictionary: str | None) -> None:
    """The list ``dictionary`` read and its words' levels computed (about 3 s for the
    default list with an empty frequency cache), where its rounds are made: the preparation
    of a round's job (:func:`play_work`, :func:`check_work` with a level, a solve), in its
    round process (or on a worker thread), before the job's time starts; nothing to do
    once done."""
    prepare_levels(catalogue.get(dictionary))


def offline_preparation(catalogue: Catalogue, dictionary: str | None, boards: list[Board]) -> None:
    """What offline rounds of ``boards`` read of ``dictionary``: its words' levels
    (:func:`levels_preparation`) and its index (if any of the boards reads it), built where
    they are made: the preparation of :func:`offline_work`'s job, in its round process (or
    on a round thread), before the job's time starts."""
    lexicon = catalogue.get(dictionary)
    prepare_levels(lexicon)
    prepare_offline(lexicon, boards)


def offline_work(
    lists: Catalogue,
    boards: list[Board],
    dictionary: str | None,
    rules: Rules,
    setting: WordSetting,
) -> list[dict[str, Any]]:
    """Each board kept for an offline round with what judging it needs (runs in a round
    worker)."""
    lexicon = lists.get(dictionary)
    return [offline_round(board, lexicon, rules, setting) for board in boards]


def judge_work(
    lists: Catalogue,
    board: Board | str,
    players: list[PlayerList],
    dictionary: str | None,
    rules: Rules,
    mode: str,
) -> dict[str, Any]:
    """A round judged (runs in a round worker)."""
    lexicon = lists.get(dictionary)
    result = judge_round(board, players, lexicon, rules, mode).to_json()
    result["dictionary"] = public_list(lexicon)
    return result


@router.get(
    "/health",
    response_model=HealthResponse,
    tags=["server"],
    responses={503: {"model": HealthResponse}},
)
async def health(context: Context, request: Request) -> JSONResponse:
    """``{"status": "ok"}`` while every pool of worker threads has a free thread;
    ``"saturated"`` with status 503 while one has none (work is stopped when it runs out
    of time, so this passes); ``"degraded"`` (status 200: rooms still play) while the
    rooms' results cannot be saved.  ``results`` says how saving goes and the results
    file's size on disk; ``rooms``, the rooms open, playing a round and their players
    connected (a restart when none is playing loses no round)."""
    workers = {pool.name: pool.status() for pool in context.pools}
    saturated = any(entry["saturated"] for entry in workers.values())
    rooms = getattr(request.app.state, "rooms", None)
    results = None if rooms is None else await asyncio.to_thread(rooms.store.health)
    status: Literal["ok", "saturated", "degraded"] = "saturated" if saturated else "ok"
    if not saturated and results is not None and results["saving"] != "ok":
        status = "degraded"
    counts = None if rooms is None else rooms.counts()
    body = HealthResponse(
        status=status, engine=default_engine(), workers=workers, results=results, rooms=counts
    )
    return JSONResponse(body.model_dump(), status_code=503 if saturated else 200)
