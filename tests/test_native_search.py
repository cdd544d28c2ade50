"""The native core searches exactly like the Python reference: on fixed positions and depths both
give identical node counts, best moves, scores, principal variations and root scores, for every
rule set the core serves, with every search option, limit and level randomness."""

from __future__ import annotations

import itertools
import random

import pytest

from game import Position, native
from game.search import Engine, Limits, Randomness, SearchOptions
from game.search.engine import make_engine
from tests.native_positions import POSITIONS

pytestmark = pytest.mark.skipif(not native.available(), reason="the native core is not built (pip install .)")

DEPTHS = {"khet": (3, 4), "leiserchess2017": (3, 4), "leiserchess2018": (3, 4)}


def position(variant: str, index: int) -> Position:
    fen, moves = POSITIONS[variant][index]
    pos = Position.from_fen(fen, variant)
    for text in moves.split():
        pos.push_text(text)
    return pos


def summary(result) -> tuple[object, ...]:
    return (result.nodes, result.move_text, result.score, result.depth, result.pv, result.root_scores)


def both(pos: Position, limits: Limits, **kwargs) -> tuple[tuple[object, ...], tuple[object, ...]]:
    python = Engine(**kwargs).search(pos, limits)
    core = native.NativeEngine(**kwargs)
    found = core.search(pos, limits)
    assert core.core == "native"
    return summary(python), summary(found)


def test_every_rule_set_has_at_least_twenty_fixed_positions():
    assert all(len(cases) >= 20 for cases in POSITIONS.values())
    assert set(native.SERVED) <= set(POSITIONS)


@pytest.mark.parametrize(
    ("variant", "index"), [(v, i) for v in sorted(native.SERVED) for i in range(len(POSITIONS[v]))]
)
def test_native_equals_python_on_fixed_positions(variant, index):
    depth = DEPTHS[variant][index % 2]
    pos = position(variant, index)
    python, found = both(pos, Limits(depth=depth))
    assert found == python


@pytest.mark.parametrize("variant", sorted(native.SERVED))
def test_the_bench_start_positions_agree_deeper(variant):
    pos = Position.setup(variant=variant)
    python, found = both(pos, Limits(depth=5))
    assert found == python


@pytest.mark.skipif("khet" not in native.SERVED, reason="Khet's search is not ported to native/ now")
def test_khet_bench_node_counts_through_the_native_core():
    # The numbers the search keeps (bench depth 5: 126,139) and the Classic start at depth 7.
    from game.search.cli import BENCH_POSITIONS

    total = sum(
        native.NativeEngine().search(Position.from_fen(fen, "khet"), Limits(depth=5)).nodes
        for _, fen in BENCH_POSITIONS
    )
    assert total == 126_139
    deep = native.NativeEngine().search(Position.setup("Classic"), Limits(depth=7))
    assert (deep.nodes, deep.move_text) == (147_425, "j4j3")


OPTION_SETS = [
    SearchOptions(quiescence=False),
    SearchOptions(null_move=False, lmr=False),
    SearchOptions(futility=False, move_count_pruning=False),
    SearchOptions(extensions=False, aspiration=False),
    SearchOptions(lmr_late=4, lmr_hot_after=1, qsearch_depth=2),
]


@pytest.mark.parametrize(("variant", "options"), list(itertools.product(sorted(native.SERVED), OPTION_SETS)))
def test_every_search_option_is_followed(variant, options):
    pos = position(variant, 3)
    python, found = both(pos, Limits(depth=4), options=options)
    assert found == python


@pytest.mark.parametrize("variant", sorted(native.SERVED))
def test_node_limits_stop_at_the_same_node(variant):
    pos = position(variant, 5)
    python, found = both(pos, Limits(nodes=3000))
    assert found == python


@pytest.mark.parametrize("variant", sorted(native.SERVED))
def test_a_timed_search_on_a_fake_clock_stops_at_the_same_node(variant):
    """The clock is read at the same nodes: a clock that ticks per reading stops both alike."""

    def ticking() -> object:
        ticks = itertools.count()
        return lambda: next(ticks) * 0.001

    pos = position(variant, 7)
    a = Engine(clock=ticking()).search(pos, Limits(movetime=0.4))
    b = native.NativeEngine(clock=ticking()).search(pos, Limits(movetime=0.4))
    assert summary(b) == summary(a)
    assert a.stopped == b.stopped and a.depth >= 3


@pytest.mark.parametrize("variant", sorted(native.SERVED))
def test_level_randomness_chooses_alike(variant):
    pos = position(variant, 9)
    noise = Randomness(margin=40, temperature=30)
    a = Engine().search(pos, Limits(depth=3), None, noise, random.Random(5))
    b = native.NativeEngine().search(pos, Limits(depth=3), None, noise, random.Random(5))
    assert summary(b) == summary(a) and a.move == b.move


@pytest.mark.parametrize("variant", sorted(native.SERVED))
def test_tables_kept_between_searches_are_the_same(variant):
    """One engine per player keeps its transposition table and history from move to move."""
    python, core = Engine(), native.NativeEngine()
    for index in (11, 12, 13):
        pos = position(variant, index)
        assert summary(core.search(pos, Limits(depth=4))) == summary(python.search(pos, Limits(depth=4)))
    python.clear()
    core.clear()
    pos = position(variant, 14)
    assert summary(core.search(pos, Limits(depth=3))) == summary(python.search(pos, Limits(depth=3)))


def test_the_engine_the_program_uses_runs_on_the_native_core():
    for variant in sorted(native.SERVED):
        engine = make_engine(Position.setup(variant=variant).variant)
        engine.search(Position.setup(variant=variant), Limits(depth=2))
        assert native.core_name(engine) == "native"


def test_a_rule_set_the_core_does_not_serve_falls_back_to_python_in_the_same_engine():
    engine = native.NativeEngine()
    from game.variants.khet import Khet

    other = Khet()  # a Khet variant object the core was not built for
    pos = Position.setup("Classic", other)
    result = engine.search(pos, Limits(depth=3))
    assert engine.core == "python"
    assert result.nodes == Engine().search(pos, Limits(depth=3)).nodes
