"""The application: window, main loop, the one pygame-gui UIManager, the screen stack, settings,
sound and notices. ``python main.py`` calls :func:`main`.

The frame loop (:meth:`App.step`): pygame-gui processes each event first, the top screen gets
the ones it did not consume; then everything updates; then the top screen draws, the widgets
draw over it, and notices over those; then the clock waits for the next frame.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import cliargs
from game.fileio import loads_json
from game.limits import shown
from gui import paths
from gui.art import chessmen
from gui.audio import CLICK, Audio
from gui.colours import WINDOW_BG
from gui.screen import Screen, ScreenManager, ScreenRegistry
from gui.settings import MAX_WINDOW, MIN_WINDOW, LoadResult, Settings, load_settings, save_settings
from gui.text_input import filter_event
from gui.widgets.toast import ERROR, INFO, TOOL_TIP, Toasts, draw_notice

log = logging.getLogger(__name__)

APP_TITLE = "Laser Chess"
ACTIVE_FPS = 60
BACKGROUND_FPS = 12  # when the window is hidden or unfocused
IDLE_WAKE_SECONDS = 2.0  # on a still screen the loop sleeps until an event, or this long
HOVER_WAKE_SECONDS = 0.5  # ... while the pointer rests on a widget (its tool tip is due)
CARET_WAKE_SECONDS = 0.25  # ... while a text field has the keyboard (its caret blinks)
MAX_FRAME_SECONDS = 2.0  # the most one update advances: after a stall, animations jump to their end
SETTINGS_SAVE_DELAY = 0.5  # seconds after the last change before settings.json is written


def load_theme() -> dict[str, Any] | None:
    """The theme JSON from assets/, with image paths made absolute; None if it cannot be read."""
    path = paths.assets_dir() / "theme.json"
    try:
        theme = loads_json(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.error("theme %s not loaded: %s", path, exc)
        return None
    if not isinstance(theme, dict):
        return None
    for block in theme.values():
        images = block.get("images") if isinstance(block, dict) else None
        if isinstance(images, dict):
            for image in images.values():
                if isinstance(image, dict) and "path" in image:
                    image["path"] = str(paths.assets_dir() / image["path"])
    return theme


class _StripTip:
    """Stands in for a pygame-gui tool tip: its text shows in the top screen's notice strip instead
    of a box over the widgets around the one pointed at."""

    def __init__(self, app: App, text: str) -> None:
        self.text = text
        self.screen = app.screens.top
        if self.screen is not None:
            self.screen.hint = text

    def kill(self) -> None:
        if self.screen is not None and self.screen.hint == self.text:
            self.screen.hint = None
        self.screen = None


class _UIManager(pygame_gui.UIManager):
    """The app's pygame-gui manager: tool tips go to the notice strip (see :class:`_StripTip`)."""

    app: App

    def create_tool_tip(self, text: str, *args: Any, **kwargs: Any) -> Any:
        return _StripTip(self.app, text)


