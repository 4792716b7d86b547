"""Challenge a friend: the API that makes a challenge of a round, gives its board and
results, and takes a player's words (judged again here), and the page that plays it.
The library decides (:mod:`boggle.rooms.challenges`); this only translates.

>>> from fastapi.testclient import TestClient
>>> from boggle.web.app import WebConfig, create_app
>>> client = TestClient(create_app(WebConfig(preload=False)))
>>> made = client.post("/api/challenges", json={"board": "fxie amlo ewbx astu", "seconds": 60})
>>> made.status_code, made.json()["url"] == "/challenge/" + made.json()["code"]
(201, True)
>>> client.get("/api/challenges/AAAAAA").json()
{'error': 'no challenge has the code AAAAAA', 'status': 404}
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from boggle.board import Board
from boggle.engines import solve
from boggle.render import faces
from boggle.rooms.challenges import ChallengeError, ChallengeStore, NameTaken, judge_entries
from boggle.web.context import ApiError, WebContext, web_context
from boggle.web.models import ERRORS, ErrorBody
from boggle.web.pages import page

router = APIRouter()
Context = Annotated[WebContext, Depends(web_context)]
Code = Annotated[str, Path(max_length=12, description="the challenge's code, e.g. ABC234")]
CHALLENGE_ERRORS: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    404: {"model": ErrorBody, "description": "no challenge has this code"},
    409: {"model": ErrorBody, "description": "this name has played the challenge already"},
}


def challenge_store(connection: HTTPConnection) -> ChallengeStore:
    """The app's challenges, in the rooms' SQLite file (made on first use)."""
    state = connection.app.state
    if getattr(state, "challenges", None) is None:
        state.challenges = ChallengeStore(state.config.rooms.data_dir)
    store: ChallengeStore = state.challenges
    return store


Store = Annotated[ChallengeStore, Depends(challenge_store)]


class ChallengeRequest(BaseModel):
    board: str = Field(max_length=2000, examples=["fxie amlo ewbx astu"])
    dictionary: str | None = Field(default=None, max_length=100)
    rules: str | None = Field(default=None, max_length=20, description="classic or big")
    seconds: int = Field(default=180, ge=5, le=3600)


class ChallengeMade(BaseModel):
    code: str
    url: str
    """The page that plays it, on this server: ``/challenge/CODE``."""


class ChallengeWord(BaseModel):
    word: str
    points: int


class ChallengeResult(BaseModel):
    name: str
    score: int
    words: list[ChallengeWord]
    only_you: list[str]
    """The words no other player of the challenge found."""


class ChallengeResponse(BaseModel):
    code: str
    board: str
    faces: list[list[str]]
    dictionary: str
    rules: str | None
    seconds: int
    results: list[ChallengeResult]
    """Everyone's, best first."""


class ChallengeResultRequest(BaseModel):
    name: str = Field(min_length=1, max_length=24)
    words: list[Annotated[str, Field(max_length=40)]] = Field(max_length=2000)


def _find(store: ChallengeStore, code: str) -> dict[str, Any]:
    found = store.challenge(code.upper())
    if found is None:
        raise ApiError(404, f"no challenge has the code {code[:12]}")
    return found


def _answer(code: str, challenge: dict[str, Any], store: ChallengeStore) -> ChallengeResponse:
    return ChallengeResponse(
        code=code,
        board=challenge["board"],
        faces=faces(Board.parse(challenge["board"])),
        dictionary=challenge["dictionary"],
        rules=challenge["rules"],
        seconds=challenge["seconds"],
        results=[ChallengeResult(**result) for result in store.results(code)],
    )


@router.post(
    "/api/challenges",
    status_code=201,
    response_model=ChallengeMade,
    responses=CHALLENGE_ERRORS,
    tags=["challenges"],
)
async def make_challenge(
    request: ChallengeRequest, context: Context, store: Store
) -> ChallengeMade:
    """A challenge of a round: the same board, word list, rules and time for whoever opens
    its page."""
    board = context.board(request.board)
    context.rules_for(board, request.rules)  # an unknown rules name: 400 now
    context.catalogue.check(request.dictionary)
    settings = {
        "board": str(board),
        "dictionary": request.dictionary or context.catalogue.default,
        "rules": request.rules,
        "seconds": request.seconds,
    }
    code = await context.run(lambda: store.create(settings))
    return ChallengeMade(code=code, url=f"/challenge/{code}")


@router.get(
    "/api/challenges/{code}",
    response_model=ChallengeResponse,
    responses=CHALLENGE_ERRORS,
    tags=["challenges"],
)
async def get_challenge(code: Code, store: Store, context: Context) -> ChallengeResponse:
    """The challenge's board, word list, rules and time, and everyone's results, best first."""
    challenge = _find(store, code)
    return await context.run(lambda: _answer(code.upper(), challenge, store))


@router.post(
    "/api/challenges/{code}/results",
    response_model=ChallengeResponse,
    responses=CHALLENGE_ERRORS,
    tags=["challenges"],
)
async def post_result(
    code: Code, request: ChallengeResultRequest, store: Store, context: Context
) -> ChallengeResponse:
    """A player's words for the challenge, judged again here: each must count (400 names
    the first that does not); a name (any case) plays once (409).  The answer: the challenge
    with everyone's results."""
    challenge = _find(store, code)
    name = request.name.strip()
    if not name:
        raise ApiError(422, "name: a name is needed")
    if len(request.words) > context.limits.max_words_per_player:
        raise ApiError(
            413, f"{len(request.words)} words; at most {context.limits.max_words_per_player}"
        )
    board = context.board(challenge["board"])
    rules = context.rules_for(board, challenge["rules"])

    def work() -> ChallengeResponse:
        solution = solve(board, context.catalogue.get(challenge["dictionary"]), rules)
        try:
            result = judge_entries(board, solution, list(request.words))
            store.add_result(code.upper(), name, result)
        except NameTaken as taken:
            raise ApiError(409, str(taken)) from None
        except ChallengeError as refused:
            raise ApiError(400, str(refused)) from None
        return _answer(code.upper(), challenge, store)

    return await context.run(work, context.rounds)


@router.get("/challenge/{code}", include_in_schema=False)
async def challenge_page(code: str) -> HTMLResponse:
    return page("challenge.html")
