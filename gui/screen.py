"""Screens and the stack that holds them.

A :class:`Screen` is one full-window page. The :class:`ScreenManager` keeps a stack: the top
screen receives events, updates and draws; the ones below are suspended (their widgets hidden)
until they are on top again. Screens are created by name from a :class:`ScreenRegistry`, which is
also what the main menu asks to decide which buttons to show.

Writing a screen::

    class MyScreen(Screen):
        name = "mine"
        title = "My screen"

        def build(self, root, size):          # create pygame-gui widgets inside ``root``
            self.ok = UIButton(..., container=root)

        def handle_event(self, event):        # events pygame-gui did not consume
            if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok:
                self.app.screens.pop()
                return True
            return super().handle_event(event)  # Esc = back, home button = main menu

        def draw(self, surface):              # custom drawing under the widgets
            ...

    registry.register("mine", MyScreen, menu_label="Mine", menu_order=25)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame
import pygame_gui
from pygame_gui.core import UIContainer

from gui.layout import px
from gui.widgets.confirm import ConfirmTwice
from gui.widgets.toast import Toasts

if TYPE_CHECKING:
    from gui.app import App
    from gui.widgets.board_view import BoardView


class Screen:
    """One page of the app. Override :meth:`build`, :meth:`handle_event`, :meth:`update` and
    :meth:`draw`; call the base class for the default Esc / home behaviour."""

    name: ClassVar[str] = "screen"
    title: ClassVar[str] = ""
    show_home_button: ClassVar[bool] = True

    def __init__(self, app: App, **_: Any) -> None:
        self.app = app
        self.root: UIContainer | None = None
        self.home_button: pygame_gui.elements.UIButton | None = None
        self.built_size: tuple[int, int] | None = None
        self.active = False
        self.confirm = ConfirmTwice()  # this screen's press-twice confirmations and their notice
        self.notices = Toasts()  # this screen's notices, shown in its notice strip
        self.hint: str | None = None  # the tool tip of the widget under the pointer (shown in the strip)
        self._hidden: list[Any] = []  # widgets that were hidden when the screen was covered
        if getattr(app, "screens", None) is not None:
            app.screens.building = self  # notices sent while it is made are its own

    # ------------------------------------------------------------ lifecycle (called by the manager)
    def enter(self) -> None:
        """The screen becomes the top of the stack for the first time: build its widgets."""
        self.active = True
        self._build()

    def exit(self) -> None:
        """The screen leaves the stack for good: remove its widgets, release what it holds."""
        self.active = False
        self.confirm.cancel()
        self.notices.items.clear()
        self._teardown()

    def suspend(self) -> None:
        """Another screen was pushed on top: hide the widgets, keep the state (its notices go:
        they were about what was on screen)."""
        self.active = False
        self.confirm.cancel()
        self.notices.items.clear()
        self.hint = None
        if self.root is not None:
            # showing the root again shows every child: remember which ones were hidden
            self._hidden = [e for e in self.app.ui.get_sprite_group().sprites() if not e.visible]
            self.root.hide()

    def resume(self) -> None:
        """On top again (the screen above was popped): show the widgets (rebuilt if resized)."""
        self.active = True
        if self.root is None or self.built_size != self.app.window_size:
            self._teardown()
            self._build()
        else:
            self.root.show()
            for element in self._hidden:
                if element.visible and element.alive():
                    element.hide()
        self._hidden = []

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay the screen out again."""
        if self.active:
            self._teardown()
            self._build()

    def _build(self) -> None:
        size = self.app.window_size
        self.root = UIContainer(pygame.Rect((0, 0), size), self.app.ui)
        self.built_size = size
        if self.show_home_button:
            from gui.widgets.home_button import make_home_button

            self.home_button = make_home_button(self.app.ui, self.root, size)
        self.build(self.root, size)

    def _teardown(self) -> None:
        if self.root is not None:
            self.teardown()
            self.root.kill()
        self.root = None
        self.home_button = None

    # ------------------------------------------------------------ to override
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        """Create the screen's widgets inside ``root`` for a window of ``size``."""

    def teardown(self) -> None:
        """Called before the widgets are removed (forget references to them here)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An event pygame-gui did not consume. Returns True if the screen used it."""
        home = self.home_button
        if event.type == pygame_gui.UI_BUTTON_PRESSED and home is not None and event.ui_element is home:
            self.app.screens.home()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_i and self.board_views():
            for view in self.board_views():
                view.toggle_card()
            return True
        return False

    def back(self) -> None:
        """Esc: go back one screen."""
        self.app.screens.pop()

    def update(self, dt: float) -> None:
        """Advance animations and poll background work; ``dt`` in seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the screen under the widgets. Must not change state."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Draw over the widgets (drag images, effects). Must not change state."""

    def right_press_used(self, event: pygame.event.Event) -> bool:
        """A right press on a board of a screen with ``sketch_boards``, before it starts an arrow
        or a circle: True when the screen used it (the game clears a premove with it)."""
        return False

    def notice_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """This screen's notice strip: where its notices and tool tips show, covering nothing it
        needs. By default the header band between the title and the home button."""
        from gui.widgets.home_button import home_button_rect

        home = home_button_rect(size)
        left = max(int(size[0] * 0.42), px(260, size))
        return pygame.Rect(left, home.top, max(80, home.left - px(12, size) - left), home.height)

    def notify(self, text: str, kind: str = "info", seconds: float | None = None) -> None:
        """Show a notice in this screen's strip."""
        self.notices.show(text, kind, seconds)

    def request_leave(self, proceed: Callable[[], None]) -> None:
        """The user wants to leave this screen (back, home, quit): call ``proceed`` when that is
        fine. A game in progress can ask first and call ``proceed`` later, or never."""
        proceed()

    @property
    def animating(self) -> bool:
        """True while something moves on screen (the app keeps full frame rate)."""
        return False

    frame_rate = 60  # most frames a second while something moves (a decorative show asks fewer)
    paints_window = False  # its draw covers every pixel (the app then skips clearing the window)
    sketch_boards = False  # the right button draws arrows and circles on its boards (game, replay)

    def next_frame_in(self) -> float | None:
        """Seconds until the screen looks different by itself: 0 while something moves (frames
        come at ``frame_rate``), a time (a clock's next second, a piece card due), or None (only
        input changes it). The app sleeps until then or the next event, so a still screen costs
        almost nothing."""
        if self.animating:
            return 0.0
        waits = [w for view in self.board_views() if (w := view.next_change_in()) is not None]
        return min(waits, default=None)

    def board_views(self) -> list[BoardView]:
        """The boards this screen shows (its ``view``, by the screens' convention): their piece
        cards answer I, and their timers wake the loop."""
        from gui.widgets.board_view import BoardView

        view = getattr(self, "view", None)
        return [view] if isinstance(view, BoardView) else []


