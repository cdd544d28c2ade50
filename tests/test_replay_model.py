"""The replay's model (gui/models/replay_model.py): the cursor, autoplay and the status box's words,
tested without a window."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from game import Game, Player
from gui.models.replay_model import AUTOPLAY_PAUSE, SPEEDS, ReplayModel

ROOT = Path(__file__).resolve().parent.parent


def khet_game(moves: str = "c1R g8g7 d1L") -> Game:
    game = Game.new("khet", "Classic", players=(Player("human", "Ana"), Player("cpu", level="Easy")))
    pos = game.start_position()
    for text in moves.split():
        pos.push(pos.parse_move(text))
        game.add_move(text, 1.0)
    return game


def test_the_model_imports_no_pygame():
    code = "import sys, gui.models.replay_model; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_the_cursor_is_clamped_and_the_buttons_follow_it():
    model = ReplayModel(khet_game(), ply=99)
    assert model.ply == model.last_ply == 3
    assert model.enabled(can_start_games=True) == {
        "first": True,
        "prev": True,
        "play": True,
        "next": False,
        "last": False,
        "flip": True,
        "from_here": True,
    }
    model.ply = model.clamp(-4)
    assert model.ply == 0 and model.fen() == khet_game().start_position().fen()
    states = model.enabled(can_start_games=False)
    assert not states["first"] and not states["prev"] and states["next"] and not states["from_here"]


def test_autoplay_restarts_from_the_end_waits_by_its_speed_and_stops_at_the_end():
    model = ReplayModel(khet_game(), ply=3)
    assert model.toggle_play() == 0  # at the end: start again from the start
    model.ply = 0
    assert model.playing and not model.tick(0.1, busy=False)
    assert not model.tick(1.0, busy=True)  # the board is still animating: the clock waits
    assert model.tick(0.2, busy=False)  # the first move is due after a quarter second
    assert model.set_speed("4×") and not model.set_speed("9×") and model.speed == "4×"
    model.ply = 1
    assert model.tick(AUTOPLAY_PAUSE / SPEEDS["1×"], busy=False)  # the pause set at 1x
    model.ply = 3
    assert not model.tick(AUTOPLAY_PAUSE, busy=False) and not model.playing
    assert model.toggle_play() == 0 and model.toggle_play() is None and not model.playing


@dataclass
class _Step:
    text: str


@dataclass
class _Line:
    base: int
    index: int
    steps: list[_Step] = field(default_factory=list)


def test_the_status_box_says_where_the_replay_is():
    game = khet_game()
    model = ReplayModel(game, ply=0)
    assert model.status(None, "", "").main == "Start position"
    model.ply = 2
    status = model.status(None, "?!", "Inaccuracy · +0.3")
    assert status.main == "Move 1 of 2, Red:  g8g7  ?!" and status.tone == "text"
    assert status.sub == "Inaccuracy · +0.3"
    assert model.status(None, "", "").sub == "Silver to move"
    model.ply = 3
    assert model.status(None, "", "").tone == "unfinished"
    engine = model.status(_Line(2, 1, [_Step("start"), _Step("a1b2")]), "", "")
    assert engine.main == "Engine line from move 2" and engine.sub.startswith("1 of 1: a1b2")
    assert engine.tone == "engine"
    card = model.card(0)
    assert card.label == "Silver · Ana" and card.active is False and card.clock is None
