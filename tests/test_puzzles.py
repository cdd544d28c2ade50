"""Puzzles made and checked by the engine: the prover, the themes, the generator, the shipped
collections, Glicko-2, the player's progress and one attempt at a puzzle (game/puzzles/)."""

from __future__ import annotations

import json
import random

import pytest

from game import Position
from game.move import Move
from game.puzzles.courses import COURSES
from game.puzzles.generate import generate
from game.puzzles.glicko import Rating, attempt, expected_score, update
from game.puzzles.model import (
    Collection,
    Puzzle,
    PuzzleDataError,
    load_file,
    playable,
    puzzle_of_the_day,
    shipped,
)
from game.puzzles.progress import Progress
from game.puzzles.prover import Prover
from game.puzzles.themes import THEMES, prove_material, prove_save, prove_win
from game.puzzles.trainer import Attempt, Verdict, refutation
from game.puzzles.verify import verify

# Found by self-play: in the first, exactly one Red move destroys the Silver Pharaoh; in the
# second two do (a4b4 and a5b6); LaserChess 98 the same, with whole turns of two half-actions.
KHET_ONE = "sc4fc1pa2/3Pdnc2nc2/2pc2ra2Pd1/2Pc1rb2pb2/1pa1PaRa4Pc/4Rb5/10/2PdNaFaNd1Pa1Sa r"
KHET_TWO = "sc3ncfcnc3/4ra1pb3/2Pd7/paPc4pa2Pc/pa2rb1Rbpd3/5RapaPc2/1PdNaFa6/9Sa r"
LC98_TWO = (
    "1bs3kl2s12/5p1p21/m01p11p3d12/1p11p03p1/p0P0P12S0c0P3/2KP21B2/P33P3P32/D0C11L02P3M0 r 2 a2e2f2f7g7"
)

RULE_SETS = sorted(COURSES)  # the program's rule sets (tests/prism.py adds a test-only one)


def texts(pos: Position, codes: tuple[int, ...]) -> list[str]:
    out = []
    work = pos.copy()
    for code in codes:
        out.append(work.move_text(Move.from_code(code)))
        work.make_code(code)
    return out


# ------------------------------------------------------------------ the prover
def test_a_unique_win_is_proven_with_its_line():
    pos = Position.from_fen(KHET_ONE, "khet")
    proof = prove_win(Prover(), pos, 1)
    assert proof is not None and proof.theme == "win1" and proof.depth == 1
    assert texts(pos, proof.line[0]) == ["b4a3"]
    assert pos.fen() == KHET_ONE  # the prover leaves the position as it found it


def test_the_uniqueness_proof_rejects_a_position_with_two_solutions():
    pos = Position.from_fen(KHET_TWO, "khet")
    found = Prover().winning_turns(pos, 1, 3)
    assert sorted(tuple(texts(pos, t.codes)) for t in found) == [("a4b4",), ("a5b6",)]
    assert prove_win(Prover(), pos, 1) is None


def test_two_solutions_of_two_half_actions_are_rejected_too():
    pos = Position.from_fen(LC98_TWO, "laserchess98")
    found = Prover().winning_turns(pos, 1, 3)
    assert sorted(tuple(texts(pos, t.codes)) for t in found) == [("e6>N", "e8*"), ("e8*", "e8*")]
    assert prove_win(Prover(), pos, 1) is None


def test_two_orders_of_the_same_actions_are_one_turn():
    pos = Position.setup(None, "laserchess98")
    turns = Prover().turns(pos)
    ends = set()
    for turn in turns:
        work = pos.copy()
        for code in turn.codes:
            work.make_code(code)
        ends.add(work.hash)
    assert len(ends) == len(turns)  # rotate a + rotate b and rotate b + rotate a are counted once


def test_win_in_two_needs_every_defence_refuted():
    """A win in 2 from the shipped Khet file: the prover agrees, and no win in 1 exists."""
    win2 = [p for p in shipped("khet").puzzles if p.theme == "win2"]
    assert win2
    puzzle = win2[0]
    pos = puzzle.position()
    prover = Prover()
    assert not prover.wins(pos, pos.turn, 1)
    assert prover.wins(pos, pos.turn, 2)
    assert len(puzzle.line) == 3 and puzzle.depth == 3


def test_save_and_material_are_unique_answers():
    for theme, prove in (("save", prove_save), ("material", prove_material)):
        puzzle = next(p for p in shipped("khet").puzzles if p.theme == theme)
        pos = puzzle.position()
        proof = prove(Prover(), pos)
        assert proof is not None and proof.depth == 2
        assert texts(pos, proof.line[0]) == list(puzzle.line[0])


