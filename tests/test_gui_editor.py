"""The Board editor driven headlessly by posted events: a position built from an empty board,
checked, saved, listed by the New game screen and played; every check message; pasting broken
position strings; undo/redo; erasing, mirroring, setups, rule sets, the clipboard, the layout."""

from __future__ import annotations

import random

import pygame
import pygame_gui
import pytest

from game import KHET, Position
from game.pieces import Kind, make_code
from game.variants import VARIANTS
from gui import clipboard
from gui.app import App
from gui.editor_model import BoardEdit, mirror_board, read_position, rotated
from gui.screen import Screen, ScreenRegistry
from gui.screens.editor import EditorScreen, screenshot_editor
from gui.screens.menu import MainMenuScreen
from gui.setups import list_setups, save_setup
from gui.testing import click_element, post_click, post_key, run_frames
from gui.widgets.palette import ERASER, SELECT
from tests.helpers import board_from

CLASSIC = KHET.setup_fen("Classic")
CTRL = pygame.KMOD_CTRL


class StubConfig(Screen):
    """Stands in for the New game screen: records what the editor opened it with."""

    name = "config"
    opened: list[dict] = []

    def __init__(self, app, **kwargs):
        super().__init__(app)
        StubConfig.opened.append(kwargs)


def editor_registry(config: type[Screen] | None = None) -> ScreenRegistry:
    registry = ScreenRegistry()
    registry.register("menu", MainMenuScreen)
    registry.register("editor", EditorScreen, menu_label="Board editor", menu_order=20)
    if config is not None:
        registry.register("config", config, menu_label="Play", menu_order=10)
    return registry


def make_app(config: type[Screen] | None = None, size=(1280, 720)) -> App:
    app = App(size, registry=editor_registry(config), sound=False)
    app.settings.laser_speed = "off"
    run_frames(app, 2)
    return app


@pytest.fixture
def app():
    StubConfig.opened = []
    clipboard.clear_in_app()
    application = make_app(StubConfig)
    yield application
    application.shutdown()


def open_editor(app: App) -> EditorScreen:
    for button, entry in app.screens.top.buttons:
        if entry is not None and entry.name == "editor":
            click_element(app, button)
            break
    screen = app.screens.top
    assert isinstance(screen, EditorScreen)
    return screen


def sq(screen: EditorScreen, name: str) -> int:
    return screen.variant.geometry.parse_square(name)


def at(screen: EditorScreen, name: str) -> tuple[int, int]:
    return screen.view.square_rect(sq(screen, name)).center


def tile(screen: EditorScreen, kind: Kind, color: int) -> tuple[int, int]:
    rect = screen.palette.tile_rect(make_code(kind, color, 0))
    assert rect is not None
    return rect.center


def tool_tile(screen: EditorScreen, tool: int) -> tuple[int, int]:
    return screen.palette.tile_rect(tool).center


def piece(screen: EditorScreen, name: str) -> str:
    code = screen.board[sq(screen, name)]
    return screen.variant.piece_token(code) if code else ""


def drag(app: App, a: tuple[int, int], b: tuple[int, int], button: int = 1) -> None:
    mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button))
    for point in (mid, b):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=held))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button))
    run_frames(app, 3)


def wheel(app: App, pos: tuple[int, int], y: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=y)
    )
    run_frames(app, 2)


def type_into(app: App, entry, text: str, enter: bool = False) -> None:
    """Click a text box, select what is in it and type ``text`` over it (optionally Enter)."""
    click_element(app, entry)
    post_key(app, pygame.K_a, mod=CTRL, frames=1)
    post_key(app, pygame.K_BACKSPACE, frames=1)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    run_frames(app, 2)
    if enter:
        post_key(app, pygame.K_RETURN)


def paste(app: App, text: str) -> None:
    """Put ``text`` on the clipboard and press Ctrl+V over the editor (after a click on an empty
    spot, so no text box has the keyboard)."""
    post_click(app, (2, app.window_size[1] - 2), frames=1)
    clipboard.put_text(text)
    post_key(app, pygame.K_v, mod=CTRL)


