"""The Settings screen: display mode, volumes, board colours, animation and learning aids.

Every change applies at once (the preview board on the right shows the board settings working)
and is saved to settings.json a moment later. "Restore defaults" asks for a second click.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from gui.art.fonts import font
from gui.art.schemes import SCHEMES, Scheme, get_scheme
from gui.colours import HINT, INK, RULE, SMALL_TEXT, TITLE_FACE, TITLE_GLOW, TITLE_HALO
from gui.layout import px, style, tier, ui_scale
from gui.screen import Screen
from gui.settings import LASER_SPEEDS, Settings
from gui.widgets.backdrop import draw_glass_panel, floor_surface, glow_text
from gui.widgets.form import FormRows, make_button
from gui.widgets.home_button import home_button_rect
from gui.widgets.settings_preview import SettingsPreview
from gui.widgets.swatches import SwatchGrid

DISPLAY_OPTIONS = {"windowed": "Windowed", "fullscreen": "Full screen"}
SPEED_LABELS = {"off": "Off", "fast": "Fast", "normal": "Normal", "slow": "Slow"}
TOGGLES = (
    ("show_legal_moves", "Show legal moves", "Dots on the squares the selected piece can move to"),
    ("show_coordinates", "Show coordinates", "Files and ranks written on the board's frame"),
    ("show_my_beam", "Show my beam", "Faintly draw where your laser would go (a learning aid)"),
    (
        "preview_shot",
        "Preview my shot",
        "While you choose a move, draw the beam it would fire and mark every piece it would destroy",
    ),
    (
        "clock_after_first_move",
        "Clock after first move",
        "Each side's clock starts after that side's first move (as on lichess)",
    ),
)


@dataclass
class _Rows:
    """Where the Settings screen's rows go for one window size."""

    root: UIContainer
    size: tuple[int, int]
    left: pygame.Rect
    right: pygame.Rect
    form: FormRows
    label_w: int
    row_h: int
    head_h: int
    ctrl_h: int
    speed_own_row: bool

    @property
    def ctrl_w(self) -> int:
        return self.left.width - self.label_w


