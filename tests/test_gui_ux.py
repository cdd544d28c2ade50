"""What a lichess regular tripped over, each driven through posted events: shortcuts while typing,
the New game position field, Leiserchess 2018's half-entered swap, the one confirm-twice, the
path bar after a replay, every screen fitting at four window sizes, and the idle main loop."""

from __future__ import annotations

import pygame
import pytest

from game import Game, Move, Player
from game.move import CLOCKWISE
from game.opponents import RandomOpponent
from gui.app import App
from gui.art.fonts import record_cut_text
from gui.fit_check import SIZES, clipped_widgets, overlapping_widgets
from gui.models.game_controller import Premove
from gui.models.players import AsyncOpponent
from gui.paths import saves_dir
from gui.screens.browser import BrowserScreen
from gui.screens.config import ConfigScreen
from gui.screens.editor import EditorScreen
from gui.screens.game import GameScreen
from gui.screens.game_panel import DRAW_LABELS
from gui.testing import click_element, post_click, post_key, run_frames
from gui.widgets.confirm import CONFIRM_SECONDS
from gui.widgets.sketch import GREEN

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def app(quick_app):
    return quick_app


def type_text(app: App, text: str) -> None:
    """Type as a keyboard does: a key press (which carries the character) and a text event."""
    for ch in text:
        key = pygame.key.key_code(ch) if ch.isalnum() else pygame.K_SPACE
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=ch, scancode=0))
        run_frames(app, 1)
    run_frames(app, 1)


def focus(app: App, entry) -> None:
    click_element(app, entry)
    post_key(app, pygame.K_a, mod=CTRL, frames=1)
    post_key(app, pygame.K_BACKSPACE, frames=1)


# ----------------------------------------------------------------------------- shortcuts


def test_typing_in_the_editor_name_field_neither_turns_nor_flips(app):
    app.screens.push("editor")
    run_frames(app, 2)
    screen = app.screens.top
    assert isinstance(screen, EditorScreen)
    c3 = screen.variant.geometry.parse_square("c3")
    post_click(app, screen.view.square_rect(screen.variant.geometry.parse_square("j1")).center)
    assert screen.selected is not None
    board, flipped = list(screen.board), screen.view.flipped
    focus(app, screen.widgets["name"])
    type_text(app, "eqf e")
    post_key(app, pygame.K_LEFT)
    post_key(app, pygame.K_DELETE)
    assert screen.board == board and screen.view.flipped == flipped
    assert screen.widgets["name"].get_text().startswith("eqf")
    assert c3 is not None


@pytest.mark.parametrize("where", ["editor", "config", "browser"])
def test_no_screen_sees_a_key_while_a_text_field_has_the_keyboard(app, where):
    Game.new().save(saves_dir())
    app.screens.push(where)
    run_frames(app, 2)
    screen = app.screens.top
    if where == "browser":
        screen.open_path_bar("import")
        run_frames(app, 2)
        entry = screen.widgets["path"]
    else:
        entry = screen.widgets["fen"] if where == "config" else screen.widgets["name"]
        focus(app, entry)
    assert app.text_field_focused()
    seen: list[int] = []
    original = screen.handle_event

    def spy(event):
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            seen.append(event.type)
        return original(event)

    screen.handle_event = spy
    type_text(app, "fqel")
    for key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END, pygame.K_DELETE):
        post_key(app, key, frames=1)
    assert seen == []
    assert app.screens.top is screen
    # Esc hands the keyboard back to the screen; the next Esc goes back as usual
    post_key(app, pygame.K_ESCAPE)
    assert not app.text_field_focused() and app.screens.top is screen


# ----------------------------------------------------------------------------- New game position


def test_the_new_game_position_field_takes_a_whole_typed_string(app):
    app.screens.push("config")
    run_frames(app, 2)
    screen = app.screens.top
    assert isinstance(screen, ConfigScreen)
    focus(app, screen.widgets["fen"])
    fen = "sc3fcnc4/10/10/10/10/10/10/3NaFa4Sa b"
    type_text(app, fen)
    screen = app.screens.top
    assert screen.widgets["fen"].get_text() == fen
    assert screen.choices.fen == fen and screen.error is None and screen.choices.setup is None
    assert screen.widgets["setup"].selected_option[0] == "Custom position"


# ----------------------------------------------------------------------------- 2018 swap