def choose(app: App, drop, option_id: str) -> None:
    """Open a drop-down and click the option with this id."""
    click_element(app, drop)
    items = drop.current_state.options_selection_list.item_list
    index = [o[1] for o in drop.options_list].index(option_id)
    click_element(app, items[index]["button_element"], frames=4)


def texts(screen: EditorScreen, kind: str | None = None) -> list[str]:
    return [c.text for c in screen.checks if kind is None or c.kind == kind]


# ----------------------------------------------------------------------------- the whole story


def test_build_from_empty_check_save_list_and_play(app):
    screen = open_editor(app)
    assert screen.board == KHET.parse_fen(CLASSIC)[0]  # starts from Classic
    click_element(app, screen.widgets["empty"])
    assert not any(screen.board)
    assert "Silver has no Pharaoh." in texts(screen, "error")
    assert screen.widgets["play"].is_enabled is False

    # click a tile, then squares; drag a tile onto the board
    post_click(app, tile(screen, Kind.SPHINX, 0))
    post_click(app, at(screen, "j1"))
    post_click(app, tile(screen, Kind.PHARAOH, 0))
    post_click(app, at(screen, "e1"))
    post_click(app, tile(screen, Kind.ANUBIS, 0))
    post_click(app, at(screen, "d1"))
    post_click(app, at(screen, "f1"))
    drag(app, tile(screen, Kind.PYRAMID, 0), at(screen, "c3"))
    assert [piece(screen, n) for n in ("j1", "e1", "d1", "f1", "c3")] == ["Sa", "Fa", "Na", "Na", "Pa"]
    assert screen.selected == sq(screen, "c3")

    # turn the Pyramid: right-click, wheel, keys, buttons
    post_click(app, at(screen, "c3"), button=3)
    assert piece(screen, "c3") == "Pb"
    wheel(app, at(screen, "c3"), 1)
    assert piece(screen, "c3") == "Pc"
    post_key(app, pygame.K_q)
    post_key(app, pygame.K_LEFT)
    assert piece(screen, "c3") == "Pa"
    post_key(app, pygame.K_e)
    button_cw = next(b for b, name, _, _ in screen.icon_buttons if name == "rotate_cw")
    click_element(app, button_cw)
    assert piece(screen, "c3") == "Pc"
    # move it by dragging
    drag(app, at(screen, "c3"), at(screen, "d3"))
    assert piece(screen, "c3") == "" and piece(screen, "d3") == "Pc"

    # Red: mirror Silver's half
    click_element(app, screen.widgets["mirror0"])
    assert [piece(screen, n) for n in ("a8", "f8", "g8", "e8", "g6")] == ["sc", "fc", "nc", "nc", "pa"]
    assert texts(screen, "error") == []
    assert texts(screen)[0] == "Ready to play: the position follows the rules."
    assert "Silver has 1 Pyramid (the standard set has 7)." in texts(screen, "warning")
    assert screen.widgets["fen"].get_text() == screen.fen
    assert screen.fen == "sc3ncfcnc3/10/6pa3/10/10/3Pc6/10/3NaFaNa3Sa b"

    # side to move
    click_element(app, screen.segments[1])
    assert screen.turn == 1 and screen.fen.endswith(" r")

    # save it by name
    type_into(app, screen.widgets["name"], "Two guards")
    click_element(app, screen.widgets["save"])
    saved, problems = list_setups("khet")
    assert problems == [] and [(s.name, s.fen) for s in saved] == [("Two guards", screen.fen)]
    assert saved[0].path.parent.name == "setups" and saved[0].path.parent.parent.name == "saves"
    screen = app.screens.top
    assert screen.source == f"saved:{saved[0].path.name}"
    assert ("Two guards" + " (saved)") in [o[0] for o in screen.widgets["setup"].options_list]

    # play from here opens the New game screen with this position
    click_element(app, screen.widgets["play"])
    assert app.screens.names() == ["menu", "editor", "config"]
    assert StubConfig.opened == [{"variant": "khet", "fen": saved[0].fen}]


