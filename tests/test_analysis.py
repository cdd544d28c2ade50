"""Game analysis: marks on hand-built games, accuracy, the record section, the analyse command."""

import json

import pytest

from game import Game, Player, RuleOptions
from game.__main__ import main as game_main
from game.analysis import (
    BEST,
    BLUNDERED,
    GOOD,
    INACCURATE,
    MISTAKEN,
    SELF_SHOT,
    Analysis,
    AnalysisRun,
    PositionEval,
    Strength,
    analyse_game,
    classify,
    move_accuracy,
    win_chance,
)
from game.search import MATE, MATE_BOUND

# Silver's laser runs up the j file, turns west at the j5 Pyramid and stops on the front of the
# Red Anubis on e5; behind it, on c5, stands the Red Pharaoh. Red to move.
SHIELDED = "sc9/10/10/2fa1nb4Pc/10/10/10/1Fa7Sa r"
# The same with the j5 Pyramid turned away and no Anubis: turning it back (j5R) shoots the Pharaoh.
OPEN = "sc9/10/10/2fa6Pb/10/10/10/1Fa7Sa b"
TEST = Strength("test", 3, 30.0, "depth 3")


def game_from(fen: str, moves: list[str]) -> Game:
    game = Game.new("khet", fen=fen)
    pos = game.start_position()
    for text in moves:
        pos.push(pos.parse_move(text))
        game.add_move(text, 1.0)
    if pos.outcome() is not None:
        game.finish(pos.outcome())
    return game


def test_win_chance_and_accuracy_curves():
    assert win_chance(0) == 0.5
    assert win_chance(100) == pytest.approx(0.599, abs=0.001)
    assert win_chance(-300) == pytest.approx(1 - win_chance(300))
    assert win_chance(MATE - 3) == 1.0 and win_chance(-MATE_BOUND) == 0.0
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    assert move_accuracy(1.0) == 0.0
    assert 0 < move_accuracy(0.2) < move_accuracy(0.1) < 100


@pytest.mark.parametrize(
    ("drop", "best", "exposed", "mark"),
    [
        (0.5, True, False, BEST),
        (0.0, False, False, GOOD),
        (0.099, False, False, GOOD),
        (0.10, False, False, INACCURATE),
        (0.25, False, False, MISTAKEN),
        (0.30, False, False, BLUNDERED),
        (0.30, False, True, SELF_SHOT),
        (0.05, False, True, GOOD),  # exposed, but it cost nothing: the game was lost anyway
    ],
)
def test_thresholds(drop, best, exposed, mark):
    assert classify(drop, best, exposed) == mark


def test_a_move_that_lets_a_one_move_pharaoh_kill_is_a_self_shot_blunder():
    # Red steps the Anubis off rank 5: Silver's beam now reaches the Pharaoh; any Silver move kills.
    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    assert game.outcome is not None and game.outcome.result == "1-0"
    analysis = analyse_game(game, TEST)
    assert analysis.marks == [SELF_SHOT, BEST]
    assert analysis.positions[1].score >= MATE_BOUND  # Silver to move wins at once
    assert analysis.positions[2] == PositionEval(MATE)  # decided by the rules, not searched
    red = analysis.summary(game)[1]
    assert (red.blunders, red.self_shots, red.mistakes, red.inaccuracies) == (1, 1, 0, 0)
    assert red.accuracy < 25
    moves = analysis.moves(game)
    assert moves[0].mover == 1 and moves[0].drop > 0.3
    assert moves[0].best is not None and moves[0].best != "e5e6"


def test_keeping_the_shield_is_not_marked_but_stepping_into_a_new_line_is_a_blunder():
    assert analyse_game(game_from(SHIELDED, ["c5b5"]), TEST).marks[0] in (BEST, GOOD)
    # c5c6 is not in any beam now, but moving the j5 Pyramid to j6 turns Silver's beam onto rank 6.
    analysis = analyse_game(game_from(SHIELDED, ["c5c6"]), TEST)
    assert analysis.marks == [BLUNDERED]
    assert analysis.positions[1].pv[0] == "j5j6"


def test_the_known_best_move_is_found_and_marked_best():
    game = game_from(OPEN, ["j5R"])
    analysis = analyse_game(game, TEST)
    assert analysis.positions[0].best == "j5R"
    assert analysis.positions[0].score >= MATE_BOUND
    assert analysis.marks == [BEST]
    assert analysis.summary(game)[0].accuracy == pytest.approx(100.0, abs=0.01)