def two_player(app: App, variant: str, fen: str | None = None) -> GameScreen:
    game = Game.new(variant, fen=fen, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    return screen


def test_2018_swap_shows_the_position_between_its_parts_and_esc_cancels_it(app):
    screen = two_player(app, "leiserchess2018", "ss7/8/8/3se4/3NW4/8/8/7NN W")
    pos = screen.session.position
    move = next(m for m in pos.legal_moves if m.then_square is not None)
    live = list(pos.board)
    post_click(app, screen.view.square_rect(move.from_square).center)
    post_click(app, screen.view.square_rect(move.to_square).center)
    names = pos.geometry.names
    shown = screen.view.board
    assert shown[move.to_square] == live[move.from_square]  # the mover stands on the swap square
    assert shown[move.from_square] == live[move.to_square]  # the enemy piece took its place
    text, _ = screen.status_text()
    assert text.startswith(f"Finish the swap: step or rotate the piece on {names[move.to_square]}")
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen and not screen.input.has_selection
    assert screen.view.board == live and "to move" in screen.status_text()[0]
    assert screen.session.game.moves == []


# ----------------------------------------------------------------------------- confirm twice


def notices(app: App) -> list[str]:
    return [t.text for t in app.toasts.items]


def test_leave_confirmation_notice_lasts_exactly_while_armed_and_stays_on_its_screen(app):
    screen = two_player(app, "khet")
    screen.play_move(next(iter(screen.session.position.legal_moves)))
    run_frames(app, 2)
    post_key(app, pygame.K_ESCAPE, frames=1)
    assert screen.confirm.armed("leave") and "Leave the game?" in screen.confirm.notice
    assert not notices(app)  # the screen's own notice, not an app-wide one
    run_frames(app, round((CONFIRM_SECONDS - 0.2) * 60))
    assert screen.confirm.notice is not None
    run_frames(app, round(0.3 * 60))
    assert screen.confirm.notice is None and not screen.confirm.armed()
    post_key(app, pygame.K_ESCAPE, frames=1)  # a press after it ran out arms it again
    assert app.screens.top is screen and screen.confirm.armed("leave")
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.names() == ["menu"]
    assert app.screens.top.confirm.notice is None and not notices(app)


def test_resign_and_draw_use_the_same_confirmation(app):
    screen = two_player(app, "khet")
    click_element(app, screen.buttons["resign"])
    assert screen.buttons["resign"].text == "Sure?" and "Resign" in screen.confirm.notice
    click_element(app, screen.buttons["draw"])  # arming another disarms the first
    assert screen.buttons["resign"].text == "Resign" and screen.confirm.armed("draw")
    run_frames(app, round((CONFIRM_SECONDS + 0.1) * 60))
    assert screen.buttons["draw"].text == "Draw" and screen.confirm.notice is None
    click_element(app, screen.buttons["resign"])
    click_element(app, screen.buttons["resign"])
    assert screen.session.finished


# ----------------------------------------------------------------------------- path bar


def test_the_hidden_path_bar_stays_hidden_after_a_replay(app):
    Game.new().save(saves_dir())
    app.screens.push("browser")
    run_frames(app, 2)
    screen = app.screens.top
    assert isinstance(screen, BrowserScreen)
    bar = [screen.widgets[k] for k in ("path_label", "path", "browse", "confirm", "cancel")]
    assert not any(w.visible for w in bar)
    screen.do("replay")
    run_frames(app, 2)
    assert app.screens.top is not screen
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top is screen
    assert not any(w.visible for w in bar)
    assert all(b.visible for b in screen.actions.values())


# ----------------------------------------------------------------------------- fitting


def fit_cases(app: App):
    """Every screen in the states that show its longest labels."""
    yield "menu with Continue", lambda: app.screens.reset("menu")
    for entry in app.registry.entries():
        if entry.name == "menu":
            continue

        def show(entry=entry):
            app.screens.reset("menu")
            screen = entry.screenshot(app) if entry.screenshot is not None else entry.factory(app)
            app.screens.push(screen)

        yield entry.name, show
    yield (
        "config 2018",
        lambda: (app.screens.reset("menu"), app.screens.push("config", variant="leiserchess2018")),
    )
    yield (
        "rules 2017",
        lambda: (app.screens.reset("menu"), app.screens.push("rules", variant="leiserchess2017")),
    )
    for variant in ("leiserchess2017", "leiserchess2018"):
        yield f"game {variant}", lambda v=variant: (app.screens.reset("menu"), two_player(app, v))

    def draw_labels() -> None:
        app.screens.reset("menu")
        screen = two_player(app, "khet")
        for text in (*DRAW_LABELS.values(), "Sure?"):
            screen.buttons["draw"].set_text(text)  # checked at once: the next frame resets it
            problems.extend(f"game draw button {p}" for p in clipped_widgets(app))
        screen.buttons["draw"].set_text("Draw")

    yield "game draw labels", draw_labels


problems: list[str] = []


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_screen_fits_and_no_label_is_clipped(data_dir, size):
    from gui.screens.config import Choices

    ConfigScreen.remembered = Choices()
    game = Game.new(players=(Player("human"), Player("cpu", level="Easy")))
    pos = game.start_position()
    move = next(iter(pos.legal_moves))
    game.add_move(pos.move_text(move), 1.0)
    game.save(saves_dir())  # an unfinished game: the menu shows Continue
    application = App(size, sound=False)
    try:
        problems.clear()
        for name, show in fit_cases(application):
            show()
            cut: list[str] = []
            record_cut_text(cut)  # custom-drawn text that had to be shortened, or overflowed its box
            try:
                run_frames(application, 3)
            finally:
                record_cut_text(None)
            found = clipped_widgets(application) + overlapping_widgets(application) + list(dict.fromkeys(cut))
            problems.extend(f"{name}: {p}" for p in found)
        assert problems == [], "\n".join(problems)
    finally:
        application.shutdown()


def test_the_editor_board_is_as_readable_as_the_games_at_640x480(data_dir):
    application = App((640, 480), sound=False)
    try:
        game = two_player(application, "khet")
        game_square = game.view.layout.square
        application.screens.reset("menu")
        application.screens.push("editor")
        run_frames(application, 2)
        editor = application.screens.top
        assert isinstance(editor, EditorScreen)
        assert editor.view.layout.square >= 28 and editor.view.layout.square >= 0.85 * game_square
    finally:
        application.shutdown()


def test_the_fit_check_sees_cut_custom_text_and_narrow_text_entries(app):
    from pygame_gui.elements import UITextEntryLine

    from gui.art.fonts import blit_wrapped, fit_text, font

    cut: list[str] = []
    record_cut_text(cut)
    try:
        assert fit_text(font(14), "Red wins: Pharaoh destroyed", 60).endswith("…")
        blit_wrapped(
            app.surface, "one two three four five six", font(14), (0, 0, 0), pygame.Rect(0, 0, 40, 12)
        )
    finally:
        record_cut_text(None)
    assert "Red wins" in cut[0] and "more than 2 lines" in cut[1] and "overflow" in cut[2]
    fit_text(font(14), "not recorded now", 10)
    assert len(cut) == 3
    app.screens.push("config")
    run_frames(app, 2)
    narrow = UITextEntryLine(pygame.Rect(10, 10, 50, 30), app.ui, placeholder_text="Setup name")
    run_frames(app, 1)
    assert any("placeholder 'Setup name'" in p for p in clipped_widgets(app))
    narrow.kill()


# ----------------------------------------------------------------------------- idle loop


def test_a_static_screen_lets_the_loop_sleep(app):
    screen = two_player(app, "khet")
    run_frames(app, 5)
    assert app.idle  # nothing moves: the loop waits for events
    click_element(app, screen.buttons["resign"])
    assert not app.idle  # an armed confirmation counts down
    screen.confirm.cancel()
    app.toasts.items.clear()
    app.screens.push("config")
    run_frames(app, 3)
    assert app.idle
    # the wait ends at the first event, which is then handled in the next frame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.wait()
    app.step()
    assert app.screens.top is screen


def test_moves_are_counted_in_full_moves_with_plurals():
    from game.line import full_moves
    from gui.wording import move_count

    assert [full_moves(p) for p in range(6)] == [0, 1, 1, 2, 2, 3]
    assert [full_moves(p, first_turn=1) for p in range(5)] == [0, 1, 2, 2, 3]
    assert move_count(1) == "1 move" and move_count(2) == "1 move" and move_count(3) == "2 moves"


# ----------------------------------------------------------------------------- shot preview


def hover(app: App, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))
    run_frames(app, 2)


