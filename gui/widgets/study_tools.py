"""The game screen's study tools: Hint, the Threats overlay, and the controls of a CPU-vs-CPU game.

* **Hint** (``H``) asks the engine for the best move (the game controller asks it, in the game's
  search process) and draws it as an arrow with the shot it would fire; every hint asked is
  counted in the record. Against the CPU hints are off unless the New game screen allowed them.
* **Threats** (``T``) draws the opponent's laser as it would fire now and after their most
  damaging turn of one piece (orange), rings what of yours it would destroy, and, while you point
  at a move, where their beam would go after it.
* **Watching** (both sides CPU): pause, step one move, and the pause between moves (speed): the
  controller keeps them; the screen's buttons show them.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import Move
from game.threats import Threat, exposure_after, threats
from gui.art.beam import beam_width, draw_beam
from gui.colours import HINT_TEXT, ORANGE, PROMPT_BLUE, QUIET_TEXT, THREAT_RING, THREAT_TEXT
from gui.widgets.move_arrow import draw_faint_shots, draw_move_arrow, move_shots

THREAT_BEAM = ORANGE


class GameStudy:
    """The study tools' drawing and the Threats overlay for one game screen (``screen`` is a
    GameScreen). The hint and a watched game's pause, step and speed are the game controller's
    (gui/models/game_controller.py); this draws them."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.threats_on = False
        self._threats: tuple[tuple[int, int], list[Threat]] | None = None
        self._exposure: tuple[tuple[int, int, int], Threat] | None = None
        self._hint_shots: tuple[Move, list] | None = None  # the hint and the shots it fires

    # ------------------------------------------------------------ facts
    @property
    def controller(self):
        return self.screen.controller

    @property
    def session(self):
        return self.controller.session

    @property
    def watching(self) -> bool:
        return self.controller.watching

    @property
    def hints_allowed(self) -> bool:
        return self.controller.hints_allowed

    @property
    def paused(self) -> bool:
        return self.controller.watch.paused

    @property
    def speed(self) -> str:
        return self.controller.watch.speed

    def _key(self) -> tuple[int, int]:
        pos = self.session.position
        return (pos.hash, pos.ply)

    def can_hint(self) -> bool:
        return self.controller.can_hint()

    # ------------------------------------------------------------ hint
    def request_hint(self) -> bool:
        """Ask for the best move here (counted once per position); False when not allowed now."""
        return self.controller.request_hint()

    @property
    def thinking(self) -> bool:
        return self.controller.hint_pending is not None

    def current_hint(self) -> tuple[Move, list] | None:
        """The hint for the live position and the shots it would fire (None: no hint now)."""
        move = self.controller.current_hint()
        if move is None:
            return None
        if self._hint_shots is None or self._hint_shots[0] != move:
            found = move_shots(self.session.position, self.session.position.move_text(move))
            self._hint_shots = (move, found[1]) if found is not None else (move, [])
        return self._hint_shots

    # ------------------------------------------------------------ threats
    def me(self) -> int:
        """Whose threats to show: the human to move, or the side to move in a two-player game."""
        return self.controller.me()

    def toggle_threats(self) -> None:
        self.threats_on = not self.threats_on

    def current_threats(self) -> list[Threat]:
        key = self._key()
        if self._threats is None or self._threats[0] != key:
            self._threats = (key, threats(self.session.position, self.me()))
        return self._threats[1]

    def exposure(self, move: Move) -> Threat:
        key = (*self._key(), move.code)
        if self._exposure is None or self._exposure[0] != key:
            self._exposure = (key, exposure_after(self.session.position, move, self.session.turn))
        return self._exposure[1]

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, pointed: Move | None) -> None:
        """Over the board: threats (when on) and the hint."""
        view = self.screen.view
        if view.busy or not self.controller.live:
            return
        live = not self.session.finished
        if self.threats_on and live:
            if pointed is not None:
                shown = [self.exposure(pointed)]
            else:
                shown = self.current_threats()
            half = beam_width(view.layout.square)
            for threat in shown:
                for shot in threat.shots:
                    points = view.shot_points(shot)
                    draw_beam(surface, points, 1.0, THREAT_BEAM, half, 0.0, 0.45, False, False)
                for sq in threat.victims:
                    r = view.square_rect(sq)
                    width = max(2, view.layout.square // 14)
                    pygame.draw.circle(surface, THREAT_RING, r.center, int(r.w * 0.47), width)
        hint = self.current_hint() if live else None
        if hint is not None:
            draw_faint_shots(surface, view, hint[1])
            draw_move_arrow(surface, view, hint[0])

    def status(self) -> tuple[str, tuple[int, int, int]] | None:
        """A status line the study tools want shown (None: the screen's own)."""
        if self.thinking:
            return "Looking for a hint…", PROMPT_BLUE
        hint = self.current_hint()
        if hint is not None:
            return f"Hint: {self.session.position.move_text(hint[0])}", HINT_TEXT
        if self.threats_on and not self.session.finished and self.controller.live:
            shown = self.current_threats()
            names = self.session.position.geometry.names
            for threat in shown:
                if threat.victims:
                    where = ", ".join(names[sq] for sq in threat.victims)
                    how = "now" if threat.move is None else f"after {threat.move}"
                    return f"Threat: the enemy laser would destroy {where} ({how})", THREAT_TEXT
            return "Threats: no piece of yours in reach of one enemy turn", QUIET_TEXT
        return None