def test_missing_the_win_is_a_blunder_not_a_self_shot():
    game = game_from(OPEN, ["b1c1"])
    analysis = analyse_game(game, TEST)
    assert analysis.marks == [BLUNDERED]
    assert analysis.moves(game)[0].pv[0] == "j5R"


def test_the_run_hands_out_jobs_and_skips_decided_positions():
    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    run = AnalysisRun(game, TEST)
    assert run.total == 3 and run.finished_count == 1  # the final position is decided
    jobs = []
    while (job := run.next_job()) is not None:
        jobs.append(job)
    assert [i for i, _, _ in jobs] == [0, 1]
    assert jobs[1][1].position().fen() == game.position_at(1).fen()
    with pytest.raises(ValueError):
        run.result()


def test_record_round_trip_with_and_without_analysis(data_dir):
    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    path = game.save(data_dir)
    plain = Game.load(path)
    assert plain.analysis is None and "analysis" not in json.loads(path.read_text())
    game.analysis = analyse_game(game, TEST)
    game.save(data_dir)
    loaded = Game.load(path)
    assert loaded.analysis == game.analysis
    assert loaded.analysis.summary(loaded) == game.analysis.summary(game)
    assert Game.load(path, check_moves=False).analysis == game.analysis


def test_an_old_record_without_the_section_loads(data_dir):
    old = {
        "format": "laser-chess-game",
        "version": 1,
        "id": "old0000001",
        "variant": "khet",
        "options": {},
        "setup": "Classic",
        "start": Game.new().start_fen,
        "players": [{"kind": "human", "name": "", "level": None}, {"kind": "cpu", "level": "Easy"}],
        "time_control": None,
        "moves": [{"move": "j1L", "seconds": 2.0}],
        "outcome": None,
        "started_at": "2026-01-01T10:00:00",
        "ended_at": None,
    }
    path = data_dir / "old.json"
    path.write_text(json.dumps(old))
    game = Game.load(path)
    assert game.analysis is None and game.moves[0].text == "j1L"


def test_an_unreadable_or_stale_analysis_is_kept_but_not_used(data_dir):
    game = game_from(SHIELDED, ["e5e6"])
    path = game.save(data_dir)
    data = json.loads(path.read_text())
    data["analysis"] = {"version": 99, "whatever": [1, 2]}
    path.write_text(json.dumps(data))
    loaded = Game.load(path)
    assert loaded.analysis is None
    loaded.save(data_dir)
    assert json.loads(path.read_text())["analysis"] == {"version": 99, "whatever": [1, 2]}
    loaded.add_move("b1b2")  # the moves changed: the old section no longer belongs to the game
    assert "analysis" not in loaded.to_json()


def test_an_analysis_for_other_moves_is_not_attached():
    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    analysis = analyse_game(game, TEST)
    shorter = game_from(SHIELDED, ["e5e6"])
    data = shorter.to_json()
    data["analysis"] = analysis.to_json()
    assert Game.from_json(data).analysis is None
    with pytest.raises(ValueError, match="damaged"):
        Analysis.from_json({"version": 1, "positions": [{"score": 0}], "marks": ["!!"]})