def at(screen: GameScreen, name: str) -> tuple[int, int]:
    return screen.view.square_rect(screen.variant.geometry.parse_square(name)).center


def test_pointing_at_a_move_previews_its_shot_and_warns_about_own_losses(app):
    screen = two_player(app, "khet")
    geo = screen.variant.geometry
    post_click(app, at(screen, "j4"))
    assert screen.view.preview_shots == []  # selected, nothing pointed at yet
    hover(app, at(screen, "i4"))  # j4i4 would send Silver's beam into a Silver piece
    hits = screen.view.preview_hits
    assert hits and all(hits.values())
    assert screen.view.preview_shots and screen.view.preview_shots[0].hit_square in hits
    text, _ = screen.status_text()
    assert text.startswith("Careful: this move's shot destroys your own piece on")
    assert geo.names[next(iter(hits))] in text
    assert screen.view.deco.preview == (geo.parse_square("i4"), screen.position.board[geo.parse_square("j4")])
    # the same while dragging
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(screen, "j4"), button=1))
    hover(app, at(screen, "j5"), (1, 0, 0))
    hover(app, at(screen, "i4"), (1, 0, 0))
    assert screen.input.dragging and screen.view.preview_hits == hits
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(screen, "j4"), button=1))
    run_frames(app, 2)
    # pointing at a rotation button previews the turn
    post_click(app, at(screen, "j4"))
    if not screen.input.has_selection:
        post_click(app, at(screen, "j4"))
    hover(app, screen.buttons["rotate_right"].rect.center)
    assert screen.input.hover_rotation is not None and screen.view.preview_shots
    hover(app, (2, 2))
    assert screen.view.preview_shots == [] and screen.input.hover_rotation is None
    assert screen.session.game.moves == []  # nothing was played by pointing