def test_the_real_new_game_screen_lists_the_setup_and_starts_a_game_from_it(data_dir):
    """With the built-in screens: the saved setup is in the New game screen's list, and Play from
    here starts a game from the edited position."""
    from gui.screens.config import Choices, ConfigScreen

    ConfigScreen.remembered = Choices(opponent="friend")
    application = App((1280, 720), sound=False)
    try:
        application.settings.laser_speed = "off"
        run_frames(application, 2)
        screen = open_editor(application)
        fen = KHET.board_fen(
            board_from({"j1": "Sa", "a8": "sc", "e1": "Fa", "f8": "fc", "d4": "Pa", "g5": "pc"}), 0
        )
        paste(application, fen)
        type_into(application, screen.widgets["name"], "Duel", enter=True)
        assert [s.name for s in list_setups("khet")[0]] == ["Duel"]
        click_element(application, screen.widgets["play"])
        config = application.screens.top
        assert isinstance(config, ConfigScreen)
        names = [o[0] for o in config.widgets["setup"].options_list]
        assert "Duel (saved)" in names
        assert config.choices.fen == fen
        click_element(application, config.widgets["start"])
        run_frames(application, 2)
        game = application.screens.top
        assert game.name == "game"
        assert game.session.start_position.fen() == fen
    finally:
        ConfigScreen.remembered = Choices()
        application.shutdown()


# ----------------------------------------------------------------------------- checks


def fen_of(pieces: dict[str, str], turn: int = 0) -> str:
    return KHET.board_fen(board_from(pieces), turn)


FRAME = {"j1": "Sa", "a8": "sc", "e1": "Fa", "f8": "fc"}

KHET_CASES = [
    ({"j1": "Sa", "a8": "sc", "f8": "fc"}, "error", "Silver has no Pharaoh."),
    ({**FRAME, "d8": "fc"}, "error", "Red has 2 Pharaohs; exactly one is allowed."),
    ({"j1": "Sa", "e1": "Fa", "f8": "fc"}, "error", "Red has no Sphinx."),
    ({**FRAME, "a7": "sc"}, "error", "Red has 2 Sphinx"),  # (a prefix: the plural may be mended)
    ({**FRAME, "j1": "", "h1": "Sa"}, "error", "The Silver Sphinx must stand on j1, not h1."),
    ({**FRAME, "j1": "Sb"}, "error", "The Silver Sphinx on j1 faces off the board."),
    ({**FRAME, "a8": "sd"}, "error", "The Red Sphinx on a8 faces off the board."),
    ({**FRAME, "a3": "Pa"}, "error", "The Silver Pyramid on a3 stands on a square reserved for Red."),
    ({**FRAME, "i8": "Na"}, "error", "The Silver Anubis on i8 stands on a square reserved for Red."),
    ({**FRAME, "j5": "pa"}, "error", "The Red Pyramid on j5 stands on a square reserved for Silver."),
    (FRAME, "warning", "Silver has 0 Pyramids (the standard set has 7)."),
    (FRAME, "warning", "Red has 0 Scarabs (the standard set has 2)."),
    # the lasers, fired now
    ({**FRAME, "j6": "pd"}, "error", "The Red Pyramid on j6 stands on a square reserved for Silver."),
    ({**FRAME, "j5": "Pa"}, "warning", "Silver's laser, fired now, would destroy its own Pyramid on j5."),
    ({**FRAME, "a4": "Pc"}, "warning", "Red's laser, fired now, would destroy the Silver Pyramid on a4."),
    (
        {**FRAME, "j4": "Pc", "e4": "Na"},
        "warning",
        "Silver's laser, fired now, would destroy its own Anubis on e4.",
    ),
    ({**FRAME, "j4": "Pc", "e4": "nb"}, "laser", "Silver's laser stops harmlessly on the Red Anubis on e4."),
    (
        {**FRAME, "j8": "Pc"},
        "warning",
        "Silver's laser, fired now, would destroy the Red Pharaoh on f8: Red would lose.",
    ),
    (FRAME, "laser", "Silver's laser leaves the board."),
    (FRAME, "laser", "Red's laser leaves the board."),
    (FRAME, "ok", "Ready to play: the position follows the rules."),
]


