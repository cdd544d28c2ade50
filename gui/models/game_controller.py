"""The game controller: everything a game screen decides, with no pygame.

It owns the session (gui.session: the game line, clocks, draws, saving), the players (each CPU
side and the hint through one :class:`~gui.models.players.AsyncOpponent`, sharing one search
process), the premove queue, the browse cursor and a CPU-vs-CPU game's watching controls, and it
exposes the facts a screen draws as properties. A screen maps events to its intents:

* :meth:`submit` — a complete move from the board, a key or a button (played, or queued as a
  premove during the opponent's turn: a click, ``X``, the Fire button and a typed move all go
  through it);
* :meth:`type_move`, :meth:`browse`, :meth:`undo`, :meth:`resign`, :meth:`draw`,
  :meth:`request_hint`, :meth:`pause`, :meth:`step_once`, :meth:`next_speed`, :meth:`clear_premove`;
* :meth:`update` every frame (clocks, the CPU, premoves), telling it whether the board is still
  animating; what was played (by anyone) is handed back by :meth:`take_played` for the screen to
  animate, and messages for the player by :meth:`take_notices`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game import Game, Move, Position
from game.effects import Effects
from game.errors import LaserChessError
from game.line import GameLine
from game.opponents import SearchOpponent
from game.scripted import ScriptedEngine
from game.search.levels import get_level
from game.search.limits import Limits, Progress
from game.search.worker import SearchWorker
from gui.models.players import AsyncOpponent, Reply
from gui.session import GameSession

REPLY_DELAY = 0.5  # seconds before a scripted engine answers a person (it would answer at once)
HINT_SECONDS = 1.5  # the engine's time for a hint
CPU_ACCEPTS_DRAW_BELOW = -150  # the CPU takes a draw offer when its own score is this bad
WATCH_SPEEDS: dict[str, float] = {"½×": 2.0, "1×": 1.0, "2×": 0.5, "4×": 0.0}  # pause multiplier
WATCH_PAUSE = 0.8  # seconds between moves at 1x in a CPU-vs-CPU game (after the animation)


@dataclass(frozen=True)
class Premove:
    """A move entered during the opponent's turn, played when ``side``'s turn comes if still legal."""

    side: int
    move: Move
    text: str


@dataclass
class Watching:
    """A CPU-vs-CPU game's controls: pause, one step while paused, the pause between moves."""

    paused: bool = False
    speed: str = "1×"
    step: bool = False
    wait: float = 0.0

    def next_speed(self) -> str:
        names = list(WATCH_SPEEDS)
        self.speed = names[(names.index(self.speed) + 1) % len(names)]
        return self.speed

    def moved(self) -> None:
        """A move was played: the next one waits a little."""
        self.wait = WATCH_PAUSE * WATCH_SPEEDS[self.speed]

    def may_start(self, dt: float) -> bool:
        """May the next CPU move start now (not paused, or one step asked; the pause over)?"""
        if self.step:
            self.step = False
            return True
        if self.paused:
            return False
        if self.wait > 0:
            self.wait -= dt
            return False
        return True


def opponent_for(game: Game, color: int) -> ScriptedEngine | SearchOpponent:
    """The engine a CPU player of the record names: a scripted engine, or our search at its level."""
    player = game.players[color]
    if player.script and player.serial:
        return ScriptedEngine.parse(player.script, player.serial)
    return SearchOpponent(get_level(player.level or "Medium").name)