@pytest.mark.parametrize("variant", ["khet", "lousychess", "laserchess87"])
def test_the_one_pass_re_proof_agrees_with_the_generators_proof(variant):
    """verify asks "wins at once?" and the theme's measure in one pass over the turns (checking=True);
    the generator asks them in two. Same answers: a win in 1 is no save or material puzzle, and a
    save or material puzzle has the same one turn."""
    puzzles = shipped(variant).puzzles
    picked = [p for p in puzzles if p.theme == "win1"][:3] + [p for p in puzzles if p.theme == "material"][:1]
    picked += [p for p in puzzles if p.theme == "save"][:1]
    for puzzle in picked:
        pos = puzzle.position()
        for prove in (prove_save, prove_material):
            slow, fast = prove(Prover(), pos), prove(Prover(), pos, checking=True)
            assert (slow and (slow.line, slow.depth)) == (fast and (fast.line, fast.depth)), (
                puzzle.id,
                prove,
            )
            if puzzle.theme == "win1":
                assert fast is None
        assert pos.fen() == puzzle.fen


def test_chance_never_enters_a_line():
    for puzzle in shipped("laserchess87").puzzles:
        assert not any("@" in text for turn in puzzle.line for text in turn), puzzle.id


# ------------------------------------------------------------------ the generator and the files
def test_the_generator_is_reproducible_from_its_seed():
    one = generate("lousychess", 4, 11)
    two = generate("lousychess", 4, 11)
    assert one.dumps() == two.dumps()
    assert len(one.puzzles) == 4 and all(p.theme in THEMES for p in one.puzzles)


@pytest.mark.parametrize("variant", ["khet", "lousychess"])
def test_a_shipped_file_is_regenerated_from_its_seed(variant):
    """The first puzzles of the shipped collection come out of its seed again (a run with a
    smaller --count gives the first puzzles of a longer one)."""
    shipped_file = shipped(variant)
    head = generate(variant, 3, shipped_file.seed)
    assert [p.to_json() for p in head.puzzles] == [p.to_json() for p in shipped_file.puzzles[:3]]


def test_a_random_sample_of_the_shipped_puzzles_is_proven_again():
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    for variant in RULE_SETS:
        puzzles = list(playable(variant))  # the motif collections' too
        for puzzle in rng.sample(puzzles, min(2, len(puzzles))):
            assert verify(puzzle) is None, f"sample seed {seed}: {verify(puzzle)}"


# the dearest collections are re-proved in parts (every part-th puzzle), so the test workers
# share them instead of one worker holding the slow step up with a whole collection
PARTS = {"laserchess87": 6, "laserchess98": 2}


@pytest.mark.slow
@pytest.mark.parametrize("variant, part", [(v, part) for v in RULE_SETS for part in range(PARTS.get(v, 1))])
def test_every_shipped_puzzle_is_proven_again(variant, part):
    problems = [verify(p) for p in playable(variant)[part :: PARTS.get(variant, 1)]]
    assert [p for p in problems if p] == []


def test_verify_finds_a_puzzle_whose_answer_is_not_unique():
    good = next(p for p in shipped("khet").puzzles if p.theme == "win1")
    bad = Puzzle(**{**good.to_json(), "fen": KHET_TWO, "line": (("a4b4",),), "motifs": ()})
    assert verify(bad) is not None and "winning turns" in verify(bad)


def test_a_collection_file_round_trips_and_bad_ones_are_refused(tmp_path):
    collection = shipped("lousychess")
    path = tmp_path / "lousychess.json"
    collection.save(path)
    assert Collection.from_json(json.loads(path.read_text())) == collection
    with pytest.raises(PuzzleDataError):
        Collection.from_json({"format": "laser-chess-puzzles", "version": 1, "variant": "chess"})
    with pytest.raises(PuzzleDataError):
        Puzzle.from_json({"id": "x"})


# ------------------------------------------------------------------ Glicko-2
def test_glicko2_follows_glickmans_worked_example():
    """Glickman's example: 1500/200/0.06 beats 1400/30, loses to 1550/100 and 1700/300 (tau 0.5)."""
    after = update(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)],
        tau=0.5,
        clamp=False,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_attempt_moves_both_ratings_the_right_way():
    player, puzzle = Rating(1500, 200), Rating(1500, 100)
    won, beaten = attempt(player, puzzle, solved=True)
    assert won.rating > 1500 > beaten.rating and won.rd < 200
    lost, held = attempt(player, puzzle, solved=False)
    assert lost.rating < 1500 < held.rating
    assert expected_score(Rating(1700), Rating(1500)) > 0.5


