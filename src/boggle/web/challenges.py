"""Challenges over HTTP: ``POST /api/challenges`` keeps a round (board, word list, rules,
seconds) under a code, ``GET /api/challenges/{code}`` gives it with everyone's results,
``POST /api/challenges/{code}/results`` adds one player's (judged here, by the library; the
answer, and ``GET`` with ``?name=``, lists the board's words that player missed), and
``/challenge/{code}`` is the page that plays it.  What a challenge is and how a result is
judged and ranked is :mod:`boggle.rooms.challenges`'s; they are kept in the rooms' results
file (``serve --data``).

>>> from fastapi.testclient import TestClient
>>> from boggle.web.app import create_app
>>> client = TestClient(create_app())
>>> made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu", "seconds": 60})
>>> code = made.json()["code"]
>>> posted = client.post(f"/api/challenges/{code}/results", json={"name": "ann", "words": ["fame"]})
>>> posted.status_code
201
>>> [(r["name"], r["score"]) for r in client.get(f"/api/challenges/{code}").json()["results"]]
[('ann', 1)]
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable
from typing import Annotated, Any, TypeVar
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from boggle.model.errors import LexiconError
from boggle.rooms.challenges import (
    Challenge,
    ChallengeLimits,
    ChallengeResult,
    ChallengeStore,
    CreationGate,
    missed_words,
)
from boggle.rooms.export import challenge_csv
from boggle.rooms.fields import DictionaryName, RulesName, StrictModel
from boggle.rooms.limits import RoomError, RoomLimits, name_key
from boggle.web.context import JsonRoute, WebContext, web_context
from boggle.web.lan import is_loopback_host
from boggle.web.middleware import address_key
from boggle.web.models import (
    ERRORS,
    BoardText,
    ErrorBody,
    FoundEntry,
    MinLength,
    RateLimitedBody,
    SolvedEntry,
)
from boggle.web.pages import page
from boggle.web.rooms import RoomService, csv_download, rate_limited_answer, room_service
from boggle.web.workers import WorkerPool
from boggle.wordlists.catalogue import Catalogue
from boggle.wordlists.offensive import NAME_REFUSED, offensive_name

router = APIRouter(route_class=JsonRoute)
Context = Annotated[WebContext, Depends(web_context)]
T = TypeVar("T")

_LIMITS = ChallengeLimits()
STATUS = {
    "unknown_challenge": 404,
    "bad_min_length": 422,
    "name_taken": 409,
    "full": 409,
    "too_many_words": 413,
    "rate_limited": 429,
}
"""The HTTP status of each refusal a challenge makes (any other: 400)."""


# --------------------------------------------------------------------------- shapes


class ChallengeRequest(StrictModel):
    """The round to challenge friends with, as it was played."""

    board: BoardText
    dictionary: DictionaryName = None
    rules: RulesName = None
    min_length: MinLength = None
    seconds: Annotated[int, Field(ge=_LIMITS.min_seconds, le=_LIMITS.max_seconds)] = 180


class ChallengeResultRequest(StrictModel):
    name: Annotated[str, Field(min_length=1, max_length=_LIMITS.max_name_length)]
    words: list[Annotated[str, Field(max_length=_LIMITS.max_word_length)]] = Field(
        default_factory=list,
        max_length=_LIMITS.max_words,
        description="the words entered in the round, in order (judged on the server)",
    )


class ChallengeCreated(BaseModel):
    code: str
    url: str
    """The page that plays it, on the address the request was sent to."""
    path: str


class ChallengeRules(BaseModel):
    name: str
    preset: str
    min_length: int
    scoring: dict[str, int]


class ChallengeResultBody(BaseModel):
    rank: int
    name: str
    score: int
    count: int
    words: list[FoundEntry]
    only: list[str]
    """The words nobody else found."""
    posted: float


class ChallengeBody(BaseModel):
    code: str
    board: str
    rows: int
    cols: int
    faces: list[list[str]]
    dictionary: str
    rules: ChallengeRules
    seconds: int
    maximum: int
    """The most points the board allows with this list and rules."""
    total: int
    created: float
    results: list[ChallengeResultBody]
    """Best first: most points, then most words, then the first posted."""
    missed: list[SolvedEntry] = Field(
        default=[],
        description="the board's words the player named (the result just posted, or `name`"
        " of the request) did not find, common first; [] when no player is named",
    )


class ChallengePosted(ChallengeBody):
    posted: ChallengeResultBody
    """The result just posted, as ranked among the others."""


CHALLENGE_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    404: {"model": ErrorBody, "description": "no challenge has this code"},
    409: {"model": ErrorBody, "description": "the name has a result, or the challenge is full"},
    429: {"model": RateLimitedBody, "description": "too many challenges created from this address"},
}


# --------------------------------------------------------------------------- the service


class ChallengeService:
    """The challenges of an app: in its rooms' results file, with a creation gate."""

    def __init__(self, store: ChallengeStore, rooms: RoomService | None = None) -> None:
        self.store = store
        self.gate = CreationGate(store.limits)
        self.rooms = rooms
        self.ready: set[str] = set()
        """The lists read whole for judging (:meth:`make_ready`)."""

    async def make_ready(self, name: str, catalogue: Catalogue) -> None:
        """Read the list ``name`` for judging, the first time: its words, their levels and
        written forms, the solver's index. This is done off the event loop and outside the
        time limit of the request's work: on a loaded machine, reading a list (a second or
        more) within that limit made a player's first result a 408, and it was not kept. A
        list this server cannot give is left to the work to refuse."""
        if name in self.ready:
            return
        try:
            if self.rooms is not None:
                lexicon = await self.rooms.lexicon_of(name)  # a room's warm-up, shared
            else:
                lexicon = await asyncio.to_thread(catalogue.get, name)
            await asyncio.to_thread(lambda: lexicon.word_set)  # the judge's `word in lexicon`
        except LexiconError:
            return
        self.ready.add(name)

    def players_from(self, address: str) -> int:
        """The room connections open from ``address``: each adds an allowance of
        challenges (a class of thirty behind one school address)."""
        return self.rooms.per_address.get(address, 0) if self.rooms is not None else 0


