"""LaserChess 98 on screen: beams animated step by step in their charge colours, explosions two
steps late, and the game's own controls driven by posted events."""

from __future__ import annotations

import pygame
import pytest

from game import Game, Player, Position
from game.line import full_moves
from game.variants import VARIANTS
from gui.art.beam import beam_colours
from gui.art.schemes import SCHEMES
from gui.widgets.board_view import BoardView
from gui.wording import move_count

LC98 = VARIANTS["laserchess98"]


@pytest.fixture
def app(quick_app):
    return quick_app


def _fired(setup: str):
    pos = Position.from_fen(LC98.setups[setup], LC98)
    board_before = list(pos.board)
    effects = pos.push(next(m for m in pos.legal_moves if m.fire))
    return pos, board_before, effects


def test_a_struck_piece_stays_glowing_two_steps_and_then_bursts():
    pos, _before, effects = _fired("Charging corridor")
    view = BoardView(LC98)
    view.laser_speed = 1.0  # one step a second: update(dt) advances the clock by dt steps
    view.show_effects(pos.board, effects)
    b3, b8 = (LC98.geometry.parse_square(n) for n in ("b3", "b8"))
    struck = {r.square: r.step for r in effects.removed}
    assert struck == {b3: 11, b8: 24}  # as the setup's note says
    view.update(10.5)
    assert view.board[b3] and view.doomed() == []
    view.update(1.0)  # step 11.5: struck, still standing (it blocks beams for two steps)
    assert view.board[b3] and view.doomed() == [b3]
    view.update(1.0)  # 12.5
    assert view.board[b3] and view.doomed() == [b3]
    view.update(1.0)  # 13.5: two steps late, it bursts
    assert not view.board[b3] and view.doomed() == []
    view.update(11.0)  # 24.5: b8 struck by the charged beam
    assert view.board[b8] and view.doomed() == [b8]
    assert view.beam_running  # the show waits for the last explosion, after the last beam
    view.update(2.0)
    assert not view.board[b8] and view.board == pos.board
    assert not view.beam_running


def test_a_khet_piece_bursts_when_the_beam_strikes_it():
    khet = VARIANTS["khet"]
    pos = Position.setup("Classic")
    for text in ("j5j6", "c7d8", "j6j7", "h5g5", "d6d5", "d8L", "j7R", "e5d4", "f4g4", "g3f3"):
        pos.push_text(text)
    effects = pos.push_text("j4j5")
    (removal,) = effects.removed
    view = BoardView(khet)
    view.laser_speed = 1.0
    view.piece_animation = False
    view.show_effects(pos.board, effects)
    view.update(removal.step + 0.01)
    assert not view.board[removal.square]  # no delay in Khet


def test_charge_levels_have_three_distinct_colours_and_khet_keeps_its_own():
    for scheme in SCHEMES.values():
        normal, half, full = beam_colours(scheme, 2)
        assert len({normal, half, full}) == 3
        assert normal != scheme.beam or scheme.colour_blind_safe
        assert beam_colours(scheme, 0) == (scheme.beam,)


def test_the_animation_draws_each_beam_in_its_charge_colour(monkeypatch):
    import gui.widgets.board_view as board_view

    pos, _before, effects = _fired("Charging corridor")
    view = BoardView(LC98)
    view.laser_speed = 1.0
    view.show_effects(pos.board, effects)
    drawn: list[tuple[int, int, int]] = []
    real = board_view.draw_beam

    def spy(surface, points, progress, colour, *args, **kw):
        drawn.append(tuple(colour))
        return real(surface, points, progress, colour, *args, **kw)

    monkeypatch.setattr(board_view, "draw_beam", spy)
    surface = pygame.Surface((600, 600))
    view.set_area(surface.get_rect())
    view.update(25.0)  # every beam has started: normal, half-charged and charged ones
    view.draw(surface)
    assert set(drawn) == set(beam_colours(view.scheme, 2))


def test_the_game_screen_shows_a_shot_to_its_last_explosion(app):
    from gui.testing import run_frames

    game = Game.new("laserchess98", "Charging corridor", players=(Player("human"), Player("human")))
    app.settings.laser_speed = "fast"
    screen = app.screens.push("game", game=game)
    run_frames(app, 3)
    screen.play_move(next(m for m in screen.position.legal_moves if m.fire))
    b8 = LC98.geometry.parse_square("b8")
    run_frames(app, 3)
    assert screen.view.busy and screen.view.board[b8]
    run_frames(app, 120)
    assert not screen.view.busy and not screen.view.board[b8]
    assert screen.view.board == screen.position.board


