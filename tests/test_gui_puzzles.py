"""The Puzzles and Lessons screens driven by posted events, for every rule set: a puzzle solved,
a puzzle failed (its refutation shown, then retried and the solution played), every course
completed end to end, and the long texts never cut."""

from __future__ import annotations

import pygame
import pytest

from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, Move
from game.puzzles.courses import COURSES
from game.puzzles.model import shipped
from game.puzzles.progress import Progress
from game.puzzles.prover import Prover
from gui.art.fonts import record_cut_text
from gui.puzzle_board import PuzzleBoard
from gui.screens.lessons import LessonsScreen
from gui.screens.puzzles import PuzzlesScreen
from gui.testing import click_element, post_click, post_key, post_resize, run_frames, wait_until

ROTATION_KEYS = {"rotate_right": CLOCKWISE, "rotate_left": COUNTER_CLOCKWISE, "rotate_half": HALF_TURN}

RULE_SETS = sorted(COURSES)  # the program's rule sets (tests/prism.py adds a test-only one)


@pytest.fixture
def app(quick_app):
    return quick_app


def enter(app, board: PuzzleBoard, move: Move) -> None:
    """Make one action as a player does: clicks on squares, the turn and fire buttons, a letter
    key for a promotion."""

    def at(square: int) -> None:
        post_click(app, board.view.square_rect(square).center)

    at(move.from_square)
    if move.fire:
        click_element(app, board.buttons["fire"])
    elif move.is_null:
        click_element(app, board.buttons["null"])
    elif move.is_rotation:
        for _ in range(3):  # a rotation to an orientation may take more than one press
            key = next((k for k, r in ROTATION_KEYS.items() if board.input.rotation_move(r) == move), None)
            if key is not None:
                click_element(app, board.buttons[key])
                return
            click_element(app, board.buttons["rotate_right"])
            at(move.from_square)
        raise AssertionError(f"no button turns to {move}")
    else:
        at(move.to_square)
        if move.then_square is not None:
            at(move.then_square)
        elif move.rotation:
            key = next(k for k, r in ROTATION_KEYS.items() if r == move.rotation)
            click_element(app, board.buttons[key])
        if move.promotion is not None:
            letter = board.variant.kind_letters[move.promotion]
            post_key(app, ord(letter.lower()), unicode=letter)
    run_frames(app, 2)


def settle(app, screen: PuzzlesScreen) -> None:
    wait_until(app, lambda: not screen.animating, seconds=120)
    run_frames(app, 2)


def pick(variant: str, themes: tuple[str, ...]):
    return next(p for p in shipped(variant).puzzles if p.theme in themes)


@pytest.mark.parametrize("variant", RULE_SETS)
def test_a_puzzle_is_solved_by_posted_events(app, variant):
    puzzle = pick(variant, ("win2", "win3", "win1"))
    screen = app.screens.push("puzzles", puzzle_id=puzzle.id)
    run_frames(app, 2)
    assert isinstance(screen, PuzzlesScreen) and screen.attempt is not None
    attempt = screen.attempt
    while screen.phase == "play":
        for move in attempt.expected:
            enter(app, screen.board, move)
        settle(app, screen)
    assert screen.phase == "solved" and screen.message.startswith("Solved!")
    progress = Progress.from_json(app.settings.puzzles)
    assert progress.results[puzzle.id] == "solved"
    assert progress.rating(variant).rating > 1500


@pytest.mark.parametrize("variant", RULE_SETS)
def test_a_puzzle_is_failed_refuted_retried_and_shown(app, variant):
    puzzle = pick(variant, ("win1", "save", "material"))
    screen = app.screens.push("puzzles", puzzle_id=puzzle.id)
    run_frames(app, 2)
    attempt = screen.attempt
    pos = attempt.position
    expected = [m.code for m in attempt.expected]
    wrong = next(t for t in Prover().turns(pos) if not t.chance and list(t.codes) != expected)
    for code in wrong.codes:
        enter(app, screen.board, Move.from_code(code))
    settle(app, screen)
    assert screen.phase == "wrong", screen.message
    assert Progress.from_json(app.settings.puzzles).results[puzzle.id] == "missed"
    click_element(app, screen.buttons["retry"])
    assert screen.phase == "play" and attempt.position.fen() == puzzle.fen
    click_element(app, screen.buttons["solution"])
    settle(app, screen)
    assert screen.phase == "solved" and "Solution:" in " ".join(p.text for p in screen.paragraphs())


