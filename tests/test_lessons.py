"""Every lesson step is checked by the rules: its solution passes, some other turn fails, and the
checks read what the rules report (game/puzzles/lessons.py, courses.py)."""

from __future__ import annotations

import pytest

from game.move import Move
from game.puzzles.courses import COURSES
from game.puzzles.lessons import CHECK_KINDS, MISSING, Check, judge, play_solution
from game.puzzles.prover import Prover
from game.variants import VARIANTS

STEPS = [(v, i) for v, c in COURSES.items() for i in range(len(c.steps))]


def test_every_rule_set_has_a_course_of_six_to_twelve_steps():
    assert set(COURSES) == set(VARIANTS) - {"prism"}  # tests/prism.py is a test-only rule set
    for course in COURSES.values():
        assert 6 <= len(course.steps) <= 12, course.variant


@pytest.mark.parametrize(("variant", "index"), STEPS)
def test_a_steps_solution_passes_and_another_turn_fails(variant, index):
    course = COURSES[variant]
    step = course.steps[index]
    verdict, _pos = play_solution(course, index)
    assert verdict.passed, f"{variant} step {index + 1}: {verdict.missing}"
    start = step.position(variant)
    assert all(c.kind in CHECK_KINDS for c in step.checks)
    for name in step.hint_squares:
        assert start.geometry.parse_square(name) is not None
    failing = 0
    for turn in Prover().turns(start):
        if turn.chance:
            continue
        pos = start.copy()
        reports = []
        for code in turn.codes:
            reports.append(pos.push(Move.from_code(code)))
        if not judge(step, start, pos, reports).passed:
            failing += 1
            break
    assert failing, f"{variant} step {index + 1}: every turn passes"


def test_a_miss_is_said_in_words():
    course = COURSES["khet"]
    step = course.steps[1]
    start = step.position("khet")
    pos = start.copy()
    reports = [pos.push(pos.parse_move("j5L"))]  # turns the Pyramid the wrong way: it breaks
    verdict = judge(step, start, pos, reports)
    assert verdict.finished and not verdict.passed
    assert verdict.missing == "the piece on d5 still stands; you lost a piece of your own"
    assert set(MISSING) == set(CHECK_KINDS)


def test_the_ko_step_forbids_swapping_straight_back():
    step = next(s for s in COURSES["leiserchess2017"].steps if s.title == "Ko")
    pos = step.position("leiserchess2017")
    with pytest.raises(Exception, match="Ko"):
        pos.parse_move("d5d4")


def test_an_unknown_check_is_refused():
    from game.puzzles.lessons import holds

    step = COURSES["khet"].steps[0]
    start = step.position("khet")
    with pytest.raises(ValueError):
        holds(Check("teleport"), start, start, [], 0)