def _two_player(app, setup: str | None = None, fen: str | None = None):
    from gui.testing import run_frames

    game = Game.new("laserchess98", setup, fen=fen, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 3)
    return screen


def _at(screen, name: str) -> tuple[int, int]:
    x, y = screen.view.square_center(screen.variant.geometry.parse_square(name))
    return (int(x), int(y))


def _drag(app, points: list[tuple[int, int]]) -> None:
    """Press at the first point, move through the others, release at the last (posted events)."""
    from gui.testing import run_frames

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=points[0], rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1))
    run_frames(app, 2)
    for p in points[1:]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        run_frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=points[-1], button=1))
    run_frames(app, 3)


def _handle_path(screen, name: str, quarter_turns: int) -> list[tuple[int, int]]:
    """From the handle of the piece on ``name`` round its centre by ``quarter_turns`` clockwise."""
    import math

    sq = screen.variant.geometry.parse_square(name)
    cx, cy = screen.view.square_center(sq)
    hx, hy = screen.view.handle_rect(sq).center
    radius = math.dist((cx, cy), (hx, hy))
    start = math.atan2(hy - cy, hx - cx)
    steps = max(2, quarter_turns * 3)
    return [
        (
            int(cx + radius * math.cos(start + math.pi / 2 * quarter_turns * i / steps)),
            int(cy + radius * math.sin(start + math.pi / 2 * quarter_turns * i / steps)),
        )
        for i in range(steps + 1)
    ]


def test_the_rotation_handle_turns_a_piece_to_where_it_is_dragged(app):
    from gui.testing import post_click

    screen = _two_player(app)
    post_click(app, _at(screen, "c1"))
    c1 = screen.variant.geometry.parse_square("c1")
    assert screen.view.deco.handle == c1  # the selected splitter shows its handle
    _drag(app, _handle_path(screen, "c1", 2))  # to the upper-left corner: 180 degrees
    assert [m.text for m in screen.session.game.moves] == ["c1>S"]
    assert screen.position.part == 1  # a half-action: one more is expected
    post_click(app, _at(screen, "h1"))  # the Straight Mirror: two shapes; a quarter turn changes it
    _drag(app, _handle_path(screen, "h1", 1))
    assert [m.text for m in screen.session.game.moves] == ["c1>S", "h1>E"]
    assert screen.position.turn == 1 and screen.position.part == 0


def test_a_handle_dragged_back_to_its_start_or_a_king_without_one_plays_nothing(app):
    from gui.testing import post_click

    screen = _two_player(app, "Charger and Blocker")
    post_click(app, _at(screen, "d1"))
    path = _handle_path(screen, "d1", 1)
    _drag(app, [*path, *reversed(path)])  # out a quarter turn and back: no turn
    assert screen.session.game.moves == []
    post_click(app, _at(screen, "h1"))  # the King never turns: no handle
    assert screen.input.selected is not None and screen.view.deco.handle is None


def test_a_khet_piece_turns_by_its_handle_too(app):
    from gui.testing import post_click, run_frames

    game = Game.new("khet", "Classic", players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 3)
    geo = screen.variant.geometry
    post_click(app, screen.view.square_rect(geo.parse_square("c4")).center)
    _drag(app, _handle_path(screen, "c4", 3))  # three quarters clockwise = one counter-clockwise
    assert [m.text for m in screen.session.game.moves] == ["c4L"]


def test_a_double_click_on_a_laser_fires_it_and_two_slow_clicks_do_not(app):
    from gui.testing import post_click

    screen = _two_player(app, "Charger and Blocker")
    now = [1000]
    screen.input.clock = lambda: now[0]
    d1 = _at(screen, "d1")
    post_click(app, d1)
    now[0] += 900  # too slow for a double-click: the second click deselects
    post_click(app, d1)
    assert screen.session.game.moves == [] and screen.input.selected is None
    now[0] += 900
    post_click(app, d1)
    now[0] += 200
    post_click(app, d1)
    assert [m.text for m in screen.session.game.moves] == ["d1*"]
    d6 = screen.variant.geometry.parse_square("d6")
    assert not screen.position.board[d6]  # the charged beam broke the Blocker
    post_click(app, _at(screen, "h1"))  # a double-click on a piece that cannot fire: no fire
    now[0] += 100
    post_click(app, _at(screen, "h1"))
    assert [m.text for m in screen.session.game.moves] == ["d1*"]


