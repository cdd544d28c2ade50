"""Search limits are checked where they are made: None is the only "no limit"."""

from __future__ import annotations

import math

import pytest

from game import Position
from game.search.engine import Engine
from game.search.limits import Limits


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"depth": 0}, "depth must be a whole number of at least 1"),
        ({"depth": -3}, "depth must be a whole number of at least 1"),
        ({"depth": 2.5}, "depth must be a whole number"),
        ({"depth": True}, "depth must be a whole number"),
        ({"nodes": 0}, "nodes must be a whole number of at least 1"),
        ({"movetime": -0.5}, "movetime must not be negative"),
        ({"movetime": math.nan}, "movetime must be a finite number"),
        ({"movetime": math.inf}, "movetime must be a finite number"),
        ({"deadline": math.nan}, "deadline must be a finite number"),
        ({"movetime": "1"}, "movetime must be a finite number"),
    ],
)
def test_bad_limits_are_refused_clearly(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Limits(**kwargs)


def test_zero_depth_never_reaches_the_engine_as_no_limit() -> None:
    # Before: Limits(depth=0) was read as "no depth limit" and bestmove --depth 0 searched forever.
    with pytest.raises(ValueError, match="None: no limit"):
        Engine().search(Position.setup("Classic"), Limits(depth=0))


@pytest.mark.parametrize("variant", ["khet", "lousychess", "laserchess98", "laserchess87"])
def test_the_smallest_limits_still_search(variant: str) -> None:
    pos = Position.setup(variant=variant)
    engine = Engine
    r = engine().search(pos, Limits(depth=1))
    assert r.depth == 1 and r.move is not None
    r = engine().search(pos, Limits(nodes=1, depth=3))
    assert r.move is not None
    assert Limits(movetime=0).movetime == 0  # answer at once: a limit, not "none"
