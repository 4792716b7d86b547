"""The limits and settings a library user builds (a server's, its rooms', a room's) refuse a
bool or a float for a count and NaN, infinity or a negative for a time, by name and in one
line, as the search, proof and stats options do; their own values and good ones are taken.

Before, ``RoomLimits(max_players=2.5)`` or ``Limits(worker_threads=True)`` was taken and
went wrong later (a pool of ``True`` threads, a room of two and a half players)."""

from __future__ import annotations

import dataclasses
import importlib
import math
import typing
from importlib.util import find_spec
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boggle import BoggleError

ZERO_MEANS_NONE = {
    "boggle.rooms.limits:RoomLimits": {
        "rooms_per_connection",
        "seconds_per_room_per_connection",
        "rooms_per_address",
        "seconds_per_room_per_address",
        "max_sockets_per_address",
        "max_unfound_shown",
        "word_wait_seconds",
        "host_grace_seconds",
    },
    "boggle.rooms.challenges:ChallengeLimits": {"per_address", "seconds_per_challenge"},
    "boggle.rooms.config:RoomsConfig": set(),
    "boggle.rooms.settings:RoomSettings": set(),
    "boggle.web.context:Limits": {"round_processes", "offline_boards"},
    "boggle.web.server:ServerLimits": set(),
}
"""Each class checked, and its fields where 0 means no limit (the others are at least 1,
or more than 0)."""

WEB_EXTRA = ("fastapi", "uvicorn")


def _fields() -> list[Any]:
    """``(class, field, int or float, whether 0 is taken)`` for every number field."""
    found: list[Any] = []
    for where, zero in ZERO_MEANS_NONE.items():
        module, name = where.split(":")
        missing = [m for m in WEB_EXTRA if find_spec(m) is None]
        if module.startswith("boggle.web") and missing:
            reason = f"the web extra ({missing[0]}) is not installed"
            found.append(pytest.param(None, where, int, False, marks=pytest.mark.skip(reason)))
            continue
        kind = getattr(importlib.import_module(module), name)
        hints = typing.get_type_hints(kind)
        for item in dataclasses.fields(kind):
            hint = hints[item.name]
            number = next((t for t in (int, float) if hint in (t, t | None)), None)
            if number is not None:
                found.append(
                    pytest.param(
                        kind, item.name, number, item.name in zero, id=f"{name}.{item.name}"
                    )
                )
    return found


FIELDS = _fields()


def test_every_class_has_number_fields() -> None:
    classes = {param.values[0] for param in FIELDS if param.values[0] is not None}
    assert len(classes) == sum(
        not where.startswith("boggle.web") or all(find_spec(m) for m in WEB_EXTRA)
        for where in ZERO_MEANS_NONE
    )
    assert len(FIELDS) > 40


@pytest.mark.parametrize("kind, name, number, zero", FIELDS)
@settings(max_examples=30)
@given(
    value=st.one_of(
        st.booleans(),
        st.sampled_from([math.nan, math.inf, -math.inf, 2.0]),
        st.floats(),
        st.text(max_size=3),
        st.decimals(allow_nan=False, allow_infinity=False),
    )
)
def test_a_bool_a_float_for_a_count_or_a_non_finite_number_is_refused(
    kind: Any, name: str, number: type, zero: bool, value: object
) -> None:
    if number is float and type(value) is float and math.isfinite(value):  # type: ignore[arg-type]
        return  # a finite float is a good time or rate (its range is the next test's)
    with pytest.raises(BoggleError) as refused:
        kind(**{name: value})
    what = "a whole number" if number is int else "a finite number"
    assert refused.value.setting == name
    assert str(refused.value) == f"{name} must be {what}, got {value!r}"


@pytest.mark.parametrize("kind, name, number, zero", FIELDS)
@settings(max_examples=30)
@given(data=st.data())
def test_a_negative_is_refused_and_zero_where_it_means_nothing(
    kind: Any, name: str, number: type, zero: bool, data: st.DataObject
) -> None:
    below = st.integers(max_value=-1 if zero else 0)
    if number is float:
        below |= st.floats(max_value=0, exclude_max=zero, allow_nan=False, allow_infinity=False)
    value = data.draw(below)
    with pytest.raises(BoggleError) as refused:
        kind(**{name: value})
    assert refused.value.setting == name and str(refused.value).startswith(f"{name} must be ")
    assert "\n" not in str(refused.value)


def highest(kind: Any, name: str) -> int:
    """The largest value drawn as a good one: 10**6, or a field's own bound (sweep 14: the
    round processes, 4 a core, after ``round_processes=10**30`` started processes until the
    machine choked; the boards a page keeps for offline rounds, at most 10)."""
    if f"{kind.__name__}.{name}" == "Limits.round_processes":
        from boggle.web.context import max_round_processes

        return max_round_processes()
    if f"{kind.__name__}.{name}" == "Limits.offline_boards":
        from boggle.web.context import MAX_OFFLINE_ROUNDS

        return MAX_OFFLINE_ROUNDS
    return 10**6


@pytest.mark.parametrize("kind, name, number, zero", FIELDS)
@settings(max_examples=30)
@given(data=st.data())
def test_a_good_value_is_kept(
    kind: Any, name: str, number: type, zero: bool, data: st.DataObject
) -> None:
    good = st.integers(min_value=0 if zero else 1, max_value=highest(kind, name))
    if number is float:
        good |= st.floats(min_value=0 if zero else 1e-9, max_value=1e9)
    value = data.draw(good)
    assert getattr(kind(**{name: value}), name) == value