class App:
    """One window and everything in it. Create it, then call :meth:`run` (or :meth:`step`)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        fullscreen: bool | None = None,
        sound: bool = True,
        start_screen: str = "menu",
        persist: bool = True,
        registry: ScreenRegistry | None = None,
    ) -> None:
        """``persist=False`` starts from default settings and never writes settings.json
        (screenshot mode). ``registry`` replaces the built-in screens (tests)."""
        if sys.platform.startswith("linux"):
            # Show frames through the X server's shared memory, not a GL texture: without a GPU
            # driver (Xvfb, virtual machines, remote desktops) SDL's GL path renders every frame
            # on the CPU. A 30 frames/s window at 1280x720 under Xvfb: 17 % of a core for this
            # process and 1.8 % for the X server, against 1.0 % and 1.4 % (docs/development.md).
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        self.settings_path = paths.settings_path()
        loaded = load_settings(self.settings_path) if persist else LoadResult(Settings())
        self.persist = persist and not loaded.keep_file  # a newer version's file is never overwritten
        self.settings: Settings = loaded.settings
        chessmen.set_style(self.settings.piece_style)
        self.settings_version = 0
        self._early_notices = Toasts()  # sent before any screen exists: the first screen shows them
        self._save_at: float | None = None
        self.time = 0.0
        self.running = True
        self.focused = True
        self.frames = 0
        self._waited: list[pygame.event.Event] = []  # the event that ended an idle wait

        if size is not None:
            self.settings.window_width = max(MIN_WINDOW[0], size[0])
            self.settings.window_height = max(MIN_WINDOW[1], size[1])
        if fullscreen is not None:
            self.settings.display_mode = "fullscreen" if fullscreen else "windowed"
        self._pending_display_mode: str | None = None
        pygame.display.set_caption(APP_TITLE)
        self._set_icon()
        self.surface = self._open_window(self.settings.fullscreen)

        theme = load_theme()
        self.ui = _UIManager(self.window_size, theme, enable_live_theme_updates=False)
        self.ui.app = self
        if theme is None:
            self.notify("The theme file could not be read; plain widgets are used.", ERROR)
        self.audio = Audio(self.settings.sfx_volume, self.settings.music_volume, enabled=sound)
        self.audio.set_muted(self.settings.muted)

        if registry is None:
            from gui.screens import register_builtin_screens

            registry = ScreenRegistry()
            register_builtin_screens(registry)
        self.registry = registry
        self.screens = ScreenManager(self, self.registry)
        self.clock = pygame.time.Clock()

        if loaded.notice:
            self.notify(loaded.notice, ERROR if loaded.moved_to else INFO)
        if loaded.needs_save:
            self.save_settings()
        if persist:
            paths.tidy_data_folder()
        self.screens.push(start_screen)
        if self.screens.top is not None:  # notices from start-up (a damaged settings file...)
            self.screens.top.notices.items[:0] = self._early_notices.items
            self._early_notices.items.clear()
        self.audio.start_music()

    # ------------------------------------------------------------ window
    @property
    def window_size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def _set_icon(self) -> None:
        try:
            from game.pieces import Kind
            from gui.art.pieces import piece_surface

            pygame.display.set_icon(piece_surface(Kind.SPHINX, 0, 1, 64, "lapis"))
        except (pygame.error, ValueError) as exc:  # an icon is not worth failing for
            log.info("window icon not set: %s", exc)

    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error as exc:
                self.settings.display_mode = "windowed"
                self.notify(f"Full screen is not available here ({exc}).", ERROR)
        size = (
            max(MIN_WINDOW[0], self.settings.window_width),
            max(MIN_WINDOW[1], self.settings.window_height),
        )
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():  # the Window API for display windows is still settling
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error, ValueError):
            pass
        return surface

    def set_display_mode(self, mode: str) -> None:
        """Switch between "windowed" and "fullscreen" at the start of the next frame."""
        if mode in ("windowed", "fullscreen"):
            self._pending_display_mode = mode

    def toggle_fullscreen(self) -> None:
        self.update_settings(display_mode="windowed" if self.settings.fullscreen else "fullscreen")

    def _apply_display_mode(self) -> None:
        mode = self._pending_display_mode
        self._pending_display_mode = None
        if mode is None:
            return
        want_full = mode == "fullscreen"
        current_full = bool(self.surface.get_flags() & pygame.FULLSCREEN)
        if want_full == current_full:
            return
        self.surface = self._open_window(want_full)
        self._relayout()

    def _on_window_resized(self, size: tuple[int, int]) -> None:
        if self.surface.get_flags() & pygame.FULLSCREEN:
            return
        w, h = max(MIN_WINDOW[0], int(size[0])), max(MIN_WINDOW[1], int(size[1]))
        if (w, h) != self.surface.get_size():
            self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        if (w, h) != self.settings.window_size:
            self.settings.window_width, self.settings.window_height = w, h
            self._schedule_save()
        self._relayout()

    def _relayout(self) -> None:
        self.ui.set_window_resolution(self.window_size)
        self.screens.resize(self.window_size)

    # ------------------------------------------------------------ settings
    def update_settings(self, **changes: Any) -> None:
        """Change settings, apply them at once (volumes, display mode) and save soon after."""
        for key, value in changes.items():
            if not hasattr(self.settings, key):
                raise AttributeError(f"no setting called {key!r}")
            setattr(self.settings, key, value)
        if "music_volume" in changes:
            self.audio.set_music_volume(self.settings.music_volume)
        if "sfx_volume" in changes:
            self.audio.set_sfx_volume(self.settings.sfx_volume)
        if "muted" in changes:
            self.audio.set_muted(self.settings.muted)
        if "display_mode" in changes:
            self.set_display_mode(self.settings.display_mode)
        self.settings_version += 1
        self._schedule_save()

    def replace_settings(self, settings: Settings) -> None:
        """Put a whole new Settings object in place (e.g. restore defaults), keeping the window size."""
        settings.window_width, settings.window_height = self.settings.window_size
        changes = {f: getattr(settings, f) for f in settings.to_json() if f != "version"}
        self.update_settings(**changes)

    def _schedule_save(self) -> None:
        self._save_at = self.time + SETTINGS_SAVE_DELAY

    def save_settings(self) -> bool:
        """Write settings.json now; a failure is shown as a notice, never raised."""
        self._save_at = None
        if not self.persist:
            return True
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            self.notify(f"Settings could not be saved to {self.settings_path}: {exc.strerror or exc}", ERROR)
            return False
        return True

    # ------------------------------------------------------------ notices
    def notify(self, text: str, kind: str = INFO, seconds: float | None = None) -> None:
        """Show a notice at the bottom of the window."""
        owner = self.screens.notice_owner() if hasattr(self, "screens") else None
        (owner.notices if owner is not None else self._early_notices).show(text, kind, seconds)

    @property
    def toasts(self) -> Toasts:
        """The notices of the top screen (the ones shown now)."""
        top = self.screens.top if hasattr(self, "screens") else None
        return top.notices if top is not None else self._early_notices

    # ------------------------------------------------------------ main loop
    def request_quit(self) -> None:
        """The window's close button (or Quit): ask every screen, top first, then quit."""
        if len(self.screens.stack) <= 1:
            self.quit()  # only the main menu: nothing to ask
        else:
            self.screens.unwind(1, then=self.quit)

    def quit(self) -> None:
        self.running = False

    def dispatch(self, event: pygame.event.Event) -> None:
        """Route one event: app-wide keys and window events, then pygame-gui, then the top screen."""
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_window_resized(event.size)
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.focused = False
        elif event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.focused = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top, size = self.screens.top, self.window_size
        if top is not None and top.notices.handle_event(event, top.notice_rect(size), size):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.audio.play(CLICK)
        filtered = filter_event(self.ui, event)  # text a field can draw; Ctrl+V into a field
        if filtered is None:
            return
        event = filtered
        if self.ui.process_events(event):
            return
        if top is not None and top.sketch_boards and self._sketch(top, event):
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT) and self.text_field_focused():
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.ui.set_focus_set(None)  # Esc leaves the text field; a second Esc goes back
            return  # no shortcut fires while a text field has the keyboard
        top = self.screens.top
        if top is not None:
            top.handle_event(event)

    def _sketch(self, top: Screen, event: pygame.event.Event) -> bool:
        """Right-button presses, drags and releases over a board go to its arrows and circles."""
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        for view in top.board_views():
            if view.rect.collidepoint(pos) or view.sketch.pressed is not None:
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and top.right_press_used(event):
                    return True
                return view.sketch.handle_event(event, view.square_at)
        return False

    def text_field_focused(self) -> bool:
        """Does a text field have the keyboard (so typed keys are text, not shortcuts)?"""
        focused = self.ui.get_focus_set() or ()
        return any(
            isinstance(e, pygame_gui.elements.UITextEntryLine | pygame_gui.elements.UITextEntryBox)
            and e.is_focused
            for e in focused
        )

    def step(self, dt: float | None = None) -> bool:
        """Run one frame. ``dt`` fixes the frame time (tests, screenshots); otherwise the clock
        paces the loop. Returns False once the app should stop. An exception in a screen does not
        end the program: it is logged, the game saved and an error panel shown (gui/crash.py)."""
        try:
            return self._frame(dt)
        except Exception as exc:
            from gui.crash import handle_crash

            if not handle_crash(self, exc):
                raise
            return self.running

    def _frame(self, dt: float | None) -> bool:
        if dt is None:
            dt = min(MAX_FRAME_SECONDS, self.clock.get_time() / 1000.0) if self.frames else 0.0
        self._apply_display_mode()
        events, self._waited = [*self._waited, *pygame.event.get()], []
        for event in events:
            self.dispatch(event)
            if not self.running:
                return False
        self._apply_display_mode()
        self.time += dt
        self.ui.update(dt)
        top = self.screens.top
        if top is not None:
            top.confirm.update(dt)
            top.update(dt)
            top.notices.update(dt)
        if self._save_at is not None and self.time >= self._save_at:
            self.save_settings()
        self.draw()
        pygame.display.flip()
        self.frames += 1
        return self.running

    def draw(self) -> None:
        top = self.screens.top
        if top is None or not top.paints_window:
            self.surface.fill(WINDOW_BG)
        if top is not None:
            top.draw(self.surface)
        self.ui.draw_ui(self.surface)
        if top is not None:
            top.draw_overlay(self.surface)
            self._draw_notice_strip(top)

    def _draw_notice_strip(self, top: Screen) -> None:
        """The top screen's strip: an armed confirmation's notice, else its newest notice, else
        the tool tip of the widget under the pointer."""
        strip = top.notice_rect(self.window_size)
        if top.confirm.draw(self.surface, strip):
            return
        if top.notices.current is not None:
            top.notices.draw(self.surface, strip)
        elif top.hint:
            draw_notice(self.surface, strip, top.hint, TOOL_TIP)

    @property
    def target_fps(self) -> int:
        top = self.screens.top
        rate = top.frame_rate if top is not None else ACTIVE_FPS
        return min(rate, ACTIVE_FPS if self.focused else BACKGROUND_FPS)

    def frame_delay(self) -> float:
        """Seconds until the window must be drawn again if no event comes: 0 while something
        moves; else the soonest of the top screen's next change (a clock's next second), a
        notice's fade, a pending settings save, and a short wake for tool tips and the caret."""
        if self._pending_display_mode:
            return 0.0
        top = self.screens.top
        waits = [self.toasts.next_change_in(), self._wake_interval()]
        if top is not None:
            waits += [top.next_frame_in(), top.confirm.next_change_in()]
        if self._save_at is not None:
            waits.append(max(0.0, self._save_at - self.time))
        return max(0.0, min(w for w in waits if w is not None))

    def _wake_interval(self) -> float:
        if self.text_field_focused():
            return CARET_WAKE_SECONDS
        if self._tool_tip_due():
            return HOVER_WAKE_SECONDS
        return IDLE_WAKE_SECONDS

    def _tool_tip_due(self) -> bool:
        """Does the pointer rest on a widget with a tool tip not shown yet (it needs a frame)?"""
        return any(
            getattr(e, "hovered", False)
            and getattr(e, "tool_tip_text", None)
            and getattr(e, "tool_tip", 0) is None
            for e in self.ui.get_sprite_group().sprites()
        )

    @property
    def idle(self) -> bool:
        """Nothing moves on screen: the loop may sleep until the next event (or change)."""
        return self.frame_delay() > 0

    def wait(self) -> None:
        """Between frames: keep the frame rate while something moves; otherwise sleep until an
        event arrives or the screen's next change is due."""
        delay = self.frame_delay()
        if delay <= 1.0 / self.target_fps:
            self.clock.tick(self.target_fps)
            return
        event = pygame.event.wait(max(1, round(delay * 1000)))
        if event.type != pygame.NOEVENT:
            self._waited.append(event)
        self.clock.tick()  # measures the sleep, so the next frame's dt is right

    def run(self, measure_startup_from: float | None = None) -> int:
        """The main loop; returns the process exit code."""
        try:
            while self.running:
                if not self.step():
                    break
                if measure_startup_from is not None:
                    elapsed = time.perf_counter() - measure_startup_from
                    print(f"start-up to the first main-menu frame: {elapsed * 1000:.0f} ms")
                    break
                self.wait()
        except KeyboardInterrupt:  # Ctrl+C in the terminal: close as if the window was closed
            return 130
        finally:
            self.shutdown()
        return 0

    def shutdown(self) -> None:
        """Leave every screen (they save what they must), save settings, close audio and window."""
        try:
            self.screens.clear()
        finally:
            if self._save_at is not None:
                self.save_settings()
            self.audio.shutdown()
            pygame.display.quit()


