"""Local search for high-scoring boards: pool hill climbing, annealing, evolution.

Each method takes a :class:`~boggle.search.space.Space` (which boards and
edits are allowed), a :class:`~boggle.search.scorer.Scorer`, a seeded
``random.Random`` and a :class:`~boggle.search.tracker.Tracker` that keeps
the best boards and says when to stop.  With the same seed a method makes
the same moves, so a run is reproducible.

* :func:`hillclimb` -- the pool climber of hybrid-boggle: keep the ``pool``
  best distinct boards; replace the pool by the best of the pool and all the
  one-edit neighbours of its boards; stop when the pool no longer changes.
  A board's neighbours are looked at once: the pool's lowest score only
  rises, so a neighbour left out once stays out.  With ``kick`` > 0, every
  other climb starts from the best board so far with ``kick`` random edits
  instead of from random boards (iterated local search).
* :func:`anneal` -- simulated annealing: a random edit is kept when it
  scores better, or worse with probability ``exp(delta / T)``; ``T`` falls
  geometrically from ``t_start`` to ``t_end`` over ``steps`` edits.
* :func:`evolve` -- a (mu + lambda) evolution strategy: each generation
  ``children`` boards are made from the ``parents`` best by one to three
  random edits (and for letter boards, one parent's rows with another's);
  the best distinct ones of parents and children survive.
* ``population`` and ``pools`` (:mod:`boggle.search.population`) -- thousands of
  steepest-ascent climbers, or the pool climber in many pools, every neighbour scored in
  one batch (one launch on the gpu engine); ``search --engine gpu`` takes ``population``.

Without a time or score goal a method stops when it converges; with one it
starts again from random boards until the goal.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import cast

from boggle.search.faces import Faces
from boggle.search.population import pools as climb_pools
from boggle.search.population import population as climb_population
from boggle.search.scorer import Scorer
from boggle.search.space import LetterSpace, Space, State, key
from boggle.search.tracker import Tracker


def _score(space: Space, scorer: Scorer, tracker: Tracker, state: State) -> int:
    faces = space.faces(state)
    score = scorer.score(faces, space.rows, space.cols)
    tracker.count(1)
    tracker.offer(score, faces, state)
    return score


def _score_all(space: Space, scorer: Scorer, tracker: Tracker, states: list[State]) -> list[int]:
    faces = [space.faces(state) for state in states]
    scores = scorer.score_many(faces, space.rows, space.cols)
    tracker.count(len(states))
    for score, board, state in zip(scores, faces, states, strict=True):
        tracker.offer(score, board, state)
    return scores


MAX_POOL = 10_000
"""The most boards a pool may hold (``search`` refuses more, in one line)."""

START_BATCH = 256
"""A climb's random starts are scored this many at a time, the clock read between."""


def hillclimb(
    space: Space,
    scorer: Scorer,
    rng: random.Random,
    tracker: Tracker,
    pool: int = 20,
    kick: int = 0,
) -> None:
    """Pool hill climbing until the pool converges (again and again with a goal).

    With ``kick`` > 0 every other start is not random but the best board so
    far with ``kick`` random edits (iterated local search).
    """
    restart = 0
    while not tracker.done():
        kicked_from = tracker.best()[0][2] if kick and restart % 2 and tracker.best() else None
        restart += 1
        members: dict[Faces, tuple[int, State]] = {}
        for first in range(0, pool, START_BATCH):
            if first and tracker.done():  # a large pool: the deadline holds while it fills
                break
            starts = [
                space.random(rng) if kicked_from is None else _kicked(space, kicked_from, kick, rng)
                for _ in range(min(START_BATCH, pool - first))
            ]
            scores = _score_all(space, scorer, tracker, starts)
            for score, state in zip(scores, starts, strict=True):
                members.setdefault(key(space, state), (score, state))
        expanded: set[Faces] = set()
        while not tracker.done():
            fresh = sorted(name for name in members if name not in expanded)
            if not fresh:
                break
            floor = min(score for score, _ in members.values()) if len(members) >= pool else -1
            found: dict[Faces, tuple[int, State]] = {}
            for name in fresh:
                expanded.add(name)
                before = scorer.boards_scored
                better = space.better_neighbours(members[name][1], scorer, floor)
                tracker.count(scorer.boards_scored - before)
                for score, state in better:
                    other = key(space, state)
                    if other not in members and other not in found:
                        found[other] = (score, state)
                        tracker.offer(score, space.faces(state), state)
                if tracker.done():
                    break
            members.update(found)
            ranked = sorted(members.items(), key=lambda item: (-item[1][0], item[0]))
            members = dict(ranked[:pool])
        if not tracker.restarts:
            return


def _kicked(space: Space, state: State, edits: int, rng: random.Random) -> State:
    for _ in range(edits):
        state = space.mutate(state, rng)
    return state


def anneal(
    space: Space,
    scorer: Scorer,
    rng: random.Random,
    tracker: Tracker,
    steps: int = 200_000,
    t_start: float = 100.0,
    t_end: float = 0.5,
) -> None:
    """Simulated annealing runs, each from a random board, cooling geometrically."""
    cooling = (t_end / t_start) ** (1.0 / steps)
    while not tracker.done():
        state = space.random(rng)
        score = _score(space, scorer, tracker, state)
        temperature = t_start
        for step in range(steps):
            if step % 256 == 0 and tracker.done():
                return
            candidate = space.mutate(state, rng)
            candidate_score = _score(space, scorer, tracker, candidate)
            delta = candidate_score - score
            if delta >= 0 or rng.random() < math.exp(delta / temperature):
                state, score = candidate, candidate_score
            temperature *= cooling
        if not tracker.restarts:
            return


def evolve(
    space: Space,
    scorer: Scorer,
    rng: random.Random,
    tracker: Tracker,
    parents: int = 50,
    children: int = 300,
    patience: int = 40,
) -> None:
    """(parents + children) evolution until ``patience`` generations bring nothing better."""
    while not tracker.done():
        starts = [space.random(rng) for _ in range(parents)]
        population = list(zip(_score_all(space, scorer, tracker, starts), starts, strict=True))
        best, stale = -1, 0
        while stale < patience and not tracker.done():
            brood = [_child(space, population, rng) for _ in range(children)]
            scored = list(zip(_score_all(space, scorer, tracker, brood), brood, strict=True))
            survivors: dict[Faces, tuple[int, State]] = {}
            for score, state in sorted(population + scored, key=lambda p: -p[0]):
                survivors.setdefault(key(space, state), (score, state))
                if len(survivors) == parents:
                    break
            population = list(survivors.values())
            top = population[0][0]
            best, stale = (top, 0) if top > best else (best, stale + 1)
        if not tracker.restarts:
            return


def _child(space: Space, population: list[tuple[int, State]], rng: random.Random) -> State:
    """One child: a parent (or two parents' rows, on letter boards) and one to three edits."""
    state = rng.choice(population)[1]
    if isinstance(space, LetterSpace) and rng.random() < 0.3:
        other = cast(Faces, rng.choice(population)[1])
        mine = cast(Faces, state)
        cut = rng.randrange(1, space.rows) * space.cols if space.rows > 1 else 0
        state = mine[:cut] + other[cut:]
    for _ in range(1 + min(2, int(rng.expovariate(1.0)))):
        state = space.mutate(state, rng)
    return state


METHODS: dict[str, Callable[..., None]] = {
    "hillclimb": hillclimb,
    "anneal": anneal,
    "evolve": evolve,
    "population": climb_population,
    "pools": climb_pools,
}
"""The search methods by name."""
