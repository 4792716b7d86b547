"""Property-based API testing from the OpenAPI description (schemathesis): whatever a client
sends, valid or not, the server answers without a server error and as its schema says.

A schema-valid request may still be refused (400): a board's text has a grammar the schema
cannot express (equal rows, known faces) and list names are the server's, so the
"positive data is accepted" check is left out. Every other check runs on each request, the
"not a server error" one among them, on valid requests and invalid ones alike (schemathesis
generates both by default)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed")
pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")

from schemathesis.checks import positive_data_acceptance  # noqa: E402

from boggle.web.app import WebConfig, create_app  # noqa: E402

# Refusals this API makes on purpose: bad input (400), over time (408), over the size limits
# (413), wrong types (422).
REFUSALS = ["400", "408", "413", "422"]
# The client waits 90 s, past the server's own limits (60 s for the first /api/dictionaries,
# which counts the word lists): on a loaded machine that count took over schemathesis's
# default 10 s, and the server, not the client, is what says when work takes too long.
CONFIG = schemathesis.Config.from_dict(
    {
        "request-timeout": 90,
        "checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}},
    }
)
schema = schemathesis.openapi.from_asgi(
    "/openapi.json", create_app(WebConfig(preload=False)), config=CONFIG
)


# pytest 9.2 builds an item's id from its original name and its parametrize id, and
# schemathesis (4.32) puts the operation only in the name, so every operation of a test got the
# same id (pytest-xdist, which schedules by id, then ran two tests out of 36). Naming the checks
# with `pytest.mark.parametrize` makes schemathesis use the name with the operation as the
# original name: ids such as `test_...[POST /api/solve][schema-checks]`.
SCHEMA_CHECKS: dict[str, Any] = {"excluded_checks": [positive_data_acceptance]}


@schema.parametrize()
@pytest.mark.parametrize("checks", [SCHEMA_CHECKS], ids=["schema-checks"])
@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
def test_no_server_errors_and_answers_match_the_schema(case: Any, checks: dict[str, Any]) -> None:
    case.call_and_validate(**checks)
