"""The application shell driven headlessly by posted events: menu, settings, navigation, resizing,
full screen, quitting, start-up with damaged settings files, and the screenshot mode."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from gui.app import App, main
from gui.screen import Screen, ScreenRegistry
from gui.screens.menu import MainMenuScreen
from gui.screens.settings import SettingsScreen
from gui.settings import Settings
from gui.testing import click_element, post_click, post_key, post_resize, run_frames
from gui.widgets.home_button import home_button_rect
from gui.widgets.toast import notice_box


def shell_registry() -> ScreenRegistry:
    """Just the screens this shell provides (menu and settings), whatever else is registered."""
    registry = ScreenRegistry()
    registry.register("menu", MainMenuScreen)
    registry.register("settings", SettingsScreen, menu_label="Settings", menu_order=40)
    return registry


@pytest.fixture
def app():
    application = App((1280, 720), registry=shell_registry())
    run_frames(application, 2)
    yield application
    application.shutdown()


@pytest.fixture
def full_app():
    application = App((1280, 720))  # every built-in screen
    run_frames(application, 2)
    yield application
    application.shutdown()


def menu_labels(app: App) -> list[str]:
    return [button.text for button, _ in app.screens.top.buttons]


def click_menu(app: App, label: str) -> None:
    for button, _ in app.screens.top.buttons:
        if button.text == label:
            click_element(app, button)
            return
    raise AssertionError(f"no menu button {label!r} in {menu_labels(app)}")


def test_menu_shows_only_registered_screens(app):
    assert app.screens.names() == ["menu"]
    assert menu_labels(app) == ["Settings", "Quit"]


def test_every_menu_screen_is_entered_and_left_by_clicks_and_keys(full_app):
    app = full_app
    entries = app.registry.menu_entries()
    assert menu_labels(app) == [e.menu_label for e in entries] + ["Quit"]
    for entry in entries:
        click_menu(app, entry.menu_label)
        screen = app.screens.top
        assert app.screens.names() == ["menu", entry.name]
        assert screen.home_button is not None
        assert screen.home_button.rect == home_button_rect(app.window_size)
        click_element(app, screen.home_button)
        assert app.screens.names() == ["menu"]
        click_menu(app, entry.menu_label)
        post_key(app, pygame.K_ESCAPE)
        assert app.screens.names() == ["menu"]


class DummyScreen(Screen):
    name = "config"
    title = "Config"


def test_registered_screens_get_menu_buttons_in_order(app):
    app.registry.register("browser", DummyScreen, menu_label="Past games", menu_order=30)
    app.registry.register("config", DummyScreen, menu_label="Play", menu_order=10)
    app.registry.register("game", DummyScreen)  # no label: not on the menu
    app.screens.top.resize(app.window_size)
    assert menu_labels(app) == ["Play", "Past games", "Settings", "Quit"]
    click_menu(app, "Play")
    assert isinstance(app.screens.top, DummyScreen)
    click_element(app, app.screens.top.home_button)
    assert app.screens.names() == ["menu"]


def test_settings_entered_and_left_with_escape(app):
    click_menu(app, "Settings")
    assert app.screens.names() == ["menu", "settings"]
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.names() == ["menu"]
    assert app.screens.top.root.visible  # the menu's widgets are shown again


def test_settings_left_with_the_home_button(app):
    click_menu(app, "Settings")
    home = app.screens.top.home_button
    assert home is not None and home.rect == home_button_rect(app.window_size)
    click_element(app, home)
    assert app.screens.names() == ["menu"]


def test_the_menu_subtitle_names_the_family_of_every_rule_set():
    from game.variants import VARIANTS
    from gui.screens.menu import SUBTITLE

    families = [part.strip().replace(" ", "") for part in SUBTITLE.split("\u00b7")]
    for variant in VARIANTS.values():
        if "(test only)" in variant.title:  # tests/prism.py's, when a test registered it
            continue
        title = variant.title.upper().replace(" ", "")
        assert any(title.startswith(family) for family in families), variant.title


def test_escape_on_the_menu_does_nothing(app):
    post_key(app, pygame.K_ESCAPE)
    assert app.running and app.screens.names() == ["menu"]


def test_keyboard_navigation_on_the_menu(app):
    post_key(app, pygame.K_DOWN)  # focus the first button
    post_key(app, pygame.K_DOWN)  # Quit
    post_key(app, pygame.K_UP)  # back to Settings
    post_key(app, pygame.K_RETURN)
    assert app.screens.names() == ["menu", "settings"]


def test_quit_button_stops_the_app(app):
    click_menu(app, "Quit")
    assert not app.running


def test_window_close_stops_the_app(app):
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running


def test_leaving_can_be_vetoed_by_the_screen(app):
    class Careful(Screen):
        name = "careful"
        asked = 0

        def request_leave(self, proceed):
            Careful.asked += 1  # e.g. "a game is in progress": do not call proceed yet

    app.screens.push(Careful(app))
    post_key(app, pygame.K_ESCAPE)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert Careful.asked == 2 and app.running and app.screens.names() == ["menu", "careful"]


def settings_screen(app):
    click_menu(app, "Settings")
    screen = app.screens.top
    assert screen.name == "settings"
    return screen


def saved(app) -> dict:
    run_frames(app, 40)  # past the save delay
    return json.loads(app.settings_path.read_text())


def test_checkboxes_apply_and_persist(app):
    screen = settings_screen(app)
    for key in ("show_my_beam", "show_coordinates", "show_legal_moves", "piece_animation"):
        before = getattr(app.settings, key)
        click_element(app, screen.widgets[key])
        assert getattr(app.settings, key) is (not before)
    data = saved(app)
    assert data["show_my_beam"] is True and data["show_coordinates"] is False
    # the preview board follows at once
    assert screen.preview.view.coordinates is False
    assert screen.preview.view.overlay  # "show my beam" draws the beam


def test_colour_swatches_apply_and_persist(app):
    screen = settings_screen(app)
    names = [scheme.name for scheme, _ in screen.swatches.cells]
    assert len(names) >= 4 and "contrast" in names
    for scheme, rect in screen.swatches.cells:
        post_click(app, rect.center)
        assert app.settings.board_scheme == scheme.name
        assert screen.preview.view.scheme.name == scheme.name
    assert saved(app)["board_scheme"] == names[-1]


def test_laser_speed_segments(app):
    screen = settings_screen(app)
    for speed in ("off", "fast", "slow", "normal"):
        click_element(app, screen.speed_buttons[speed])
        assert app.settings.laser_speed == speed
        assert screen.preview.view.laser_speed == app.settings.laser_squares_per_second
    assert saved(app)["laser_speed"] == "normal"


def test_volume_sliders(app):
    screen = settings_screen(app)
    music = screen.widgets["music_volume"]
    post_click(app, (music.rect.right - 2, music.rect.centery))
    assert app.settings.music_volume == 1.0 and app.audio.music_volume == 1.0
    post_click(app, (music.rect.left + 2, music.rect.centery))
    assert app.settings.music_volume == 0.0
    effects = screen.widgets["sfx_volume"]
    post_click(app, effects.rect.center)
    assert 0.4 <= app.settings.sfx_volume <= 0.6 and app.audio.sfx_volume == app.settings.sfx_volume
    assert screen.widgets["sfx_volume_label"].text == f"{round(app.settings.sfx_volume * 100)}%"
    assert saved(app)["music_volume"] == 0.0


def choose_display_mode(app, screen, label):
    drop = screen.widgets["display_mode"]
    click_element(app, drop)
    options = drop.current_state.options_selection_list.item_list
    button = next(item["button_element"] for item in options if item["text"] == label)
    click_element(app, button, frames=4)


def test_full_screen_and_back(app):
    screen = settings_screen(app)
    choose_display_mode(app, screen, "Full screen")
    assert app.settings.display_mode == "fullscreen"
    assert app.surface.get_flags() & pygame.FULLSCREEN
    screen = app.screens.top
    assert screen.name == "settings" and screen.built_size == app.window_size
    choose_display_mode(app, screen, "Windowed")
    assert not app.surface.get_flags() & pygame.FULLSCREEN
    assert app.window_size == (1280, 720)
    post_key(app, pygame.K_F11)
    assert app.settings.fullscreen
    post_key(app, pygame.K_F11)
    assert not app.settings.fullscreen


def test_restore_defaults_asks_twice(app):
    app.update_settings(board_scheme="lapis", show_my_beam=True, music_volume=0.0)
    screen = settings_screen(app)
    reset = screen.widgets["reset"]
    click_element(app, reset)
    assert app.settings.board_scheme == "lapis"  # the first click only asks
    assert "again" in screen.widgets["reset"].text
    click_element(app, screen.widgets["reset"])
    expected = Settings()
    assert app.settings.board_scheme == expected.board_scheme
    assert app.settings.show_my_beam is False and app.settings.music_volume == expected.music_volume
    assert screen.widgets["music_volume"].get_current_value() == round(expected.music_volume * 100)


def test_restore_defaults_confirmation_expires(app):
    screen = settings_screen(app)
    click_element(app, screen.widgets["reset"])
    run_frames(app, 200)  # more than the confirmation time
    assert screen.widgets["reset"].text == "Restore defaults"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080), (1000, 900)])
def test_resizing_lays_screens_out_again(app, size):
    post_resize(app, size)
    assert app.window_size == size and app.ui.window_resolution == size
    for button, _ in app.screens.top.buttons:
        assert app.surface.get_rect().contains(button.rect)
    click_menu(app, "Settings")
    screen = app.screens.top
    window = app.surface.get_rect()
    widgets = [w for w in screen.widgets.values() if hasattr(w, "rect")]
    for widget in [*widgets, *screen.speed_buttons.values(), screen.home_button]:
        assert window.contains(widget.rect), widget
    assert window.contains(screen.preview.rect)
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.top.built_size == size


def test_tiny_window_is_clamped(app):
    post_resize(app, (200, 150))
    assert app.window_size == (640, 480)
    assert saved(app)["window_width"] == 640


def test_ui_events_are_not_lost_between_screens(app):
    # a button press event arriving after its screen has gone must be ignored, not crash
    click_menu(app, "Settings")
    settings_button_event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=object())
    pygame.event.post(settings_button_event)
    post_key(app, pygame.K_ESCAPE)
    assert app.screens.names() == ["menu"]


@pytest.mark.parametrize(
    "content",
    [
        None,
        b'{"board_scheme": "lapis", "music_vol',
        b"\x89PNG\r\n\x1a\n\x00\x00garbage",
        b'{"sfx_volume": "max"}',
    ],
)
def test_app_starts_whatever_the_settings_file(data_dir, content):
    path = data_dir / "settings.json"
    if content is not None:
        path.write_bytes(content)
    application = App((1024, 700), registry=shell_registry())
    try:
        run_frames(application, 3)
        assert application.screens.names() == ["menu"]
        assert path.exists()  # defaults (or the repaired settings) are written
        json.loads(path.read_text())
        if content is None:
            assert not application.toasts.items
        else:
            assert application.toasts.items  # the user is told
        if content and content.startswith((b'{"board', b"\x89")):
            assert (data_dir / "settings.json.bad").read_bytes() == content
    finally:
        application.shutdown()


def test_notice_is_dismissed_by_a_click(data_dir):
    (data_dir / "settings.json").write_text("{broken")
    application = App((1024, 700), registry=shell_registry())
    try:
        run_frames(application, 30)
        assert application.toasts.items
        top, size = application.screens.top, application.window_size
        toast_rect = notice_box(application.toasts.current.text, top.notice_rect(size), size)
        post_click(application, toast_rect.center, frames=40)
        assert not application.toasts.items
        assert application.screens.names() == ["menu"]  # the click went to the notice only
    finally:
        application.shutdown()


def test_unwritable_settings_file_is_reported_not_raised(data_dir):
    application = App((1024, 700), registry=shell_registry())
    try:
        application.settings_path = data_dir / "settings.json" / "inside-a-file"
        (data_dir / "settings.json").write_text("{}")
        assert application.save_settings() is False
        assert any("could not be saved" in t.text for t in application.toasts.items)
    finally:
        application.shutdown()


def test_screenshot_mode_writes_one_png_per_screen(tmp_path, capsys, data_dir, monkeypatch):
    import functools

    from gui import screenshots

    # 3 frames a screen, not the 100 that let the pictures' animations get going: the files are
    # what is tested here (the pictures are looked at by people)
    monkeypatch.setattr(
        screenshots, "take_screenshots", functools.partial(screenshots.take_screenshots, frames=3)
    )
    out = tmp_path / "shots"
    assert main(["--screenshots", str(out), "--size", "800x600"]) == 0
    names = sorted(p.name for p in out.iterdir())
    registry = ScreenRegistry()
    from gui.screens import register_builtin_screens

    register_builtin_screens(registry)
    assert names == sorted([*(f"{e.name}.png" for e in registry.entries()), "crash.png"])
    assert {"menu.png", "settings.png"} <= set(names)
    for name in names:
        assert pygame.image.load(str(out / name)).get_size() == (800, 600)
    assert not (data_dir / "settings.json").exists()  # screenshot mode leaves the user's settings alone


def test_measure_startup_prints_and_exits(capsys):
    assert main(["--measure-startup", "--size", "800x600"]) == 0
    assert "start-up to the first main-menu frame" in capsys.readouterr().out


def test_bad_command_line_is_rejected():
    with pytest.raises(SystemExit):
        main(["--size", "tiny"])


def test_home_asks_every_screen_on_the_way_down(app):
    class Game(Screen):
        name = "game"
        pending = None

        def request_leave(self, proceed):
            Game.pending = proceed  # e.g. shows "Leave the game?" and waits for the answer

    game = Game(app)
    app.screens.push(game)
    app.screens.push("settings")
    run_frames(app, 2)
    click_element(app, app.screens.top.home_button)
    assert app.screens.names() == ["menu", "game"]  # settings left; the game is asking
    assert game.active and game.root.visible
    Game.pending()  # the user confirms
    assert app.screens.names() == ["menu"]
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step(1 / 60)
    assert not app.running


def test_new_game_opened_for_another_rule_set_starts_from_its_first_setup(quick_app):
    """New game opened for a rule set (no position given) after another rule set's choices were
    remembered shows that rule set's first setup, not the other one's position string."""
    from gui.screens.config import ConfigScreen

    quick_app.screens.push("config", variant="lousychess")
    run_frames(quick_app, 2)
    quick_app.screens.top.start()  # remembers Lousy Chess's choices and position
    for variant in ("laserchess98", "khet"):
        quick_app.screens.reset("menu")
        quick_app.screens.push("config", variant=variant)
        run_frames(quick_app, 2)
        config = quick_app.screens.top
        assert isinstance(config, ConfigScreen)
        assert config.choices.variant == variant
        assert config.error is None
        assert config.choices.setup == next(iter(config.variant.setups))