def test_the_turn_indicator_words_laserchess_98s_half_actions(app):
    from gui.testing import post_click

    screen = _two_player(app, "Charger and Blocker")
    assert screen.turn_note() == "Whole turn" and "Whole turn" in screen.status_text()[0]
    now = [0]
    screen.input.clock = lambda: now[0]
    post_click(app, _at(screen, "d1"))
    post_click(app, _at(screen, "d1"))  # double-click: fire, the first half-action
    assert screen.turn_note() == "1 half-action left"
    assert screen.status_text()[0] == "Blue to move · 1 half-action left"
    now[0] += 5000
    post_click(app, _at(screen, "d1"))
    now[0] += 100
    post_click(app, _at(screen, "d1"))  # the second half-action hits the King
    assert screen.session.finished and screen.turn_note() is None


def test_new_game_shows_the_setup_description(app):
    from gui.testing import run_frames

    screen = app.screens.push("config", variant="laserchess98", setup="Charger and Blocker")
    run_frames(app, 3)
    assert screen._hint_text().startswith(LC98.presentation.setup_notes["Charger and Blocker"])
    assert screen.hint_rect.height > 0
    screen = app.screens.replace("config", variant="laserchess98", setup="Reconstructed layout")
    run_frames(app, 3)
    assert "reconstructed layout" in screen._hint_text()
    screen = app.screens.replace("config", variant="khet", setup="Classic")
    run_frames(app, 3)
    assert screen._hint_text().startswith("Khet 2.0, Silver to move")


def test_the_editor_shows_the_setup_description_until_the_board_changes_and_plays_from_there(app):
    from gui.testing import click_element, run_frames

    editor = app.screens.push("editor")
    run_frames(app, 3)
    editor.set_variant("laserchess98")
    editor.load_option("builtin:Splitter cascade")
    run_frames(app, 3)
    note = LC98.presentation.setup_notes["Splitter cascade"]
    assert editor.checks[0].kind == "info" and editor.checks[0].text == note
    board = list(editor.board)
    h1, g1 = (LC98.geometry.parse_square(n) for n in ("h1", "g1"))
    board[g1], board[h1] = board[h1], 0  # the King steps aside: no longer the setup
    editor.edit.change(board=board)
    editor.refresh()
    run_frames(app, 3)
    assert all(c.kind != "info" for c in editor.checks)
    click_element(app, editor.widgets["play"], frames=5)
    config = app.screens.top
    assert config.name == "config" and config.error is None  # the editor's string reads as a whole turn
    assert Position.from_fen(config.choices.fen, LC98).board == board


# A whole game from the reconstructed start (found by the engine for Blue against a Red that never
# fires): moves, rotations of every shape, fires, both sides; Blue's last fire destroys the Red King.
WHOLE_GAME = [
    "b1c3",
    "d7d6",
    "d1*",
    "d1*",
    "b8c6",
    "e2>W",
    "d1*",
    "h7>E",
    "b7>W",
    "h2>E",
    "c2>W",
    "f7>N",
    "g8>W",
    "f1>W",
    "d2>N",
    "d8c7",
    "c2>N",
    "d2>E",
    "h7h6",
    "d2>S",
    "d1*",
]


def _play_by_events(app, screen, text: str, style: int, clock: list[int]) -> None:
    """Enter one action the way a player would, through posted events; ``style`` varies the way
    (click-click or drag; handle, turn button or key; double-click, Fire button or X)."""
    from gui.testing import click_element, post_click, post_key, run_frames

    pos = screen.position
    move = pos.parse_move(text)
    geo = screen.variant.geometry
    frm = geo.names[move.from_square]
    clock[0] += 5000  # no press of this action makes a double-click with the last one's
    if move.fire:
        if style % 3 == 0:
            post_click(app, _at(screen, frm))
            clock[0] += 120
            post_click(app, _at(screen, frm))
        elif style % 3 == 1:
            click_element(app, screen.buttons["fire"])
        else:
            post_key(app, pygame.K_x)
    elif move.orientation is not None:
        code = pos.board[move.from_square]
        turns = next(
            k for k in (1, 2, 3) if pos.variant.pieces.kind(code).same_shape(code + k, move.orientation)
        )
        post_click(app, _at(screen, frm))
        if style % 3 == 0:
            _drag(app, _handle_path(screen, frm, turns))
        elif style % 3 == 1:
            key = {1: "rotate_right", 2: "rotate_half", 3: "rotate_left"}[turns]
            click_element(app, screen.buttons[key])
        else:
            post_key(app, {1: pygame.K_e, 2: pygame.K_u, 3: pygame.K_q}[turns])
    elif style % 2 == 0:
        post_click(app, _at(screen, frm))
        post_click(app, _at(screen, geo.names[move.to_square]))
    else:
        _drag(app, [_at(screen, frm), _at(screen, geo.names[move.to_square])])
    run_frames(app, 3)


