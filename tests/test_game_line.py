"""The game line (game/line.py): one history read by the live game, a resumed game and the replay.

The clocks tests replay the two games of issue 25 (Laser Chess 1987 and LaserChess 98, 60 s + 5 s,
six actions each) live, resumed and replayed, against a count by hand."""

from __future__ import annotations

import json
import random

import pytest

from game import Game, Player, RecordError, TimeControl
from game.line import GameLine, full_moves, readable_text
from game.opponents import RandomOpponent
from game.variants import VARIANTS
from gui.session import GameSession

HUMANS = (Player("human", "A"), Player("human", "B"))
# (variant, [(move, seconds)], clocks by hand with the clock waiting for each first turn, and not)
GAMES = {
    "laserchess87": (
        [("a2a3", 3), ("b2b3", 4), ("a8a7", 5), ("b8b7", 6), ("a3a4", 7), ("b3b4", 8)],
        # waits: White's and Red's first turns are free, +5 each; White's second: 65 - 15 + 5
        (55.0, 65.0),
        # no wait: White 60 - 7 + 5 - 15 + 5, Red 60 - 11 + 5
        (48.0, 54.0),
    ),
    "laserchess98": (
        [("d1>S", 3), ("c1>E", 4), ("b7b5", 5), ("b1c3", 6), ("g7>E", 7), ("e7>S", 8)],
        # waits: first turns free (+5 each); White's second 65 - 6 + 5, Blue's second 65 - 15 + 5
        (64.0, 55.0),
        # no wait: White 60 - 7 + 5 - 6 + 5, Blue 60 - 5 + 5 - 15 + 5
        (57.0, 50.0),
    ),
}


def live(variant: str, waits: bool) -> GameSession:
    game = Game.new(variant, players=HUMANS, time_control=TimeControl(60, 5))
    session = GameSession(game, clock_waits=waits)
    for text, seconds in GAMES[variant][0]:
        session.tick(seconds)
        session.play(session.position.parse_move(text))
    return session


def reread(game: Game) -> Game:
    return Game.from_json(json.loads(json.dumps(game.to_json())))


@pytest.mark.parametrize("variant", sorted(GAMES))
@pytest.mark.parametrize("waits", [True, False])
def test_clocks_agree_live_resumed_and_replayed_with_a_hand_count(variant, waits):
    expected = GAMES[variant][1 if waits else 2]
    session = live(variant, waits)
    assert tuple(session.remaining) == expected
    resumed = GameSession(reread(session.game))
    assert tuple(resumed.remaining) == expected
    replayed = GameLine.from_game(reread(session.game))
    assert replayed.clocks_at(len(replayed)) == expected


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_the_time_on_the_move_being_made_is_not_given_back_on_resume(variant):
    session = live(variant, True)
    mover = session.turn
    session.tick(2.5)
    before = session.remaining
    assert before[mover] == GAMES[variant][1][mover] - 2.5
    session.save()  # leaving the game saves it
    resumed = GameSession(reread(session.game))
    assert resumed.remaining == pytest.approx(before)


def test_an_undo_gives_no_time_back_to_the_side_taking_back():
    session = live("laserchess98", True)  # White to move: 64 / 55
    session.tick(2.0)  # White thinks, then Blue's last half-action is taken back
    assert session.undo() == 1
    # Blue is back before e7>S: its 8 s stay on its clock and the turn's increment is gone;
    # White's 2 s of thinking on a move it will not make are given back.
    assert session.remaining == pytest.approx([64.0, 50.0])
    session.save()
    assert GameSession(reread(session.game)).remaining == pytest.approx([64.0, 50.0])


def test_a_promotion_loses_no_piece_live_or_replayed():
    game = Game.new("lousychess", fen="k4/1P3/5/5/3p1/K4 w 1", players=HUMANS)
    session = GameSession(game)
    session.play(session.position.parse_move("b5b6"))
    assert session.captured(0) == [] and session.captured(1) == []
    assert GameLine.from_game(reread(game)).lost() == ((), ())