def test_every_check_message_comes_from_a_bad_position(app):
    screen = open_editor(app)
    for pieces, kind, message in KHET_CASES:
        placed = {k: v for k, v in pieces.items() if v}
        paste(app, fen_of(placed))
        screen = app.screens.top
        assert screen.notes["fen"][0] == "ok", screen.notes["fen"]
        assert any(t.startswith(message) for t in texts(screen, kind)), (message, screen.checks)
        if kind == "error":
            assert not screen.widgets["play"].is_enabled
    # the squares an error names are outlined on the board
    paste(app, fen_of({**FRAME, "a3": "Pa"}))
    assert sq(screen, "a3") in screen.view.deco.alerts


def test_check_messages_built_by_clicks(app):
    screen = open_editor(app)
    # a Silver piece on Red's file
    post_click(app, tile(screen, Kind.SCARAB, 0))
    post_click(app, at(screen, "a3"))
    assert "The Silver Scarab on a3 stands on a square reserved for Red." in texts(screen, "error")
    assert sq(screen, "a3") in screen.view.deco.alerts
    post_key(app, pygame.K_DELETE)
    assert texts(screen, "error") == []
    # the Sphinx turned to face off the board, then back
    post_click(app, tool_tile(screen, SELECT))
    post_click(app, at(screen, "j1"), button=3)
    assert "The Silver Sphinx on j1 faces off the board." in texts(screen, "error")
    wheel(app, at(screen, "j1"), -1)
    assert texts(screen, "error") == []
    # a second Red Pharaoh
    post_click(app, tile(screen, Kind.PHARAOH, 1))
    post_click(app, at(screen, "e6"))
    assert "Red has 2 Pharaohs; exactly one is allowed." in texts(screen, "error")
    # a Pharaoh has no facing
    post_click(app, at(screen, "e6"), button=3)
    assert piece(screen, "e6") == "fc" and "no facing" in screen.notes["fen"][1]


def test_leiserchess_checks_and_palette(app):
    screen = open_editor(app)
    choose(app, screen.widgets["variant"], "leiserchess2018")
    screen = app.screens.top
    assert screen.variant.name == "leiserchess2018"
    assert screen.board == VARIANTS["leiserchess2018"].parse_fen(VARIANTS["leiserchess2018"].setup_fen())[0]
    assert [b.text for b in screen.segments.values()] == ["Tangerine", "Lavender"]
    tools = sorted((t >> 3, t >> 2 & 1) for t in screen.palette.piece_tools())
    assert tools == [(Kind.KING, 0), (Kind.KING, 1), (Kind.PAWN, 0), (Kind.PAWN, 1)]
    assert texts(screen, "error") == [] and texts(screen)[0].startswith("Ready to play")
    post_click(app, tile(screen, Kind.KING, 1))
    post_click(app, at(screen, "d3"))
    assert "Lavender has 2 Kings; exactly one is allowed." in texts(screen, "error")
    click_element(app, screen.widgets["empty"])
    assert {"Tangerine has no King.", "Lavender has no King."} <= set(texts(screen, "error"))
    assert "Tangerine has 0 Pawns (the standard set has 7)." in texts(screen, "warning")
    post_click(app, tile(screen, Kind.PAWN, 0))
    post_click(app, at(screen, "c2"))
    post_click(app, at(screen, "c2"), button=3)
    assert piece(screen, "c2") == "SE"
    # undo goes back through the switch to Khet
    for _ in range(5):
        click_element(app, app.screens.top.widgets["undo"])
    screen = app.screens.top
    assert screen.variant.name == "khet" and screen.fen == CLASSIC
    assert [b.text for b in screen.segments.values()] == ["Silver", "Red"]


# ----------------------------------------------------------------------------- position strings

