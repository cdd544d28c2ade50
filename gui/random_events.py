"""Random events through the real app loop: every screen with every rule set must survive them.

For each (screen, rule set) pair the runner opens the screen on a fresh stack and feeds it random
clicks (mostly on widgets and board squares), drags, right-clicks, keys (shortcuts, Ctrl+C/V, the
keyboard cursor), typed text (emoji, right-to-left script, control characters, 300 characters),
wheel turns and window resizes, one group of events a frame through :meth:`gui.app.App.step`.
A pair fails on any exception that reaches the crash handler (the crash panel a player would
see) or escapes the loop. Events may leave the screen (Esc, the home button, "Play from here"):
the run follows the app wherever it goes and re-opens the pair's screen now and then.

``python -m gui.random_events --events 100000 --seed 1`` spreads the events over every pair and
prints one line per pair and the failures with their tracebacks (exit status 1 on any).
tests/test_random_events.py runs a fixed seed with a few hundred events per pair.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from gui.app import App

SCREENS = (
    "menu",
    "settings",
    "config",
    "game_friend",
    "game_cpu",
    "editor",
    "browser",
    "replay",
    "rules",
    "puzzle",
    "puzzles",
    "lessons",
    "learn",
)
VARIANT_FREE = ("menu", "settings", "learn")  # screens that show no rule set: one pair each, not six
SIZES = ((640, 480), (800, 600), (1024, 768), (1280, 720), (1600, 900), (1920, 1080), (300, 200), (2000, 700))
KEYS = (
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_SLASH,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_a,
    pygame.K_c,
    pygame.K_e,
    pygame.K_f,
    pygame.K_h,
    pygame.K_l,
    pygame.K_m,
    pygame.K_n,
    pygame.K_p,
    pygame.K_q,
    pygame.K_r,
    pygame.K_s,
    pygame.K_t,
    pygame.K_u,
    pygame.K_v,
    pygame.K_x,
    pygame.K_y,
    pygame.K_z,
    pygame.K_1,
    pygame.K_2,
    pygame.K_PLUS,
    pygame.K_MINUS,
)
TEXTS = (
    "e4e5",
    "c4R",
    "j1L",
    "d1>E",
    "x",
    "N",
    "🙂🚀 laser ♟",
    "مرحبا بالعالم",
    "שלום עולם",
    "a\x00b\x07c",
    "\u202etxet\u202c",
    "Z" * 300,
    "e" * 300,
    "  ",
    "{}" * 40,
    "1. e4e5 *",
    "-1e999",
    "../../etc/passwd",
)


@dataclass
class Failure:
    """One crash: where, after how many events, what was raised, and the events just before it."""

    screen: str
    variant: str
    event: int
    error: str
    details: str
    recent: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        recent = "\n    ".join(self.recent)
        return (
            f"{self.screen} × {self.variant}, event {self.event}: {self.error}\n"
            f"  last events:\n    {recent}\n{self.details}"
        )


@dataclass
class PairResult:
    screen: str
    variant: str
    events: int
    seconds: float
    failures: list[Failure]
    visited: set[str]


def pairs(
    screens: tuple[str, ...] = SCREENS, variants: tuple[str, ...] | None = None
) -> list[tuple[str, str]]:
    """Every (screen, rule set) pair; a screen that shows no rule set is one pair."""
    from game.variants import VARIANTS

    names = tuple(VARIANTS) if variants is None else variants
    out: list[tuple[str, str]] = []
    for screen in screens:
        if screen in VARIANT_FREE:
            out.append((screen, "-"))
        else:
            out.extend((screen, v) for v in names)
    return out


# ------------------------------------------------------------------ opening a pair's screen
def _sample_game(variant: str, rng: random.Random, plies: int, cpu: bool = False) -> Any:
    from game import Player, TimeControl
    from gui.samples import play_sample_game

    game, _ = play_sample_game(rng, variant, None, plies, allow_win=rng.random() < 0.5)
    if cpu:
        game.players = (Player("human", "You"), Player("cpu", level="Beginner"))
    if rng.random() < 0.5:
        game.time_control = TimeControl(rng.choice((60.0, 300.0)), rng.choice((0.0, 5.0)))
    return game


def open_pair(app: App, screen: str, variant: str, rng: random.Random) -> None:
    """A fresh stack: the main menu with the pair's screen on top, set up for the rule set."""
    from game import Game, Player
    from game.variants import get_variant
    from gui.screens.config import ConfigScreen

    app.screens.reset("menu")
    if screen == "menu":
        return
    if screen in ("settings", "browser"):
        app.screens.push(screen)
        return
    if screen == "config":
        ConfigScreen.remembered.variant = variant
        ConfigScreen.remembered.setup = None
        ConfigScreen.remembered.fen = ""
        app.screens.push("config", variant=variant)
        return
    if screen in ("game_friend", "game_cpu"):
        v = get_variant(variant)
        if screen == "game_cpu":
            human, cpu = Player("human", "You"), Player("cpu", level="Beginner")
            if v.engine.scripted and rng.random() < 0.5:
                from game.scripted import random_engines, random_serial

                cpu = Player("cpu", script=random_engines(1), serial=random_serial())
            players = (human, cpu) if rng.random() < 0.5 else (cpu, human)
        else:
            players = (Player("human", v.side_names[0]), Player("human", v.side_names[1]))
        game = _sample_game(variant, rng, rng.choice((0, 0, 4, 12)))
        game.players = players
        game.outcome = None
        game.ended_at = None
        if game.position_at().outcome() is not None:
            game = Game.new(variant, players=players, time_control=game.time_control)
        app.screens.push("game", game=game)
        return
    if screen == "replay":
        from game.analysis import Strength, analyse_game

        game = _sample_game(variant, rng, rng.randint(4, 40), cpu=rng.random() < 0.5)
        if rng.random() < 0.3:
            game.analysis = analyse_game(game, Strength("random events", 1, 0.2, "depth 1"))
        app.screens.push("replay", game=game, ply=rng.randint(0, len(game.moves)))
        return
    if screen == "editor":
        app.screens.push("editor", variant=variant)
        return
    if screen == "rules":
        app.screens.push("rules", variant=variant)
        return
    if screen == "puzzle":
        app.screens.push("puzzle", seed=rng.randrange(2**20))
        return
    if screen in ("puzzles", "lessons"):
        app.screens.push(screen, variant=variant)
        return
    if screen == "learn":
        from gui.screens.learn import sample_game

        app.screens.push("learn", game=sample_game())
        return
    raise ValueError(f"unknown screen {screen!r}")


