"""Render the README's LaserChess 98 pictures mid-animation: a split beam (Splitter cascade), a
charged beam with a piece about to explode (Charging corridor) and a piece turned by its handle.
Usage:

    python tools/lc98_screenshots.py [OUT_DIR] [--size 1280x720]

Drives the real app headlessly with posted events, like the tests; the laser runs at the slow
setting and each picture is taken after a fixed number of 60 Hz frames, so it is reproducible.
"""

from __future__ import annotations

import math

from screenshot_kit import screenshot_app

# (file name, setup, frames after the double-click that fires the Blue Laser)
SHOTS = (
    ("lc98-split-beam", "Splitter cascade", 62),  # four beams under way, two Pawns about to burst
    ("lc98-charged-beam", "Charging corridor", 144),  # the half-charged beam down, the charged one up
)


def main() -> None:
    with screenshot_app(__doc__.splitlines()[0], "1280x720") as (app, save):
        import pygame

        from game import Game, Player
        from gui.testing import post_click, run_frames

        app.settings.laser_speed = "slow"

        def open_game(setup: str):
            app.screens.reset("menu")
            game = Game.new("laserchess98", setup, players=(Player("human"), Player("human")))
            screen = app.screens.push("game", game=game)
            screen.session.saves_folder = None  # a picture, not a game to keep
            run_frames(app, 3)
            return screen

        def at(screen, name: str) -> tuple[int, int]:
            x, y = screen.view.square_center(screen.variant.geometry.parse_square(name))
            return (int(x), int(y))

        for name, setup, frames in SHOTS:
            screen = open_game(setup)
            laser = next(m for m in screen.position.legal_moves if m.fire).from_square
            square = at(screen, screen.variant.geometry.names[laser])
            post_click(app, square, frames=1)
            post_click(app, square, frames=1)  # a double-click fires
            run_frames(app, frames - 1)
            save(name)

        # the handle: the Splitter on c1 of the start position turned half way round by the mouse
        screen = open_game("Reconstructed layout")
        post_click(app, at(screen, "c1"))
        sq = screen.variant.geometry.parse_square("c1")
        cx, cy = screen.view.square_center(sq)
        hx, hy = screen.view.handle_rect(sq).center
        radius, start = math.dist((cx, cy), (hx, hy)), math.atan2(hy - cy, hx - cx)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(hx, hy), button=1))
        run_frames(app, 2)
        for i in range(1, 9):
            a = start + math.radians(100) * i / 8
            pos = (int(cx + radius * math.cos(a)), int(cy + radius * math.sin(a)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
            run_frames(app, 1)
        run_frames(app, 2)
        save("lc98-rotate-handle")


if __name__ == "__main__":
    main()
