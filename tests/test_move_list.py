"""The shared move list: numbered pairs, the current ply highlighted and kept in view, wheel and
thumb scrolling, clicks answering plies, and drawing that changes nothing."""

from __future__ import annotations

import pygame
import pytest

from gui.widgets.move_list import MoveList


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def moves(n: int) -> list[str]:
    return [f"m{i + 1}" for i in range(n)]


def click(ml: MoveList, pos) -> int | None:
    return ml.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def test_moves_are_laid_out_in_numbered_pairs():
    ml = MoveList(pygame.Rect(10, 10, 240, 400))
    ml.set_moves(["c1c2", "h8h7", "a1R"])
    assert ml.row_count == 2
    first, second, third = (ml.move_rect(p) for p in (1, 2, 3))
    assert first.y == second.y and first.x < second.x
    assert third.y > first.y and third.x == first.x
    assert ml.move_rect(0) is None and ml.move_rect(4) is None


def test_a_game_started_by_the_second_player_leaves_the_first_cell_empty():
    ml = MoveList(pygame.Rect(0, 0, 240, 400))
    ml.set_moves(["h8h7", "c1c2"], first_side=1)
    assert ml.row_count == 2
    assert ml.move_rect(1).x > ml.move_rect(2).x  # ply 1 is in the second column
    assert ml.ply_at(ml.move_rect(1).center) == 1


def test_clicking_a_move_returns_its_ply():
    ml = MoveList(pygame.Rect(0, 0, 240, 400))
    ml.set_moves(moves(5))
    for ply in range(1, 6):
        assert click(ml, ml.move_rect(ply).center) == ply
    assert click(ml, (500, 500)) is None  # outside
    assert click(ml, (ml.move_rect(1).x - 5, ml.move_rect(1).centery)) is None  # on the number
    below = ml.move_rect(5).move(0, ml.row_height * 2).center
    assert click(ml, below) is None  # empty space under the moves


def test_current_ply_is_clamped_and_kept_in_view():
    ml = MoveList(pygame.Rect(0, 0, 200, 150))
    ml.set_moves(moves(80))
    assert ml.current == 80  # a list at its end follows new moves
    assert ml.max_scroll > 0 and ml.scroll == ml.max_scroll
    ml.set_current(0)
    assert ml.scroll == 0
    for ply in (1, 17, 40, 63, 80, 31, 2):
        ml.set_current(ply)
        rect = ml.move_rect(ply)
        assert ml.inner.top <= rect.top and rect.bottom <= ml.inner.bottom, ply
    ml.set_current(500)
    assert ml.current == 80
    ml.set_current(-3)
    assert ml.current == 0


def test_new_moves_follow_the_end_only_when_the_list_was_at_the_end():
    ml = MoveList(pygame.Rect(0, 0, 200, 150))
    ml.set_moves(moves(10))
    ml.set_current(3)
    ml.set_moves(moves(11))
    assert ml.current == 3
    ml.set_current(11)
    ml.set_moves(moves(12))
    assert ml.current == 12
    ml.set_moves(moves(4))  # a takeback below the current ply
    assert ml.current == 4


def test_mouse_wheel_scrolls_when_over_the_list(monkeypatch):
    ml = MoveList(pygame.Rect(0, 0, 200, 150))
    ml.set_moves(moves(60))
    ml.set_current(0)
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (50, 50))
    ml.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))
    assert ml.scroll == 2 * ml.row_height
    ml.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10))
    assert ml.scroll == 0
    ml.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1000))
    assert ml.scroll == ml.max_scroll
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (500, 50))
    ml.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5))
    assert ml.scroll == ml.max_scroll  # not over the list: nothing happens


def test_the_scroll_thumb_drags_and_the_track_pages():
    ml = MoveList(pygame.Rect(0, 0, 200, 150))
    ml.set_moves(moves(60))
    ml.set_current(0)
    thumb = ml._thumb_rect()
    assert thumb is not None
    ml.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    ml.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, 2000), rel=(0, 0), buttons=(1, 0, 0))
    )
    assert ml.scroll == ml.max_scroll
    ml.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(thumb.centerx, 2000), button=1))
    thumb = ml._thumb_rect()
    assert click(ml, (thumb.centerx, ml.inner.top + 2)) is None
    assert ml.scroll == max(0, ml.max_scroll - ml.inner.h)


def test_clicks_land_on_the_right_move_when_scrolled():
    ml = MoveList(pygame.Rect(0, 0, 200, 150))
    ml.set_moves(moves(60))
    ml.set_current(45)
    rect = ml.move_rect(45)
    assert click(ml, rect.center) == 45


