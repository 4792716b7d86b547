"""The challenges API: a round kept under a code, results judged on the server whatever a
client claims, one result a name, the documented errors for tampered or bad posts, the
rate limit on creating, and results that outlive `boggle serve` with the same --data."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (fastapi) is not installed")
from fastapi.testclient import TestClient
from serve_process import get_json, serving

from boggle import Board, judge_round, load_lexicon, solve
from boggle.rooms import ChallengeLimits, RoomsConfig
from boggle.web.app import WebConfig, create_app
from boggle.web.context import Limits

FXIE = "fxie amlo ewbx astu"
LEXICON = load_lexicon()
SOLUTION = solve(Board.parse(FXIE), LEXICON)
WORDS = [w.word for w in SOLUTION.words]


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app(WebConfig(preload=False)))


def create(client: TestClient, **fields: Any) -> str:
    answer = client.post("/api/challenges", json={"board": FXIE, "seconds": 90, **fields})
    assert answer.status_code == 201, answer.text
    code: str = answer.json()["code"]
    return code


def assert_error(answer: Any, status: int, words: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["status"] == status and words in body["error"], body


def test_a_challenge_keeps_the_board_list_rules_and_time(client: TestClient) -> None:
    made = client.post(
        "/api/challenges",
        json={"board": FXIE, "dictionary": "en-70", "rules": "classic", "min_length": 4,
              "seconds": 75},
    )  # fmt: skip
    assert made.status_code == 201
    code, url = made.json()["code"], made.json()["url"]
    assert (
        url == f"http://testserver/challenge/{code}" and made.json()["path"] == f"/challenge/{code}"
    )
    shown = client.get(f"/api/challenges/{code.lower()}").json()
    assert (shown["board"], shown["dictionary"], shown["seconds"]) == (FXIE, "en-70", 75)
    assert shown["rules"]["preset"] == "classic" and shown["rules"]["min_length"] == 4
    assert shown["faces"][0] == ["f", "x", "i", "e"] and shown["results"] == []
    four = [w for w in SOLUTION.words if len(w.word) >= 4]
    assert shown["total"] == len(four) and shown["maximum"] == sum(w.points for w in four)
    page = client.get(f"/challenge/{code}")
    assert page.status_code == 200 and 'src="/static/challenge.js"' in page.text


def test_a_challenge_asked_on_the_machine_itself_links_to_its_network_address() -> None:
    # boggle serve --lan: an API client on the server's machine (127.0.0.1) gets the link a
    # friend can open, as the pages' shareOrigin gives; asked at a network address, that one
    shared = ("http://192.168.1.20:8000/", "http://studio:8000/")
    app = create_app(WebConfig(preload=False, share_urls=shared))
    for asked in ("http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"):
        made = TestClient(app, base_url=asked).post("/api/challenges", json={"board": FXIE})
        assert made.status_code == 201, made.text
        assert made.json()["url"] == f"http://192.168.1.20:8000/challenge/{made.json()['code']}"
    made = TestClient(app, base_url="http://testserver").post(
        "/api/challenges", json={"board": FXIE}
    )
    assert made.json()["url"] == f"http://testserver/challenge/{made.json()['code']}"
    alone = TestClient(create_app(WebConfig(preload=False)), base_url="http://127.0.0.1:8000")
    made = alone.post("/api/challenges", json={"board": FXIE})  # no --lan: no other address
    assert made.json()["url"] == f"http://127.0.0.1:8000/challenge/{made.json()['code']}"


def test_words_not_on_the_board_or_not_words_score_nothing(client: TestClient) -> None:
    code = create(client)
    tampered = [WORDS[0], "quizzically", "zzzz", WORDS[0], WORDS[1], "xylophone"]
    answer = client.post(
        f"/api/challenges/{code}/results", json={"name": "mallory", "words": tampered}
    )
    assert answer.status_code == 201
    posted = answer.json()["posted"]
    expected = judge_round(FXIE, {"mallory": tampered}, LEXICON).player("mallory")
    assert posted["score"] == expected.score == sum(w.points for w in SOLUTION.words[:2])
    assert [w["word"] for w in posted["words"]] == WORDS[:2]
    assert posted["count"] == 2


def test_a_claimed_score_is_refused_not_taken(client: TestClient) -> None:
    code = create(client)
    answer = client.post(
        f"/api/challenges/{code}/results", json={"name": "eve", "words": [], "score": 999}
    )
    assert_error(answer, 422, "score")
    assert client.get(f"/api/challenges/{code}").json()["results"] == []


def test_the_same_name_twice_is_409_whatever_its_case(client: TestClient) -> None:
    code = create(client)
    first = client.post(f"/api/challenges/{code}/results", json={"name": "ann", "words": WORDS[:3]})
    assert first.status_code == 201
    again = client.post(f"/api/challenges/{code}/results", json={"name": " ANN", "words": WORDS})
    assert_error(again, 409, "has a result")
    results = client.get(f"/api/challenges/{code}").json()["results"]
    assert [(r["name"], r["count"]) for r in results] == [("ann", 3)]


@pytest.mark.parametrize("code", ["ABCDEFGH", "nothere", "ABCDEF10", "A" * 200])
def test_an_unknown_code_is_404_json(client: TestClient, code: str) -> None:
    assert_error(client.get(f"/api/challenges/{code}"), 404, "no challenge")
    answer = client.post(f"/api/challenges/{code}/results", json={"name": "ann", "words": []})
    assert_error(answer, 404, "no challenge")


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"name": "", "words": []}, 422, "name"),
        ({"name": "x" * 25, "words": []}, 422, "name"),
        ({"name": "   ", "words": []}, 400, "printable"),
        ({"name": "a\tb\x07", "words": []}, 400, "printable"),
        ({"name": "ann", "words": "fame"}, 422, "words"),
        ({"name": "ann", "words": ["x" * 41]}, 422, "words"),
        ({"name": "ann", "words": ["fame"] * 301}, 422, "words"),
        ({"name": 5, "words": []}, 422, "name"),
        ({"words": []}, 422, "name"),
    ],
)
def test_a_bad_result_body_is_a_4xx_json_error(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    code = create(client)
    assert_error(client.post(f"/api/challenges/{code}/results", json=body), status, words)


def test_a_body_that_is_not_json_is_422(client: TestClient) -> None:
    code = create(client)
    answer = client.post(
        f"/api/challenges/{code}/results",
        content=b"{name",
        headers={"Content-Type": "application/json"},
    )
    assert_error(answer, 422, "not JSON")


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"board": FXIE, "seconds": 4}, 422, "seconds"),
        ({"board": FXIE, "seconds": 3601}, 422, "seconds"),
        ({"board": FXIE, "dictionary": "nope"}, 400, "unknown word list"),
        ({"board": FXIE, "rules": "house"}, 422, "rules"),
        ({"board": FXIE, "min_length": 17}, 422, "min_length must be from 1 to 16 on this board"),
        ({"board": "q[th] ab", "min_length": 7}, 422, "must be from 1 to 6 on this board"),
        ({"board": "ab cde"}, 400, "row"),
        ({"board": "/".join(["a" * 21] * 21)}, 413, "the limit is 20 rows and columns"),
        ({"seconds": 60}, 422, "board"),
        ({"board": FXIE, "extra": 1}, 422, "extra"),
    ],
)
def test_a_bad_challenge_is_a_4xx_json_error(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    assert_error(client.post("/api/challenges", json=body), status, words)


def test_results_are_best_first_with_the_words_only_each_found(client: TestClient) -> None:
    code = create(client)
    post = f"/api/challenges/{code}/results"
    assert client.post(post, json={"name": "ann", "words": WORDS[:2]}).status_code == 201
    answer = client.post(post, json={"name": "bob", "words": WORDS[1:6]})
    assert answer.json()["posted"]["rank"] == 1
    results = answer.json()["results"]
    assert [r["name"] for r in results] == ["bob", "ann"]
    assert results[0]["only"] == WORDS[2:6] and results[1]["only"] == WORDS[:1]


def test_a_player_who_found_no_word_is_given_the_board_s_words_missed(
    client: TestClient,
) -> None:
    """A player who found nothing, on a challenge nobody else had found anything in, was
    offered no missed word: the results held only the words the players found. The answer to
    a post, and `GET` with the player's `name` (any case, as after a reload), list the words
    of the board that player did not find, common first, as a daily round's results do."""
    code = create(client)
    client.post(f"/api/challenges/{code}/results", json={"name": "ann", "words": []})
    posted = client.post(f"/api/challenges/{code}/results", json={"name": "bob", "words": []})
    assert posted.status_code == 201, posted.text
    missed = posted.json()["missed"]
    assert sorted(entry["word"] for entry in missed) == sorted(WORDS)
    assert all({"word", "points", "path", "written"} <= set(entry) for entry in missed)
    again = client.get(f"/api/challenges/{code}", params={"name": "BOB"}).json()["missed"]
    assert again == missed
    cy = client.post(f"/api/challenges/{code}/results", json={"name": "cy", "words": WORDS[:2]})
    assert sorted(entry["word"] for entry in cy.json()["missed"]) == sorted(WORDS[2:])
    assert client.get(f"/api/challenges/{code}").json()["missed"] == []  # nobody named
    unknown = client.get(f"/api/challenges/{code}", params={"name": "dan"}).json()
    assert unknown["missed"] == []