def test_the_preview_can_be_turned_off_and_the_last_shot_leaves_a_trace(app):
    app.update_settings(preview_shot=False)
    screen = two_player(app, "khet")
    post_click(app, at(screen, "j4"))
    hover(app, at(screen, "i4"))
    assert screen.view.preview_shots == [] and screen.view.preview_hits == {}
    post_click(app, at(screen, "i4"))
    run_frames(app, 3)
    assert len(screen.session.game.moves) == 1
    assert screen.view.trace and screen.view.trace == list(screen.position.last_shots)


# ----------------------------------------------------------------------------- keyboard play


def key(app: App, k: int, frames: int = 1) -> None:
    post_key(app, k, frames=frames)


def cursor_to(app: App, screen: GameScreen, name: str) -> None:
    """Walk the board cursor to a square with the arrow keys, as a player would."""
    target = screen.variant.geometry.parse_square(name)
    if screen.input.cursor is None:
        key(app, pygame.K_DOWN)  # the first Up/Down shows the cursor
    for _ in range(40):
        here = screen.view.square_rect(screen.input.cursor).center
        goal = screen.view.square_rect(target).center
        if here == goal:
            return
        if here[0] != goal[0]:
            key(app, pygame.K_RIGHT if goal[0] > here[0] else pygame.K_LEFT)
        else:
            key(app, pygame.K_DOWN if goal[1] > here[1] else pygame.K_UP)
    raise AssertionError(f"the cursor did not reach {name}")


def test_a_whole_game_by_keyboard_alone_cursor_and_typed_moves(app):
    from tests.test_gui_game import ENDGAME

    screen = two_player(app, "khet", ENDGAME)
    # 1. the Scarab swap with the cursor: pick up d4, drop on e5 (a ring: a swap target)
    cursor_to(app, screen, "d4")
    key(app, pygame.K_RETURN)
    assert screen.input.selected == screen.variant.geometry.parse_square("d4")
    cursor_to(app, screen, "e5")
    assert screen.view.preview_shots  # the cursor on a target previews the shot, like the mouse
    key(app, pygame.K_SPACE)
    # 1... typed: Tab puts the keyboard in the move field
    key(app, pygame.K_TAB)
    assert app.text_field_focused()
    type_text(app, "c6c5")
    key(app, pygame.K_RETURN, frames=3)
    # an illegal typed move is refused with the rules' reason, and nothing is played
    type_text(app, "j1j2")
    key(app, pygame.K_RETURN, frames=2)
    text, _ = screen.status_text()
    assert text.startswith("j1j2 is not legal here:") and len(screen.session.game.moves) == 2
    post_key(app, pygame.K_a, mod=CTRL, frames=1)
    post_key(app, pygame.K_BACKSPACE, frames=1)
    type_text(app, "j1L")
    key(app, pygame.K_RETURN, frames=3)
    key(app, pygame.K_ESCAPE)  # the keyboard back to the board
    assert not app.text_field_focused()
    # 2... c5c6 by cursor; an illegal drop says why and keeps the piece
    cursor_to(app, screen, "c5")
    key(app, pygame.K_RETURN)
    cursor_to(app, screen, "a1")
    key(app, pygame.K_RETURN)
    assert screen.input.selected is not None and screen.status_text()[0].startswith("c5 to a1:")
    cursor_to(app, screen, "c6")
    key(app, pygame.K_RETURN, frames=3)
    # 3. j1R: pick up the Sphinx, turn with E
    cursor_to(app, screen, "j1")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_e, frames=3)
    # 3... c6R by Q/E on the cursor's piece
    cursor_to(app, screen, "c6")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_e, frames=3)
    # 4. j8R wins
    cursor_to(app, screen, "j8")
    key(app, pygame.K_RETURN)
    key(app, pygame.K_e, frames=10)
    s = screen.session
    assert s.move_texts() == ["d4e5", "c6c5", "j1L", "c5c6", "j1R", "c6R", "j8R"]
    assert s.finished and s.outcome.winner == 0


def test_esc_drops_the_selection_then_the_cursor_then_asks_to_leave(app):
    screen = two_player(app, "khet")
    screen.play_move(next(iter(screen.session.position.legal_moves)))
    run_frames(app, 2)
    cursor_to(app, screen, "c7")
    key(app, pygame.K_RETURN)
    assert screen.input.selected is not None
    key(app, pygame.K_ESCAPE)
    assert screen.input.selected is None and screen.input.cursor is not None
    key(app, pygame.K_ESCAPE)
    assert screen.input.cursor is None and not screen.confirm.armed()
    key(app, pygame.K_ESCAPE)
    assert screen.confirm.armed("leave")


# ----------------------------------------------------------------------------- notation


def test_move_list_marks_swaps_and_shot_victims_and_flags_self_kills(app):
    from tests.test_gui_game import ENDGAME

    screen = two_player(app, "khet", ENDGAME)
    for text in ("d4e5", "c6c5", "j1L", "c5c6", "j1R", "c6R", "j8R"):
        assert screen.type_move(text), screen.typed_error
        run_frames(app, 2)
    assert screen.moves.moves[0] == "d4\u21c4e5" and screen.moves.moves[-1] == "j8R \u00d7f8"
    assert screen.session.finished
    # a self-kill is flagged
    screen = two_player(app, "khet")
    screen.type_move("j4i4")
    assert screen.moves.moves == ["j4i4 self\u00d7j5"]
    run_frames(app, 2)
    screen.undo()
    assert screen.moves.moves == []