MALFORMED = [
    "hello",
    "sc3ncfcncpb2/2pc7 b",  # two ranks
    CLASSIC[:-2],  # no side to move
    CLASSIC[:-1] + "x",  # unknown side
    CLASSIC.replace("sc3", "sc4", 1),  # rank too long
    CLASSIC.replace("2pc7", "2pc6", 1),  # rank too short
    CLASSIC.replace("ncfc", "xcfc", 1),  # unknown letter
    CLASSIC.replace("Sa b", "S b", 1),  # missing orientation
    CLASSIC.replace("2pc7", "0pc9", 1),  # zero empties
    CLASSIC + " extra",  # text after the side
    "\u265c\u265e\u265d \U0001f600 b",  # symbols
    "ss7/3nwse3/2nwse4/1nwse3NW1/1se3NWSE1/4NWSE2/3NWSE3/7NN W",  # Leiserchess in Khet
    "/" * 7 + " b",  # empty ranks
    "9" * 3000,  # far too long
]


def test_pasting_malformed_position_strings_shows_errors_and_changes_nothing(app):
    screen = open_editor(app)
    before = list(screen.board)
    undo_depth = len(screen.edit.undo_states)
    for text in MALFORMED:
        paste(app, text)
        screen = app.screens.top
        kind, message = screen.notes["fen"]
        assert kind == "error" and message.startswith("Not applied:"), (text, message)
        assert screen.board == before and len(screen.edit.undo_states) == undo_depth
    # the clipboard empty
    clipboard.put_text("")
    clipboard.clear_in_app()
    click_element(app, screen.widgets["paste"])
    assert screen.notes["fen"] == ("error", "There is nothing to paste: the clipboard is empty.")
    # typed into the box: Enter applies, a bad string keeps the board and the typed text
    type_into(app, screen.widgets["fen"], "sc3/2pc7 b", enter=True)
    assert screen.notes["fen"][0] == "error" and "8" in screen.notes["fen"][1]
    assert screen.board == before and screen.widgets["fen"].get_text() == "sc3/2pc7 b"
    good = fen_of(FRAME, 1)
    type_into(app, screen.widgets["fen"], good)
    click_element(app, screen.widgets["apply"])
    assert screen.fen == good and screen.notes["fen"] == ("ok", "Position applied.")
    # a half-built position string is accepted (the Check list says what is missing)
    paste(app, fen_of({"j1": "Sa", "d4": "Pa"}))
    assert piece(screen, "d4") == "Pa" and "Red has no Pharaoh." in texts(screen, "error")


def test_copy_and_paste_through_the_clipboard(app):
    screen = open_editor(app)
    click_element(app, screen.widgets["copy"])
    assert clipboard.get_text()[0] == CLASSIC
    assert screen.notes["fen"] == ("ok", "Position string copied to the clipboard.")
    click_element(app, screen.widgets["empty"])
    post_key(app, pygame.K_v, mod=CTRL)
    assert screen.fen == CLASSIC


def test_without_a_system_clipboard_the_in_app_one_is_used(app, monkeypatch):
    def broken(*_):
        raise pygame.error("no clipboard here")

    monkeypatch.setattr(pygame.scrap, "put_text", broken)
    monkeypatch.setattr(pygame.scrap, "get_text", broken)
    screen = open_editor(app)
    post_key(app, pygame.K_c, mod=CTRL)
    kind, message = screen.notes["fen"]
    assert kind == "warning" and "inside the app" in message
    click_element(app, screen.widgets["empty"])
    click_element(app, screen.widgets["paste"])
    assert screen.fen == CLASSIC and screen.notes["fen"] == ("ok", "Pasted from the in-app clipboard.")


# ----------------------------------------------------------------------------- editing