def test_a_spanish_challenge_s_results_say_how_its_words_are_written(client: TestClient) -> None:
    code = create(client, board="aer aea xxx", dictionary="es")
    post = f"/api/challenges/{code}/results"
    posted = client.post(post, json={"name": "ann", "words": ["aerea", "era"]}).json()["posted"]
    written = {word["word"]: word.get("written") for word in posted["words"]}
    assert written == {"aerea": ["aérea"], "era": []}
    again = client.get(f"/api/challenges/{code}").json()["results"][0]["words"]
    assert {word["word"]: word.get("written") for word in again} == written


def test_a_full_challenge_refuses_more_results() -> None:
    config = WebConfig(preload=False, rooms=RoomsConfig(challenges=ChallengeLimits(max_results=2)))
    client = TestClient(create_app(config))
    code = create(client)
    for name in ("ann", "bob"):
        assert (
            client.post(f"/api/challenges/{code}/results", json={"name": name}).status_code == 201
        )
    assert_error(client.post(f"/api/challenges/{code}/results", json={"name": "cat"}), 409, "most")


def test_creating_is_rate_limited_per_address_with_retry_after() -> None:
    limits = ChallengeLimits(per_address=3, seconds_per_challenge=60)
    client = TestClient(create_app(WebConfig(preload=False, rooms=RoomsConfig(challenges=limits))))
    for _ in range(3):
        create(client)
    refused = client.post("/api/challenges", json={"board": FXIE})
    assert_error(refused, 429, "too many challenges")
    assert int(refused.headers["retry-after"]) == refused.json()["retry_after"] > 0
    assert set(refused.json()) == {"error", "status", "retry_after"}


