"""The game screen's study tools (Hint, Threats) and CPU-vs-CPU games from the New game screen."""

from __future__ import annotations

import pygame
import pytest

from game import Game, Player, RuleOptions
from game.analysis import Strength, analyse_game
from game.threats import threats
from gui.screens.config import Choices, ConfigScreen
from gui.screens.game import GameScreen
from gui.testing import click_element, open_screen, post_key, run_frames, wait_until

# Red to move; Silver's beam already reaches the Red Pharaoh on c5.
EXPOSED = "sc9/10/10/2fa6Pc/10/10/10/1Fa7Sa r"
# Red to move; turning the j5 Pyramid (j5R) would send Silver's beam onto c5.
ROTATION_THREAT = "sc9/10/10/2fa6Pb/10/10/10/1Fa7Sa r"


@pytest.fixture
def app(quick_app):
    return quick_app


def test_hint_shows_the_engine_move_and_is_counted_once_per_position(app, data_dir):
    screen = open_screen(app, GameScreen, game=Game.new("khet", "Classic"))  # two players: hints allowed
    study = screen.study
    assert "hint" in screen.buttons
    post_key(app, pygame.K_h)
    assert study.thinking and screen.session.game.hints == [1, 0]
    wait_until(app, lambda: study.current_hint() is not None)
    move, shots = study.current_hint()
    assert move in screen.position.legal_moves and shots
    assert screen.status_text()[0].startswith("Hint: ")
    click_element(app, screen.buttons["hint"])  # same position: not counted again
    assert screen.session.game.hints == [1, 0]
    screen.play_move(move)
    run_frames(app, 3)
    assert study.current_hint() is None  # a new position
    saved = screen.session.save()
    assert Game.load(saved).hints == [1, 0]


def test_hints_are_off_against_the_cpu_unless_allowed(app):
    players = (Player("human", "You"), Player("cpu", level="Easy"))
    screen = open_screen(app, GameScreen, game=Game.new("khet", "Classic", players=players))
    assert "hint" not in screen.buttons
    post_key(app, pygame.K_h)
    assert not screen.study.thinking and screen.session.game.hints == [0, 0]
    app.screens.pop()
    allowed = open_screen(
        app, GameScreen, game=Game.new("khet", "Classic", players=players, hints_allowed=True)
    )
    assert "hint" in allowed.buttons and allowed.study.can_hint()


def test_threats_now_and_after_one_rotation(app):
    pos = Game.new("khet", fen=ROTATION_THREAT).start_position()
    found = threats(pos, 1)
    assert found[0].victims == ()  # the beam misses now
    assert found[1].move == "j5R" and found[1].royal
    screen = open_screen(app, GameScreen, game=Game.new("khet", fen=EXPOSED))
    assert "threats" in screen.buttons and not screen.study.threats_on
    post_key(app, pygame.K_t)
    assert screen.study.threats_on and screen.buttons["threats"].is_selected
    text, _ = screen.status_text()
    assert text.startswith("Threat: the enemy laser would destroy c5 (now)")
    run_frames(app, 2)  # drawing with the overlay on
    post_key(app, pygame.K_t)
    assert not screen.study.threats_on


def test_threat_after_a_candidate_move(app):
    screen = open_screen(app, GameScreen, game=Game.new("khet", fen="sc9/10/10/2fa1nb4Pc/10/10/10/1Fa7Sa r"))
    pos = screen.position
    exposed = screen.study.exposure(pos.parse_move("e5e6"))
    assert exposed.royal and exposed.victims == (pos.geometry.names.index("c5"),)
    assert screen.study.exposure(pos.parse_move("c5b5")).victims == ()


def test_new_game_offers_cpu_against_cpu_with_both_levels(app):
    ConfigScreen.remembered = Choices(opponent="watch", level="Beginner", level2="Easy")
    config = app.screens.push("config")
    run_frames(app, 2)
    game = config.make_game()
    assert [p.kind for p in game.players] == ["cpu", "cpu"]
    assert [p.level for p in game.players] == ["Beginner", "Easy"]
    assert "level2" in config.widgets and "hints" not in config.widgets
    ConfigScreen.remembered = Choices(opponent="cpu", hints=True)
    app.screens.pop()
    config = app.screens.push("config")
    run_frames(app, 2)
    assert "hints" in config.widgets and config.make_game().hints_allowed


@pytest.mark.slow  # a long correctness run: a whole CPU-vs-CPU game, then its analysis
def test_a_cpu_game_is_watched_to_the_end_then_saved_and_analysable(app, data_dir):
    players = (Player("cpu", level="Beginner"), Player("cpu", level="Beginner"))
    options = RuleOptions(repetition="auto", ply_limit=40)
    screen = open_screen(app, GameScreen, game=Game.new("khet", "Classic", players=players, options=options))
    study = screen.study
    assert study.watching and {"pause", "step", "speed"} <= set(screen.buttons)
    assert "undo" not in screen.buttons and "hint" not in screen.buttons
    # paused: nothing moves (a search that had started before the pause may still end, on a slow
    # machine); Step plays exactly one move
    post_key(app, pygame.K_SPACE)
    assert study.paused and screen.buttons["pause"].text == "Resume"
    wait_until(app, lambda: not screen.controller.searching, 30)
    played = len(screen.session.game.moves)
    assert played <= 1
    run_frames(app, 30)
    assert len(screen.session.game.moves) == played
    click_element(app, screen.buttons["step"])
    wait_until(app, lambda: len(screen.session.game.moves) == played + 1, 30)
    run_frames(app, 30)
    assert len(screen.session.game.moves) == played + 1
    # resume at the fastest speed and watch to the end
    while study.speed != "4×":
        click_element(app, screen.buttons["speed"])
    assert screen.buttons["speed"].text == "Speed 4×"
    post_key(app, pygame.K_SPACE)
    wait_until(app, lambda: screen.session.finished, 300)
    game = screen.session.game
    assert game.outcome is not None and game.finished
    app.screens.pop(ask=False)
    saved = list((data_dir / "saves").glob("*.json"))
    assert len(saved) == 1
    record = Game.load(saved[0])
    assert record.moves == game.moves and record.outcome == game.outcome
    analysis = analyse_game(record, Strength("test", 1, 5.0, "depth 1"))
    assert len(analysis.marks) == len(record.moves)


def test_a_rule_set_without_lasers_has_no_threats_button(app):
    screen = open_screen(app, GameScreen, game=Game.new("lousychess"))
    assert "threats" not in screen.buttons and "hint" in screen.buttons
    post_key(app, pygame.K_t)
    assert not screen.study.threats_on
