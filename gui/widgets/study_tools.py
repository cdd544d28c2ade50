"""The game screen's study tools: Hint, the Threats overlay, and the controls of a CPU-vs-CPU game.

* **Hint** (``H``) asks the engine for the best move in a search process of its own and draws it
  as an arrow with the shot it would fire; every hint asked is counted in the record. Against
  the CPU hints are off unless the New game screen allowed them.
* **Threats** (``T``) draws the opponent's laser as it would fire now and after their most
  damaging turn of one piece (orange), rings what of yours it would destroy, and, while you point
  at a move, where their beam would go after it.
* **Watching** (both sides CPU): pause, step one move, and the pause between moves (speed).
"""

from __future__ import annotations

from typing import Any

import pygame

from game import Move
from game.search.limits import Limits, SearchResult
from game.search.worker import SearchWorker, WorkerError
from game.threats import Threat, exposure_after, threats
from gui.art.beam import beam_width, draw_beam
from gui.colours import HINT_TEXT, ORANGE, PROMPT_BLUE, QUIET_TEXT, THREAT_RING, THREAT_TEXT
from gui.widgets.move_arrow import draw_faint_shots, draw_move_arrow, move_shots

HINT_SECONDS = 1.5  # the engine's time for a hint
THREAT_BEAM = ORANGE
WATCH_SPEEDS: dict[str, float] = {"½×": 2.0, "1×": 1.0, "2×": 0.5, "4×": 0.0}  # pause multiplier
WATCH_PAUSE = 0.8  # seconds between moves at 1x (after the move's animation)


class GameStudy:
    """State and drawing of the study tools for one game screen (``screen`` is a GameScreen)."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.worker: SearchWorker | None = None
        self.hint: tuple[tuple[int, int], Move, list] | None = None  # (position key, move, its shots)
        self.hint_pending: tuple[int, int] | None = None
        self.threats_on = False
        self._threats: tuple[tuple[int, int], list[Threat]] | None = None
        self._exposure: tuple[tuple[int, int, int], Threat] | None = None
        # watching a CPU-vs-CPU game
        self.paused = False
        self.speed = "1×"
        self.step_once = False
        self.wait = 0.0

    # ------------------------------------------------------------ facts
    @property
    def session(self):
        return self.screen.session

    @property
    def watching(self) -> bool:
        return self.session.is_cpu(0) and self.session.is_cpu(1)

    @property
    def hints_allowed(self) -> bool:
        s = self.session
        if self.watching:
            return False
        return not s.against_cpu or s.game.hints_allowed

    def _key(self) -> tuple[int, int]:
        pos = self.session.position
        return (pos.hash, pos.ply)

    def can_hint(self) -> bool:
        s = self.session
        return self.hints_allowed and not s.finished and not s.is_cpu(s.turn) and self.screen.view_ply is None

    # ------------------------------------------------------------ hint
    def request_hint(self) -> bool:
        """Ask for the best move here (counted once per position); False when not allowed now."""
        if not self.can_hint():
            return False
        key = self._key()
        if (self.hint is not None and self.hint[0] == key) or self.hint_pending == key:
            return True
        s = self.session
        s.game.hints[s.turn] += 1
        if self.worker is None:
            self.worker = SearchWorker()
        self.worker.start(s.position, limits=Limits(movetime=HINT_SECONDS))
        self.hint_pending = key
        return True

    @property
    def thinking(self) -> bool:
        return self.hint_pending is not None

    def update(self, dt: float) -> None:
        if self.worker is not None and self.hint_pending is not None:
            for item in self.worker.poll():
                if not isinstance(item, SearchResult | WorkerError):
                    continue  # progress reports
                key, self.hint_pending = self.hint_pending, None
                if isinstance(item, WorkerError):
                    self.screen.app.notify(f"No hint: {item.message}", "error")
                elif isinstance(item, SearchResult) and item.move_text and key == self._key():
                    found = move_shots(self.session.position, item.move_text)
                    if found is not None:
                        self.hint = (key, found[0], found[1])
        if self.hint_pending is not None and self.hint_pending != self._key():
            self.cancel_hint()  # the position changed (a move, an undo) before the hint came

    def cancel_hint(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
        self.hint_pending = None

    def current_hint(self) -> tuple[Move, list] | None:
        if self.hint is None or self.hint[0] != self._key() or self.screen.view_ply is not None:
            return None
        return self.hint[1], self.hint[2]

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None
        self.hint_pending = None

    # ------------------------------------------------------------ threats
    def me(self) -> int:
        """Whose threats to show: the human to move, or the side to move in a two-player game."""
        s = self.session
        humans = [c for c in (0, 1) if not s.is_cpu(c)]
        return s.turn if s.turn in humans or not humans else humans[0]

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

    # ------------------------------------------------------------ watching
    def may_start_cpu(self, dt: float) -> bool:
        """In a watched game: may the next CPU move start now (not paused, pause between moves over)?"""
        if not self.watching:
            return True
        if self.step_once:
            self.step_once = False
            return True
        if self.paused:
            return False
        if self.wait > 0:
            self.wait -= dt
            return False
        return True

    def moved(self) -> None:
        """A move was played: the next one waits a little (in a watched game)."""
        self.wait = WATCH_PAUSE * WATCH_SPEEDS[self.speed]

    def next_speed(self) -> str:
        names = list(WATCH_SPEEDS)
        self.speed = names[(names.index(self.speed) + 1) % len(names)]
        return self.speed

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, pointed: Move | None) -> None:
        """Over the board: threats (when on) and the hint."""
        view = self.screen.view
        if view.busy or self.screen.view_ply is not None:
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
        if self.hint_pending is not None:
            return "Looking for a hint…", PROMPT_BLUE
        hint = self.current_hint()
        if hint is not None:
            return f"Hint: {self.session.position.move_text(hint[0])}", HINT_TEXT
        if self.threats_on and not self.session.finished and self.screen.view_ply is None:
            shown = self.current_threats()
            names = self.session.position.geometry.names
            for threat in shown:
                if threat.victims:
                    where = ", ".join(names[sq] for sq in threat.victims)
                    how = "now" if threat.move is None else f"after {threat.move}"
                    return f"Threat: the enemy laser would destroy {where} ({how})", THREAT_TEXT
            return "Threats: no piece of yours in reach of one enemy turn", QUIET_TEXT
        return None
