"""The search engine: tactics, equality with plain minimax, limits, repetition, levels."""

from __future__ import annotations

import gc
import random
import threading

import pytest

from game.move import Move
from game.position import Position
from game.search import MATE, MATE_BOUND, Engine, Limits, Progress, SearchOptions, format_score
from game.search.beams import BeamProfile
from game.search.engine import INF
from game.search.levels import LEVELS, get_level
from game.variants import RuleOptions

PLAIN = SearchOptions(
    quiescence=False, null_move=False, lmr=False, futility=False, extensions=False, move_count_pruning=False
)


def kills(pos: Position) -> list[str]:
    """Moves of the side to move that destroy the enemy royal at once."""
    out = []
    for c in pos.generate_codes():
        pos.push_code(c)
        if pos.loser == pos.turn:
            out.append(pos.move_text(Move.from_code(c)))
        pos.pop()
    return out


def forced_wins_in_two(pos: Position) -> list[str]:
    """Brute force: first moves after which every reply leaves a kill (or kills its own royal)."""
    wins = []
    me = pos.turn
    for m in pos.generate_codes():
        pos.push_code(m)
        ok = pos.loser < 0
        if ok:
            for r in pos.generate_codes():
                pos.push_code(r)
                if pos.loser == me or (pos.loser < 0 and not kills(pos)):
                    ok = False
                pos.pop()
                if not ok:
                    break
        pos.pop()
        if ok:
            wins.append(pos.move_text(Move.from_code(m)))
    return wins


# ---------------------------------------------------------------------------- tactics
def test_one_move_kill_by_rotation():
    # Silver's beam goes j1 north into the j5 Pyramid and off east; turning it sends it west to e5.
    pos = Position.from_fen("sc9/10/10/4fc4Pb/10/10/10/4Fa4Sa b")
    assert kills(pos) == ["j5R"]
    for depth in (1, 3):
        r = Engine().search(pos, Limits(depth=depth))
        assert r.move_text == "j5R"
        assert r.score == MATE - 1


def test_one_move_kill_by_step_found_by_search():
    # A Silver Pyramid steps onto the j file into the beam and turns it west into the Pharaoh on e6.
    pos = Position.from_fen("sc9/10/4fc5/8Pc1/10/10/10/4Fa4Sa b")
    assert kills(pos) == ["i5j6"]
    r = Engine().search(pos, Limits(depth=4))
    assert r.move_text == "i5j6" and r.score == MATE - 1
    assert format_score(r.score) == "win1"


def test_red_finds_its_kill_too():
    # The rotation puzzle turned 180°, Red to move: a4R sends Red's beam east into f4.
    pos = Position.from_fen("sc4fc4/10/10/10/pd4Fa4/10/10/9Sa r")
    assert kills(pos) == ["a4R"]
    r = Engine().search(pos, Limits(depth=2))
    assert r.move_text == "a4R" and r.score == MATE - 1


def test_avoids_a_move_that_lets_the_opponent_kill():
    # Red threatens a3R (its beam then runs along rank 3 into the Silver Pharaoh on e3).
    pos = Position.from_fen("sc3fc5/10/10/10/10/pd3Fa5/10/2PaPa5Sa b")
    unsafe = []
    for c in pos.generate_codes():
        pos.push_code(c)
        if kills(pos):
            unsafe.append(pos.move_text(Move.from_code(c)))
        pos.pop()
    assert len(unsafe) > len(pos.generate_codes()) // 2  # most moves lose
    for depth in (2, 3, 4):
        r = Engine().search(pos, Limits(depth=depth))
        assert r.move_text not in unsafe, depth
        assert r.score > -MATE_BOUND


