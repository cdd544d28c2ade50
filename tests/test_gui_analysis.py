"""Analysis in the replay: Analyse runs in the worker with a progress bar and can be cancelled,
leaving the screen stops the worker, the result is saved in the record, the graph jumps, the best
line can be stepped into, and the browser card shows the accuracy."""

from __future__ import annotations

import pygame
import pytest

from game import Game
from game.analysis import SELF_SHOT, Strength, analyse_game
from gui.screens.replay import ReplayScreen
from gui.testing import click_element, open_screen, post_click, post_key, post_resize, run_frames, wait_until

# Red steps its Anubis off rank 5 and Silver's beam reaches the Red Pharaoh (see test_analysis.py).
SHIELDED = "sc9/10/10/2fa1nb4Pc/10/10/10/1Fa7Sa r"


def blunder_game() -> Game:
    game = Game.new("khet", fen=SHIELDED)
    pos = game.start_position()
    for text in ("e5e6", "b1b2"):
        pos.push(pos.parse_move(text))
        game.add_move(text, 1.0)
    game.finish(pos.outcome())
    return game


@pytest.fixture
def app(quick_app):
    return quick_app


def test_analyse_runs_in_the_worker_then_saves_marks_and_draws_them(app, data_dir):
    game = blunder_game()
    path = game.save(data_dir / "saves")
    screen = open_screen(app, ReplayScreen, game=Game.load(path), path=path)
    study = screen.study
    assert study.analysis is None and study.buttons["analyse"].visible
    assert not study.buttons["cancel"].visible
    click_element(app, study.buttons["analyse"])
    assert study.running and study.job.worker.alive and study.buttons["cancel"].visible
    assert screen.animating  # full frame rate while it works
    wait_until(app, lambda: study.analysis is not None)
    assert not study.running and not study.buttons["analyse"].visible
    assert study.analysis.marks[0] == SELF_SHOT
    assert screen.moves.annotations[1][0] == "×"
    saved = Game.load(path)
    assert saved.analysis is not None and saved.analysis.marks == study.analysis.marks
    # reopening is instant: the analysis comes with the record
    app.screens.pop()
    again = open_screen(app, ReplayScreen, game=saved, path=path)
    assert again.study.analysis is not None and not again.study.running
    post_key(app, pygame.K_RIGHT)
    assert "self-shot" in again.status_lines()[1]


def test_cancel_and_leaving_the_screen_stop_the_worker(app):
    game = analysed_sample(with_analysis=False)
    screen = open_screen(app, ReplayScreen, game=game)
    study = screen.study
    study.start("deep")
    run_frames(app, 3)
    worker = study.job.worker
    assert worker.alive and worker.busy
    click_element(app, study.buttons["cancel"])
    assert study.job is None and not worker.alive and study.analysis is None
    assert study.buttons["analyse"].visible
    post_key(app, pygame.K_a)  # the key starts it too
    assert study.running
    worker = study.job.worker
    run_frames(app, 3)
    assert worker.alive
    app.screens.pop()  # leave the replay
    assert not worker.alive and study.job is None


def analysed_sample(with_analysis: bool = True) -> Game:
    game = Game.new("khet", "Classic")
    pos = game.start_position()
    for text in ["c1R", "g8g7", "d1L", "a4b3", "c5b5", "a5b4", "j5j6", "g3f2", "c4L", "f8e7"]:
        pos.push(pos.parse_move(text))
        game.add_move(text, 1.0)
    if with_analysis:
        game.analysis = analyse_game(game, Strength("test", 2, 5.0, "depth 2"))
    return game


def test_graph_click_jumps_and_the_best_line_can_be_stepped_into(app):
    game = analysed_sample()
    screen = open_screen(app, ReplayScreen, game=game)
    study = screen.study
    graph = study.graph
    assert len(graph.values) == len(game.moves) + 1 and None not in graph.values
    post_click(app, (round(graph.x_of(6)), graph.rect.centery))
    assert screen.ply == 6 and graph.current == 6
    assert study.best_move(6) is not None
    pv = study.analysis.positions[6].pv
    assert pv
    run_frames(app, 2)
    token = study.tokens[0][0]
    post_click(app, token.center)
    assert study.variation is not None and study.variation.index == 1
    expected = game.position_at(6)
    expected.push(expected.parse_move(pv[0]))
    run_frames(app, 30)
    assert screen.view.board == expected.board
    assert "Engine line" in screen.status_lines()[0]
    post_key(app, pygame.K_ESCAPE)  # back to the game, not out of the screen
    assert study.variation is None and screen.ply == 6
    assert app.screens.top is screen
    assert screen.view.board == game.position_at(6).board


def test_marks_reach_the_move_list_and_the_bar_follows_the_ply(app, monkeypatch):
    game = blunder_game()
    game.analysis = analyse_game(game, Strength("test", 2, 5.0, "depth 2"))
    screen = open_screen(app, ReplayScreen, game=game)
    assert screen.moves.annotations[1][0] == "×"
    assert screen.study.bar.h == screen.view.rect.h and screen.study.bar.right <= screen.view.rect.x
    for size in ((640, 480), (1920, 1080)):
        post_resize(app, size)
        study = screen.study
        assert study.strip.bottom <= size[1] and study.view.rect.bottom < study.strip.y
        assert study.bar.h == screen.view.rect.h and study.bar.right <= screen.view.rect.x
        assert study.buttons["deeper"].visible  # analysed at less than the deep setting


def test_browser_card_shows_accuracy_once_analysed(app, data_dir):
    from gui.widgets.game_card import accuracy_text

    game = blunder_game()
    assert accuracy_text(game) == ""
    game.analysis = analyse_game(game, Strength("test", 2, 5.0, "depth 2"))
    text = accuracy_text(game)
    assert text.startswith("Accuracy ") and text.count("%") == 2
    assert game.analysis.summary(game)[1].blunders == 1


def test_the_empty_graph_does_not_cross_out_its_hint() -> None:
    """The dashed even line stops either side of the hint text (it was drawn straight through it)."""
    import pygame

    from gui.colours import EVEN_LINE
    from gui.widgets.eval_graph import EvalGraph

    pygame.init()
    graph = EvalGraph()
    graph.set_rect(pygame.Rect(0, 0, 400, 80))

    def even_pixels_under_hint(text: str) -> int:
        graph.empty_text = text
        surface = pygame.Surface((400, 80))
        graph.draw(surface)
        mid = graph.plot.centery
        return sum(1 for x in range(150, 250) if surface.get_at((x, mid))[:3] == tuple(EVEN_LINE))

    assert even_pixels_under_hint("") > 20  # the even line is there when no hint is shown
    assert even_pixels_under_hint("Analyse to see who stood better, move by move") == 0