def _parse_size(text: str) -> tuple[int, int]:
    """An argparse type: ``WIDTHxHEIGHT`` within the sizes a window may have."""
    low, high = MIN_WINDOW, MAX_WINDOW
    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() and len(part) <= 6 for part in parts):
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {shown(text, 30)}")
    w, h = int(parts[0]), int(parts[1])
    if not (low[0] <= w <= high[0] and low[1] <= h <= high[1]):
        raise argparse.ArgumentTypeError(
            f"must be from {low[0]}x{low[1]} to {high[0]}x{high[1]}, not {w}x{h}"
        )
    return (w, h)


def build_parser(prog: str = "laser-chess") -> argparse.ArgumentParser:
    """The game's command line; ``prog`` is how the user started it (laser-chess, python main.py, ...)."""
    from game.variants import VARIANTS

    rule_sets = ", ".join(variant.title for variant in VARIANTS.values())
    parser = argparse.ArgumentParser(
        prog=prog,
        description=f"Laser Chess: a desktop laser-chess game. Rule sets: {rule_sets}.",
        epilog=f"The data folder is --data-dir if given, else ${paths.ENV_VAR} if set, else "
        f"{_default_data_dir_text()}.",
    )
    parser.add_argument(
        "--data-dir",
        metavar="DIR",
        help=f"folder for settings.json, saves/ and logs/ (wins over ${paths.ENV_VAR})",
    )
    parser.add_argument(
        "--screenshots",
        metavar="DIR",
        help="render every screen headlessly and write one PNG per screen to DIR, then exit",
    )
    parser.add_argument(
        "--size",
        type=_parse_size,
        metavar="WxH",
        help=f"window size, from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to {MAX_WINDOW[0]}x{MAX_WINDOW[1]} "
        "(default: the size last used, else 1280x720)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--fullscreen", action="store_true", default=None, help="start in full screen (default: as last used)"
    )
    mode.add_argument("--windowed", dest="fullscreen", action="store_false", help="start in a window")
    parser.add_argument("--no-sound", action="store_true", help="do not open the audio device")
    parser.add_argument(
        "--measure-startup",
        action="store_true",
        help="print the time from launch to the first main-menu frame, then exit",
    )
    return parser