def test_a_whole_game_is_played_to_the_end_by_posted_events(app, data_dir):
    from gui.testing import run_frames

    screen = _two_player(app)
    clock = [0]
    screen.input.clock = lambda: clock[0]
    expected = Position.setup(variant="laserchess98")
    for i, text in enumerate(WHOLE_GAME):
        assert not screen.session.finished
        _play_by_events(app, screen, text, i, clock)
        expected.push_text(text)
        assert screen.position.fen() == expected.fen(), text
        assert [m.text for m in screen.session.game.moves] == WHOLE_GAME[: i + 1]
    run_frames(app, 10)
    outcome = screen.session.outcome
    assert (
        screen.session.finished
        and outcome.winner == 0
        and "King" in outcome.describe(("Blue", "Red"), "King")
    )
    assert screen.over_buttons  # the game-over panel: Rematch, Review, Main menu
    assert full_moves(len(WHOLE_GAME), 0, screen.controller.line.sides) == 7  # as the move list numbers them
    assert screen.session.save_error is None
    (path,) = (data_dir / "saves").glob("*.json")  # the record, saved when the game ended
    record = Game.load(path)
    assert record.variant == "laserchess98" and [m.text for m in record.moves] == WHOLE_GAME
    assert record.outcome is not None and record.outcome.result == "1-0"


def test_the_move_list_keeps_a_whole_turn_under_one_move_number():
    """A turn's two half-actions share one cell of their side's column (they sat on two rows, the
    second beside the opponent's first)."""
    from gui.widgets.move_list import MoveList

    ml = MoveList(pygame.Rect(0, 0, 240, 400))
    texts = WHOLE_GAME[:9]  # b1c3 d7d6 | d1* d1* | b8c6 | e2>W d1* | h7>E b7>W
    sides = [0, 1, 0, 0, 1, 0, 0, 1, 1]
    ml.set_moves(texts, sides=sides)
    rects = [ml.move_rect(ply) for ply in range(1, 10)]
    _, first, second = ml._columns()
    columns = {0: first, 1: second}
    for rect, side in zip(rects, sides, strict=True):  # each action inside its side's column
        assert columns[side].x <= rect.x and rect.right <= columns[side].right
    assert rects[2].y == rects[4].y  # Blue's turn (two half-actions) and Red's reply: one row
    assert rects[5].y == rects[7].y  # Blue's next turn and Red's two halves: the next row
    assert ml.row_count == 3 and set(ml._numbers.values()) == {1, 2, 3}
    for ply, rect in enumerate(rects, start=1):
        assert ml.ply_at(rect.center) == ply  # a click on a move answers its ply


def test_copy_game_as_text_numbers_turns_and_imports_back():
    from gui.notation import game_from_text, game_to_text

    game = Game.new("laserchess98", players=(Player("human"), Player("human")))
    pos = game.start_position()
    for text in WHOLE_GAME:
        pos.push_text(text)
        game.add_move(text, 1.0)
    text = game_to_text(game)
    assert "2. d1* ×c7 d1* ×c8 b8c6 3. e2>W d1* ×c6 h7>E b7>W 4." in text
    back = game_from_text(text)
    assert [m.text for m in back.moves] == WHOLE_GAME and back.variant == "laserchess98"


def test_moves_are_counted_in_turns_where_a_side_acts_twice():
    sides = [0, 1, 0, 0, 1, 0, 0, 1, 1]  # b1c3 d7d6 | d1* d1* | b8c6 | e2>W d1* | h7>E b7>W
    assert [full_moves(p, 0, sides) for p in range(10)] == [0, 1, 1, 2, 2, 2, 3, 3, 3, 3]
    assert move_count(9, 0, sides) == "3 moves"
    assert full_moves(3, 1, [1, 1, 0]) == 2  # Red began (two half-actions), then Blue's turn
    assert full_moves(4, 0) == 2  # without sides: one ply a side