# Realistic positions (from random play) with exactly one move that wins by force in two moves.
MATE_IN_TWO = [
    ("sc5fc3/4pd5/4pcncpb3/1rb1pd1rbRb1Pb1/1pa8/5Pd1Pd1Pd/2RaFa6/3Pd1Nb3Sd r", "b5a5"),
    ("sc4Ra4/4Pd1papb2/2ncRc3fcPb1/1Pdpa2pc4/6rb3/4Pa3rb1/4Fa3Pc1/3Pd5Sa b", "i6R"),
    ("sc3fc4Ra/7pb1Pc/pa9/8rc1/1pb2RbPd4/4Pd5/ra5Fa3/4Nb4Sa b", "j8i7"),
    ("sc4nd4/3pc1fc1pa2/pa3ra1Rb3/4Pd5/pb1rbpdpa5/2Ra6Pc/3PdFa5/6Pa2Sa b", "j1L"),
]


@pytest.mark.parametrize("fen,solution", MATE_IN_TWO)
def test_mate_in_two_solved(fen, solution):
    pos = Position.from_fen(fen)
    assert not kills(pos)
    r = Engine().search(pos, Limits(depth=3))
    assert r.move_text == solution
    assert r.score == MATE - 3  # the killing shot is the third ply
    assert format_score(r.score) == "win3"


def test_mate_in_two_is_forced_by_brute_force():
    fen, solution = MATE_IN_TWO[2]
    assert forced_wins_in_two(Position.from_fen(fen)) == [solution]


def test_mate_in_two_with_deeper_search_and_time_limit():
    fen, solution = MATE_IN_TWO[0]
    r = Engine().search(Position.from_fen(fen), Limits(depth=6, movetime=20))
    assert r.move_text == solution and r.score == MATE - 3


def test_self_kill_is_a_loss_and_never_chosen():
    # Dynasty: Silver's j3j2 sends its own beam into its own Pharaoh on e2.
    pos = Position.setup("Dynasty")
    code = pos.parse_move("j3j2").code
    r = Engine().search(pos, Limits(depth=2))
    assert r.root_scores[code] == -(MATE - 1)
    assert r.move != code
    for seed in range(20):
        beginner = LEVELS["Beginner"]
        r = Engine().search(pos, beginner.limits(), None, beginner.randomness(), beginner.rng(seed))
        assert r.move != code


# ---------------------------------------------------------------------------- equals minimax
def minimax(pos: Position, depth: int, ply: int, engine: Engine) -> int:
    if pos.loser >= 0:
        return -(MATE - ply) if pos.loser == pos.turn else MATE - ply
    if depth == 0:
        return engine.evaluate(pos)
    best = -INF
    for c in pos.generate_codes():
        pos.push_code(c)
        best = max(best, -minimax(pos, depth - 1, ply + 1, engine))
        pos.pop()
    return best


