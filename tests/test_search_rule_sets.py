"""The one search on the rule sets of the default profile's kind (game/search/profile.py): exact
against minimax, limits, turns of several actions, and the levels in the worker process."""

from __future__ import annotations

import random
import time

import pytest

from game import Position
from game.search.engine import MATE_BOUND, Engine, Limits, Randomness, SearchResult
from game.search.levels import get_level
from game.search.limits import SearchOptions
from game.search.worker import SearchWorker
from tests.prism import register

V = "lousychess"


PLAIN = SearchOptions(
    quiescence=False, null_move=False, lmr=False, futility=False, extensions=False, move_count_pruning=False
)


def minimax(engine: Engine, pos: Position, depth: int, ply: int = 0) -> int:
    """Plain negamax with the engine's own evaluation and end scores (no pruning, no table)."""
    profile = engine.profile_for(pos.variant)
    profile.begin(pos)
    done = profile.terminal(ply)
    if done is not None:
        return done
    moves = pos.generate_codes()
    if not moves:
        return profile.no_moves(ply)
    if depth == 0:
        return profile.evaluate(pos)
    best = -(10**9)
    for c in moves:
        stm = pos.turn
        pos.make_code(c)
        score = minimax(engine, pos, depth - 1, ply + 1)
        same_side = pos.turn == stm
        pos.unmake_code()
        best = max(best, score if same_side else -score)
    return best


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alpha_beta_with_a_table_equals_plain_minimax(seed):
    rng = random.Random(seed)
    pos = Position.setup(variant=V)
    for _ in range(rng.randint(4, 12)):
        pos.push(rng.choice(list(pos.legal_moves)))
    engine = Engine(PLAIN)
    for depth in (1, 2, 3):
        result = engine.search(pos, Limits(depth=depth))
        assert result.score == minimax(Engine(PLAIN), pos.copy(), depth), depth
        assert result.move in pos.generate_codes()


def test_captures_the_king_when_it_can():
    pos = Position.from_fen("k4/5/5/5/5/R3K w 5", V)
    result = Engine().search(pos, Limits(depth=3))
    assert result.move_text == "a1-a6" and result.score >= MATE_BOUND


def test_saves_its_king_from_capture():
    pos = Position.from_fen("k3r/5/5/5/5/3QK w 5", V)  # the Black rook on e6 attacks the King on e1
    result = Engine().search(pos, Limits(depth=2))
    pos.push_code(result.move)
    assert not any(pos.board[c >> 8 & 255] >> 3 == 9 for c in pos.generate_codes())


def test_limits_nodes_stop_and_time():
    pos = Position.setup(variant=V)
    engine = Engine()
    r = engine.search(pos, Limits(nodes=300))
    assert r.move in pos.generate_codes() and r.nodes < 300 + 300
    r = engine.search(pos, Limits(stop=lambda: True))
    assert r.move in pos.generate_codes() and r.stopped
    now = [0.0]

    def clock() -> float:
        now[0] += 0.001
        return now[0]

    timed = Engine(clock=clock)
    r = timed.search(pos, Limits(movetime=0.5))
    assert r.move in pos.generate_codes() and r.seconds <= 0.5


def test_progress_after_every_depth_and_the_position_is_left_alone():
    pos = Position.setup(variant=V)
    fen, h = pos.fen(), pos.hash
    seen = []
    Engine().search(pos, Limits(depth=4), seen.append)
    assert [p.depth for p in seen] == [1, 2, 3, 4] and all(p.pv for p in seen)
    assert pos.fen() == fen and pos.hash == h


def test_randomness_stays_within_the_margin_and_never_blunders_the_king():
    pos = Position.from_fen("k3r/5/5/5/5/3QK w 5", V)
    for seed in range(6):
        r = Engine().search(pos, Limits(depth=2), None, Randomness(300, 90), random.Random(seed))
        assert r.score > -MATE_BOUND


def test_turns_of_several_actions_keep_the_side():
    prism = register()
    pos = Position.setup(variant=prism.name)
    rng = random.Random(4)
    for _ in range(6):
        if pos.outcome() is not None:
            break
        r = Engine().search(pos, Limits(depth=3))
        assert r.move in pos.generate_codes()
        pos.push_code(r.move if rng.random() < 0.5 else rng.choice(pos.generate_codes()))


def test_levels_play_lousy_chess_in_the_worker_process():
    pos = Position.setup(variant=V)
    with SearchWorker() as worker:
        worker.start(pos, level="Beginner", seed=1)
        end = time.monotonic() + 30
        result = None
        while result is None and time.monotonic() < end:
            for item in worker.poll():
                if isinstance(item, SearchResult):
                    result = item
            time.sleep(0.02)
    assert result is not None and result.move in pos.generate_codes()
    assert get_level("Beginner").depth == result.depth


def test_game_analysis_uses_the_search_that_plays_the_rule_set():
    from game import Game
    from game.analysis import analyse_game
    from game.scripted import ScriptedEngine, play_game

    played = play_game(ScriptedEngine.parse("L4", "CH3SS5"), ScriptedEngine.parse("K0", "CH3SS5"))
    game = Game.new(V, None)
    pos = game.start_position()
    for move in played.history:
        text = pos.move_text(move)
        pos.push(move)
        game.add_move(text, 0.0, pos.fen())
    game.finish(pos.outcome())
    analysis = analyse_game(game, "quick")
    assert len(analysis.positions) == len(game.moves) + 1
    assert analysis.positions[-2].score >= MATE_BOUND  # White captures the King next


def test_a_new_laser_rule_set_gets_the_laser_evaluation_and_scores_its_beams():
    """A laser rule set that names no profile (the test-only Prism) is scored from its optics:
    with material level all along, the material profile said +0.00 on every position."""
    from game.search.laser import LaserProfile
    from game.search.profile import Profile, make_profile

    prism = register()
    pos = Position.setup(variant=prism.name)
    profile = make_profile(pos.variant)
    assert isinstance(profile, LaserProfile)
    material = Profile(pos.variant)
    rng = random.Random(3)
    seen = []
    for _ in range(6):
        assert material.evaluate(pos) == 0
        seen.append(profile.evaluate(pos))
        pos.push(rng.choice(list(pos.legal_moves)))
    assert any(seen), seen
    # The beams' threat is what moves the score: the side to move can cash its own shot.
    start = Position.setup(variant=prism.name)
    assert profile.threat(start, [start.lasers[start.turn]], start.turn) > 0


def test_lousy_chess_analysis_finds_the_rules_captures_on_the_way():
    """Quiescence takes Lousy Chess's captures from the evaluation's pass over the board: the same
    moves in the rules' generation order (so the search's node counts stay those of filtering the
    rules' moves), on every position of seeded random games."""
    from game.search.eval_lousychess import LousyProfile, analyse, evaluate

    rng = random.Random(29)
    checked = 0
    for _ in range(12):
        pos = Position.setup(variant="lousychess")
        profile = LousyProfile(pos.variant)
        for _ in range(60):
            codes = pos.legal_codes()
            if pos.loser >= 0 or not codes:
                break
            profile.begin(pos)
            captures = [c for c in pos.variant.generate(pos) if pos.board[c >> 8 & 255]]
            score, found = analyse(pos)
            assert found == captures == profile.noisy_moves()
            assert score == evaluate(pos) == profile.evaluate(pos)
            checked += 1
            pos.push_code(rng.choice(codes))
    assert checked > 300