class SettingsScreen(Screen):
    name = "settings"
    title = "Settings"

    def __init__(self, app, **kwargs) -> None:
        super().__init__(app, **kwargs)
        self.preview = SettingsPreview()
        self.swatches: SwatchGrid | None = None
        self.sections: list[tuple[str, pygame.Rect]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.header_rect = pygame.Rect(0, 0, 0, 0)
        self.preview_rect = pygame.Rect(0, 0, 0, 0)
        self.widgets: dict[str, object] = {}
        self.speed_buttons: dict[str, UIButton] = {}

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        self.sections, self.widgets, self.speed_buttons = [], {}, {}
        rows = self._rows(root, size)
        y = self._display_rows(rows, rows.left.y)
        y = self._sound_rows(rows, y)
        y = self._animation_rows(rows, y)
        self._aid_rows(rows, y)
        reset_w = min(rows.left.width, max(px(220, size), 170))
        self.widgets["reset"] = make_button(
            self.app.ui,
            root,
            size,
            pygame.Rect(rows.left.x, rows.left.bottom - rows.ctrl_h, reset_w, rows.ctrl_h),
            "Restore defaults",
            tip="Put every setting back to how it was at first start",
            kind="danger",
        )
        self._right_column(rows)

    def _rows(self, root: UIContainer, size: tuple[int, int]) -> _Rows:
        """The two columns and the height of a row for this window size."""
        w, h = size
        ui = self.app.ui
        margin = max(14, px(28, size))
        home = home_button_rect(size)
        self.header_rect = pygame.Rect(margin, home.top, w - 2 * margin, home.height)
        panel_w = min(w - 2 * margin, px(1180, size) if ui_scale(size) > 1 else w - 2 * margin)
        self.panel = pygame.Rect(0, home.bottom + px(16, size), panel_w, 0)
        self.panel.centerx = w // 2
        self.panel.height = h - self.panel.top - margin
        pad, gap = max(14, px(26, size)), max(16, px(36, size))
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        left = pygame.Rect(inner.x, inner.y, int((inner.width - gap) * 0.5), inner.height)
        right = pygame.Rect(left.right + gap, inner.y, inner.right - left.right - gap, inner.height)
        # the laser-speed buttons get a row of their own when they do not fit beside the label
        seg_font = font({"s": 12, "m": 15, "l": 19}[tier(size)], bold=True)
        seg_need = max(seg_font.size(text)[0] for text in SPEED_LABELS.values()) + 16
        label_font = font({"s": 14, "m": 16, "l": 20}[tier(size)])
        widest = max(label_font.size(text)[0] for text in ("Window", "Music", "Effects", "Laser speed"))
        label_w = max(int(left.width * 0.3), widest + 14)
        speed_own_row = (left.width - label_w) < len(LASER_SPEEDS) * (seg_need + 4)
        # vertical rhythm from the space we have: the rows (window, two volumes, slide, laser
        # speed, every toggle), 4 headings, and the reset button with a gap above it
        count = 5 + len(TOGGLES) + int(speed_own_row)
        row_h = int(max(24, min(px(46, size), inner.height / (count + 4 * 0.9 + 1.2))))
        ctrl_h = max(24, int(row_h * 0.8))
        form = FormRows(ui, root, size, left, label_w, row_h, ctrl_h)
        return _Rows(root, size, left, right, form, label_w, row_h, int(row_h * 0.9), ctrl_h, speed_own_row)

    def _heading(self, rows: _Rows, text: str, column: pygame.Rect, top: int) -> int:
        rect = pygame.Rect(column.x, top, column.width, rows.head_h)
        UILabel(rect, text, self.app.ui, container=rows.root, object_id=style("heading", rows.size))
        self.sections.append((text, rect))
        return top + rows.head_h

    def _display_rows(self, rows: _Rows, y: int) -> int:
        y = self._heading(rows, "Display", rows.left, y)
        rows.form.label("Window", y)
        self.widgets["display_mode"] = UIDropDownMenu(
            list(DISPLAY_OPTIONS.values()),
            DISPLAY_OPTIONS[self.app.settings.display_mode],
            rows.form.ctrl(y),
            self.app.ui,
            container=rows.root,
            object_id=style("drop", rows.size),
        )
        return y + rows.row_h

    def _sound_rows(self, rows: _Rows, y: int) -> int:
        y = self._heading(rows, "Sound", rows.left, y)
        s, ui, size = self.app.settings, self.app.ui, rows.size
        value_w = max(44, px(56, size))
        for key, text in (("music_volume", "Music"), ("sfx_volume", "Effects")):
            rows.form.label(text, y)
            percent = round(getattr(s, key) * 100)
            self.widgets[key] = UIHorizontalSlider(
                rows.form.ctrl(y, width=rows.ctrl_w - value_w - 8),
                percent,
                (0, 100),
                ui,
                container=rows.root,
                click_increment=5,
                object_id=style("slider", size),
            )
            self.widgets[key + "_label"] = UILabel(
                pygame.Rect(rows.left.right - value_w, y, value_w, rows.row_h),
                f"{percent}%",
                ui,
                container=rows.root,
                object_id=style("value", size),
            )
            y += rows.row_h
        return y

    def _checkbox(self, rows: _Rows, key: str, text: str, y: int, tip: str | None = None) -> None:
        box = max(16, int(rows.ctrl_h * 0.8))
        self.widgets[key] = UICheckBox(
            pygame.Rect(rows.left.x + 2, y + (rows.row_h - box) // 2, box, box),
            text,
            self.app.ui,
            container=rows.root,
            initial_state=getattr(self.app.settings, key),
            tool_tip_text=tip,
            object_id=style("toggle", rows.size),
        )

    def _animation_rows(self, rows: _Rows, y: int) -> int:
        y = self._heading(rows, "Animation", rows.left, y)
        self._checkbox(rows, "piece_animation", "Slide pieces when they move", y)
        y += rows.row_h
        rows.form.label("Laser speed", y)
        seg_x, seg_total = rows.left.x + rows.label_w, rows.ctrl_w
        if rows.speed_own_row:
            y += rows.row_h
            seg_x, seg_total = rows.left.x, rows.left.width
        seg_gap = 4
        seg_w = (seg_total - seg_gap * (len(LASER_SPEEDS) - 1)) // len(LASER_SPEEDS)
        for i, speed in enumerate(LASER_SPEEDS):
            rect = rows.form.ctrl(y, x=seg_x + i * (seg_w + seg_gap), width=seg_w)
            button = make_button(self.app.ui, rows.root, rows.size, rect, SPEED_LABELS[speed], kind="segment")
            if speed == self.app.settings.laser_speed:
                button.select()
            self.speed_buttons[speed] = button
        return y + rows.row_h

    def _aid_rows(self, rows: _Rows, y: int) -> None:
        y = self._heading(rows, "Learning aids", rows.left, y)
        for key, text, tip in TOGGLES:
            self._checkbox(rows, key, text, y, tip)
            y += rows.row_h

    def _right_column(self, rows: _Rows) -> None:
        """The board colours, then the preview."""
        right, size, s = rows.right, rows.size, self.app.settings
        ry = self._heading(rows, "Board colours", right, right.y)
        grid_area = pygame.Rect(right.x + 6, ry + 8, right.width - 12, int(right.height * 0.36))
        self.swatches = SwatchGrid(grid_area, list(SCHEMES.values()), s.board_scheme, SMALL_TEXT.at(size))
        ry = grid_area.y + self.swatches.used_height + max(8, px(14, size))
        ry = self._heading(rows, "Preview", right, ry)
        self.preview_rect = pygame.Rect(right.x, ry + 4, right.width, right.bottom - ry - 4)
        self.preview.set_area(self.preview_rect)
        self.preview.apply(s)

    def teardown(self) -> None:
        self.widgets = {}
        self.speed_buttons = {}
        self.swatches = None

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        app = self.app
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.widgets.get(
            "display_mode"
        ):
            for key, text in DISPLAY_OPTIONS.items():
                if event.text == text:
                    app.update_settings(display_mode=key)
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for key in ("music_volume", "sfx_volume"):
                if event.ui_element is self.widgets.get(key):
                    self._set_volume(key, event.value)
                    return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL) and self._slider_input(event):
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            for key in ("piece_animation", *(t[0] for t in TOGGLES)):
                if event.ui_element is self.widgets.get(key):
                    app.update_settings(**{key: event.type == pygame_gui.UI_CHECK_BOX_CHECKED})
                    app.audio.play("click")
                    return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for speed, button in self.speed_buttons.items():
                if event.ui_element is button:
                    self.set_laser_speed(speed)
                    return True
            if event.ui_element is self.widgets.get("reset"):
                self._reset_pressed()
                return True
        if self.swatches is not None and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            chosen = self.swatches.handle_event(event)
            if chosen is not None:
                if chosen != app.settings.board_scheme:
                    app.update_settings(board_scheme=chosen)
                app.audio.play("click")
                return True
        return super().handle_event(event)

    def _set_volume(self, key: str, value: float, move_slider: bool = False) -> None:
        percent = max(0, min(100, int(round(value))))
        self.app.update_settings(**{key: percent / 100})
        slider = self.widgets.get(key)
        if move_slider and isinstance(slider, UIHorizontalSlider):
            slider.set_current_value(percent, warn=False)
        label = self.widgets.get(key + "_label")
        if isinstance(label, UILabel):
            label.set_text(f"{percent}%")
        if key == "sfx_volume":
            self.app.audio.play("click")  # hear the new level

    def _slider_input(self, event: pygame.event.Event) -> bool:
        """A click on a volume slider's track jumps there; the mouse wheel over it steps by 5%."""
        pos = event.pos if event.type == pygame.MOUSEBUTTONDOWN else pygame.mouse.get_pos()
        for key in ("music_volume", "sfx_volume"):
            slider = self.widgets.get(key)
            if not isinstance(slider, UIHorizontalSlider) or not slider.rect.collidepoint(pos):
                continue
            current = float(slider.get_current_value())
            if event.type == pygame.MOUSEWHEEL:
                step = 5 if (event.y or event.x) > 0 else -5
                self._set_volume(key, current + step, move_slider=True)
                return True
            if event.button != 1:
                return False
            handle = slider.sliding_button.rect.width if slider.sliding_button is not None else 0
            span = max(1, slider.rect.width - handle)
            fraction = (pos[0] - slider.rect.left - handle / 2) / span
            self._set_volume(key, max(0.0, min(1.0, fraction)) * 100, move_slider=True)
            return True
        return False

    def set_laser_speed(self, speed: str) -> None:
        if speed not in LASER_SPEEDS:
            return
        self.app.update_settings(laser_speed=speed)
        for name, button in self.speed_buttons.items():
            if name == speed:
                button.select()
            else:
                button.unselect()

    def _reset_pressed(self) -> None:
        button = self.widgets.get("reset")
        if not self.confirm.press("reset", "Restore every setting? Click again to restore the defaults."):
            if isinstance(button, UIButton):
                button.set_text("Click again to restore")
            return
        self.app.replace_settings(Settings())
        self.app.notify("All settings are back to their defaults.")
        self.resize(self.app.window_size)  # rebuild the widgets with the new values

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        button = self.widgets.get("reset")
        if (
            isinstance(button, UIButton)
            and not self.confirm.armed("reset")
            and button.text != "Restore defaults"
        ):
            button.set_text("Restore defaults")
        self.preview.apply(self.app.settings)
        self.preview.update(dt)

    @property
    def animating(self) -> bool:
        return True

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        surface.blit(floor_surface(size, self._scheme()), (0, 0))
        title = _title(size)
        surface.blit(
            title,
            title.get_rect(midleft=(self.header_rect.x - title.get_height() // 6, self.header_rect.centery)),
        )
        draw_glass_panel(surface, self.panel, radius=px(18, size), alpha=215)
        for _, rect in self.sections:
            y = rect.bottom - 3
            pygame.draw.line(surface, RULE, (rect.x, y), (rect.right, y), 1)
        if self.swatches is not None:
            self.swatches.draw(surface)
        self.preview.draw(surface)
        hint = font(SMALL_TEXT.at(size)).render(
            "Changes apply at once and are saved automatically.", True, HINT
        )
        home = home_button_rect(size)
        hint_rect = hint.get_rect(midright=(home.left - px(18, size), home.centery))
        if hint_rect.left > self.header_rect.x + title.get_width():
            surface.blit(hint, hint_rect)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        # the tick of each checked checkbox (drawn here so it is crisp at every size)
        for widget in self.widgets.values():
            if isinstance(widget, UICheckBox) and widget.is_checked and widget.visible:
                tick = tick_image(min(widget.rect.size))
                surface.blit(tick, tick.get_rect(center=widget.rect.center))

    def _scheme(self) -> Scheme:
        return get_scheme(self.app.settings.board_scheme)


@lru_cache(maxsize=8)
def tick_image(box: int) -> pygame.Surface:
    """A dark antialiased tick for a checkbox ``box`` pixels wide."""
    scale = 4
    side = max(8, box) * scale
    big = pygame.Surface((side, side), pygame.SRCALPHA)
    u = side / 20.0
    points = [(5 * u, 10.5 * u), (8.6 * u, 14 * u), (15.2 * u, 6.2 * u)]
    width = max(2, round(2.6 * u))
    pygame.draw.lines(big, INK, False, points, width)
    for point in points:
        pygame.draw.circle(big, INK, point, width / 2)
    return pygame.transform.smoothscale(big, (side // scale, side // scale))


def _title(size: tuple[int, int]) -> pygame.Surface:
    return _title_cached(size)


_TITLES: dict[tuple[int, int], pygame.Surface] = {}


def _title_cached(size: tuple[int, int]) -> pygame.Surface:
    img = _TITLES.get(size)
    if img is None:
        img = glow_text("Settings", font(px(40, size), bold=True), TITLE_FACE, TITLE_GLOW, TITLE_HALO)
        if len(_TITLES) > 8:
            _TITLES.clear()
        _TITLES[size] = img
    return img