@dataclass(frozen=True)
class ScreenEntry:
    """How to make a screen: its factory, and its main-menu button (if any)."""

    name: str
    factory: Callable[..., Screen]
    menu_label: str | None = None
    menu_order: int = 100
    screenshot: Callable[[App], Screen] | None = None  # a representative instance for --screenshots


class ScreenRegistry:
    """Named screen factories. The main menu shows a button for each entry with a menu label."""

    def __init__(self) -> None:
        self._entries: dict[str, ScreenEntry] = {}

    def register(
        self,
        name: str,
        factory: Callable[..., Screen],
        *,
        menu_label: str | None = None,
        menu_order: int = 100,
        screenshot: Callable[[App], Screen] | None = None,
    ) -> None:
        self._entries[name] = ScreenEntry(name, factory, menu_label, menu_order, screenshot)

    def __contains__(self, name: object) -> bool:
        return name in self._entries

    def get(self, name: str) -> ScreenEntry:
        try:
            return self._entries[name]
        except KeyError:
            raise KeyError(f"no screen registered as {name!r}") from None

    def entries(self) -> list[ScreenEntry]:
        return list(self._entries.values())

    def menu_entries(self) -> list[ScreenEntry]:
        """Entries with a main-menu button, in menu order."""
        return sorted((e for e in self._entries.values() if e.menu_label), key=lambda e: e.menu_order)