def test_erasing_five_ways_and_undo_redo(app):
    screen = open_editor(app)
    # the eraser tool: a click, then a sweep that undoes as one step
    post_click(app, tool_tile(screen, ERASER))
    assert screen.palette.selected == ERASER
    post_click(app, at(screen, "c4"))
    assert piece(screen, "c4") == ""
    depth = len(screen.edit.undo_states)
    drag(app, at(screen, "d1"), at(screen, "f1"))  # sweeps d1, e1 (on the way) and f1
    assert [piece(screen, n) for n in ("d1", "e1", "f1")] == ["", "", ""]
    assert len(screen.edit.undo_states) == depth + 1
    post_key(app, pygame.K_z, mod=CTRL)
    assert [piece(screen, n) for n in ("d1", "e1", "f1")] == ["Na", "Fa", "Na"]
    post_key(app, pygame.K_y, mod=CTRL)
    assert piece(screen, "e1") == ""
    post_key(app, pygame.K_z, mod=CTRL | pygame.KMOD_SHIFT)  # Ctrl+Shift+Z redoes too
    post_click(app, tool_tile(screen, SELECT))
    # a right-drag off the board
    drag(app, at(screen, "h4"), (screen.view.rect.right + 20, screen.view.rect.centery), button=3)
    assert piece(screen, "h4") == ""
    # a left-drag onto the palette puts the piece away as well
    drag(app, at(screen, "e5"), tool_tile(screen, ERASER))
    assert piece(screen, "e5") == ""
    # Delete removes the selected piece
    post_click(app, at(screen, "h5"))
    assert screen.selected == sq(screen, "h5")
    post_key(app, pygame.K_DELETE)
    assert piece(screen, "h5") == "" and screen.selected is None
    # undo everything with the button, redo one step with the other
    while screen.widgets["undo"].is_enabled:
        click_element(app, screen.widgets["undo"], frames=1)
    assert screen.fen == CLASSIC
    click_element(app, screen.widgets["redo"])
    assert piece(screen, "c4") == ""


def test_mirror_either_way_and_clashes(app):
    screen = open_editor(app)
    click_element(app, screen.widgets["empty"])
    paste(app, fen_of({"j1": "Sa", "e1": "Fa", "c4": "Ra", "b2": "Pb", "e4": "Na", "f5": "Pa"}))
    click_element(app, screen.widgets["mirror0"])
    # f5 and e4 are each other's images: f5's Red image would land on Silver's e4
    assert piece(screen, "a8") == "sc" and piece(screen, "f8") == "fc" and piece(screen, "h5") == "ra"
    assert piece(screen, "i7") == "pd"
    kind, note = screen.notes["fen"]
    assert kind == "warning" and "e4" in note and "f5" in note
    click_element(app, screen.widgets["mirror1"])  # and back: Silver becomes Red's image
    assert piece(screen, "j1") == "Sa" and piece(screen, "c4") == "Ra" and piece(screen, "b2") == "Pb"


def test_start_from_built_in_and_saved_setups_and_delete_one(app):
    screen = open_editor(app)
    for name, fen in KHET.setups.items():
        choose(app, app.screens.top.widgets["setup"], f"builtin:{name}")
        assert app.screens.top.fen == fen
    saved = save_setup("Corner", "khet", fen_of(FRAME))
    post_key(app, pygame.K_ESCAPE)  # leave and come back: the list is read again
    screen = open_editor(app)
    assert screen.fen == KHET.setups["Sophie"]  # the work in progress was kept
    choose(app, screen.widgets["setup"], f"saved:{saved.path.name}")
    screen = app.screens.top
    assert screen.fen == saved.fen and screen.widgets["name"].get_text() == "Corner"
    delete = screen.widgets["delete"]
    assert delete.is_enabled
    click_element(app, delete)
    assert saved.path.exists() and "again" in screen.confirm.notice
    click_element(app, delete)
    assert not saved.path.exists()
    screen = app.screens.top
    assert screen.notes["save"][0] == "ok" and screen.fen == saved.fen
    assert not screen.widgets["delete"].is_enabled
    assert all(not o[1].startswith("saved:") for o in screen.widgets["setup"].options_list)


def test_a_name_clash_asks_before_overwriting(app):
    screen = open_editor(app)
    first = save_setup("Mine", "khet", fen_of(FRAME))
    type_into(app, screen.widgets["name"], "Mine")
    click_element(app, screen.widgets["save"])
    assert "exists already" in screen.confirm.notice
    assert screen.widgets["save"].text.strip() == "Overwrite"
    assert list_setups("khet")[0][0].fen == first.fen  # not overwritten yet
    click_element(app, screen.widgets["save"])
    assert list_setups("khet")[0][0].fen == CLASSIC
    screen = app.screens.top
    assert screen.widgets["save"].text.strip() == "Save"
    # no name, or a position with errors: nothing is saved, the reason is shown
    type_into(app, screen.widgets["name"], "")
    click_element(app, screen.widgets["save"])
    assert screen.notes["save"] == ("error", "Type a name for the setup first.")
    type_into(app, screen.widgets["name"], "Broken")
    paste(app, fen_of({"j1": "Sa"}))
    post_key(app, pygame.K_s, mod=CTRL)
    assert screen.notes["save"][0] == "error" and "Fix this first" in screen.notes["save"][1]
    assert [s.name for s in list_setups("khet")[0]] == ["Mine"]