def _luminance(rgb) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("current", [True, False])
def test_the_self_kill_flag_reads_on_the_current_move_highlight_too(app, current):
    from gui.colours import GOLD, INK, TEXT
    from gui.widgets.move_list import PANEL, move_image

    colour = INK if current else TEXT
    img = move_image("j4i4 self\u00d7j5", 18, current, colour)
    flag = {
        tuple(img.get_at((x, y)))[:3]
        for x in range(img.get_width())
        for y in range(img.get_height())
        if img.get_at((x, y)).a == 255 and tuple(img.get_at((x, y)))[:3] != colour
    }
    assert flag, "the flag is drawn in a colour of its own"
    background = GOLD if current else PANEL[:3]
    assert max(contrast(c, background) for c in flag) >= 4.5


def test_copy_game_as_text_and_import_it_back(app):
    from gui import clipboard, samples
    from gui.notation import game_from_text, game_to_text

    for game in samples.make_sample_games(7, seed=5):  # all three rule sets, finished and not
        back = game_from_text(game_to_text(game))
        assert [m.text for m in back.moves] == [m.text for m in game.moves]
        assert (back.variant, back.start_fen, back.players, back.options, back.outcome) == (
            game.variant,
            game.start_fen,
            game.players,
            game.options,
            game.outcome,
        )
    from tests.test_gui_game import ENDGAME

    screen = two_player(app, "khet", ENDGAME)
    for text in ("d4e5", "c6c5", "j1L"):
        screen.type_move(text)
        run_frames(app, 2)
    post_click(app, (2, app.window_size[1] - 2), frames=1)
    post_key(app, pygame.K_c, mod=CTRL)
    text, _ = clipboard.get_text()
    assert text.startswith('[Event "Laser Chess"]') and '[Variant "khet"]' in text
    assert "1. d4\u21c4e5 c6c5 2. j1L *" in text
    app.screens.home()
    post_key(app, pygame.K_ESCAPE)  # leave: press twice
    run_frames(app, 2)
    app.screens.push("browser")
    run_frames(app, 2)
    browser = app.screens.top
    before = len(browser.entries)
    post_key(app, pygame.K_v, mod=CTRL, frames=3)  # the game left unfinished is already there
    assert len(browser.entries) == before
    assert any("already in your past games" in t.text for t in app.toasts.items)
    for entry in browser.entries:  # without it, the paste brings it back
        entry.path.unlink()
    browser.games.entries = []
    before = 0
    post_key(app, pygame.K_v, mod=CTRL, frames=3)
    assert len(browser.entries) == before + 1
    imported = [e.game for e in browser.entries if e.game and len(e.game.moves) == 3]
    assert imported and [m.text for m in imported[0].moves] == ["d4e5", "c6c5", "j1L"]
    # nonsense on the clipboard: a clear message, nothing added
    clipboard.put_text('[Variant "chess"]\n1. e4 e5')
    post_key(app, pygame.K_v, mod=CTRL, frames=3)
    assert len(browser.entries) == before + 1
    assert any("not imported" in t.text.lower() for t in app.toasts.items)


# ----------------------------------------------------------------------------- rules screen


def test_rules_pages_come_from_each_variant_and_their_demos_are_legal():
    from game import Position
    from game.variants import VARIANTS, get_variant
    from gui.rules_pages import page

    keys = {name: [s.key for s in page(name)] for name in VARIANTS}
    assert "reserved" in keys["khet"] and "swap" in keys["khet"] and "null" not in keys["khet"]
    assert {"null", "ko", "pins", "zombies", "swap"} <= set(keys["leiserchess2017"])
    assert "swap" in keys["leiserchess2018"] and "null" not in keys["leiserchess2018"]
    assert next(s for s in page("leiserchess2018") if s.key == "swap").demo.move.then_square is not None
    for name in VARIANTS:
        for section in page(name):
            if section.demo is not None:
                pos = Position.from_fen(section.demo.fen, get_variant(name))
                assert section.demo.move in list(pos.legal_moves), (name, section.key)


