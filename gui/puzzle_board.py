"""The board the player moves on in the Puzzles and Lessons screens.

One shared board view with the game's move input (click, drag, right-click and handle turns, keys),
the shot preview of the move pointed at, the side to move's beam drawn faintly (``show_beam``), and
a row of the rule set's action buttons (turn left / half / right, fire, null move) that play
through the same input as the keys. It holds no puzzle logic: the screen decides what a move means.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

import pygame
import pygame_gui
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.chance import needs_draw, resolve
from game.effects import Effects
from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN, Move
from game.position import Position
from game.variants import get_variant
from game.variants.base import Variant
from gui.layout import px, style
from gui.settings import LASER_SQUARES_PER_SECOND
from gui.widgets.board_view import BoardView
from gui.widgets.form import button_text_width, row_rects
from gui.widgets.move_input import MoveInput
from gui.widgets.player_panel import SidePanel, side_panel_layout
from gui.widgets.shot_preview import ShotPreviewer

ROTATIONS = {"rotate_left": COUNTER_CLOCKWISE, "rotate_half": HALF_TURN, "rotate_right": CLOCKWISE}
LABELS = {
    "rotate_left": ("Turn left", "Left"),
    "rotate_half": ("Half turn", "Half"),
    "rotate_right": ("Turn right", "Right"),
    "fire": ("Fire",),
    "null": ("Null move", "Null"),
}
TIPS = {
    "rotate_left": "Rotate the selected piece counter-clockwise (Q)",
    "rotate_half": "Turn the selected piece around (U)",
    "rotate_right": "Rotate the selected piece clockwise (E)",
    "fire": "Fire the selected laser, or your only one (X)",
    "null": "The King's null move: it only fires (Leiserchess 2017)",
}


class PuzzleBoard:
    """View, input, preview and action buttons for one rule set's board."""

    def __init__(self, app, variant: Variant) -> None:
        self.app = app
        s = app.settings
        self.view = BoardView(variant, s.board_scheme, s.show_coordinates)
        self.view.laser_speed = LASER_SQUARES_PER_SECOND.get(s.laser_speed)
        self.view.piece_animation = s.piece_animation
        self.input = MoveInput(self.view)
        self.input.show_legal = s.show_legal_moves
        self.previewer = ShotPreviewer()
        self.position: Position | None = None
        self.show_beam = False
        self.buttons: dict[str, UIButton] = {}
        self.rng = random.Random()  # chance outcomes of the player's own moves (never in a line)

    @property
    def variant(self) -> Variant:
        return self.view.variant

    def set_variant(self, variant: Variant) -> None:
        self.view.set_variant(variant)

    def action_keys(self) -> list[str]:
        controls = self.variant.controls
        keys: list[str] = []
        if controls.turn:
            keys += (
                ["rotate_left", "rotate_half", "rotate_right"]
                if controls.half_turn
                else ["rotate_left", "rotate_right"]
            )
        if controls.fire:
            keys.append("fire")
        if controls.null:
            keys.append("null")
        return keys

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, row: pygame.Rect, size: tuple[int, int], gap: int) -> None:
        """The action buttons side by side in ``row`` (none if the rule set's pieces never turn)."""
        ui = self.app.ui
        self.buttons = {}
        keys = self.action_keys()
        if not keys:
            return
        for labels_index in range(2):
            texts = [LABELS[k][min(labels_index, len(LABELS[k]) - 1)] for k in keys]
            needs = [button_text_width(ui, size, t) for t in texts]
            if sum(needs) + gap * (len(needs) - 1) <= row.width or labels_index == 1:
                break
        for key, text, rect in zip(
            keys, texts, row_rects(needs, row.x, row.y, row.width, row.height, gap), strict=True
        ):
            self.buttons[key] = UIButton(
                rect, text, ui, container=root, object_id=style("btn", size), tool_tip_text=TIPS[key]
            )

    def teardown(self) -> None:
        self.buttons = {}

    # ------------------------------------------------------------ state
    def show(self, position: Position, enabled: bool, hints: tuple[int, ...] = ()) -> None:
        """Show ``position`` (the player may move on it when ``enabled``), with a "hint" badge
        on the ``hints`` squares (badges stay while the input redraws its marks)."""
        if position is not self.position:  # a new board: no half-entered move or double-click carries over
            self.input = MoveInput(self.view)
            self.input.show_legal = self.app.settings.show_legal_moves
        self.position = position
        self.view.deco.marks = {sq: "hint" for sq in hints}
        self.view.trace = list(position.last_shots)
        self.input.enabled = enabled
        history = position.history
        last = (history[-1].from_square, history[-1].to_square) if history else ()
        self.input.set_position(position if enabled else None, last)
        self.view.overlay = [position.beam(position.turn)] if self.show_beam and enabled else []
        self.update_preview()
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        for key, button in self.buttons.items():
            ok = self.input.enabled and self._button_move(key) is not None
            if ok and not button.is_enabled:
                button.enable()
            elif not ok and button.is_enabled:
                button.disable()

    def _button_move(self, key: str) -> Move | None:
        if key in ROTATIONS:
            return self.input.rotation_move(ROTATIONS[key])
        if key == "fire":
            return self.input.fire_move()
        if key == "null":
            return self.input.null_move()
        return None

    def update_preview(self) -> None:
        """Draw the beam of the move pointed at and mark what it would destroy."""
        pos = self.position
        move = self.input.preview_move() if pos is not None and self.app.settings.preview_shot else None
        if move is None or pos is None or self.view.busy:
            self.view.preview_shots, self.view.preview_hits = [], {}
            self.view.deco.preview = None
            return
        preview = self.previewer.preview(pos, move)
        self.view.preview_shots = list(preview.shots)
        self.view.preview_hits = dict(preview.hits)
        self.view.deco.preview = None if self.input.dragging else preview.ghost

    # ------------------------------------------------------------ moves
    def play(self, move: Move) -> Effects:
        """Push ``move`` (its chance outcome drawn here) on the position and animate it."""
        assert self.position is not None
        if move.chance is not None or needs_draw(self.position, move):
            move = resolve(self.position, replace(move, chance=None), self.rng)
        effects = self.position.push(move)
        self.input.clear()
        self.view.show_effects(self.position.board, effects)
        return effects

    def handle_event(self, event: pygame.event.Event) -> Move | None:
        """A move the player made with the buttons, the mouse or the keys (None otherwise)."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b is event.ui_element), None)
            if key is not None:
                return self._button_move(key) if self.input.enabled else None
        if not self.input.enabled or self.view.busy:
            return None
        if event.type == pygame.MOUSEMOTION:
            over = next(
                (
                    ROTATIONS[k]
                    for k, b in self.buttons.items()
                    if k in ROTATIONS and b.rect.collidepoint(event.pos)
                ),
                None,
            )
            self.input.hover_rotation = over
            fire = self.buttons.get("fire")
            self.input.hover_fire = fire is not None and fire.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_x and "fire" in self.buttons:
            return self.input.fire_move()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN):
            move = self.input.handle_event(event)
            self.update_preview()
            self.refresh_buttons()
            return move
        return None

    def update(self, dt: float) -> None:
        self.view.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)


def board_and_rule_set_drop(
    board: PuzzleBoard,
    ui: pygame_gui.UIManager,
    root: UIContainer,
    size: tuple[int, int],
    names: Iterable[str],
    current: str,
) -> tuple[SidePanel, pygame.Rect, UIDropDownMenu]:
    """The Puzzles and Lessons screens' common start: the board beside a side panel of four
    control rows, and the rule-set drop-down heading the panel. Returns the layout, the panel's
    room below the drop-down, and the drop-down."""
    layout = side_panel_layout(size, False, control_rows=4)
    board.view.set_area(layout.board_area)
    pad = max(8, px(14, size))
    inner = layout.panel.inflate(-2 * pad, -2 * pad)
    titles: list[str | tuple[str, str]] = [get_variant(n).title for n in names]
    drop = UIDropDownMenu(
        titles,
        get_variant(current).title,
        pygame.Rect(inner.x, inner.y, inner.width, layout.row_h),
        ui,
        container=root,
        object_id=style("drop", size),
    )
    below = layout.row_h + layout.gap
    return layout, pygame.Rect(inner.x, inner.y + below, inner.width, inner.height - below), drop