def test_palette_tools_turn_and_toggle(app):
    screen = open_editor(app)
    click_element(app, screen.widgets["empty"])
    anubis = tile(screen, Kind.ANUBIS, 1)
    post_click(app, anubis)
    assert screen.palette.selected == make_code(Kind.ANUBIS, 1, 2)
    wheel(app, anubis, 1)  # the wheel over a tile turns that tile's piece
    post_key(app, pygame.K_e)  # and so does E while no piece on the board is selected
    assert screen.palette.selected == make_code(Kind.ANUBIS, 1, 0)
    post_click(app, at(screen, "d5"))
    assert piece(screen, "d5") == "na" and screen.selected == sq(screen, "d5")
    assert screen.palette.counts[(Kind.ANUBIS, 1)] == 1
    post_click(app, anubis)  # a second click on the chosen tile puts it down
    assert screen.palette.selected == SELECT
    # hovering a square with a piece tool previews the piece there
    post_click(app, tile(screen, Kind.PYRAMID, 0))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=at(screen, "e5"), rel=(0, 0), buttons=(0, 0, 0))
    )
    run_frames(app, 1)
    assert screen.view.deco.preview == (sq(screen, "e5"), make_code(Kind.PYRAMID, 0, 0))
    assert screen.view.deco.hover == sq(screen, "e5")
    # F flips the view (not the position)
    post_key(app, pygame.K_f)
    assert screen.view.flipped and screen.view.square_at(at(screen, "e5")) == sq(screen, "e5")


def test_play_needs_a_playable_position_and_a_config_screen(data_dir):
    application = make_app(config=None)
    try:
        screen = open_editor(application)
        assert "play" not in screen.widgets  # no New game screen registered: no button
    finally:
        application.shutdown()


def test_the_editor_is_opened_with_a_position(app):
    screen = app.screens.push("editor", variant="khet", fen=fen_of(FRAME, 1))
    run_frames(app, 2)
    assert screen.fen == fen_of(FRAME, 1) and screen.turn == 1
    app.screens.pop()
    screen = app.screens.push("editor", variant="khet", fen="nonsense")
    run_frames(app, 2)
    assert screen.fen == CLASSIC and screen.notes["fen"][0] == "error"


# ----------------------------------------------------------------------------- layout and robustness


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (640, 480), (1920, 1080)])
def test_layout_fits_and_nothing_overlaps(data_dir, size):
    application = make_app(StubConfig, size)
    try:
        application.screens.push(screenshot_editor(application))
        run_frames(application, 2)
        screen = application.screens.top
        window = pygame.Rect((0, 0), size)
        rects = [(k, w.rect) for k, w in screen.widgets.items() if hasattr(w, "rect")]
        rects += [(f"seg{c}", b.rect) for c, b in screen.segments.items()]
        rects += [(name, b.rect) for b, name, _, _ in screen.icon_buttons if b not in screen.widgets.values()]
        for key, rect in rects:
            assert screen.panel.contains(rect), (key, rect)
        for i, (a, ra) in enumerate(rects):
            for b, rb in rects[i + 1 :]:
                assert not ra.colliderect(rb), (a, b)
        board = screen.view.rect
        assert window.contains(board) and screen.panel.contains(board)
        assert not any(board.colliderect(r) for _, r in rects)
        assert not board.colliderect(screen.palette.bounds)
        assert not screen.check_rect.colliderect(board)
        assert "Red has no Pharaoh." in texts(screen, "error")  # the screenshot's message
    finally:
        application.shutdown()