def test_resizing_keeps_the_current_move_visible():
    ml = MoveList(pygame.Rect(0, 0, 240, 600))
    ml.set_moves(moves(60))
    ml.set_current(30)
    ml.set_rect(pygame.Rect(0, 0, 160, 120))
    rect = ml.move_rect(30)
    assert ml.inner.top <= rect.top and rect.bottom <= ml.inner.bottom


def test_drawing_changes_nothing_and_highlights_the_current_move():
    surface = pygame.Surface((300, 300))
    ml = MoveList(pygame.Rect(20, 20, 240, 240))
    ml.draw(surface)  # empty list: a placeholder
    ml.set_moves(["c1c2", "h8h7", "averyveryveryverylongmovetext"] + moves(50))
    ml.set_current(2)
    state = (ml.current, ml.scroll, ml.hovered, list(ml.moves))
    surface.fill((0, 0, 0))
    ml.draw(surface)
    assert (ml.current, ml.scroll, ml.hovered, list(ml.moves)) == state
    rect = ml.move_rect(2)
    gold = surface.get_at((rect.right - 4, rect.centery))
    assert gold.r > 180 and gold.g > 130 and gold.b < 140  # the gold highlight
    assert surface.get_at((5, 5)) == pygame.Color(0, 0, 0)  # nothing outside the rect


def test_hover_tracks_the_mouse():
    ml = MoveList(pygame.Rect(0, 0, 240, 400))
    ml.set_moves(moves(4))
    pos = ml.move_rect(3).center
    ml.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert ml.hovered == 3
    ml.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 600), rel=(0, 0), buttons=(0, 0, 0)))
    assert ml.hovered is None


def _row_number(ml: MoveList, ply: int) -> int:
    """The move number written on the row of ``ply``'s move."""
    return ml._numbers[max(r for r in ml._numbers if r <= ml._row_of[ply - 1])]


@pytest.mark.parametrize("width", [240, 150])
def test_a_turn_of_several_actions_shares_one_move_number_and_one_row(width):
    """LaserChess 98's two half-actions sat on two rows, the second beside the opponent's first."""
    ml = MoveList(pygame.Rect(0, 0, width, 400))
    texts = ["d1*", "c4>E", "h8>S", "e8*", "b1c3", "e8*", "d8>W"]
    sides = [0, 0, 1, 1, 0, 1, 1]
    ml.set_moves(texts, sides=sides)
    assert [_row_number(ml, p) for p in range(1, 8)] == [1, 1, 1, 1, 2, 2, 2]
    first, second, third, fourth = (ml.move_rect(p) for p in (1, 2, 3, 4))
    assert first.y == third.y  # each side's turn starts on the move number's line
    assert first.x < third.x and second.right <= third.x  # the first turn stays in its column
    assert not first.colliderect(second) and not third.colliderect(fourth)
    fifth = ml.move_rect(5)
    assert fifth.y > max(second.bottom, fourth.bottom) - 1  # the next number starts below the whole turn
    for ply in range(1, 8):
        assert ml.ply_at(ml.move_rect(ply).center) == ply
    surface = pygame.Surface((width + 20, 420))
    ml.set_current(4)
    ml.draw(surface)
    assert ml.current == 4


def test_a_turn_that_fits_sits_on_one_line_and_one_that_does_not_wraps_in_its_row():
    wide = MoveList(pygame.Rect(0, 0, 320, 400))
    wide.set_moves(["d1*", "c4>E", "h8>S", "e8*"], sides=[0, 0, 1, 1])
    assert wide.move_rect(1).y == wide.move_rect(2).y and wide.row_count == 1
    narrow = MoveList(pygame.Rect(0, 0, 120, 400))
    narrow.set_moves(["e4e5@c7", "d1d2@g6", "h8>S", "e8*"], sides=[0, 0, 1, 1])
    assert narrow.row_count == 1 and narrow.move_rect(2).y > narrow.move_rect(1).y
    assert narrow.content_height == 2 * narrow.row_height


def test_an_actions_analysis_mark_gets_room_in_a_shared_cell(monkeypatch):
    """The replay of an analysed LaserChess 98 game showed "d..?!": an action sharing its cell was
    given the width of its text only, and its mark then squeezed the text into an ellipsis."""
    from gui.widgets import move_list

    drawn: list[str] = []
    fit = move_list.fit_move
    monkeypatch.setattr(move_list, "fit_move", lambda text, *a: drawn.append(fit(text, *a)) or drawn[-1])
    ml = MoveList(pygame.Rect(0, 0, 320, 400))
    ml.set_moves(["c1>E", "d1*", "b7b5", "b1c3"], sides=[0, 0, 1, 0])
    ml.set_annotations({2: ("?!", (255, 200, 0))})
    ml.draw(pygame.Surface((340, 420)))
    assert drawn == ["c1>E", "d1*", "b7b5", "b1c3"]