def test_the_self_shot_trap_is_a_theme_and_is_solved_by_posted_events(app):
    screen = app.screens.push("puzzles", variant="khet")
    run_frames(app, 2)
    options = dict((key, label) for label, key in screen.theme_options())
    traps = shipped("khet", "self-shot").puzzles
    assert options["self-shot"] == f"Self-shot trap ({len(traps)})"
    screen._dropdown(pygame.event.Event(0, ui_element=screen.drops["theme"], text=options["self-shot"]))
    attempt = screen.attempt
    assert attempt is not None and "self-shot" in attempt.puzzle.motifs
    pos = attempt.position
    defender = 1 - pos.turn
    pieces = sum(1 for code in pos.board if code and code >> 2 & 1 == defender)
    for move in attempt.expected:
        enter(app, screen.board, move)
    settle(app, screen)
    assert screen.phase == "solved" and screen.message.startswith("Solved!")
    # the defender's reply was played, and its own beam took one of its pieces
    assert sum(1 for code in pos.board if code and code >> 2 & 1 == defender) < pieces
    assert "Self-shot trap" in " ".join(p.text for p in screen.paragraphs())


def test_hint_rings_the_piece_and_counts_as_a_miss(app):
    puzzle = pick("khet", ("win1",))
    screen = app.screens.push("puzzles", puzzle_id=puzzle.id)
    run_frames(app, 2)
    post_key(app, pygame.K_h)
    square = screen.attempt.expected[0].from_square
    assert screen.board.view.deco.marks == {square: "hint"}
    post_click(app, (5, 5))  # the badge stays while the mouse moves and clicks
    assert screen.board.view.deco.marks == {square: "hint"}
    assert Progress.from_json(app.settings.puzzles).results[puzzle.id] == "missed"


def test_next_daily_and_streak_and_the_theme_filter(app):
    screen = app.screens.push("puzzles", variant="khet")
    run_frames(app, 2)
    click_element(app, screen.buttons["daily"])
    assert screen.mode == "daily" and screen.attempt is not None
    click_element(app, screen.buttons["streak"])
    assert screen.mode == "streak" and screen.streak == 0
    screen.theme = "material"
    click_element(app, screen.buttons["next"])
    assert screen.attempt.puzzle.theme == "material"


def test_the_lousy_chess_module_puzzle_is_one_kind(app):
    screen = app.screens.push("puzzles", variant="lousychess")
    run_frames(app, 2)
    assert any(key == "Module puzzle (scripted engines)" for _label, key in screen.theme_options())
    from gui.screens.puzzle import PuzzleScreen

    screen._dropdown(
        pygame.event.Event(0, ui_element=screen.drops["theme"], text="Module puzzle (scripted engines)")
    )
    run_frames(app, 2)
    assert isinstance(app.screens.top, PuzzleScreen)


def test_the_position_opens_in_the_editor_and_on_the_analysis_board(app):
    puzzle = pick("khet", ("win1",))
    screen = app.screens.push("puzzles", puzzle_id=puzzle.id)
    run_frames(app, 2)
    click_element(app, screen.buttons["editor"])
    assert app.screens.top.name == "editor"
    app.screens.pop()
    run_frames(app, 2)
    click_element(app, screen.buttons["analysis"])
    top = app.screens.top
    assert top.name == "game" and top.session.position.fen() == puzzle.fen


@pytest.mark.parametrize("variant", sorted(COURSES))
def test_every_course_is_completed_end_to_end(app, variant):
    screen = app.screens.push("lessons", variant=variant, step=0)
    run_frames(app, 2)
    assert isinstance(screen, LessonsScreen)
    steps = COURSES[variant].steps
    for index, step in enumerate(steps):
        assert screen.index == index
        for text in step.solution:
            if screen.verdict is not None:
                break
            move = screen.position.variant.parse_move_text(text, screen.position.geometry)
            enter(app, screen.board, move)
        assert screen.verdict is not None and screen.verdict.passed, (index, screen.verdict)
        if index + 1 < len(steps):
            click_element(app, screen.buttons["next"])
    done = Progress.from_json(app.settings.puzzles).lessons[variant]
    assert done == list(range(len(steps)))