def test_a_list_slow_to_read_does_not_lose_the_first_result() -> None:
    """On a loaded machine (load 20 on 2 cores) the first result of a challenge read its word
    list (its words, their levels) within the 5 s limit of the request's work, and was
    answered 408 and not kept. The list is read before the work's time starts, once."""
    from boggle.wordlists.lexicon import Lexicon

    reads = []

    def read_slowly() -> tuple[str, ...]:
        reads.append(1)
        time.sleep(1.5)  # past the limit below: a list read on a starved machine
        return LEXICON.words

    slow = Lexicon._normalised(None, LEXICON.name)  # read on first use, as a summarised list
    slow._read_words = read_slowly
    config = WebConfig(preload=False, limits=Limits(solve_seconds=1.0))
    client = TestClient(create_app(config))
    client.app.state.context.catalogue.get = lambda name: slow  # type: ignore[attr-defined]
    code = create(client)
    posted = client.post(f"/api/challenges/{code}/results", json={"name": "ann", "words": WORDS})
    assert posted.status_code == 201, posted.text
    assert posted.json()["posted"]["score"] == sum(w.points for w in SOLUTION.words)
    assert client.get(f"/api/challenges/{code}").json()["results"][0]["name"] == "ann"
    assert reads == [1]


def test_the_routes_are_in_the_openapi_description(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "post" in paths["/api/challenges"]
    assert "get" in paths["/api/challenges/{code}"]
    assert "post" in paths["/api/challenges/{code}/results"]
    assert "404" in paths["/api/challenges/{code}"]["get"]["responses"]
    assert "409" in paths["/api/challenges/{code}/results"]["post"]["responses"]
    for path in ("/api/challenges", "/api/rooms/{code}", "/api/rooms/{code}/results"):
        method = "post" if path == "/api/challenges" else "get"
        refused = paths[path][method]["responses"]["429"]["content"]["application/json"]
        assert refused["schema"] == {"$ref": "#/components/schemas/RateLimitedBody"}


def test_results_survive_a_restart_with_the_same_data_dir(tmp_path: Path) -> None:
    with serving(tmp_path, warm=False) as server:
        made = get_json(f"{server.url}/api/challenges", {"board": FXIE, "seconds": 60})
        code = made["code"]
        assert made["url"] == f"{server.url}/challenge/{code}"
        get_json(f"{server.url}/api/challenges/{code}/results", {"name": "ann", "words": WORDS[:4]})
    with serving(tmp_path, warm=False) as again:
        shown = get_json(f"{again.url}/api/challenges/{code}")
    assert shown["board"] == FXIE and shown["seconds"] == 60
    assert [(r["name"], r["count"]) for r in shown["results"]] == [("ann", 4)]
    assert shown["results"][0]["score"] == sum(w.points for w in SOLUTION.words[:4])


def test_a_results_file_that_cannot_be_used_is_503_json_not_a_traceback() -> None:
    app = create_app(WebConfig(preload=False))
    client = TestClient(app)
    code = create(client)
    app.state.rooms.store.close()  # as a file gone bad under the server
    assert_error(client.get(f"/api/challenges/{code}"), 503, "cannot be read or stored")
    answer = client.post(f"/api/challenges/{code}/results", json={"name": "ann"})
    assert_error(answer, 503, "try again later")
    assert_error(client.post("/api/challenges", json={"board": FXIE}), 503, "or stored")


def test_the_creation_limit_counts_an_ipv6_network_not_each_address() -> None:
    limits = ChallengeLimits(per_address=2, seconds_per_challenge=60)
    app = create_app(WebConfig(preload=False, rooms=RoomsConfig(challenges=limits)))
    for host in ("2001:db8::1", "2001:db8::2"):
        create(TestClient(app, client=(host, 50000)))
    same_network = TestClient(app, client=("2001:db8::ffff:3", 50000))
    refused = same_network.post("/api/challenges", json={"board": FXIE})
    assert_error(refused, 429, "too many challenges")
    create(TestClient(app, client=("2001:db8:1::1", 50000)))  # another /64 has its own
