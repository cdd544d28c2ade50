"""The game screen's side panel: the player cards, the status box, the move field, the control
buttons (rotations, Fire, study tools, Undo, Draw, Resign, Flip, sound) and the game-over panel.

It lays them out, keeps each button's text and state in step with the game controller, and draws
the panel; what a button does is the screen's (it maps the press to a controller intent).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UITextEntryLine

from game.move import CLOCKWISE, COUNTER_CLOCKWISE, HALF_TURN
from game.pieces import Piece
from gui.art import chessmen
from gui.art.fonts import blit_wrapped, fitting_font, font
from gui.colours import (
    BOARD_VEIL,
    BODY_TEXT,
    BRIGHT_GOLD,
    DANGER_TEXT,
    HEADING,
    LARGE_TEXT,
    LINK_MARK,
    NOTICE_TEXT,
    PALE_BLUE,
    PROMPT_BLUE,
    QUIET_TEXT,
    RESULT_LINE,
    RESULT_TITLE,
    SELF_HIT,
    STATUS_BG,
    STATUS_EDGE,
    STATUS_TEXT,
    WARM_RED,
)
from gui.layout import px, style
from gui.models.game_controller import WATCH_SPEEDS
from gui.widgets.chrome import panel
from gui.widgets.form import button_text_width, make_button, row_rects, split_rows
from gui.widgets.player_panel import draw_panel_title, draw_player_card, side_panel_layout
from gui.wording import plural

if TYPE_CHECKING:
    from gui.screens.game import GameScreen

STATUS_COLOURS = {  # the status line's colour for each kind of sentence (gui/models/game_status.py)
    "result": BRIGHT_GOLD,
    "browse": PALE_BLUE,
    "error": WARM_RED,
    "self_hit": SELF_HIT,
    "notice": NOTICE_TEXT,
    "prompt": PROMPT_BLUE,
    "premove": PALE_BLUE,
    "quiet": QUIET_TEXT,
    "danger": DANGER_TEXT,
    "offer": BRIGHT_GOLD,
    "turn": STATUS_TEXT,
}
DRAW_LABELS = {"offer": "Draw", "claim": "Claim draw", "accept": "Accept draw"}
MUTE_LABELS = ("Sound on", "Muted")  # the mute button names the current state
MUTE_SPEC = ("mute", MUTE_LABELS, "Turn all sound off or on (M); the volumes are in Settings")
ROTATION_BUTTONS = {"rotate_left": COUNTER_CLOCKWISE, "rotate_right": CLOCKWISE, "rotate_half": HALF_TURN}
OVER_BUTTONS = (("rematch", "Rematch"), ("review", "Review"), ("menu", "Main menu"))
Spec = tuple[str, tuple[str, ...], str]  # key, the labels it can show (longest first), tooltip


def control_specs(screen: GameScreen) -> tuple[list[Spec], list[Spec]]:
    """The control buttons in two groups: the rotations (and Fire, End turn) and the game actions."""
    variant, controller = screen.variant, screen.controller
    controls = variant.controls
    rotations: list[Spec] = []
    if controls.turn:
        rotations = [
            ("rotate_left", ("Turn left", "Left"), "Rotate the selected piece counter-clockwise (Q)"),
            ("rotate_right", ("Turn right", "Right"), "Rotate the selected piece clockwise (E)"),
        ]
    if controls.half_turn:
        rotations.insert(1, ("rotate_half", ("Half turn", "Half"), "Turn the selected piece around (U)"))
    if controls.fire:
        rotations.append(
            ("fire", ("Fire",), "Fire the selected laser, or your only one (X, or double-click a laser)")
        )
    if controls.end_turn:
        rotations.append(("end_turn", ("End turn", "End"), "End your turn without its remaining actions"))
    kinds = variant.pieces.kinds
    style_spec: list[Spec] = [("style", ("Pieces: FULL", "FULL"), "Draw the pieces FULL or FLAT (P)")]
    style_spec = style_spec if any(k.art in chessmen.DRAWINGS for k in kinds) else []
    threats: Spec = ("threats", ("Threats",), "Show where the enemy laser could strike (T)")
    lasers = [threats] if variant.pieces.emitter_numbers() else []  # no laser: no threats
    if not any(k.can_rotate for k in kinds):  # nothing turns: the row holds the piece style
        rotations, style_spec = list(style_spec), []
    flip: Spec = ("flip", ("Flip",), "Turn the board around (F)")
    if controller.watching:  # CPU against CPU: watching controls instead of moves
        watch: list[Spec] = [
            ("pause", ("Resume", "Pause"), "Pause or resume the game (Space)"),
            ("step", ("Step",), "Play one move while paused (N)"),
            ("speed", tuple(f"Speed {name}" for name in WATCH_SPEEDS), "The pause between moves"),
        ]
        return watch, [*lasers, *rotations, *style_spec, flip, MUTE_SPEC]
    study = [*lasers, *style_spec]
    if controller.hints_allowed:
        study.insert(0, ("hint", ("Hint",), "Show the engine's best move here (H); hints are counted"))
    actions: list[Spec] = [
        *study,
        ("undo", ("Undo",), "Take back your last move (against the CPU: your move and its reply)"),
        ("draw", (*DRAW_LABELS.values(), "Sure?"), "Offer a draw, or claim one on threefold repetition"),
        ("resign", ("Resign", "Sure?"), "Give up this game (press twice)"),
        flip,
        MUTE_SPEC,
    ]
    return rotations, actions


def move_example(screen: GameScreen) -> str:
    """Examples of the notation for the move field: Khet's, or a legal move of this game."""
    variant = screen.variant
    if any(k.can_rotate for k in variant.pieces.kinds) and not variant.controls.rotate_to:
        return "e4e5, c4R"
    moves = list(screen.controller.line.start.legal_moves)
    # a move and, where pieces turn to an orientation, a rotation (e.g. "a2a3, c1>E")
    examples = [m for m in moves if m.from_square != m.to_square and m.chance is None][:1]
    examples += [m for m in moves if m.orientation is not None][:1]
    return ", ".join(variant.move_text(m) for m in examples) or "from-to"