def seed_saves(folder: Path, variant: str, rng: random.Random) -> None:
    """A few games of the rule set in the saves folder (finished, unfinished, one damaged file)."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(3):
        game = _sample_game(variant, rng, rng.randint(2, 30), cpu=i == 1)
        game.game_id = f"rnd{variant[:6]}{i}"
        with contextlib.suppress(Exception):
            game.save(folder)
    (folder / "damaged.json").write_text('{"format": "laser-chess-game", "version": 1, "moves": [', "utf-8")


# ------------------------------------------------------------------ events
def _targets(app: App) -> list[tuple[int, int]]:
    """Centres of visible widgets and of board squares (so many clicks land on something)."""
    points = [e.rect.center for e in app.ui.get_sprite_group().sprites() if e.visible and e.rect.width > 0]
    top = app.screens.top
    board = getattr(top, "board", None)  # the puzzle and lesson screens' PuzzleBoard
    view = getattr(top, "view", None) or getattr(top, "preview", None) or getattr(board, "view", None)
    layout = getattr(view, "layout", None)
    if view is not None and layout is not None and hasattr(view, "square_rect"):
        with contextlib.suppress(Exception):
            size = view.variant.geometry.size
            squares = [view.square_rect(sq).center for sq in range(size)]
            points.extend(squares * 2)
    return points


def _point(rng: random.Random, app: App) -> tuple[int, int]:
    w, h = app.window_size
    targets = _targets(app)
    if targets and rng.random() < 0.8:
        x, y = rng.choice(targets)
        return (x + rng.randint(-5, 5), y + rng.randint(-4, 4))
    return (rng.randrange(w), rng.randrange(h))


def _key_events(key: int, mod: int = 0, unicode: str = "") -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0),
    ]


def random_events(rng: random.Random, app: App) -> tuple[str, list[pygame.event.Event]]:
    """One user gesture as a short description and the pygame events that make it."""
    roll = rng.random()
    if roll < 0.40:
        pos = _point(rng, app)
        button = rng.choice((1, 1, 1, 1, 3, 2))
        clicks = 2 if rng.random() < 0.08 else 1  # a double-click now and then
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
        for _ in range(clicks):
            events += [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
            ]
        return f"click {button}×{clicks} {pos}", events
    if roll < 0.62:
        key = rng.choice(KEYS)
        mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
        name = pygame.key.name(key)
        return f"key {'ctrl+' if mod & pygame.KMOD_CTRL else ''}{name}", _key_events(key, mod)
    if roll < 0.70:
        text = rng.choice(TEXTS)
        events = [pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text[:300]]
        if rng.random() < 0.5:
            events += _key_events(pygame.K_RETURN)
        return f"text {text[:20]!r}", events
    if roll < 0.82:
        start, end = _point(rng, app), _point(rng, app)
        button = 1 if rng.random() < 0.85 else 3
        mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        return f"drag {button} {start}->{end}", [
            pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button),
            pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(1, 1), buttons=held),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=held),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button),
        ]
    if roll < 0.90:
        pos = _point(rng, app)
        y = rng.choice((-3, -1, 1, 3))
        return f"wheel {y} {pos}", [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)),
        ]
    if roll < 0.93:
        size = rng.choice(SIZES)
        return f"resize {size}", [pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])]
    if roll < 0.97:
        return "wait", []  # frames pass: animations, the CPU, clocks
    from gui import clipboard

    text = rng.choice(_CLIPBOARD_TEXTS)()
    clipboard.put_text(text)
    return f"clipboard {text[:24]!r} + ctrl+v", _key_events(pygame.K_v, pygame.KMOD_CTRL)


def _game_text_with(name: str) -> str:
    return (
        f'[Event "Laser Chess"]\n[Variant "khet"]\n[Silver "{name}"]\n[Red "B"]\n[Result "*"]\n\n1. c1c2 *\n'
    )


_CLIPBOARD_TEXTS: tuple[Callable[[], str], ...] = (
    lambda: "",
    lambda: "not a game",
    lambda: "[" * 5000,
    lambda: '{"a":' * 3000,
    lambda: _game_text_with("A\x00B"),
    lambda: _game_text_with("🙂" * 50),
    lambda: _game_text_with("Ana"),
    lambda: "x1/2/3 w",
    lambda: "\u202e" * 100,
)


# ------------------------------------------------------------------ running
@contextlib.contextmanager
def crash_watch(failures: list[Any]) -> Iterator[None]:
    """Record every exception the app's crash handler is given (and still let it show the panel)."""
    import gui.crash

    original = gui.crash.handle_crash

    def watching(app: App, exc: Exception) -> bool:
        failures.append(exc)
        return original(app, exc)

    gui.crash.handle_crash = watching  # type: ignore[assignment]
    try:
        yield
    finally:
        gui.crash.handle_crash = original  # type: ignore[assignment]