def test_random_events_raise_nothing(app):
    rng = random.Random(7)
    screen = open_editor(app)
    w, h = app.window_size
    keys = [pygame.K_q, pygame.K_e, pygame.K_DELETE, pygame.K_f, pygame.K_z, pygame.K_y, pygame.K_LEFT]
    for _ in range(300):
        top = app.screens.top
        if not isinstance(top, EditorScreen):
            app.screens.reset("menu")
            screen = app.screens.push("editor")
            top = screen
        roll = rng.random()
        if roll < 0.5:
            targets = [e.rect.center for e in app.ui.get_sprite_group().sprites() if e.visible]
            targets += [r.center for _, r in top.palette.tiles]
            targets += [top.view.square_rect(s).center for s in range(top.variant.geometry.size)]
            pos = rng.choice(targets) if rng.random() < 0.8 else (rng.randrange(w), rng.randrange(h))
            post_click(app, pos, button=rng.choice((1, 1, 3)), frames=1)
        elif roll < 0.7:
            a = (rng.randrange(w), rng.randrange(h))
            b = (rng.randrange(w), rng.randrange(h))
            drag(app, a, b, button=rng.choice((1, 3)))
        elif roll < 0.8:
            wheel(app, (rng.randrange(w), rng.randrange(h)), rng.choice((-1, 1)))
        elif roll < 0.95:
            mod = rng.choice((0, 0, CTRL))
            post_key(app, rng.choice(keys), mod=mod, frames=1)
        else:
            paste(app, "".join(rng.choice("sSpPnNrRfF0123456789abcd/ br") for _ in range(rng.randrange(60))))
    run_frames(app, 5)
    top = app.screens.top
    if isinstance(top, EditorScreen):
        Position(top.variant, top.board, top.turn)  # whatever was built is a board of the variant


# ----------------------------------------------------------------------------- the model (no window)


def test_mirror_rotate_and_lenient_reading():
    board = KHET.parse_fen(CLASSIC)[0]
    mirrored, skipped = mirror_board(KHET, board, 0)
    assert skipped == [] and mirrored == board  # Classic is 180-degree symmetric
    for name in KHET.setups:
        b = KHET.parse_fen(KHET.setup_fen(name))[0]
        assert mirror_board(KHET, b, 1) == (b, [])  # so are the other built-in setups
    assert rotated(make_code(Kind.SCARAB, 0, 1), 1) == make_code(Kind.SCARAB, 0, 0)
    assert rotated(make_code(Kind.PYRAMID, 1, 3), 1) == make_code(Kind.PYRAMID, 1, 0)
    assert rotated(make_code(Kind.PYRAMID, 1, 0), -1) == make_code(Kind.PYRAMID, 1, 3)
    board, turn = read_position(KHET, "10/10/10/10/10/10/10/10 r")
    assert not any(board) and turn == 1
    edit = BoardEdit(KHET)
    assert edit.load("10/10/10/10/10/10/10/9Sa b") and not edit.load("10/10/10/10/10/10/10/9Sa b")
    assert edit.undo() and edit.fen == CLASSIC and edit.redo() and not edit.redo()


def test_draft_survives_leaving_the_screen(app):
    screen = open_editor(app)
    click_element(app, screen.widgets["empty"])
    type_into(app, screen.widgets["name"], "Half done")
    click_element(app, screen.home_button)
    assert app.screens.names() == ["menu"]
    screen = open_editor(app)
    assert not any(screen.board) and screen.widgets["name"].get_text() == "Half done"
    click_element(app, screen.widgets["undo"])
    assert screen.fen == CLASSIC


def test_screenshot_factory(app):
    screen = screenshot_editor(app)
    app.screens.push(screen)
    run_frames(app, 3)
    assert screen.palette.selected == make_code(Kind.PHARAOH, 1, 2)
    assert screen.view.deco.preview == (sq(screen, "f8"), make_code(Kind.PHARAOH, 1, 2))
    assert "Red has no Pharaoh." in texts(screen, "error")
    assert isinstance(app.screens.top, EditorScreen)
    assert pygame_gui.UI_BUTTON_PRESSED  # pygame-gui loaded