async def challenge_service(connection: HTTPConnection) -> ChallengeService:
    """The app's challenges, made on first use over the rooms' results file."""
    state = connection.app.state
    service: ChallengeService | None = getattr(state, "challenges", None)
    if service is None:
        rooms = await room_service(connection)
        limits = state.config.rooms.challenges
        service = state.challenges = ChallengeService(ChallengeStore(rooms.store, limits), rooms)
    return service


Service = Annotated[ChallengeService, Depends(challenge_service)]


def _refusal(error: RoomError) -> JSONResponse:
    status = STATUS.get(error.code, 400)
    if status == 429:
        return rate_limited_answer(error)
    return JSONResponse({"error": error.message, "status": status}, status_code=status)


def _not_stored(error: sqlite3.Error) -> JSONResponse:
    message = f"challenges cannot be read or stored on this server now ({error}); try again later"
    return JSONResponse({"error": message, "status": 503}, status_code=503)


async def _answer(
    context: WebContext, work: Callable[[], T], pool: WorkerPool | None = None
) -> T | JSONResponse:
    """``work``'s answer (on a worker thread), or its refusal or storage failure as the
    JSON error."""
    try:
        return await context.run(work, pool)
    except RoomError as error:
        return _refusal(error)
    except sqlite3.Error as error:
        return _not_stored(error)


async def _found(
    code: str, context: WebContext, service: ChallengeService
) -> Challenge | JSONResponse:
    """The challenge of ``code`` with its list read for judging, or the JSON error."""
    found = await _answer(context, lambda: service.store.find(code), context.rounds)
    if not isinstance(found, JSONResponse):
        await service.make_ready(found.dictionary, context.catalogue)
    return found


def _body(
    challenge: Challenge,
    results: list[ChallengeResult],
    context: WebContext,
    player: str | None = None,
) -> dict[str, Any]:
    """The challenge and its results, each result's words with how their language writes
    those its list folds (``written``); with ``player``, a name with a result (any case),
    the board's words that result missed (``missed``)."""
    try:
        lexicon = context.catalogue.get(challenge.dictionary)
    except LexiconError:  # a list this server no longer offers: the words as they were kept
        lexicon = None
    written = lexicon.written_forms() if lexicon is not None else {}
    shown = [r.to_json() for r in results]
    for word in (word for result in shown for word in result["words"]):
        word["written"] = list(written.get(word["word"], ()))  # as FoundEntry: [] for none
    mine = next((r for r in results if player and name_key(r.name) == name_key(player)), None)
    missed = (
        missed_words(challenge, mine, lexicon, RoomLimits().max_unfound_shown)
        if mine is not None and lexicon is not None
        else []
    )
    for entry in missed:
        entry.setdefault("written", [])  # as SolvedEntry: [] for a word written as held
    return {**challenge.to_json(), "results": shown, "missed": missed}


# --------------------------------------------------------------------------- routes


