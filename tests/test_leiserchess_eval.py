"""The Leiserchess strategy terms of the evaluation (the handouts' advice): each one, switched on
alone, moves the static score by exactly its weight on a hand-built position, for the side it
should; Khet keeps them off; and the native core scores them like the Python reference."""

from __future__ import annotations

import pytest

from game import native
from game.move import Move
from game.position import Position
from game.search import Engine, Limits
from game.search.evaluate import Weights, weights_for
from game.variants import KHET, LEISERCHESS_2018, RuleOptions
from tests.native_positions import POSITIONS

# Lavender's King on g7 fires west along rank 7; Tangerine's on h0 fires north up the h file.
KINGS = "6ww1/8/8/8/8/8/8/7NN"


def delta(fen: str, variant: str = "leiserchess2018", **terms: int) -> int:
    """The static score (side to move's view) with ``terms`` on, minus with every term off."""
    pos = Position.from_fen(fen, variant)
    off = Weights()
    return Engine(weights=Weights(**terms)).evaluate(pos) - Engine(weights=off).evaluate(pos)


@pytest.mark.parametrize("variant", ["leiserchess2017", "leiserchess2018"])
def test_king_ring_counts_the_squares_next_to_the_enemy_king_our_beam_crosses(variant):
    # Tangerine's beam crosses h6 and h7 next to Lavender's King; Lavender's crosses none of g0 g1 h1.
    assert delta(KINGS + " W", variant, king_ring=10) == 20
    assert delta(KINGS + " B", variant, king_ring=10) == -20


@pytest.mark.parametrize(("pawn", "turns"), [("se", True), ("sw", True), ("nw", False), ("ne", False)])
def test_grip_counts_enemy_pawns_that_turn_our_beam(pawn, turns):
    # A Lavender Pawn on h3 in Tangerine's beam: pinned (2017) or a zombie, if its mirror turns the
    # beam; from its back it is simply zapped (that is the capture terms' business, not grip's).
    fen = f"6ww1/8/8/8/7{pawn}/8/8/7NN"
    assert delta(fen + " W", grip=10) == (10 if turns else 0)
    assert delta(fen + " B", grip=10) == (-10 if turns else 0)


def test_a_naked_king_costs_its_side():
    assert delta(KINGS + " W", naked=30) == 0  # both Kings naked
    # Tangerine's Pawn on g1 stands next to its King: only Lavender's is naked now.
    assert delta("6ww1/8/8/8/8/8/6NW1/7NN W", naked=30) == 30
    assert delta("6ww1/8/8/8/8/8/6NW1/7NN B", naked=30) == -30


def test_king_room_counts_the_empty_squares_next_to_each_king():
    # Tangerine's King in the corner has 3 empty neighbours, Lavender's on g7 has 5.
    assert delta(KINGS + " W", king_room=5) == 5 * (3 - 5)
    assert delta("6ww1/8/8/8/8/8/6NW1/7NN W", king_room=5) == 5 * (2 - 5)


def test_a_pawn_on_the_edge_is_worth_less():
    assert delta("6ww1/8/8/8/8/8/7NW/6NN1 W", edge_pawn=10) == -10  # h1: the edge file
    assert delta("6ww1/8/8/8/8/8/6NW1/7NN W", edge_pawn=10) == 0  # g1: inside


def test_khet_keeps_the_leiserchess_terms_off():
    w = weights_for(KHET)
    assert (w.grip, w.king_ring, w.king_room, w.naked, w.edge_pawn) == (0, 0, 0, 0, 0)


STRATEGY = Weights(grip=9, king_ring=7, king_room=3, naked=40, edge_pawn=11)


@pytest.mark.skipif(not native.available(), reason="the native core is not built (pip install .)")
@pytest.mark.parametrize(
    ("variant", "index"),
    [(v, i) for v in ("leiserchess2017", "leiserchess2018") if v in native.SERVED for i in range(0, 22, 3)],
)
def test_native_scores_every_strategy_term_like_python(variant, index):
    fen, moves = POSITIONS[variant][index]
    pos = Position.from_fen(fen, variant)
    for text in moves.split():
        pos.push_text(text)
    python = Engine(weights=STRATEGY).search(pos, Limits(depth=4))
    found = native.NativeEngine(weights=STRATEGY).search(pos, Limits(depth=4))
    assert (found.nodes, found.move_text, found.score, found.pv) == (
        python.nodes,
        python.move_text,
        python.score,
        python.pv,
    )


# ---------------------------------------------------------------- draws and Ko, seen by the search
CORES = [Engine] + ([native.NativeEngine] if native.available() else [])


@pytest.mark.parametrize("engine", CORES)
def test_the_third_repetition_is_scored_a_draw(engine):
    pos = Position.setup(variant="leiserchess2018")
    for text in ["h0g0", "a7b7", "g0h0", "b7a7", "h0g0", "a7b7", "g0h0"]:
        pos.push_text(text)
    # Lavender's b7a7 would bring the position about a third time.
    result = engine().search(pos, Limits(depth=3))
    assert result.root_scores[pos.parse_move("b7a7").code] == 0
    assert result.score != 0 and result.move_text != "b7a7"


@pytest.mark.parametrize("engine", CORES)
def test_the_fifty_move_rule_is_scored_a_draw(engine):
    assert LEISERCHESS_2018.quiet_ply_limit == 100  # 50 moves by each side without a zap
    # With the limit one ply away every move without a zap ends the game drawn.
    pos = Position.setup(variant="leiserchess2018", options=RuleOptions(ply_limit=1))
    result = engine().search(pos, Limits(depth=3))
    assert set(result.root_scores.values()) == {0} and result.score == 0
    free = engine().search(Position.setup(variant="leiserchess2018"), Limits(depth=3))
    assert free.score != 0


@pytest.mark.parametrize("engine", CORES)
def test_ko_forbids_swapping_straight_back(engine):
    pos = Position.setup(variant="leiserchess2017")
    pos.push_text("d2c3")  # Tangerine's Pawn swaps with Lavender's on c3
    result = engine().search(pos, Limits(depth=3))
    texts = {pos.move_text(Move.from_code(c)) for c in result.root_scores}
    assert "d2c3" not in texts  # Lavender's swap back would restore the position before it: Ko
    assert len(texts) == len(pos.legal_moves) > 0