def test_rules_screen_from_menu_new_game_and_the_status_line(app):
    from gui.screens.rules import RulesScreen

    app.screens.reset("menu")
    run_frames(app, 2)
    button = next(b for b, e in app.screens.top.buttons if b.text == "Rules")
    click_element(app, button)
    rules = app.screens.top
    assert isinstance(rules, RulesScreen) and rules.variant_name == "khet"
    key(app, pygame.K_RIGHT)
    assert rules.variant_name == "leiserchess2017"
    for _ in range(3):
        key(app, pygame.K_DOWN)
    assert rules.section.key == "laser"
    run_frames(app, 150)  # the board waits for the player's move
    assert rules.demo.state.value == "waiting" and not rules.demo.position.history
    key(app, pygame.K_ESCAPE)
    app.screens.push("config", variant="leiserchess2018")
    run_frames(app, 2)
    click_element(app, app.screens.top.widgets["rules"])
    assert isinstance(app.screens.top, RulesScreen) and app.screens.top.variant_name == "leiserchess2018"
    key(app, pygame.K_ESCAPE)
    # a status-line reason links to its rule
    app.screens.reset("menu")
    screen = two_player(app, "khet")
    post_click(app, at(screen, "d1"))  # a Silver Pyramid next to reserved squares? any piece
    post_click(app, at(screen, "j4"))
    hover(app, at(screen, "i4"))
    hover(app, at(screen, "i3"))
    text = screen.status_text()[0]
    post_click(app, screen.panel.status_rect.center)
    assert isinstance(app.screens.top, RulesScreen)
    from gui.rules_pages import topic_for

    assert app.screens.top.section.key == topic_for(text)
    assert topic_for("j4 to i1: i1 is reserved for Red") == "reserved"
    assert topic_for("Finish the swap: step or rotate the piece on e4") == "swap"
    assert topic_for("Red's Pharaoh is in the enemy beam!") == "laser"


def test_the_status_line_is_never_cut_off():
    from gui.art.fonts import fitting_font, wrap_text

    pygame.font.init()
    box = pygame.Rect(0, 0, 220, 44)
    text = "j4 to i1: i1 is reserved for Red; a Silver piece may never end a move on a Red square"
    f, lines = fitting_font(text, box, 16, bold=True)  # as the game panel draws its status
    wrapped = wrap_text(f, text, box.width, 12)
    assert len(wrapped) == lines and lines * f.get_linesize() <= box.height
    assert "".join(wrapped).replace(" ", "") == text.replace(" ", "")  # nothing dropped


# ----------------------------------------------------------------------------- small comforts


def test_each_clock_starts_after_that_sides_first_move(app):
    from game import TimeControl

    game = Game.new(players=(Player("human"), Player("human")), time_control=TimeControl(60))
    screen = app.screens.push("game", game=game)
    run_frames(app, 60)
    s = screen.session
    assert s.remaining == [60.0, 60.0] and not s.clock_running
    screen.play_move(next(iter(s.position.legal_moves)))
    run_frames(app, 60)
    assert s.remaining[1] == 60.0  # Red has not moved yet either
    screen.play_move(next(iter(s.position.legal_moves)))
    run_frames(app, 60)
    assert s.clock_running and s.remaining[0] < 60.0
    app.update_settings(clock_after_first_move=False)
    other = app.screens.push("game", game=Game.new(time_control=TimeControl(60)))
    run_frames(app, 30)
    assert other.session.remaining[0] < 60.0


def test_a_board_click_while_browsing_returns_to_the_live_position(app):
    screen = two_player(app, "khet")
    for _ in range(2):
        screen.play_move(next(iter(screen.session.position.legal_moves)))
        run_frames(app, 2)
    key(app, pygame.K_HOME)
    assert screen.view_ply == 0
    post_click(app, at(screen, "e4"))
    assert screen.view_ply is None and not screen.input.has_selection


# ----------------------------------------------------------------------------- premoves


def clock_game(app: App, variant: str = "khet", fen: str | None = None) -> GameScreen:
    from game import TimeControl

    game = Game.new(
        variant, fen=fen, players=(Player("human"), Player("human")), time_control=TimeControl(300)
    )
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    return screen


def test_premove_in_a_two_player_clock_game_is_played_when_its_turn_comes(app):
    screen = clock_game(app)
    s = screen.session
    screen.play_move(next(m for m in s.position.legal_moves if m.is_rotation))  # Silver
    run_frames(app, 2)
    pos = s.position
    red = next(m for m in pos.legal_moves if m.is_rotation)
    after = pos.copy()
    after.push(red)
    silver = next(
        m
        for m in after.legal_moves
        if m.from_square != m.to_square and not after.board[m.to_square] and m.then_square is None
    )
    assert screen.controller.premove_side() == 0
    post_click(app, screen.view.square_rect(silver.from_square).center)
    assert screen.premoving and screen.input.selected == silver.from_square
    assert silver.to_square in screen.view.deco.dots  # the premover sees where the piece may go
    assert screen.status_text()[0].startswith("Premove: click where")
    post_click(app, screen.view.square_rect(silver.to_square).center)
    assert screen.premove is not None and (screen.premove.side, screen.premove.move) == (0, silver)
    assert screen.status_text()[0].startswith("Premove ")
    assert screen.view.deco.marks.get(silver.to_square) == "pre"
    assert s.turn == 1 and s.game.moves[-1].text != after.move_text(silver)
    # Red, the side to move, still moves with the mouse: a press on a Red piece takes the input back
    post_click(app, screen.view.square_rect(red.from_square).center)
    key(app, pygame.K_e if red.rotation == CLOCKWISE else pygame.K_q)
    run_frames(app, 30)  # Silver's premove follows Red's move at once
    assert [m.text for m in s.game.moves][-2:] == [pos.move_text(red), after.move_text(silver)]
    assert screen.premove is None