class ScreenManager:
    """The stack of screens: push / pop / replace / home. The bottom screen is never popped."""

    def __init__(self, app: App, registry: ScreenRegistry) -> None:
        self.app = app
        self.registry = registry
        self.stack: list[Screen] = []
        self.building: Screen | None = None  # a screen being made (its notices are its own)

    @property
    def top(self) -> Screen | None:
        return self.stack[-1] if self.stack else None

    def create(self, name: str, **kwargs: Any) -> Screen:
        return self.registry.get(name).factory(self.app, **kwargs)

    def _resolve(self, screen: Screen | str, kwargs: dict[str, Any]) -> Screen:
        return self.create(screen, **kwargs) if isinstance(screen, str) else screen

    def push(self, screen: Screen | str, **kwargs: Any) -> Screen:
        """Put a screen (or a new screen by registered name) on top."""
        new = self._resolve(screen, kwargs)
        self.building = None
        if self.stack:
            self.stack[-1].suspend()
        self.stack.append(new)
        new.enter()
        return new

    def pop(self, *, ask: bool = True) -> None:
        """Leave the top screen (asking it first unless ``ask`` is False); never the last one."""
        if len(self.stack) <= 1:
            return
        top = self.stack[-1]
        if ask:
            top.request_leave(lambda: self._pop_exact(top))
        else:
            self._pop_exact(top)

    def _pop_exact(self, screen: Screen) -> None:
        if len(self.stack) <= 1 or self.stack[-1] is not screen:
            return  # the stack changed while the screen was asking
        self.stack.pop().exit()
        self.stack[-1].resume()

    def replace(self, screen: Screen | str, **kwargs: Any) -> Screen:
        """Swap the top screen for another (no asking: the caller decided)."""
        new = self._resolve(screen, kwargs)
        self.building = None
        if self.stack:
            self.stack.pop().exit()
        self.stack.append(new)
        new.enter()
        return new

    def home(self) -> None:
        """Back to the bottom screen (the main menu). Each screen on the way is asked in turn, so a
        game under the settings screen still gets to confirm and save."""
        self.unwind(1)

    def unwind(self, depth: int, then: Callable[[], None] | None = None) -> None:
        """Leave screens from the top until ``depth`` remain, asking each first; call ``then``
        when all have agreed. A screen that says no (or asks the user) stays on top, shown."""
        if len(self.stack) <= max(depth, 0):
            if then is not None:
                then()
            return
        top = self.stack[-1]

        def proceed() -> None:
            if not self.stack or self.stack[-1] is not top:
                return  # the stack changed while the screen was asking
            if len(self.stack) == 1 and depth >= 1:
                return
            self.stack.pop().exit()
            if self.stack:
                self.stack[-1].resume()
            self.unwind(depth, then)

        top.request_leave(proceed)

    def reset(self, screen: Screen | str, **kwargs: Any) -> Screen:
        """Clear the stack and start again from ``screen`` (no asking)."""
        self.clear()
        return self.push(screen, **kwargs)

    def clear(self) -> None:
        """Exit every screen, top first (at shutdown)."""
        while self.stack:
            self.stack.pop().exit()

    def resize(self, size: tuple[int, int]) -> None:
        """Relay a window resize to the top screen (the others rebuild when resumed)."""
        if self.stack:
            self.stack[-1].resize(size)

    def notice_owner(self) -> Screen | None:
        """The screen a notice sent now belongs to: one being made, else the top one."""
        return self.building or self.top

    def names(self) -> list[str]:
        return [s.name for s in self.stack]
