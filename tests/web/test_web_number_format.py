"""The API's error messages write numbers as the command line writes them: grouped by
thousands (``65,536 bytes``), with the same helper (:func:`boggle.model.wording.grouped`)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from boggle.model.wording import grouped

fastapi = pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient  # noqa: E402

from boggle.web.app import Limits, WebConfig, create_app  # noqa: E402

LIMITS = Limits(
    max_side=1_200,
    max_cells=1_500,
    max_body_bytes=300_000,
    max_words_per_player=1_000,
    solve_seconds=120.0,
)
"""Limits of four digits and more, so each message has a number to group."""

UNGROUPED = re.compile(r"(?<![\d,.'])\d{4,}(?![\d'])")
"""A number of four digits or more, written without a thousands separator (not inside a
quoted text, which is the client's own)."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(WebConfig(preload=False, limits=LIMITS))) as running:
        yield running


def error_of(client: TestClient, path: str, body: object) -> tuple[int, str]:
    response = client.post(
        path, content=json.dumps(body), headers={"content-type": "application/json"}
    )
    return response.status_code, str(response.json()["error"])


LIMIT_MESSAGES = [
    (
        "/api/solve",
        {"board": "a" * 1_600},  # 40x40 cubes
        413,
        "a 40x40 board (1,600 cells) is too large for this server: the limit is 1,200 rows and "
        "columns and 1,500 cells",
    ),
    (
        "/api/play",
        {"board": "abcd", "words": ["cat"] * 1_001},
        413,
        "1,001 words; this server takes at most 1,000 a round",
    ),
    (
        "/api/judge",
        {"board": "abcd", "players": [{"name": "ann", "words": ["cat"] * 1_001}]},
        413,
        "player 'ann' has 1,001 words; this server judges at most 1,000 a player",
    ),
    (
        "/api/solve",
        {"board": "abcd", "dictionary": "x" * 400_000},
        413,
        "the request body is over the limit of 300,000 bytes",
    ),
    (
        "/api/play",
        {"board": "abcd", "words": ["cat"] * 10_001},
        422,
        "words: List should have at most 10,000 items after validation, not 10,001",
    ),
    (
        "/api/roll",
        {"seed": -1_000},  # the seed given grouped as the limit is
        422,
        "seed: a seed is a whole number from 0 to 18,446,744,073,709,551,615, got -1,000",
    ),
]


@pytest.mark.parametrize(("path", "body", "status", "message"), LIMIT_MESSAGES)
def test_limit_messages_group_their_numbers(
    client: TestClient, path: str, body: object, status: int, message: str
) -> None:
    assert error_of(client, path, body) == (status, message)
    assert not UNGROUPED.search(message)


def test_the_librarys_board_limit_is_grouped(client: TestClient) -> None:
    status, message = error_of(client, "/api/solve", {"board": "a" * 1_001 + "/"})
    assert (status, message) == (
        400,
        "a 1x1001 board is too large: the limit is 1,000 rows and columns and 250,000 cells",
    )


def test_the_api_and_the_command_line_share_the_helper() -> None:
    from boggle.model.checks import whole_number

    with pytest.raises(Exception, match=grouped(10_000)):
        whole_number("top", 10_001, at_most=10_000)
    assert grouped(65_536) == "65,536" and grouped(0.5) == "0.5"