def test_a_wrong_lesson_turn_is_told_why_and_tried_again(app):
    screen = app.screens.push("lessons", variant="khet", step=1)
    run_frames(app, 2)
    enter(app, screen.board, screen.position.parse_move("j5L"))  # breaks its own Pyramid
    assert screen.verdict is not None and not screen.verdict.passed
    assert "still stands" in screen.verdict.missing or "your own" in screen.verdict.missing
    click_element(app, screen.buttons["again"])
    assert screen.verdict is None and not screen.reports
    post_key(app, pygame.K_h)
    assert screen.hinted and set(screen.board.view.deco.marks.values()) == {"hint"}


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)])
def test_no_puzzle_or_lesson_text_is_cut(app, size):
    cut: list[str] = []
    post_resize(app, size)
    record_cut_text(cut)
    try:
        for variant in RULE_SETS:
            screen = app.screens.push("puzzles", variant=variant)
            run_frames(app, 2)
            click_element(app, screen.buttons["solution"])
            settle(app, screen)
            app.screens.pop()
            lessons = app.screens.push("lessons", variant=variant, step=0)
            lessons.hinted = True
            run_frames(app, 2)
            app.screens.pop()
    finally:
        record_cut_text(None)
    assert cut == []


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)])
def test_the_failed_module_puzzle_shows_its_whole_solution(app, size):
    """Issue 28, item 6: the moves of a failed Lousy Chess module puzzle were cut with "…"
    while half the panel stood empty; they wrap into the room there is."""
    from gui.screens.puzzle import MAX_STRIKES, PuzzleScreen

    post_resize(app, size)
    screen = app.screens.push("puzzle", seed=4)
    run_frames(app, 2)
    assert isinstance(screen, PuzzleScreen)
    for _ in range(MAX_STRIKES):
        screen.show_next()
    assert screen.result == "failed"
    cut: list[str] = []
    record_cut_text(cut)
    try:
        run_frames(app, 2)
    finally:
        record_cut_text(None)
    assert cut == []


def test_learn_from_your_mistakes_accepts_the_best_move_and_asks_the_engine_otherwise(app):
    from gui.screens.learn import LearnScreen
    from tests.test_puzzles import analysed_game

    game, best = analysed_game()
    screen = app.screens.push("learn", game=game)
    run_frames(app, 2)
    assert isinstance(screen, LearnScreen) and len(screen.items) == 1
    start = screen.position.fen()
    wrong = next(m for m in screen.position.legal_moves if screen.position.move_text(m) != best)
    enter(app, screen.board, wrong)
    assert screen.checking or screen.verdict is not None
    wait_until(app, lambda: screen.verdict is not None, seconds=120)
    verdict = screen.verdict
    if not verdict.accepted:  # a miss is shown, then taken back
        wait_until(app, lambda: screen.answer is None, seconds=10)
        assert screen.position.fen() == start
        enter(app, screen.board, screen.position.parse_move(best))
        assert screen.verdict.accepted
    assert screen.found == {0}
    assert "Good move!" in " ".join(p.text for p in screen.paragraphs())


def test_the_replay_of_an_analysed_game_opens_learn_from_your_mistakes(app):
    from gui.screens.learn import LearnScreen
    from tests.test_puzzles import analysed_game

    game, _ = analysed_game()
    replay = app.screens.push("replay", game=game)
    run_frames(app, 2)
    learn = replay.study.buttons["learn"]
    assert learn.visible and replay.study.mistake_count() == 1
    click_element(app, learn)
    run_frames(app, 2)
    assert isinstance(app.screens.top, LearnScreen) and len(app.screens.top.items) == 1
    app.screens.pop()
    game.analysis = None  # not analysed: nothing to learn from, no button
    replay = app.screens.push("replay", game=game)
    run_frames(app, 2)
    assert not replay.study.buttons["learn"].visible
    post_key(app, pygame.K_l)
    run_frames(app, 2)
    assert app.screens.top is replay


def test_learn_checks_a_move_of_a_game_analysed_at_a_strength_it_does_not_know(app, monkeypatch):
    """Found by the random events (replay x LaserChess 98 -> Learn): an analysis saved under a name
    that is not one of the levels ("screenshot", a newer program's) raised KeyError in get_strength
    when the player's move had to be checked by the engine. It is checked at the quick strength."""
    import gui.crash
    from tests.test_puzzles import analysed_game

    monkeypatch.setattr(gui.crash, "handle_crash", lambda app, exc: False)  # a crash fails the test
    game, best = analysed_game()
    game.analysis.strength = "random events"
    screen = app.screens.push("learn", game=game)
    run_frames(app, 2)
    wrong = next(m for m in screen.position.legal_moves if screen.position.move_text(m) != best)
    enter(app, screen.board, wrong)
    assert screen.checking or screen.verdict is not None
    wait_until(app, lambda: screen.verdict is not None, seconds=120)