# ------------------------------------------------------------------ progress
def test_progress_records_a_try_and_survives_garbage():
    puzzles = list(shipped("khet").puzzles)
    progress = Progress()
    before, after = progress.record(puzzles[0], solved=True)
    assert after.rating > before.rating and progress.results[puzzles[0].id] == "solved"
    assert progress.next_puzzle(puzzles, random.Random(1)) is not puzzles[0]
    data = progress.to_json()
    assert Progress.from_json(json.loads(json.dumps(data))).to_json() == data
    junk = Progress.from_json(
        {
            "ratings": {"khet": ["x", 1, 2]},
            "results": {"a": "won"},
            "best_streak": -3,
            "lessons": {"khet": [1, "2", True]},
        }
    )
    assert (
        junk.ratings == {} and junk.results == {} and junk.best_streak == 0 and junk.lessons == {"khet": [1]}
    )
    assert Progress.from_json("nonsense").to_json() == Progress().to_json()


def test_streaks_climb_and_the_puzzle_of_the_day_is_one_a_day():
    import datetime

    puzzles = list(shipped("khet").puzzles)
    progress = Progress()
    easy = progress.streak_puzzle(puzzles, 0, random.Random(1))
    hard = progress.streak_puzzle(puzzles, 30, random.Random(1))
    assert easy is not None and hard is not None and easy.rating <= hard.rating
    day = datetime.date(2026, 3, 1)
    assert puzzle_of_the_day(puzzles, day) == puzzle_of_the_day(puzzles, day)
    assert puzzle_of_the_day(puzzles, day) != puzzle_of_the_day(puzzles, day + datetime.timedelta(days=1))


# ------------------------------------------------------------------ one attempt
def play_turn(attempt: Attempt, moves: list[Move]) -> Verdict:
    verdict = Verdict.MORE
    for move in moves:
        attempt.position.push(move)
        verdict = attempt.judge()
    return verdict


@pytest.mark.parametrize("variant", RULE_SETS)
def test_an_attempt_is_solved_by_the_line_and_refuted_otherwise(variant):
    puzzle = next(p for p in shipped(variant).puzzles if p.theme in ("win1", "save", "material"))
    right = Attempt(puzzle)
    assert play_turn(right, right.expected) is Verdict.SOLVED and not right.missed
    wrong = Attempt(puzzle)
    pos = wrong.position
    other = next(
        t for t in Prover().turns(pos) if not t.chance and texts(pos, t.codes) != list(puzzle.line[0])
    )
    assert play_turn(wrong, [Move.from_code(c) for c in other.codes]) is Verdict.WRONG and wrong.missed
    codes = [m.code for m in wrong.position.history]
    reply = refutation(puzzle.variant, puzzle.fen, codes, puzzle.theme, wrong.solver_turns_left)
    if wrong.position.loser < 0:
        assert reply, "a wrong turn gets a reply that refutes it"
        for code in reply:
            assert code in wrong.position.generate_codes()
            wrong.position.make_code(code)
    wrong.retry()
    assert wrong.position.fen() == puzzle.fen


def test_a_win_in_two_is_answered_and_solved_turn_by_turn():
    puzzle = next(p for p in shipped("khet").puzzles if p.theme == "win2")
    attempt = Attempt(puzzle)
    assert play_turn(attempt, attempt.expected) is Verdict.RIGHT
    for move in attempt.reply:
        attempt.position.push(move)
    assert not attempt.replied()
    assert play_turn(attempt, attempt.expected) is Verdict.SOLVED
    assert "1." in attempt.solution_text() and "2." in attempt.solution_text()


# ------------------------------------------------------------------ learn from your mistakes
def analysed_game():
    """A short Khet game and a hand-made analysis marking Silver's second move a blunder."""
    from game.analysis import Analysis, PositionEval
    from game.record import Game, MoveRecord

    game = Game.new("khet")
    pos = game.start_position()
    texts_played = []
    for _ in range(4):
        move = next(iter(pos.legal_moves))
        texts_played.append(pos.move_text(move))
        pos.push(move)
    game.moves = [MoveRecord(t) for t in texts_played]
    best = pos.copy()
    while best.ply > 2:
        best.pop()
    other = [m for m in best.legal_moves if best.move_text(m) != texts_played[2]][5]
    evals = [
        PositionEval(0, ("x",)),
        PositionEval(0),
        PositionEval(120, (best.move_text(other),)),
        PositionEval(-500),
        PositionEval(-500),
    ]
    game.analysis = Analysis("quick", evals, ["good", "good", "??", "good"])
    return game, best.move_text(other)


