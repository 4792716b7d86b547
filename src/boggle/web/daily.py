"""The daily board over HTTP: the page ``/daily``, ``GET /api/daily`` (the board of a
date) and ``POST /api/daily/result`` (a round's words judged, the line to share).  What
the board is and how the line reads is :mod:`boggle.rooms.daily`'s.

>>> from fastapi.testclient import TestClient
>>> from boggle.web.app import create_app
>>> client = TestClient(create_app())
>>> client.get("/api/daily", params={"date": "2026-11-23"}).json()["rows"]
4
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from boggle.engines import solve
from boggle.game import Status, judge_round
from boggle.game.word_setting import WordSetting, unfound_json, with_levels
from boggle.model.errors import BoggleError
from boggle.model.render import board_json
from boggle.model.rules import rules_for_board
from boggle.rooms import daily
from boggle.rooms.fields import OtherWords, WordLevel
from boggle.rooms.limits import RoomError, RoomLimits
from boggle.web.context import JsonRoute, WebContext, web_context
from boggle.web.models import ERRORS
from boggle.web.pages import page
from boggle.wordlists.catalogue import Catalogue

router = APIRouter(route_class=JsonRoute)
Context = Annotated[WebContext, Depends(web_context)]


class DailyResult(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    date: Annotated[str, Field(max_length=10)]
    dictionary: Annotated[str | None, Field(default=None, max_length=64)] = None
    size: Annotated[int, Field(ge=4, le=6)] = 4
    words: list[Annotated[str, Field(max_length=40)]] = Field(default_factory=list, max_length=500)
    word_level: WordLevel = "all"
    other_words: OtherWords = "refused"


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message, "status": status}, status_code=status)


def _pick_list(lists: Catalogue, name: str | None) -> str:
    if name is None:
        return lists.default
    if name not in lists.names():
        raise RoomError("bad_dictionary", f"unknown word list {name[:64]!r}")
    return name


@router.get("/api/daily", tags=["daily"], responses=ERRORS)
async def daily_board(
    context: Context,
    date: Annotated[str | None, Query(max_length=10)] = None,
    dictionary: Annotated[str | None, Query(max_length=64)] = None,
    size: Annotated[int, Query(ge=4, le=6)] = 4,
) -> Any:
    """The board of the day (today in UTC unless ``date`` says YYYY-MM-DD)."""
    try:
        day = daily.parse_date(date)
        chosen = _pick_list(context.catalogue, dictionary)
    except RoomError as error:
        return _error(400, error.message)
    lexicon = await context.run(lambda: context.catalogue.get(chosen))  # its language rolls
    board = daily.daily_board(day, chosen, size, lexicon)
    return {
        "date": day.isoformat(),
        "dictionary": chosen,
        "size": size,
        **board_json(board),
        "rules": rules_for_board(board.rows, board.cols).to_json(),
        "seconds": daily.DAILY_SECONDS,
    }


@router.post("/api/daily/result", tags=["daily"], responses=ERRORS)
async def daily_result(request: DailyResult, context: Context) -> Any:
    """Judge a daily round's words: score, percent of the maximum, the line to share."""
    try:
        day = daily.parse_date(request.date)
        chosen = _pick_list(context.catalogue, request.dictionary)
    except RoomError as error:
        return _error(400, error.message)
    lexicon = await context.run(lambda: context.catalogue.get(chosen))  # its language rolls
    board = daily.daily_board(day, chosen, request.size, lexicon)
    rules = rules_for_board(board.rows, board.cols)
    shown = RoomLimits().max_unfound_shown
    try:
        setting = WordSetting.from_json(
            {"word_level": request.word_level, "other_words": request.other_words}
        )
    except BoggleError as error:
        return _error(400, str(error))

    def work() -> dict[str, Any]:
        whole = with_levels(solve(board, lexicon, rules))
        solution = setting.counted(whole)
        typed = [word.strip().lower() for word in request.words]
        outside = [word for word in typed if word in whole and setting.outside(whole, word)]
        kept = [
            entry for entry, word in zip(request.words, typed, strict=True) if word not in outside
        ]
        judged = judge_round(board, {"you": kept}, lexicon, rules)
        result = judged.player("you")
        good = {v.word for v in result.verdicts if v.status is Status.COUNTED}
        return {
            "date": day.isoformat(),
            "board": str(board),
            "score": result.score,
            "words": len(good),
            "maximum": solution.score,
            "percent": round(100 * result.score / solution.score) if solution.score else 0,
            "share": daily.share_line(
                day,
                context.catalogue.title(chosen),
                request.size,
                result.score,
                len(good),
                solution.score,
            ),
            "verdicts": judged.player_json(result)["words"],
            "unfound": unfound_json(whole, good | set(outside), shown),
            "unfound_count": sum(w.word not in good and w.word not in outside for w in whole.words),
            "levels": whole.level_counts(),
            **setting.to_json(),
            "set_apart": list(dict.fromkeys(outside)) if setting.other_words == "zero" else [],
        }

    return await context.run(work, context.rounds)


@router.get("/daily", include_in_schema=False)
async def daily_page() -> HTMLResponse:
    return page("daily.html")
