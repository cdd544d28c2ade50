"""The opponents protocol: our search, scripted engines and a random player play the same way."""

from __future__ import annotations

from game import Game, Position
from game.opponents import Opponent, RandomOpponent, SearchOpponent, choose_turn, play_game
from game.record import Player
from game.scripted import ScriptedEngine
from tests.prism import register

register()


def test_every_opponent_speaks_the_protocol_and_names_itself_for_the_record():
    scripted = ScriptedEngine.parse("L4", "CH3SS5")
    for opponent in (SearchOpponent("Beginner", seed=1), RandomOpponent(3), scripted):
        assert isinstance(opponent, Opponent)
        assert isinstance(opponent.player(), Player)
    assert scripted.player() == Player("scripted", "L4 Light squares are lava")
    assert SearchOpponent("Easy").player() == Player("cpu", level="Easy")


def test_a_record_stores_who_played_each_side_and_old_kinds_still_load():
    players = (RandomOpponent(1).player(), ScriptedEngine.parse("K0", "CH3SS5").player())
    game = Game.new("lousychess", players=players)
    loaded = Game.from_json(game.to_json())
    assert loaded.players == players and loaded.players[1].label() == "K0 The king must die"
    assert Player.from_json({"kind": "cpu", "name": "", "level": "Hard"}) == Player("cpu", level="Hard")


def test_scripted_engine_plays_its_worked_example_through_the_protocol():
    pos = Position.setup(variant="lousychess")
    move = ScriptedEngine.parse("L4", "CH3SS5").choose(pos)
    assert pos.move_text(move) == "b1-c3"


def test_choose_turn_collects_every_action_of_a_two_action_turn():
    pos = Position.setup(variant="prism")
    turn = choose_turn(RandomOpponent(7), pos)
    assert 1 <= len(turn) <= 2 and pos.ply == 0  # chosen on a copy
    for move in turn:
        pos.push(move)
    assert pos.turn == 1 and pos.part == 0


def test_two_opponents_play_a_game_to_its_end():
    final = play_game(
        (SearchOpponent("Beginner", seed=2), RandomOpponent(5)), Position.setup(variant="khet"), 400
    )
    assert final.ply > 0 and (final.outcome() is not None or final.ply == 400)