def test_a_destroyed_piece_is_lost_by_its_own_side_in_the_order_it_fell():
    game = Game.new("khet", "Dynasty", players=HUMANS)
    session = GameSession(game)
    session.play(session.position.parse_move("j3j2"))  # Silver's shot destroys its own Pharaoh
    assert [p.kind.name for p in session.captured(0)] == ["PHARAOH"]
    assert GameLine.from_game(reread(game)).captured_by(1) == tuple(session.captured(0))


def random_game(variant: str, seed: int, plies: int = 40) -> Game:
    game = Game.new(variant, players=HUMANS)
    pos = game.start_position()
    opponent = RandomOpponent(seed)
    for _ in range(plies):
        if pos.outcome() is not None:
            break
        move = opponent.choose(pos)
        if move is None:
            break
        text = pos.move_text(move)
        pos.push(move)
        game.add_move(text, 1.0)
    return game


def old_readable(pos, move) -> str:
    """The readable text as the game screen made it before the line: from a copy pushed again."""
    from game.pieces import code_color

    names = pos.geometry.names
    text = pos.move_text(move)
    after = pos.copy(history=False)
    effects = after.push(move)
    frm, to = move.from_square, move.to_square
    if frm != to and pos.board[to] and not effects.captured and not effects.placed:
        text = f"{names[frm]}\u21c4{text[len(names[frm]) :]}"
    removed = after.last_removed
    marks = []
    for i in range(0, len(removed), 2):
        own = code_color(removed[i + 1]) == pos.turn
        marks.append(f"{'self' if own else ''}\u00d7{names[removed[i]]}")
    return " ".join([text, *marks])


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_each_ply_keeps_its_texts_board_and_side_as_a_fresh_replay_has_them(variant):
    for seed in range(3):
        game = random_game(variant, seed)
        line = GameLine.from_game(game)
        pos = game.start_position()
        for ply, record in enumerate(game.moves, start=1):
            move = pos.parse_move(record.text)
            readable = old_readable(pos, move)
            side = pos.turn
            pos.push(move)
            p = line[ply - 1]
            assert (p.text, p.readable, p.side, p.turn) == (record.text, readable, side, pos.turn)
            assert line.board_at(ply) == pos.board
            assert line.position_at(ply).fen() == pos.fen()
        assert line.position.fen() == pos.fen()


def test_full_moves_are_counted_in_turns_of_each_side():
    line = GameLine.from_game(live("laserchess98", True).game)
    assert [p.number for p in line] == [1, 1, 1, 2, 2, 2]
    assert line.full_move() == full_moves(len(line), line.first_turn, line.sides) == 2
    khet = GameLine.from_game(random_game("khet", 1, 7))
    assert [p.number for p in khet] == [1, 1, 2, 2, 3, 3, 4]
    assert full_moves(7) == 4 and full_moves(7, 1) == 4 and full_moves(6, 1) == 4


def test_a_damaged_record_stops_the_line_with_a_reason_or_raises():
    game = random_game("khet", 2, 6)
    game.moves[3] = type(game.moves[3])("a1a1", 1.0)
    with pytest.raises(RecordError, match="move 4"):
        GameLine.from_game(game)
    line = GameLine.from_game(game, partial=True)
    assert len(line) == 3 and "move 4 (a1a1)" in line.problem


def test_a_pushed_and_popped_line_keeps_its_record_in_step():
    game = Game.new("khet", players=HUMANS)
    line = GameLine.from_game(game)
    rng = random.Random(5)
    for _ in range(6):
        move = rng.choice(list(line.position.legal_moves))
        line.push(move, 1.5)
    assert [m.text for m in game.moves] == line.texts
    assert game.final_fen == line.position.fen()
    line.pop()
    assert [m.text for m in game.moves] == line.texts and game.final_fen == line.position.fen()


def test_readable_text_marks_swaps_and_victims():
    game = Game.new("khet", "Classic", players=HUMANS)
    line = GameLine.from_game(game)
    pos = line.position
    swap = next(m for m in pos.legal_moves if m.from_square != m.to_square and pos.board[m.to_square])
    ply = line.push(swap)
    assert "\u21c4" in ply.readable
    assert readable_text(pos.geometry.names, ply.text, ply.move, ply.effects) == ply.readable