def random_positions(count: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    setups = ["Classic", "Imhotep", "Dynasty", "Mercury", "Sophie"]
    while len(out) < count:
        pos = Position.setup(setups[len(out) % len(setups)])
        for _ in range(rng.randrange(4, 40)):
            codes = pos.generate_codes()
            rng.shuffle(codes)
            for c in codes:
                pos.push_code(c)
                if pos.loser < 0:
                    break
                pos.pop()
        out.append(Position.from_fen(pos.fen()))
    return out


@pytest.mark.parametrize("pos", random_positions(6, 5), ids=lambda p: p.fen())
def test_search_without_quiescence_equals_minimax_depth_2(pos):
    engine = Engine(PLAIN)
    assert Engine(PLAIN).search(pos, Limits(depth=2)).score == minimax(pos.copy(), 2, 0, engine)


@pytest.mark.slow  # a long correctness run; depth 2 above stays in the quick suite
def test_search_without_quiescence_equals_minimax_depth_3():
    # A sparse endgame keeps the plain minimax quick (about 70^3 leaves).
    pos = Position.from_fen("sc9/4Pd1rbpbRa1/3pcfc1nc1Pc1/10/3raRb5/3Pa6/3pbPdNd4/4Fa4Sa b")
    engine = Engine(PLAIN)
    r = Engine(PLAIN).search(pos, Limits(depth=3))
    assert r.score == minimax(pos.copy(), 3, 0, engine)


def test_incremental_material_matches_a_fresh_sum():
    # The search keeps material+placement as a running sum; after every move (captures and
    # self-captures included) it must equal the sum computed from the whole board.
    engine = Engine()
    fens = [p.fen() for p in random_positions(4, 9)] + [f for f, _ in MATE_IN_TWO]
    for fen in fens:
        engine.search(Position.from_fen(fen), Limits(depth=1))
        pos, profile = engine.pos, engine.profile
        assert isinstance(profile, BeamProfile)
        ev = profile.ev
        s = ev.psq_sum(pos.board)
        for c in pos.generate_codes():
            after = profile.play(c, s)
            assert after == ev.psq_sum(pos.board)
            pos.unmake_code()


# ---------------------------------------------------------------------------- evaluation
def test_evaluation_is_symmetric():
    engine = Engine()
    for name in ("Classic", "Imhotep", "Dynasty", "Mercury", "Sophie"):
        pos = Position.setup(name)
        # The setups are 180° symmetric: the side to move has the same view either way.
        flipped = pos.fen()[:-1] + "r"
        assert engine.evaluate(pos) == engine.evaluate(Position.from_fen(flipped))


def test_evaluation_sees_material_and_threats():
    engine = Engine()
    base = Position.from_fen("sc3fc5/10/10/10/10/10/10/2PaPaFa4Sa b")
    fewer = Position.from_fen("sc3fc5/10/10/10/10/10/10/3PaFa4Sa b")
    assert engine.evaluate(base) - engine.evaluate(fewer) >= 80
    # A red Pyramid standing in Silver's beam (j file, vulnerable face) is a free capture for Silver.
    threat = Position.from_fen("sc3fc5/10/10/4pc4Pc/10/10/10/3PaFa4Sa b")
    safe = Position.from_fen("sc3fc5/10/4pc5/9Pc/10/10/10/3PaFa4Sa b")
    assert engine.evaluate(threat) - engine.evaluate(safe) >= 50
    # ...and the same Pyramid in Silver's beam with Red to move is Red's problem.
    assert engine.evaluate(Position.from_fen(threat.fen()[:-1] + "r")) < engine.evaluate(
        Position.from_fen(safe.fen()[:-1] + "r")
    )


# ---------------------------------------------------------------------------- limits and reports
def test_progress_after_every_depth():
    reports: list[Progress] = []
    r = Engine().search(Position.setup("Classic"), Limits(depth=3), reports.append)
    assert [p.depth for p in reports] == [1, 2, 3]
    assert all(p.nodes > 0 and p.pv for p in reports)
    assert reports[-1].pv[0] == r.pv[0] == r.move_text
    assert r.depth == 3 and r.nodes == reports[-1].nodes


def test_node_limit():
    r = Engine().search(Position.setup("Classic"), Limits(nodes=3000))
    assert r.nodes <= 3000
    assert r.move in Position.setup("Classic").generate_codes()


def test_stop_signal_from_another_thread():
    stop = threading.Event()
    timer = threading.Timer(0.2, stop.set)
    timer.start()
    r = Engine().search(Position.setup("Classic"), Limits(stop=stop))
    timer.join()
    assert r.stopped and r.move is not None and r.depth >= 1


def test_stop_callable_before_start_still_gives_a_legal_move():
    pos = Position.setup("Imhotep")
    r = Engine().search(pos, Limits(stop=lambda: True))
    assert r.move in pos.generate_codes()


def test_search_leaves_the_position_unchanged():
    pos = Position.setup("Sophie")
    pos.push_text("h6g6")
    before = (pos.fen(), pos.hash, list(pos.hashes), pos.ply)
    Engine().search(pos, Limits(depth=3))
    assert (pos.fen(), pos.hash, list(pos.hashes), pos.ply) == before


def test_deterministic_for_fixed_depth():
    pos = Position.setup("Mercury")
    a = Engine().search(pos, Limits(depth=4))
    b = Engine().search(pos, Limits(depth=4))
    assert (a.move, a.score, a.nodes) == (b.move, b.score, b.nodes)


# ---------------------------------------------------------------------------- repetition
def _cycle(pos: Position, moves: list[str]) -> None:
    for text in moves:
        pos.push_text(text)


def test_repetition_scores_a_draw():
    pos = Position.setup("Classic", options=RuleOptions(repetition="auto"))
    # Both sides shuffle a piece back and forth: the start position occurs a second time...
    _cycle(pos, ["d1d2", "g8g7", "d2d1", "g7g8", "d1d2", "g8g7", "d2d1"])
    # ...and Red's g7g8 would make it a third time: a draw under the automatic rule.
    code = pos.parse_move("g7g8").code
    r = Engine().search(pos, Limits(depth=2))
    assert r.root_scores[code] == 0


def _material_down(color: int) -> Position:
    """Classic with one of ``color``'s Pyramids removed far from the action, Silver to move."""
    fen = Position.setup("Classic").fen()
    pos = Position.from_fen(fen, options=RuleOptions(repetition="auto"))
    board = list(pos.board)
    square = pos.geometry.parse_square("c7" if color == 1 else "h2")
    board[square] = 0
    return Position(pos.variant, board, 0, RuleOptions(repetition="auto"))


def test_repetition_sought_when_behind_and_avoided_when_ahead():
    for behind in (0, 1):
        pos = _material_down(behind)
        _cycle(pos, ["d1d2", "g8g7", "d2d1", "g7g8", "d1d2", "g8g7", "d2d1"])
        # Red to move: g7g8 repeats the start position a third time (a draw).
        draw = pos.parse_move("g7g8").code
        r = Engine().search(pos, Limits(depth=3))
        if behind == 1:  # Red is a Pyramid down: it takes the draw
            assert r.move == draw and r.score == 0
        else:  # Red is a Pyramid up: it plays on
            assert r.move != draw and r.score > 0


# ---------------------------------------------------------------------------- levels
def test_levels_in_order():
    assert list(LEVELS) == ["Beginner", "Easy", "Medium", "Hard", "Expert"]
    seconds = [lv.seconds for lv in LEVELS.values()]
    depths = [lv.depth for lv in LEVELS.values()]
    margins = [lv.margin for lv in LEVELS.values()]
    assert seconds == sorted(seconds) and depths == sorted(depths)
    assert margins == sorted(margins, reverse=True)
    assert get_level("hard") is LEVELS["Hard"]
    with pytest.raises(KeyError):
        get_level("grandmaster")


def test_level_randomness_is_deterministic_per_seed_and_varies():
    pos = Position.setup("Classic")
    lv = LEVELS["Beginner"]

    def choose(seed):
        return Engine().search(pos, lv.limits(), None, lv.randomness(), lv.rng(seed)).move

    assert choose(3) == choose(3)
    assert len({choose(s) for s in range(12)}) > 1


def test_low_level_still_takes_a_kill_and_avoids_losing():
    kill = Position.from_fen("sc9/10/10/4fc4Pb/10/10/10/4Fa4Sa b")
    danger = Position.from_fen("sc3fc5/10/10/10/10/pd3Fa5/10/2PaPa5Sa b")
    for seed in range(8):
        for name in ("Beginner", "Easy"):
            lv = LEVELS[name]
            r = Engine().search(kill, lv.limits(), None, lv.randomness(), lv.rng(seed))
            assert r.move_text == "j5R"
            r = Engine().search(danger, lv.limits(), None, lv.randomness(), lv.rng(seed))
            danger.push_code(r.move)
            assert not kills(danger), (name, seed, r.move_text)
            danger.pop()


def test_search_pauses_the_cycle_collector_and_restores_it():
    """The collector is off while the tree is searched and back as it was afterwards, also when
    the search ends on an exception (here from the progress callback)."""
    pos = Position.setup("Classic")
    seen: list[bool] = []
    assert gc.isenabled()
    Engine().search(pos, Limits(depth=2), on_progress=lambda p: seen.append(gc.isenabled()))
    assert seen and not any(seen)
    assert gc.isenabled()

    def fail(_: Progress) -> None:
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError):
        Engine().search(pos, Limits(depth=2), on_progress=fail)
    assert gc.isenabled()
    gc.disable()
    try:
        Engine().search(pos, Limits(depth=1))
        assert not gc.isenabled()  # left off when it was off
    finally:
        gc.enable()