def test_premove_cleared_by_right_click_and_dropped_when_illegal(app):
    screen = clock_game(app)
    s = screen.session
    screen.play_move(next(m for m in s.position.legal_moves if m.is_rotation))
    run_frames(app, 2)
    sq = next(i for i, c in enumerate(s.position.board) if c and (c >> 2 & 1) == 0 and c >> 3 != 1)
    post_click(app, screen.view.square_rect(sq).center)
    key(app, pygame.K_e)
    assert screen.premove is not None and screen.premove.move.is_rotation
    empty = next(i for i, c in enumerate(s.position.board) if not c)
    post_click(app, screen.view.square_rect(empty).center, button=3)
    assert screen.premove is None and not screen.input.has_selection
    # a premove that is not legal when its turn comes is dropped, with a notice
    geo = s.position.geometry
    sphinx = next(i for i, c in enumerate(s.position.board) if c and c >> 3 == 1 and (c >> 2 & 1) == 0)
    empty = next(i for i in geo.neighbours[sphinx] if not s.position.board[i])
    screen.controller.premove = Premove(0, Move(sphinx, empty), "a sphinx step")
    screen.type_move(s.position.move_text(next(m for m in s.position.legal_moves if m.is_rotation)))
    run_frames(app, 3)
    assert screen.premove is None and s.turn == 0
    assert any("dropped" in t.text for t in app.toasts.items)


def test_premove_of_a_2018_two_part_swap_with_its_intermediate_board(app):
    screen = clock_game(app, "leiserchess2018", "ss7/8/8/3se4/3NW4/8/8/7NN W")
    s = screen.session
    names = s.position.geometry.names
    screen.play_move(s.position.parse_move("h0R"))  # White turns its corner piece; Black to move
    run_frames(app, 30)
    pos = s.position
    black = next(m for m in pos.legal_moves if m.is_rotation)
    after = pos.copy()
    after.push(black)
    swap = next(m for m in after.legal_moves if m.then_square is not None and m.from_square != m.then_square)
    live = list(pos.board)
    post_click(app, screen.view.square_rect(swap.from_square).center)
    assert swap.to_square in screen.view.deco.rings  # swap targets ringed for the premover too
    post_click(app, screen.view.square_rect(swap.to_square).center)
    shown = screen.view.board
    assert shown[swap.to_square] == live[swap.from_square] and shown[swap.from_square] == live[swap.to_square]
    assert screen.status_text()[0].startswith(
        f"Finish the swap: step or rotate the piece on {names[swap.to_square]}"
    )
    assert swap.then_square in screen.view.deco.dots
    post_click(app, screen.view.square_rect(swap.then_square).center)
    assert screen.premove is not None and screen.premove.move == swap
    assert screen.view.board == live  # queued, not played: the live board is back
    assert {swap.from_square, swap.to_square, swap.then_square} <= set(screen.view.deco.marks)
    screen.type_move(pos.move_text(black))
    run_frames(app, 60)
    assert [m.text for m in s.game.moves][-2:] == [pos.move_text(black), after.move_text(swap)]


def test_premove_against_the_cpu_can_be_queued_while_it_thinks(app):
    game = Game.new(players=(Player("human"), Player("cpu", level="Beginner")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    # the CPU "thinks" until the test plays its move
    screen.controller.players[1] = AsyncOpponent(RandomOpponent(), delay=1e9)
    s = screen.session
    screen.play_move(s.position.parse_move("j1L"))
    run_frames(app, 40)
    assert (
        s.is_cpu(s.turn)
        and screen.controller.premove_side() == 0
        and screen.premoving
        and screen.input.enabled
    )
    pos = s.position
    reply = next(m for m in pos.legal_moves if m.is_rotation and pos.move_text(m).startswith("a8"))
    after = pos.copy()
    after.push(reply)
    step = next(m for m in after.legal_moves if m.from_square != m.to_square and not after.board[m.to_square])
    post_click(app, screen.view.square_rect(step.from_square).center)
    assert step.to_square in screen.view.deco.dots
    assert screen.view.preview_shots == []  # no shot preview for a move that is not on the board yet
    post_click(app, screen.view.square_rect(step.to_square).center)
    assert screen.premove is not None and screen.premove.move == step
    screen.play_move(reply)  # the CPU answers; the premove follows at once
    run_frames(app, 60)
    assert [m.text for m in s.game.moves] == ["j1L", pos.move_text(reply), after.move_text(step)]
    # a takeback drops a queued premove instead of playing it on the position taken back to
    screen.controller.premove = Premove(0, step, "f4g4")
    click_element(app, screen.buttons["undo"])
    run_frames(app, 10)
    assert screen.premove is None and [m.text for m in s.game.moves] == ["j1L", pos.move_text(reply)]


# ----------------------------------------------------------------------------- arrows and circles


def test_right_drag_draws_arrows_and_right_click_circles_and_the_next_move_clears_them(app):
    """As on lichess; the right button no longer turns a piece (turning stays on buttons and keys)."""
    screen = two_player(app, "khet")
    s = screen.session
    j1, e4, h4 = (screen.variant.geometry.parse_square(n) for n in ("j1", "e4", "h4"))
    live = list(s.position.board)
    post_click(app, at(screen, "j1"), button=3)
    assert s.game.moves == [] and screen.view.board == live  # nothing turned
    assert screen.view.sketch.circles == {j1: GREEN}
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(screen, "e4"), button=3))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=at(screen, "h4"), rel=(0, 0), buttons=(0, 0, 1))
    )
    run_frames(app, 2)
    assert screen.view.sketch.pressed == e4  # the arrow follows the mouse while dragged
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(screen, "h4"), button=3))
    run_frames(app, 2)
    assert screen.view.sketch.arrows == {(e4, h4): GREEN}
    cx, cy = screen.view.square_center(j1)
    ring = (int(cx - screen.view.layout.square * 0.45) + 2, int(cy))  # a point on the circle
    before = app.surface.get_at(ring)
    post_click(app, at(screen, "j1"), button=3)  # the same circle again removes it
    assert j1 not in screen.view.sketch.circles
    assert app.surface.get_at(ring) != before
    post_click(app, at(screen, "j1"), button=3)
    screen.type_move("j1L")
    run_frames(app, 3)
    assert [m.text for m in s.game.moves] == ["j1L"] and screen.view.sketch.empty