def _no_display() -> str | None:
    """Why no window can be seen, or None. With no display SDL quietly falls back to a driver that
    draws nowhere, and the game would run unseen; a driver chosen on purpose (SDL_VIDEODRIVER) is
    left alone."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    pygame.display.init()
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy"):
        return (
            f"no display was found (SDL chose its {driver!r} driver); "
            "--screenshots DIR renders every screen without one"
        )
    return None


def _default_data_dir_text() -> str:
    if paths.running_from_checkout():
        return f"this checkout ({paths.project_dir()})"
    return str(paths.user_data_dir())


def main(argv: Sequence[str] | None = None, started: float | None = None, prog: str = "laser-chess") -> int:
    """Entry point: parse the command line, then run the app (or write screenshots)."""
    started = time.perf_counter() if started is None else started
    args = cliargs.parse_args(build_parser(prog), argv)
    if args.data_dir:
        paths.set_data_dir(args.data_dir)
        os.environ[paths.ENV_VAR] = str(paths.data_dir())  # worker processes use the same folder
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.screenshots:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        from gui.screenshots import take_screenshots

        app = App(args.size or (1280, 720), fullscreen=False, sound=not args.no_sound, persist=False)
        try:
            written = take_screenshots(app, Path(args.screenshots))
        except OSError as exc:
            print(f"screenshots not written: {exc}", file=sys.stderr)
            return 1
        finally:
            app.shutdown()
        for path in written:
            print(path)
        return 0
    try:
        no_display = _no_display()
        if no_display:
            raise pygame.error(no_display)
        app = App(args.size, fullscreen=args.fullscreen, sound=not args.no_sound)
    except pygame.error as exc:
        print(f"Laser Chess could not open its window: {exc}", file=sys.stderr)
        return 1
    return app.run(measure_startup_from=started if args.measure_startup else None)