def run_pair(app: App, screen: str, variant: str, events: int, rng: random.Random) -> PairResult:
    """Feed ``events`` random gestures to the pair's screen; each crash is one Failure."""
    from gui import paths

    variant_name = variant if variant != "-" else rng.choice(("khet", "laserchess98", "lousychess"))
    seed_saves(paths.saves_dir(), variant_name, rng)
    started = time.process_time()
    failures: list[Failure] = []
    visited: set[str] = set()
    recent: list[str] = []
    caught: list[BaseException] = []
    with crash_watch(caught):
        try:
            open_pair(app, screen, variant_name, rng)
        except Exception as exc:  # opening the screen is part of the test
            failures.append(_failure(screen, variant, 0, exc, ["open"]))
            return PairResult(screen, variant, 0, time.process_time() - started, failures, visited)
        for i in range(1, events + 1):
            top = app.screens.top
            if i % 60 == 0 and top is not None and top.name == "menu" and screen != "menu":
                open_pair(app, screen, variant_name, rng)  # back to the pair's screen now and then
            label, gesture = random_events(rng, app)
            recent = [*recent[-11:], f"{app.screens.top.name if app.screens.top else '?'}: {label}"]
            for event in gesture:
                pygame.event.post(event)
            try:
                app.step(1 / 60)
                if rng.random() < 0.3:
                    app.step(1 / 60)
            except Exception as exc:  # escaped the crash handler
                failures.append(_failure(screen, variant, i, exc, recent))
                open_pair(app, screen, variant_name, rng)
            if caught:
                failures.extend(_failure(screen, variant, i, exc, recent) for exc in caught)
                caught.clear()
                open_pair(app, screen, variant_name, rng)
            if not app.running:  # Quit was pressed: carry on
                app.running = True
            if app.screens.top is not None:
                visited.add(app.screens.top.name)
    return PairResult(screen, variant, events, time.process_time() - started, failures, visited)