def test_a_selected_laser_and_the_fire_button_preview_the_shot(app):
    from gui.testing import post_click, run_frames

    screen = _two_player(app, "Hit-count loop")
    d3 = _at(screen, "d3")
    post_click(app, d3)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(d3[0] + 2, d3[1]), rel=(0, 0), buttons=(0, 0, 0))
    )
    run_frames(app, 2)
    assert screen.preview is not None and screen.preview.move.fire
    assert "destroys your own piece on d3" in screen.status_text()[0]  # the loop comes back to the Laser
    assert len([b for root in screen.view.preview_shots for b in root.walk()]) > 4  # every split beam
    screen.input.clear()
    fire = screen.buttons["fire"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=fire, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 2)
    assert screen.preview is not None and screen.preview.move.fire
    assert screen.session.game.moves == []  # pointing plays nothing


def test_a_player_card_counts_a_destroyed_piece_once_it_has_burst(app):
    from gui.testing import run_frames

    app.settings.laser_speed = "slow"
    screen = _two_player(app, "Splitter cascade")
    screen.play_move(next(m for m in screen.position.legal_moves if m.fire))
    lost_by_red = list(screen.controller.line.lost()[1])
    assert len(lost_by_red) == 2  # the Pawns on b7 and f7
    run_frames(app, 20)
    assert screen.view.busy and screen.panel.shown_captures(lost_by_red) == []  # still on the board
    run_frames(app, 200)
    assert not screen.view.busy and screen.panel.shown_captures(lost_by_red) == lost_by_red


def test_a_past_games_card_counts_the_whole_game_in_turns():
    from gui.wording import move_sides

    start = LC98.setups["Reconstructed layout"]
    sides = move_sides("laserchess98", start, tuple(WHOLE_GAME))
    assert sides is not None and move_count(len(WHOLE_GAME), 0, sides) == "7 moves"
    assert move_sides("khet", Position.setup("Classic").fen(), ("j5j6",)) is None  # one action a turn
    assert move_sides("laserchess98", start, ("e2e9",)) is None  # a damaged record: plain count


def _whole_game() -> Game:
    game = Game.new("laserchess98", players=(Player("human"), Player("human")))
    pos = game.start_position()
    for text in WHOLE_GAME:
        pos.push_text(text)
        game.add_move(text, 1.0)
    return game


def test_the_replay_says_which_move_and_which_action_it_shows(app):
    from gui.testing import run_frames

    screen = app.screens.push("replay", game=_whole_game(), ply=7)
    run_frames(app, 3)
    assert screen.status_lines()[0].startswith("Move 3 of 7, Blue, action 7 of 21:  d1*")
    khet = Game.new("khet", "Classic")
    khet_pos = khet.start_position()
    for text in ("j5j6", "c7d8"):
        khet_pos.push_text(text)
        khet.add_move(text, 1.0)
    screen = app.screens.replace("replay", game=khet, ply=2)
    run_frames(app, 3)
    # one action a turn: full moves, as the move list numbers them (ply 2 is Red's half of move 1)
    assert screen.status_lines()[0].startswith("Move 1 of 1, Red:")


def test_the_status_line_says_a_piece_is_being_turned_while_its_handle_is_dragged(app):
    """Issue 28 item 8: "d1 to d2…" (the square the pointer crossed) stayed on the status line while
    the handle was dragged; it says what is happening now."""
    from gui.testing import post_click, run_frames

    screen = _two_player(app)
    post_click(app, _at(screen, "c1"))
    path = _handle_path(screen, "c1", 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=path[0], rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=path[0], button=1))
    for p in [*path[1:], _at(screen, "d2")]:  # round the piece, then over another square
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        run_frames(app, 2)
    assert screen.status_text()[0] == "Turning the piece on c1: let go where it should face"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=_at(screen, "d2"), button=1))
    run_frames(app, 3)
    assert not screen.status_text()[0].startswith("Turning")


def test_the_replays_status_box_keeps_the_move_whole_in_a_small_window(app):
    """At 640x480 "Move 3 of 7, Blue, action 7 of 21:  d1*" was cut to "...: d1..."; the move goes
    to the second line there, before the verdict."""
    from gui.art.fonts import font
    from gui.colours import BODY_TEXT
    from gui.testing import run_frames

    screen = app.screens.push("replay", game=_whole_game(), ply=7)
    wide = screen.status_rows(app.window_size)
    assert wide[0].startswith("Move 3 of 7, Blue, action 7 of 21:  d1*")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 480), w=640, h=480))
    run_frames(app, 3)
    main, sub, _ = screen.status_rows((640, 480))
    assert main == "Move 3 of 7, Blue, action 7 of 21" and sub.startswith(
        wide[0].partition(":  ")[2] + "  \u00b7"
    )
    assert font(BODY_TEXT.at((640, 480)), bold=True).size(main)[0] <= screen.status_rect.w