class GamePanel:
    """The side panel of one game screen (see the module docstring)."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.buttons: dict[str, UIButton] = {}
        self.over_buttons: dict[str, UIButton] = {}
        self.entry: UITextEntryLine | None = None
        self.side_panel = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[int, pygame.Rect] = {}
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.over_rect = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------ layout
    def build(self, root: UIContainer, size: tuple[int, int]) -> None:
        screen = self.screen
        ui = screen.app.ui
        rotations, actions = control_specs(screen)
        probe = side_panel_layout(size, screen.view.flipped, control_rows=2)
        width, gap = probe.controls.width, probe.gap

        def need(labels: tuple[str, ...], kind: str = "btn") -> int:
            return max(button_text_width(ui, size, t, kind) for t in labels)

        # rotations: one row, with the short labels when the long ones do not fit
        long_fit = sum(need(labels[:1]) for _, labels, _ in rotations) + gap * (len(rotations) - 1) <= width
        rotation_labels = [labels[0] if long_fit else labels[-1] for _, labels, _ in rotations]
        action_needs = [need(labels, "danger" if k == "resign" else "btn") for k, labels, _ in actions]
        action_rows = split_rows(action_needs, width, gap)
        layout = side_panel_layout(size, screen.view.flipped, control_rows=2 + len(action_rows))
        self.side_panel, self.cards, self.status_rect = layout.panel, layout.cards, layout.status
        screen.view.set_area(layout.board_area)
        screen.moves.set_rect(layout.moves)
        inner, row_h = layout.controls, layout.row_h
        self.buttons = {}
        self._build_entry(root, size, pygame.Rect(inner.x, inner.y, width, row_h))
        by = inner.y + row_h + gap
        needs = [button_text_width(ui, size, t) for t in rotation_labels]
        for (key, _, tip), text, rect in zip(
            rotations, rotation_labels, row_rects(needs, inner.x, by, width, row_h, gap), strict=True
        ):
            self._button(root, size, key, text, rect, tip)
        by += row_h + gap
        for row in action_rows:
            rects = row_rects([action_needs[i] for i in row], inner.x, by, width, row_h, gap)
            for i, rect in zip(row, rects, strict=True):
                key, labels, tip = actions[i]
                self._button(root, size, key, labels[0], rect, tip)
            by += row_h + gap
        self.over_buttons = {}
        if screen.controller.finished:
            self.build_over_panel()
        self.refresh()

    def _button(self, root: UIContainer, size: tuple[int, int], key: str, text: str, rect, tip: str) -> None:
        kind = "danger" if key == "resign" else "btn"
        self.buttons[key] = make_button(self.screen.app.ui, root, size, rect, text, tip=tip, kind=kind)

    def _build_entry(self, root: UIContainer, size: tuple[int, int], rect: pygame.Rect) -> None:
        watching = self.screen.controller.watching
        entry = UITextEntryLine(
            rect,
            self.screen.app.ui,
            container=root,
            object_id=style("entry", size),
            placeholder_text="CPU against CPU: watching"
            if watching
            else f"Type a move ({move_example(self.screen)}) and Enter",
        )
        if watching:
            entry.disable()  # no moves to type while watching
        entry.set_text_length_limit(24)
        entry.set_tooltip("Tab or / puts the keyboard here; Esc gives it back to the board")
        self.entry = entry

    def build_over_panel(self) -> None:
        screen = self.screen
        if screen.root is None:
            return
        size = screen.app.window_size
        board = screen.view.rect
        w = min(board.width - 40, max(320, px(460, size)))
        h = max(150, px(190, size))
        self.over_rect = pygame.Rect(0, 0, w, h)
        self.over_rect.center = board.center
        gap = max(6, px(10, size))
        bw = (w - 4 * gap) // 3
        bh = max(30, px(40, size))
        y = self.over_rect.bottom - bh - gap * 2
        for i, (key, text) in enumerate(OVER_BUTTONS):
            rect = pygame.Rect(self.over_rect.x + gap + i * (bw + gap), y, bw, bh)
            self.over_buttons[key] = make_button(screen.app.ui, screen.root, size, rect, text)
        if "replay" not in screen.app.registry:
            self.over_buttons["review"].disable()

    def close_over_panel(self) -> None:
        for button in self.over_buttons.values():
            button.kill()
        self.over_buttons = {}

    def teardown(self) -> None:
        self.buttons, self.over_buttons, self.entry = {}, {}, None

    def key_of(self, element: Any) -> tuple[str, str] | None:
        """("over" or "control", key) of a pressed button of this panel, or None."""
        for key, button in self.over_buttons.items():
            if element is button:
                return ("over", key)
        for key, button in self.buttons.items():
            if element is button:
                return ("control", key)
        return None

    # ------------------------------------------------------------ state
    def refresh(self) -> None:
        """Each button's text and whether it may be pressed, from the controller and the input."""
        b = self.buttons
        if not b:
            return
        screen, c = self.screen, self.screen.controller
        self._refresh_study()
        _set_text(b.get("mute"), MUTE_LABELS[1] if screen.app.settings.muted else MUTE_LABELS[0])
        if c.watching:
            return
        inp = screen.input
        for key, rotation in ROTATION_BUTTONS.items():
            _enable(b.get(key), inp.enabled and inp.rotation_move(rotation) is not None)
        _enable(b.get("fire"), inp.enabled and inp.fire_move() is not None)
        _enable(b.get("end_turn"), inp.enabled and inp.end_turn_move() is not None)
        _set_text(b.get("style"), f"Pieces: {chessmen.style().upper()}")
        _enable(b["undo"], c.can_undo() and not screen.view.busy)
        _enable(b["resign"], c.may_resign())
        _enable(b["draw"], c.may_resign())
        confirm = screen.confirm
        _set_text(b["draw"], "Sure?" if confirm.armed("draw") else DRAW_LABELS[c.draw_choice()])
        _set_text(b["resign"], "Sure?" if confirm.armed("resign") else "Resign")

    def _refresh_study(self) -> None:
        b, screen, c = self.buttons, self.screen, self.screen.controller
        if "threats" in b:
            b["threats"].select() if screen.study.threats_on else b["threats"].unselect()
        _enable(b.get("hint"), c.can_hint() and not screen.view.busy)
        if "pause" in b:
            _set_text(b["pause"], "Resume" if c.watch.paused else "Pause")
            _enable(b["pause"], not c.finished)
            _enable(b["step"], not c.finished and c.watch.paused and not c.searching)
            _set_text(b["speed"], f"Speed {c.watch.speed}")

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, status: tuple[str, tuple[int, int, int]]) -> None:
        screen, c = self.screen, self.screen.controller
        game = c.game
        details = [game.setup or "Custom position"]
        if game.time_control is not None:
            details.append(game.time_control.label())
        draw_panel_title(surface, self.side_panel, screen.variant.title, " · ".join(details))
        panel(surface, self.side_panel)
        for color, rect in self.cards.items():
            self._draw_card(surface, color, rect)
        self._draw_status(surface, *status)
        screen.moves.draw(surface)
        if c.finished and self.over_buttons:
            self._draw_over(surface)

    def _draw_status(self, surface: pygame.Surface, text: str, colour: tuple[int, int, int]) -> None:
        size = surface.get_size()
        rect = self.status_rect
        pygame.draw.rect(surface, STATUS_BG, rect, border_radius=px(8, size))
        pygame.draw.rect(surface, STATUS_EDGE, rect, 1, border_radius=px(8, size))
        box = rect.inflate(-px(16, size), -px(6, size))
        box.width -= px(18, size)  # room for the "?" that says the line links to the rules
        f, lines = fitting_font(text, box, BODY_TEXT.at(size), bold=True)  # never cut off
        blit_wrapped(surface, text, f, colour, box, max_lines=lines)
        if "rules" in self.screen.app.registry:
            r = max(6, px(8, size))
            centre = (rect.right - r - px(6, size), rect.centery)
            pygame.draw.circle(surface, STATUS_EDGE, centre, r, 1)
            mark = font(max(9, r + 3), bold=True).render("?", True, LINK_MARK)
            surface.blit(mark, mark.get_rect(center=centre))

    def _draw_card(self, surface: pygame.Surface, color: int, rect: pygame.Rect) -> None:
        screen, c = self.screen, self.screen.controller
        s = c.session
        to_move = not s.finished and s.turn == color
        thinking = c.thinking if to_move and s.is_cpu(color) else None
        remaining = s.remaining
        draw_player_card(
            surface,
            rect,
            screen.variant,
            screen.view.scheme,
            color,
            c.side_label(color),
            active=to_move,
            captured=self.shown_captures(list(c.line.captured_by(color))),
            clock=remaining[color] if remaining is not None else None,
            low_time=s.low_time(color),
            note=f"depth {thinking.depth}" if thinking is not None else None,
            turn_note=c.turn_note() if s.turn == color else None,
        )

    def shown_captures(self, captured: list[Piece]) -> list[Piece]:
        """The captured pieces, less those still standing on the board while a shot is shown
        (a piece counts once it has burst)."""
        out = list(captured)
        for code in self.screen.view.unburst():
            standing = Piece.from_code(code)
            same = [i for i, p in enumerate(out) if (p.kind, p.color) == (standing.kind, standing.color)]
            if same:
                del out[same[-1]]
        return out

    def _draw_over(self, surface: pygame.Surface) -> None:
        c = self.screen.controller
        s = c.session
        outcome = s.outcome
        if outcome is None:  # only a finished game has this panel
            return
        size = surface.get_size()
        view = self.screen.view
        veil = pygame.Surface(view.rect.size, pygame.SRCALPHA)
        veil.fill(BOARD_VEIL)
        surface.blit(veil, view.rect)
        panel(surface, self.over_rect, alpha=235)
        names = self.screen.variant.side_names
        won = outcome.winner
        title = "Draw" if won is None else f"{names[won]} wins"
        if won is not None and s.against_cpu and not c.watching:
            title = "You win!" if not s.is_cpu(won) else "The CPU wins"
        winner = s.player(won) if won is not None else None
        if won is not None and winner is not None and winner.script:
            title = f"Engine {winner.script} wins" if s.is_cpu(1 - int(won)) else "The engine wins"
        big = font(RESULT_TITLE.at(size), bold=True).render(title, True, HEADING)
        surface.blit(big, big.get_rect(midtop=(self.over_rect.centerx, self.over_rect.y + px(16, size))))
        reason = outcome.reason_text(self.screen.variant.royal_name)
        moves = plural(c.line.full_move(), "move")
        line = f"{reason[0].upper()}{reason[1:]} · {moves}"
        small = font(LARGE_TEXT.at(size)).render(line, True, RESULT_LINE)
        surface.blit(small, small.get_rect(midtop=(self.over_rect.centerx, self.over_rect.y + px(62, size))))


def _enable(button: UIButton | None, enabled: bool) -> None:
    if button is not None and button.is_enabled != enabled:
        button.enable() if enabled else button.disable()


def _set_text(button: UIButton | None, text: str) -> None:
    if button is not None and button.text != text:
        button.set_text(text)