def _failure(screen: str, variant: str, i: int, exc: BaseException, recent: list[str]) -> Failure:
    details = "".join(traceback.format_exception(exc))
    return Failure(screen, variant, i, f"{type(exc).__name__}: {exc}"[:300], details, list(recent))


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    """A silent app with the player's usual settings (animations on, so clicks land mid-animation)."""
    from gui.app import App

    return App(size, sound=False)


def run(
    total: int,
    seed: int,
    screens: tuple[str, ...] = SCREENS,
    variants: tuple[str, ...] | None = None,
    report: Callable[[PairResult], None] | None = None,
) -> list[PairResult]:
    """``total`` events spread evenly over the pairs, each pair with its own generator from ``seed``."""
    from gui import library
    from gui.screens.config import ConfigScreen

    todo = pairs(screens, variants)
    per_pair = max(1, total // len(todo))
    results = []
    app = make_app()
    try:
        for screen, variant in todo:
            library.clear_caches()
            ConfigScreen.remembered = type(ConfigScreen.remembered)()
            rng = random.Random(f"{seed}/{screen}/{variant}")
            result = run_pair(app, screen, variant, per_pair, rng)
            results.append(result)
            if report is not None:
                report(result)
    finally:
        app.shutdown()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gui.random_events", description="Random events over every screen × rule set."
    )
    parser.add_argument("--events", type=int, default=6000, help="events in all, spread over the pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--screens", default=",".join(SCREENS), help="comma-separated screens")
    parser.add_argument("--variants", default="", help="comma-separated rule sets (default: all)")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    screens = tuple(s for s in args.screens.split(",") if s)
    unknown = [s for s in screens if s not in SCREENS]
    if unknown or args.events <= 0:
        print(f"error: unknown screen {unknown[0]!r}" if unknown else "error: --events must be positive")
        return 2
    variants = tuple(v for v in args.variants.split(",") if v) or None
    with tempfile.TemporaryDirectory() as folder:
        os.environ["LASERCHESS_DATA"] = folder  # never the player's settings and saves

        def report(r: PairResult) -> None:
            print(
                f"{r.screen:12} {r.variant:16} {r.events:6} events {r.seconds:7.1f} s CPU "
                f"{len(r.failures)} crashes  screens: {','.join(sorted(r.visited))}",
                flush=True,
            )
            for failure in r.failures:  # at once, so a long run shows them as they come
                print(failure, file=sys.stderr, flush=True)

        results = run(args.events, args.seed, screens, variants, report)
    failures = [f for r in results for f in r.failures]
    total = sum(r.events for r in results)
    print(f"{total} events, {len(results)} pairs, seed {args.seed}: {len(failures)} crash-handler triggers")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
