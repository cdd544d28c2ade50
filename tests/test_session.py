"""The game-session model behind the game screen: turns, clocks, takebacks, draws, saving."""

import pytest

from game import Game, Player, Termination, TimeControl
from game.variants import KhetOptions
from gui.session import GameSession

HUMANS = (Player("human", "A"), Player("human", "B"))


def session(setup="Classic", players=HUMANS, tc=None, folder=None, **options):
    game = Game.new("khet", setup, players=players, time_control=tc, options=KhetOptions(**options))
    return GameSession(game, folder)


def play(s, *texts):
    for text in texts:
        s.play(s.position.parse_move(text))


def test_moves_are_recorded_with_their_time():
    s = session()
    s.tick(1.25)
    play(s, "c1c2")
    assert s.move_texts() == ["c1c2"] and s.game.moves[0].seconds == 1.25
    assert s.turn == 1


def test_self_kill_ends_and_saves_the_game(data_dir):
    s = session("Dynasty", folder=data_dir)
    play(s, "j3j2")
    assert s.finished and s.outcome.winner == 1
    reloaded = Game.load(s.last_saved)
    assert reloaded.outcome == s.outcome and reloaded.moves == s.game.moves


def test_autosave_of_unfinished_game(data_dir):
    s = session(folder=data_dir)
    play(s, "c1c2")
    assert s.last_saved is None
    play(s, "h8h7")
    assert s.last_saved is not None and not Game.load(s.last_saved).finished


def test_flag_fall_loses_and_increment_is_added():
    s = session(tc=TimeControl(10, 2))
    s.tick(3)
    play(s, "c1c2")
    assert s.remaining == [9.0, 10.0]
    assert s.low_time(0) and s.low_time(1)
    s.tick(10.5)
    assert s.finished and s.outcome.reason is Termination.TIMEOUT and s.outcome.winner == 0


def test_resumed_game_restores_clocks():
    s = session(tc=TimeControl(60, 1))
    s.tick(5)
    play(s, "c1c2")
    s.tick(7)
    play(s, "h8h7")
    resumed = GameSession(s.game)
    assert resumed.remaining == pytest.approx(s.remaining)
    assert resumed.position.fen() == s.position.fen()


def test_undo_one_move_between_friends():
    s = session()
    play(s, "c1c2", "h8h7")
    assert s.undo() == 1 and s.move_texts() == ["c1c2"] and s.turn == 1


def test_undo_pair_against_cpu():
    s = session(players=(Player("human"), Player("cpu", level="Easy")))
    play(s, "c1c2", "h8h7")
    assert s.undo() == 2 and s.move_texts() == [] and s.turn == 0
    assert not s.can_undo()


def test_undo_after_pharaoh_kill_but_not_after_resignation():
    s = session("Dynasty")
    play(s, "j3j2")
    assert s.can_undo() and s.undo() == 1 and not s.finished
    s.resign(0)
    assert s.outcome.reason is Termination.RESIGNATION and not s.can_undo()


def test_draw_offer_accept_and_decline():
    s = session()
    s.offer_draw(0)
    assert not s.accept_draw(0)  # one cannot accept one's own offer
    play(s, "c1c2")  # Silver offered, then moved: offer stays for Red
    assert s.draw_offer is not None
    play(s, "h8h7")  # Red moved instead of accepting: declined
    assert s.draw_offer is None
    s.offer_draw(0)
    assert s.accept_draw(1) and s.outcome.reason is Termination.AGREEMENT


def test_threefold_claim():
    s = session()
    play(s, *["c1c2", "h8h7", "c2c1", "h7h8"] * 2)
    assert s.can_claim_draw() and s.claim_draw() and s.outcome.reason is Termination.REPETITION


def test_captured_pieces():
    s = session("Dynasty")
    play(s, "j3j2")
    assert [p.kind.name for p in s.captured(0)] == ["PHARAOH"]
    assert s.captured(1) == []


def test_save_error_is_reported_not_raised(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    s = session(folder=blocker / "saves")  # a folder under a file cannot be created
    play(s, "c1c2", "h8h7")
    assert s.save_error and "could not save" in s.save_error