def test_arrows_in_the_replay_go_with_the_next_step(app):
    from gui import samples
    from gui.paths import saves_dir

    path = samples.write_sample_games(saves_dir(), 1)[0]
    replay = app.screens.push("replay", game=Game.load(path))
    run_frames(app, 3)
    centre = replay.view.square_rect(0).center
    post_click(app, centre, button=3)
    assert replay.view.sketch.circles
    key(app, pygame.K_RIGHT, frames=3)
    assert replay.view.sketch.empty


# ----------------------------------------------------------------------------- leftovers


def test_mute_button_and_m_key_toggle_sound_and_are_saved(app, data_dir):
    import json

    screen = app.screens.push("game", game=Game.new(players=(Player("human"), Player("human"))))
    run_frames(app, 2)
    button = screen.buttons["mute"]
    assert button.text == "Sound on" and not app.audio.muted
    click_element(app, button)
    assert app.settings.muted and app.audio.muted and screen.buttons["mute"].text == "Muted"
    assert not app.audio.play("move")  # a muted app starts no sound
    app.save_settings()
    assert json.loads((data_dir / "settings.json").read_text())["muted"] is True
    post_key(app, pygame.K_m)
    assert not app.settings.muted and screen.buttons["mute"].text == "Sound on"
    # M typed into the move field is text, not the shortcut
    focus(app, screen.widgets["move_entry"])
    type_text(app, "m")
    assert not app.settings.muted
    assert screen.widgets["move_entry"].get_text() == "m"


def test_muted_is_restored_from_settings_json(data_dir):
    (data_dir / "settings.json").write_text('{"muted": true}')
    restarted = App((1280, 720), sound=False)
    assert restarted.settings.muted and restarted.audio.muted
    restarted.shutdown()


def test_new_game_remembers_its_choices_across_runs_and_ignores_stale_ones(app, data_dir):
    import json

    screen = app.screens.push("config")
    run_frames(app, 2)
    assert isinstance(screen, ConfigScreen)
    click_element(app, screen.segments["opponent"]["friend"])
    run_frames(app, 2)
    assert app.screens.top.choices.opponent == "friend"
    app.save_settings()
    saved = json.loads((data_dir / "settings.json").read_text())["new_game"]
    assert saved["opponent"] == "friend"
    # a later run (nothing remembered in memory) starts from the saved choices
    ConfigScreen.remembered = ConfigScreen.remembered.__class__()
    again = app.screens.push("config")
    run_frames(app, 2)
    assert again.choices.opponent == "friend"
    # stale or invalid saved values fall back to their defaults one by one
    saved.update(variant="gone", level=3, clock="7 min", opponent="friend", side=None)
    (data_dir / "settings.json").write_text(json.dumps({"new_game": saved}))
    ConfigScreen.remembered = ConfigScreen.remembered.__class__()
    restarted = App((1280, 720), sound=False)
    try:
        third = restarted.screens.push("config")
        run_frames(restarted, 2)
        c = third.choices
        assert (c.variant, c.level, c.clock, c.side, c.opponent) == (
            "khet",
            "Medium",
            "No clock",
            "first",
            "friend",
        )
    finally:
        restarted.shutdown()
    (data_dir / "settings.json").write_text('{"new_game": [1, 2]}')
    ConfigScreen.remembered = ConfigScreen.remembered.__class__()
    fourth = App((1280, 720), sound=False)
    try:
        assert fourth.screens.push("config").choices.opponent == "cpu"
    finally:
        fourth.shutdown()
