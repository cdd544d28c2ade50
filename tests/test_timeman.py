"""Time management: the budget is used, never exceeded; iterations are predicted from their growth."""

from __future__ import annotations

import pytest

from game.position import Position
from game.search import Engine, Limits, get_level
from game.search.timeman import TimeManager, safety_margin, unsettled


class FakeClock:
    """Seconds that pass only when told to (or with the engine's node count)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def node_clock(engine: Engine, seconds_per_node: float) -> FakeClock:
    """A clock on which the engine searches at a fixed speed: time is nodes x seconds_per_node."""

    class Clock(FakeClock):
        def __call__(self) -> float:
            return 100.0 + engine.nodes * seconds_per_node

    return Clock()


def test_growth_and_prediction_from_the_last_iterations():
    clock = FakeClock()
    tm = TimeManager(clock, movetime=10.0)
    for seconds in (0.1, 0.3, 0.9):
        clock.now += seconds
        tm.iteration_done()
    assert tm.iterations == pytest.approx([0.1, 0.3, 0.9])
    assert tm.growth() == pytest.approx(3.0)
    assert tm.predicted_next() == pytest.approx(2.7)


def test_next_iteration_only_when_its_first_half_fits_the_soft_budget():
    clock = FakeClock()
    tm = TimeManager(clock, deadline=102.0, soft=1.0)
    assert tm.deadline == pytest.approx(102.0) and tm.soft_end == pytest.approx(101.0)
    for seconds in (0.1, 0.2):  # growth 2: next predicted 0.4 s
        clock.now += seconds
        tm.iteration_done()
    assert tm.next_iteration()  # 0.3 s used, 0.2 s of the next fits easily
    clock.now = tm.soft_end - 0.15
    assert not tm.next_iteration()  # half of 0.4 s does not fit in 0.15 s
    clock.now = tm.start + 1.6
    assert not tm.next_iteration(unsettled=True)  # past EXTEND_UNTIL of the hard budget: not even unsettled
    clock.now = tm.start + 0.4
    tm.iterations.append(3.0)  # a huge last iteration: the next cannot fit
    assert not tm.next_iteration()
    assert tm.next_iteration(unsettled=True)  # but a changing root gets the extension


def test_a_movetime_is_used_up_to_its_hard_stop():
    clock = FakeClock()
    tm = TimeManager(clock, movetime=2.0)
    assert tm.deadline == pytest.approx(100.0 + 2.0 - safety_margin(2.0)) and tm.soft_end is None
    tm.iterations.append(3.0)  # however long the next iteration may take
    clock.now = tm.deadline - 0.01
    assert tm.next_iteration()  # its partial result still counts
    clock.now = tm.deadline
    assert not tm.next_iteration()


def test_no_time_limit_never_stops_the_deepening():
    tm = TimeManager(FakeClock())
    assert tm.deadline is None and tm.next_iteration() and not tm.expired()


def test_unsettled_root():
    assert not unsettled(None, (5, 10))
    assert not unsettled((5, 10), (5, 0))
    assert unsettled((5, 10), (6, 10))
    assert unsettled((5, 10), (5, -30))


@pytest.mark.parametrize("movetime", [0.05, 0.2, 0.6])
@pytest.mark.parametrize("setup", ["Classic", "Dynasty"])
def test_search_never_exceeds_its_budget(setup, movetime):
    engine = Engine()
    engine.clock = node_clock(engine, 25e-6)  # 40,000 nodes/s
    r = engine.search(Position.setup(setup), Limits(movetime=movetime))
    assert r.move is not None
    assert r.seconds <= movetime
    assert r.seconds >= 0.9 * movetime  # and it is used (the old rules stopped at 45 %, then 64-85 %)


def test_medium_reaches_its_depth_cap_in_the_opening():
    level = get_level("Medium")
    engine = Engine()
    engine.clock = node_clock(engine, 25e-6)
    r = engine.search(Position.setup("Classic"), level.limits(), None, level.randomness(), level.rng(3))
    assert r.depth == level.depth
    assert r.seconds <= level.seconds


@pytest.mark.parametrize("movetime", [0.3, 1.0])
@pytest.mark.parametrize("variant", ["laserchess98", "laserchess87"])
def test_a_slow_search_never_exceeds_its_budget(variant, movetime):
    """At 500 nodes/s the old fixed 256-node check interval alone was half a second late."""
    engine = Engine()
    engine.clock = node_clock(engine, 2e-3)  # type: ignore[arg-type]
    r = engine.search(Position.setup(None, variant), Limits(movetime=movetime))
    assert r.move is not None
    assert r.seconds <= movetime


def test_look_reads_the_clock_more_often_near_the_hard_stop():
    clock = FakeClock()
    tm = TimeManager(clock, movetime=1.0)  # hard stop at 100.95
    clock.now = 100.1
    assert tm.look(1000, 256) == 256  # 10,000 nodes/s: 8,500 still fit
    clock.now = 100.9
    assert 240 <= tm.look(9000, 256) <= 250  # 0.05 s left at 10,000 nodes/s: 500 fit, look after half
    clock.now = 100.94
    assert 45 <= tm.look(9400, 256) <= 50  # 0.01 s left: 100 fit
    clock.now = 100.95
    assert tm.look(9500, 256) == -1
    assert TimeManager(clock).look(5, 256) == 256  # no time limit
