"""The game controller (gui/models/): intents and facts of a game screen, tested without a window."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game import Game, Player, TimeControl
from game.opponents import RandomOpponent
from gui.models.game_controller import GameController
from gui.models.game_status import InputFacts, status_line
from gui.models.players import AsyncOpponent

ROOT = Path(__file__).resolve().parent.parent
HUMANS = (Player("human", "A"), Player("human", "B"))


class NoWorker:
    """A search process that never answers (the CPU keeps thinking)."""

    def start(self, *args, **kwargs) -> int:
        return 1

    def poll(self) -> list:
        return []

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def controller(players=HUMANS, tc=None, variant="khet", **kw) -> GameController:
    game = Game.new(variant, players=players, time_control=tc)
    return GameController(game, None, make_worker=NoWorker, **kw)


def test_models_import_no_pygame():
    code = (
        "import sys, gui.models.game_controller, gui.models.game_status, gui.models.new_game; "
        "print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_a_move_is_played_by_submit_and_handed_to_the_screen():
    c = controller()
    move = c.position.parse_move("c1c2")
    assert c.submit(move)
    assert c.line.texts == ["c1c2"] and len(c.take_played()) == 1 and c.take_played() == []
    assert not c.submit(move)  # no longer legal: refused, nothing played
    assert c.line.texts == ["c1c2"]


def test_against_the_cpu_a_move_in_its_turn_is_queued_and_played_when_legal():
    c = controller(players=(Player("human", "You"), Player("cpu", level="Easy")))
    c.submit(c.position.parse_move("c1c2"))
    assert c.session.cpu_to_move and c.input_position(busy=False) is not None and c.premoving
    premove = c.premove_position(0).parse_move("c2c3")
    assert c.submit(premove) and c.premove is not None and c.premove.text == "c2c3"
    assert "Premove c2c3 queued" in status_line(c, InputFacts())[0]
    c.players[1] = AsyncOpponent(RandomOpponent(1))  # the CPU answers at once now
    c.update(0.1)  # asked
    c.update(0.1)  # answered; the premove waits for the board to show the reply
    c.update(0.1)
    assert c.line.texts[0] == "c1c2" and c.line.texts[2] == "c2c3" and c.premove is None


def test_a_typed_move_is_refused_with_the_rules_reason():
    c = controller()
    assert not c.type_move("j1j2")
    assert c.typed_error and "not legal" in c.typed_error
    assert c.type_move("c1c2") and c.typed_error is None


def test_browsing_is_a_cursor_on_the_line():
    c = controller()
    for text in ("c1c2", "h8h7", "c2c1"):
        c.type_move(text)
    assert c.browse_step(-1) and c.view_ply == 2 and c.shown_ply == 2
    assert c.line.board_at(2) == c.line.position_at(2).board
    assert c.browse(0) and c.browse_step(-1) is False  # the start is the start
    assert c.browse(5) and c.view_ply is None  # past the end: the live position
    assert "Viewing move" not in status_line(c, InputFacts())[0]
    c.browse(1)
    assert status_line(c, InputFacts())[0].startswith("Viewing move 1 of 2")


def test_a_paused_cpu_game_says_paused_not_thinking():
    c = controller(players=(Player("cpu", level="Easy"), Player("cpu", level="Easy")))
    assert c.watching
    c.pause()
    c.update(0.1)
    assert not c.searching and "Paused" in status_line(c, InputFacts())[0]
    c.pause()
    c.update(0.1)
    assert c.searching and "thinking" in status_line(c, InputFacts())[0]


def test_the_status_line_says_a_piece_is_being_turned():
    c = controller()
    facts = InputFacts(hover_reason="d1 to d2: no", turning="d1")
    assert status_line(c, facts)[0].startswith("Turning the piece on d1")


def test_a_stopped_cpu_says_so_and_an_undo_lets_it_try_again():
    c = controller(players=(Player("human", "You"), Player("cpu", level="Easy")))
    c.type_move("c1c2")
    c.players[1] = AsyncOpponent(BrokenOpponent())
    c.update(0.1)
    c.update(0.1)
    assert c.error and "The CPU stopped" in status_line(c, InputFacts())[0]
    assert c.undo() == 1 and c.error is None


class BrokenOpponent:
    def choose(self, position, limits=None):
        raise RuntimeError("out of ideas")

    def player(self):
        return Player("program", "Broken")


def test_the_cpu_declines_a_draw_unless_it_stands_badly():
    c = controller(players=(Player("human", "You"), Player("cpu", level="Easy")))
    assert c.draw_choice() == "offer"
    c.draw()
    assert not c.finished and any("declines" in t for t, _ in c.take_notices())
    c.cpu_score = -400
    c.draw()
    assert c.finished and c.session.outcome.winner is None


def test_clocks_tick_only_for_the_side_to_move_once_it_has_moved():
    c = controller(tc=TimeControl(60, 0), clock_waits=True)
    c.update(5.0)
    assert c.session.remaining == [60.0, 60.0]  # Silver's first move is not on its clock
    c.type_move("c1c2")
    c.update(2.0)
    assert c.session.remaining == [60.0, 60.0]  # nor Red's
    c.type_move("h8h7")
    c.update(3.0)
    assert c.session.remaining == [57.0, 60.0]