def share_origin(request: Request, share_urls: tuple[str, ...]) -> str:
    """Where other devices reach this server, as the pages' ``shareOrigin`` (board.js) says:
    the first of its network addresses (``boggle serve --lan``) when the request came to a
    loopback address (useless to a friend), else the address the request came to."""
    asked = str(request.base_url).rstrip("/")
    if is_loopback_host(request.url.hostname or "") and share_urls:
        shared = urlsplit(share_urls[0])
        return f"{shared.scheme}://{shared.netloc}"
    return asked


@router.post(
    "/api/challenges",
    tags=["challenges"],
    status_code=201,
    response_model=ChallengeCreated,
    responses=CHALLENGE_ERRORS,
)
async def create_challenge(
    body: ChallengeRequest, request: Request, context: Context, service: Service
) -> Any:
    """Keep a round (board, word list, rules, seconds) for friends to play: its code and
    the address of the page that plays it.  Creations are rate-limited per address."""
    board = context.board(body.board)
    context.rules_for(board, body.rules, body.min_length)  # refused before the rate limit
    context.catalogue.check(body.dictionary)
    dictionary = body.dictionary or context.catalogue.default
    address = address_key(request.client)  # an IPv6 client by its /64, as rooms count
    try:
        service.gate.admit(address, time.monotonic(), service.players_from(address))
    except RoomError as error:
        return _refusal(error)
    await service.make_ready(dictionary, context.catalogue)

    def work() -> Challenge:
        lexicon = context.catalogue.get(dictionary)
        return service.store.create(
            board, dictionary, lexicon, body.rules, body.min_length, body.seconds
        )

    challenge = await _answer(context, work)
    if isinstance(challenge, JSONResponse):
        return challenge
    path = f"/challenge/{challenge.code}"
    url = share_origin(request, context.config.share_urls) + path
    return JSONResponse({"code": challenge.code, "url": url, "path": path}, status_code=201)


@router.get(
    "/api/challenges/{code}",
    tags=["challenges"],
    response_model=ChallengeBody,
    responses=CHALLENGE_ERRORS,
)
async def get_challenge(
    code: str, context: Context, service: Service, name: str | None = None
) -> Any:
    """The round to play and everyone's results, best first, each with the words only
    they found; with ``name`` (a player with a result), the board's words they missed."""

    found = await _found(code, context, service)
    if isinstance(found, JSONResponse):
        return found

    def work() -> dict[str, Any]:
        return _body(service.store.find(code), service.store.results(code), context, name)

    return await _answer(context, work, context.rounds)


@router.get("/api/challenges/{code}/results.csv", tags=["challenges"], responses=CHALLENGE_ERRORS)
async def challenge_results_csv(code: str, context: Context, service: Service) -> Any:
    """Everyone's results as a spreadsheet (CSV), best first: a row a player with the
    points, the words counted and those only they found
    (:func:`boggle.rooms.export.challenge_csv`)."""
    answer = await get_challenge(code, context, service)
    if isinstance(answer, JSONResponse):
        return answer
    return csv_download(challenge_csv(answer), f"boggle-challenge-{answer['code']}.csv")


@router.post(
    "/api/challenges/{code}/results",
    tags=["challenges"],
    status_code=201,
    response_model=ChallengePosted,
    responses=CHALLENGE_ERRORS,
)
async def post_result(
    code: str, body: ChallengeResultRequest, context: Context, service: Service
) -> Any:
    """One player's words, judged here with the challenge's board, list and rules (a score
    is never taken from the client); a name has one result (409 for a second).  The
    answer is the challenge with every result, and the one posted."""
    found = await _found(code, context, service)
    if isinstance(found, JSONResponse):
        return found

    def work() -> dict[str, Any]:
        challenge = service.store.find(code)
        if context.catalogue.leave_out_offensive and offensive_name(body.name):
            raise RoomError("bad_name", NAME_REFUSED)
        lexicon = context.catalogue.get(challenge.dictionary)
        mine = service.store.post(challenge.code, body.name, body.words, lexicon)
        results = service.store.results(challenge.code)
        shown = _body(challenge, results, context, mine.name)
        return {**shown, "posted": next(r for r in shown["results"] if r["name"] == mine.name)}

    answer = await _answer(context, work, context.rounds)
    if isinstance(answer, JSONResponse):
        return answer
    return JSONResponse(answer, status_code=201)


@router.get("/challenge/{code}", include_in_schema=False)
async def challenge_page(code: str) -> HTMLResponse:
    return page("challenge.html")