def test_the_players_marked_moves_become_puzzles():
    from game.puzzles.mistakes import judge as judge_answer
    from game.puzzles.mistakes import mistakes, quick_verdict
    from game.search.limits import SearchResult

    game, best = analysed_game()
    found = mistakes(game, game.analysis)
    assert [(m.ply, m.mover, m.mark, m.best) for m in found] == [(3, 0, "??", best)]
    mistake = found[0]
    pos = mistake.position()
    assert pos.ply == 2 and mistake.before > 0.5 > mistake.after
    right = pos.copy()
    right.push(right.parse_move(best))
    assert quick_verdict(mistake, right, right.history[-1]).accepted
    after = pos.copy()
    after.push(next(iter(after.legal_moves)))
    near = SearchResult(None, None, -100, 4, (), 1, 0.1, 10)  # Red's view: Silver +1.00, close to +1.20
    far = SearchResult(None, None, 400, 4, (), 1, 0.1, 10)  # Red's view: Silver -4.00
    assert judge_answer(mistake, after, near).accepted
    assert not judge_answer(mistake, after, far).accepted
    assert mistakes(game, game.analysis, sides=(1,)) == []


# ------------------------------------------------------------------ the command line
def run_cli(argv, capsys):
    import game.__main__ as cli

    status = cli.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_line_generates_checks_and_counts(tmp_path, capsys):
    out_file = tmp_path / "lousy.json"
    argv = ["puzzles", "generate", "--variant", "lousychess", "--count", "2", "--seed", "5"]
    status, out, err = run_cli([*argv, "--out", str(out_file)], capsys)
    assert status == 0 and "2 puzzles written" in out and "CPU a puzzle" in out
    assert "lousychess-0001" in err  # a line per puzzle
    status, out, _ = run_cli(["puzzles", "check", "--file", str(out_file), "--variant", "lousychess"], capsys)
    assert status == 0 and "2 puzzles re-proved" in out and "0 do not" in out
    status, out, _ = run_cli(["puzzles", "stats", "--variant", "lousychess", "--file", str(out_file)], capsys)
    assert status == 0 and out.splitlines()[1].split()[:2] == ["lousychess", "2"]


def test_the_command_line_refuses_bad_files_before_any_game(tmp_path, capsys):
    argv = ["puzzles", "generate", "--variant", "khet", "--count", "1", "--seed", "1"]
    status, _, err = run_cli([*argv, "--out", str(tmp_path)], capsys)
    assert status == 2 and err.startswith("error: ") and "folder" in err
    status, _, err = run_cli([*argv, "--out", str(tmp_path / "no" / "x.json")], capsys)
    assert status == 2 and "no folder" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    status, _, err = run_cli(["puzzles", "check", "--file", str(bad), "--variant", "khet"], capsys)
    assert status == 2 and "error: " in err and "not JSON" in err


def test_check_fails_on_a_puzzle_that_no_longer_holds(tmp_path, capsys):
    good = shipped("khet").puzzles[0]
    broken = Puzzle(
        **{**good.to_json(), "fen": KHET_TWO, "line": (("a4b4",),), "theme": "win1", "motifs": ()}
    )
    path = tmp_path / "khet.json"
    Collection("khet", 1, (broken,)).save(path)
    status, out, _ = run_cli(["puzzles", "check", "--file", str(path), "--variant", "khet"], capsys)
    assert status == 1 and "1 do not" in out and "winning turns" in out


def test_a_run_resumed_from_a_shorter_file_makes_the_same_file():
    whole = generate("lousychess", 5, 11)
    for head in (1, 3):
        part = generate("lousychess", head, 11)
        assert generate("lousychess", 5, 11, resume=part) == whole
    with pytest.raises(ValueError):
        generate("lousychess", 5, 12, resume=generate("lousychess", 1, 11))


def test_the_command_line_resumes_a_run_and_refuses_another_seeds_file(tmp_path, capsys):
    out = tmp_path / "lousy.json"
    base = ["puzzles", "generate", "--variant", "lousychess", "--out", str(out), "--quiet"]
    assert run_cli([*base, "--seed", "11", "--count", "2"], capsys)[0] == 0
    status, text, _ = run_cli([*base, "--seed", "11", "--count", "4", "--resume"], capsys)
    assert status == 0 and "(2 made by this run)" in text
    assert load_file(out) == generate("lousychess", 4, 11)
    status, _, err = run_cli([*base, "--seed", "12", "--count", "5", "--resume"], capsys)
    assert status == 2 and "lousychess seed 11, not lousychess seed 12" in err