def test_analyse_command_prints_the_table_and_saves_the_analysis(data_dir, capsys):
    path = game_from(SHIELDED, ["e5e6", "b1b2"]).save(data_dir)
    assert game_main(["analyse", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "self-shot" in out and "1-0" in out
    assert "Red        accuracy" in out and "blunders 1 (self-shots 1)" in out
    assert Game.load(path).analysis is not None
    assert game_main(["analyse", str(path)]) == 0
    assert "stored analysis (quick setting" in capsys.readouterr().out
    assert game_main(["analyse", str(data_dir / "missing.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_match_keeps_each_game_as_an_analysable_record(data_dir, capsys):
    folder = data_dir / "match"
    argv = ["match", "--white", "easy", "--black", "beginner", "--games", "2", "--depth", "1"]
    argv += ["--max-plies", "8", "--jobs", "1", "--setups", "Classic", "--save-dir", str(folder)]
    assert game_main(argv) == 0
    capsys.readouterr()
    records = sorted(folder.glob("*.json"))
    assert len(records) == 2
    games = [Game.load(p) for p in records]
    for game in games:
        assert all(p.kind == "cpu" for p in game.players)
        assert {p.level for p in game.players} == {"Easy", "Beginner"}
        assert len(game.moves) == 8 or game.finished
        assert game.options == RuleOptions(repetition="auto")
    assert game_main(["analyse", str(records[0]), "--quiet", "--no-save"]) == 0
    assert "accuracy" in capsys.readouterr().out
    assert Game.load(records[0]).analysis is None
    assert Player("cpu", level="Easy") in games[0].players


def test_background_analysis_in_the_worker_matches_and_can_be_cancelled():
    import time

    from game.analysis import BackgroundAnalysis

    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    job = BackgroundAnalysis(game, TEST)
    end = time.monotonic() + 60
    while not job.poll() and time.monotonic() < end:
        time.sleep(0.01)
    assert job.error is None and job.analysis is not None
    assert job.analysis.marks == analyse_game(game, TEST).marks
    assert not job.worker.alive  # its own process is ended when the work is done

    slow = BackgroundAnalysis(game_from(SHIELDED, ["c5b5"]), Strength("slow", None, 30.0, ""))
    assert slow.worker.alive and slow.worker.busy
    slow.cancel()
    assert slow.finished and slow.analysis is None and not slow.worker.alive


@pytest.mark.parametrize("variant", ["khet", "leiserchess2017", "leiserchess2018", "lousychess"])
def test_every_rule_set_is_analysed_and_its_threats_read(variant):
    from game.analysis import engine_game
    from game.threats import threats

    game = engine_game(variant, plies=6, depth=1, seed=5)
    assert len(game.moves) == 6
    analysis = analyse_game(game, Strength("test", 2, 30.0, "depth 2"))
    assert len(analysis.positions) == 7 and len(analysis.marks) == 6
    assert all(p.pv for p in analysis.positions[:-1])  # a best line for every searched position
    again = Game.from_json(json.loads(json.dumps(game.to_json() | {"analysis": analysis.to_json()})))
    assert again.analysis == analysis
    pos = game.position_at()
    found = threats(pos, pos.turn)
    if pos.variant.laser_kind:
        assert found and found[0].shots  # the enemy laser's shot if fired now
    else:
        assert found == []  # a rule set without lasers has no beams to fear


# ----------------------------------------------------------------------------- turns of several actions
LC98_TURNS = ["c1>E", "d1*", "b7b5", "b1c3", "g7>E", "e8*"]  # Blue, Blue, Red, Blue, Red, Red


def _fed(run: AnalysisRun, first_player_scores: list[int]) -> Analysis:
    """Answer every job with a made-up score (the first player's view), as the engine would."""
    from game.search.limits import SearchResult

    while (job := run.next_job()) is not None:
        index = job[0]
        score = first_player_scores[index] * (1 if run.slots[index].turn == 0 else -1)
        run.feed(index, SearchResult(None, None, score, 1, (), 0, 0.0, 0))
    return run.result()


def test_each_move_is_judged_for_the_side_that_made_it_not_by_ply_parity():
    """LaserChess 98: a turn may be several actions, so the second ply is Blue's again. The marks
    and the players' summaries followed the parity of the ply: Blue's strong shot (d1*, the score
    from 0 to +4) was judged as Red's move and called a blunder."""
    game = Game.new("laserchess98")
    pos = game.start_position()
    for text in LC98_TURNS:
        pos.push(pos.parse_move(text))
        game.add_move(text, 1.0)
    analysis = _fed(AnalysisRun(game, TEST), [0, 0, 400, 400, 400, 400, 400])
    assert [m.mover for m in analysis.moves(game)] == [0, 0, 1, 0, 1, 1]
    assert analysis.marks[1] == GOOD
    assert [s.blunders for s in analysis.summary(game)] == [0, 0]
    reread = Analysis.from_json(json.loads(json.dumps(analysis.to_json())))  # a saved analysis too
    assert [m.mover for m in reread.moves(game)] == [0, 0, 1, 0, 1, 1]


def test_the_run_reads_the_replays_line_one_push_a_ply_and_no_parsing(monkeypatch):
    from game.line import GameLine
    from game.position import Position

    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    line = GameLine.from_game(game)
    parsed: list[str] = []
    monkeypatch.setattr(Position, "parse_move", lambda self, text: parsed.append(text))
    run = AnalysisRun(game, TEST, line)
    assert parsed == [] and run.total == 3 and run.finished_count == 1
    assert [job[1].position().fen() for job in iter(run.next_job, None)] == [line.fen_at(0), line.fen_at(1)]


def test_a_damaged_records_line_is_refused_with_its_reason():
    from game.errors import RecordError
    from game.line import GameLine
    from game.record import MoveRecord

    game = game_from(SHIELDED, ["e5e6", "b1b2"])
    game.moves.append(MoveRecord("z9z9"))
    line = GameLine.from_game(game, partial=True)  # what the replay shows: the moves before it
    with pytest.raises(RecordError, match="z9z9"):
        AnalysisRun(game, TEST, line)