class GameController:
    """One game on a screen: its session, players, premove, browsing and watching (see the module)."""

    def __init__(
        self,
        game: Game,
        saves_folder: Path | None = None,
        clock_waits: bool | None = None,
        make_worker: Callable[[], SearchWorker] = SearchWorker,
    ) -> None:
        self.session = GameSession(game, saves_folder, clock_waits)
        self._make_worker = make_worker
        self._worker: SearchWorker | None = None
        self.players: dict[int, AsyncOpponent] = {}
        for color in (0, 1):
            if self.session.is_cpu(color):
                self.players[color] = AsyncOpponent(opponent_for(game, color), self.worker, REPLY_DELAY)
        self.hint_source = AsyncOpponent(
            SearchOpponent("Expert"), self.worker, limits=Limits(movetime=HINT_SECONDS)
        )
        self.premove: Premove | None = None
        self.premoving = False  # the move input holds the premover's position, not the live one
        self._premove_pos: tuple[tuple[int, int, int], Position] | None = None
        self.view_ply: int | None = None  # browsing an earlier position (None: the live one)
        self.error: str | None = None  # why the CPU stopped
        self.typed_error: str | None = None  # why the typed move was refused
        self.cpu_score: int | None = None  # the CPU's last score, from its own point of view
        self.deepest = 0  # the deepest depth the CPU completed in its last search
        self.watch = Watching()
        self.hint: tuple[tuple[int, int], Move] | None = None  # (position key, the engine's move)
        self.hint_pending: tuple[int, int] | None = None
        self._in_beam: tuple[tuple[int, int], bool] | None = None
        self._played: list[Effects] = []
        self._notices: list[tuple[str, str]] = [(text, "error") for text in self.session.notices]

    # ------------------------------------------------------------ the shared search process
    def worker(self) -> SearchWorker:
        if self._worker is None:
            self._worker = self._make_worker()
        return self._worker

    def close(self) -> None:
        """Leaving: stop every search, save, and let the search process go."""
        self._cancel_all()
        self.session.save()
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def _cancel_all(self) -> None:
        for source in (*self.players.values(), self.hint_source):
            source.cancel()
        self.hint_pending = None

    # ------------------------------------------------------------ facts
    @property
    def line(self) -> GameLine:
        return self.session.line

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def position(self) -> Position:
        return self.session.position

    @property
    def variant(self):
        return self.session.variant

    @property
    def finished(self) -> bool:
        return self.session.finished

    @property
    def live(self) -> bool:
        """The live position is on the board (not an earlier one being browsed)."""
        return self.view_ply is None

    @property
    def shown_ply(self) -> int:
        return len(self.line) if self.view_ply is None else self.view_ply

    @property
    def human_turn(self) -> bool:
        return not self.finished and not self.session.is_cpu(self.session.turn)

    @property
    def watching(self) -> bool:
        """Both sides are the CPU: the player watches (pause, step, speed)."""
        return self.session.is_cpu(0) and self.session.is_cpu(1)

    @property
    def searching(self) -> bool:
        """A CPU side has been asked for its move and has not answered yet."""
        return any(p.busy for p in self.players.values())

    @property
    def thinking(self) -> Progress | None:
        """The CPU's search progress while it thinks (its last completed depth)."""
        s = self.session
        source = self.players.get(s.turn)
        return source.progress if source is not None and source.busy and not s.finished else None

    @property
    def cpu_waiting(self) -> bool:
        """The CPU is to move and will move without the player (not paused, no error)."""
        paused = self.watching and self.watch.paused and not self.watch.step
        return self.session.cpu_to_move and self.error is None and not paused

    def me(self) -> int:
        """The side whose view the study tools take: the human to move, else the human."""
        s = self.session
        humans = s.humans
        return s.turn if s.turn in humans or not humans else humans[0]

    def side_label(self, color: int) -> str:
        """``Silver · You``, ``Red · CPU Medium``, ``Red · L4 · Light squares are lava``."""
        from game.scripted import NAMES

        player = self.session.player(color)
        side = self.variant.side_names[color]
        if player.script:
            return f"{side} · {player.script} · {NAMES[player.script[0]]}"
        if player.kind == "cpu":
            return f"{side} · CPU {player.level}"
        return f"{side} · You" if self.session.against_cpu else side

    def turn_note(self) -> str | None:
        """What is left of the live turn in the rule set's words ("1 action left"), or None."""
        if self.finished or self.view_ply is not None:
            return None
        return self.variant.turn_progress(self.position)

    @property
    def royal_in_beam(self) -> bool:
        """Is the side to move's royal piece in the enemy beam now (once per position)?"""
        key = self._key()
        if self._in_beam is None or self._in_beam[0] != key:
            self._in_beam = (key, self.position.royal_in_beam(self.session.turn))
        return self._in_beam[1]

    def can_undo(self) -> bool:
        return self.session.can_undo() and self.view_ply is None

    def may_resign(self) -> bool:
        """Resign and Draw are for a person with a say in the live game."""
        s = self.session
        return not s.finished and self.view_ply is None and (self.human_turn or s.against_cpu)

    # ------------------------------------------------------------ premoves
    def premove_side(self) -> int | None:
        """The side that may queue a move now: the human while the CPU is to move, or in a
        two-player clock game the side that just moved."""
        s = self.session
        if s.finished or self.view_ply is not None:
            return None
        if s.against_cpu and s.is_cpu(s.turn) and not s.is_cpu(1 - s.turn):
            return 1 - s.turn
        if not s.against_cpu and s.game.time_control is not None:
            return 1 - s.turn
        return None

    def premove_position(self, side: int) -> Position:
        """The live board with ``side`` to move: premoves are entered on it like any move; whether
        one is still legal is asked when its turn comes."""
        pos = self.position
        key = (pos.hash, len(self.line), side)
        if self._premove_pos is None or self._premove_pos[0] != key:
            self._premove_pos = (key, Position(pos.variant, list(pos.board), side, pos.options))
        return self._premove_pos[1]

    def input_position(self, busy: bool) -> Position | None:
        """The position the board's move input works on: the live one when a person may move, the
        premover's during the opponent's turn, None (locked) otherwise. ``busy``: still animating."""
        side = self.premove_side() if self.view_ply is None and not busy else None
        if side is None:
            self.premoving = False
        elif not self.human_turn:
            self.premoving = True  # against the CPU, its turn is the human's time to premove
        if self.premoving and side is not None:
            return self.premove_position(side)
        if self.view_ply is None and self.human_turn and not busy:
            return self.position
        return None

    def want_premoving(self, wanted: bool) -> bool:
        """A two-player clock game: a press on a piece of the side not to move switches the input
        to premoving (and back). True when that changed."""
        if self.premove_side() is None or not self.human_turn or wanted == self.premoving:
            return False
        self.premoving = wanted
        return True

    def clear_premove(self) -> None:
        self.premove = None

    def _queue(self, move: Move) -> bool:
        side = self.premove_side()
        if side is None:
            return False
        self.premove = Premove(side, move, self.premove_position(side).move_text(move))
        return True

    def _play_premove(self) -> None:
        """The premover's turn has come: play the queued move if it is legal now, else drop it."""
        pre = self.premove
        if pre is None or self.view_ply is not None or self.finished or self.session.turn != pre.side:
            return
        self.premove = None
        if pre.move in self.position.legal_moves:
            self.play(pre.move)
        else:
            self._notices.append((f"Premove {pre.text} dropped: it is not legal now.", "info"))

    # ------------------------------------------------------------ intents
    def submit(self, move: Move) -> bool:
        """A complete move from the board, a key or a button: played when it is the mover's turn,
        queued as a premove while the input holds the premover's position. False if neither."""
        if self.premoving:
            return self._queue(move)
        if not self.human_turn or self.view_ply is not None:
            return False
        if move not in self.position.legal_moves:
            return False
        self.play(move)
        return True

    def play(self, move: Move) -> Effects:
        """Play a legal action of the side to move (a person's or the CPU's)."""
        effects = self.session.play(move)
        self.view_ply = None
        self.typed_error = None
        self.watch.moved()
        self._cancel_hint()
        self._played.append(effects)
        if self.session.save_error:
            self._notices.append((self.session.save_error, "error"))
        return effects

    def type_move(self, text: str) -> bool:
        """A typed move (``e4e5``, ``c4R``): read on the board the input works on (the live one,
        or the premover's during the CPU's turn) and handed to :meth:`submit`, as a click or a key
        would; else :attr:`typed_error` says why (the rules' own reason)."""
        text = text.strip()
        if not text:
            return False
        self.view_ply = None
        side = self.premove_side()
        premove = not self.human_turn and side is not None  # typed during the CPU's turn: queued
        if not self.human_turn and not premove:
            self.typed_error = f"{text}: wait for your turn" if not self.finished else "The game is over"
            return False
        target = self.premove_position(side) if premove and side is not None else self.position
        try:
            move = target.parse_move(text)
        except LaserChessError as exc:
            self.typed_error = str(exc)
            return False
        self.typed_error = None
        self.premoving = premove  # the text was read for the mover (or the premover): it is theirs
        return self.submit(move)

    def browse(self, ply: int | None) -> bool:
        """Show the position after ``ply`` actions (None or the last: the live one). True if changed."""
        total = len(self.line)
        if ply is not None and ply >= total:
            ply = None
        elif ply is not None and ply < 0:
            ply = 0
        if ply == self.view_ply:
            return False
        self.view_ply = ply
        return True

    def browse_step(self, delta: int) -> bool:
        return self.browse(self.shown_ply + delta)

    def undo(self) -> int:
        """Take back (the CPU's search stops; a queued premove is dropped)."""
        self._cancel_all()
        self.premove = None
        undone = self.session.undo()
        if undone:
            self.error = None
            self.view_ply = None
        return undone

    def resign(self) -> None:
        """The person resigns (the side to move if a person, else the person)."""
        s = self.session
        self._cancel_all()
        humans = s.humans or [s.turn]
        s.resign(s.turn if s.turn in humans else humans[0])

    def draw_choice(self) -> str:
        """What the Draw button does now: "claim" (threefold repetition), "accept" (an offer from
        the other side) or "offer"."""
        s = self.session
        if s.can_claim_draw():
            return "claim"
        offer = s.draw_offer
        if offer is not None and not s.is_cpu(s.turn) and offer.by != s.turn:
            return "accept"
        return "offer"

    def draw(self) -> None:
        """Claim, accept or offer a draw (see :meth:`draw_choice`); the CPU answers an offer at
        once, by its last score."""
        s = self.session
        choice = self.draw_choice()
        if choice == "claim":
            s.claim_draw()
            return
        if choice == "accept":
            s.accept_draw(s.turn)
            return
        mover = s.turn if not s.is_cpu(s.turn) else 1 - s.turn
        s.offer_draw(mover)
        cpu = 1 - mover
        if not s.is_cpu(cpu):
            self._notices.append((f"{self.variant.side_names[mover]} offers a draw.", "info"))
        elif self.cpu_score is not None and self.cpu_score <= CPU_ACCEPTS_DRAW_BELOW:
            self._cancel_all()
            s.accept_draw(cpu)
        else:
            s.draw_offer = None
            self._notices.append(("The CPU declines the draw.", "info"))

    def rematch(self) -> Game:
        """A new game with the same rules and clock, the sides swapped."""
        old = self.game
        return Game(
            start_fen=old.start_fen,
            variant=old.variant,
            setup=old.setup,
            options=old.options,
            players=(old.players[1], old.players[0]),
            time_control=old.time_control,
            hints_allowed=old.hints_allowed,
        )

    # ------------------------------------------------------------ watching (CPU against CPU)
    def pause(self) -> None:
        self.watch.paused = not self.watch.paused

    def step_once(self) -> None:
        if self.watch.paused:
            self.watch.step = True

    def next_speed(self) -> str:
        return self.watch.next_speed()

    # ------------------------------------------------------------ hint
    @property
    def hints_allowed(self) -> bool:
        s = self.session
        return not self.watching and (not s.against_cpu or s.game.hints_allowed)

    def _key(self) -> tuple[int, int]:
        return (self.position.hash, len(self.line))

    def can_hint(self) -> bool:
        return self.hints_allowed and self.human_turn and self.view_ply is None

    def request_hint(self) -> bool:
        """Ask the engine for the best move here (counted once per position)."""
        if not self.can_hint():
            return False
        key = self._key()
        if (self.hint is not None and self.hint[0] == key) or self.hint_pending == key:
            return True
        self.game.hints[self.session.turn] += 1
        self.hint_source.start(self.position)
        self.hint_pending = key
        return True

    def current_hint(self) -> Move | None:
        if self.hint is None or self.hint[0] != self._key() or self.view_ply is not None:
            return None
        return self.hint[1]

    def _cancel_hint(self) -> None:
        self.hint_source.cancel()
        self.hint_pending = None

    def _poll_hint(self, dt: float) -> None:
        if self.hint_pending is None:
            return
        reply = self.hint_source.poll(dt)
        if reply is None:
            return
        key, self.hint_pending = self.hint_pending, None
        if reply.error is not None:
            self._notices.append((f"No hint: {reply.error}", "error"))
        elif reply.move is not None and key == self._key():
            self.hint = (key, reply.move)

    # ------------------------------------------------------------ every frame
    def update(self, dt: float, busy: bool = False) -> None:
        """Advance the game by a frame of ``dt`` seconds; ``busy``: the board is still showing the
        last move (the clock, premoves and the next CPU move wait for it)."""
        s = self.session
        if not busy:
            self._play_premove()
            s.tick(dt)
            mover = self.players.get(s.turn)
            if (
                mover is not None
                and not mover.busy
                and self.cpu_waiting
                and (not self.watching or self.watch.may_start(dt))
            ):
                self._cancel_hint()
                mover.start(self.position, 0.0 if self.watching else None)
        for color, source in self.players.items():
            if busy and not source.in_worker:
                continue  # a scripted reply waits for the board to finish showing the last move
            reply = source.poll(dt)
            if reply is not None:
                self._answered(color, source, reply)
        self._poll_hint(dt)
        if s.finished:
            self._cancel_all()

    def _answered(self, color: int, source: AsyncOpponent, reply: Reply) -> None:
        if source.in_worker and source.progress is not None:
            self.deepest = source.progress.depth
        if reply.error is not None:
            self.error = f"The CPU stopped: {reply.error}. Undo takes back and lets it try again."
            self._notices.append((self.error, "error"))
            return
        if reply.score is not None:
            self.cpu_score = reply.score
        s = self.session
        if reply.move is not None and not s.finished and s.turn == color and s.is_cpu(color):
            if reply.move in self.position.legal_moves:
                self.play(reply.move)
            else:  # the engine and this position disagree: say so rather than crash
                self.error = f"The CPU chose {self.position.move_text(reply.move)}, which is not legal here."
                self._notices.append((self.error, "error"))

    def take_played(self) -> list[Effects]:
        """The actions played since the last call (the screen animates each)."""
        played, self._played = self._played, []
        return played

    def take_notices(self) -> list[tuple[str, str]]:
        """Messages for the player since the last call, as (text, "info" or "error")."""
        notices, self._notices = self._notices, []
        return notices
