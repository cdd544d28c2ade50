"""Render the pictures of the play-feel features at a window size: Laser Chess 1987's hypersquare
preview (every landing square with its odds), a piece card, a Rules board waiting for the player
(with its hint) and arrows and circles drawn on a game. Usage:

    python tools/playfeel_screenshots.py [OUT_DIR] [--size 1280x720]

Writes hypersquare-preview-WxH.png, piece-card-WxH.png, rules-board-WxH.png and arrows-WxH.png.
Drives the real app headlessly with posted events, like the tests.
"""

from __future__ import annotations

from screenshot_kit import screenshot_app


def main() -> None:
    with screenshot_app(__doc__.splitlines()[0], "1280x720") as (app, save):
        import pygame

        from game import Game, Player
        from gui.rules_pages import page
        from gui.testing import post_click, post_key, run_frames

        app.settings.laser_speed = "off"
        app.settings.piece_animation = False
        w, h = app.window_size
        tag = f"{w}x{h}"
        humans = (Player("human"), Player("human"))

        def move_mouse(pos: tuple[int, int]) -> None:
            pygame.mouse.get_pos = lambda: pos  # the piece card reads where the pointer rests
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

        pygame.mouse.get_focused = lambda: True

        # Laser Chess 1987: a move onto the hypersquare, pointed at before it is made
        demo = next(s.demo for s in page("laserchess87") if s.key == "hypersquare")
        screen = app.screens.push("game", game=Game.new("laserchess87", fen=demo.fen, players=humans))
        run_frames(app, 3)
        post_click(app, screen.view.square_rect(demo.move.from_square).center)
        move_mouse(screen.view.square_rect(demo.move.to_square).center)
        run_frames(app, 3)
        save(f"hypersquare-preview-{tag}")
        app.screens.reset("menu")

        # a piece card: the pointer rests on a LaserChess 98 Beam Splitter
        screen = app.screens.push("game", game=Game.new("laserchess98", players=humans))
        run_frames(app, 3)
        move_mouse(screen.view.square_rect(screen.variant.geometry.parse_square("c1")).center)
        run_frames(app, 90)
        save(f"piece-card-{tag}")
        app.screens.reset("menu")

        # a Rules board waiting for the player's move, its hint drawn as an arrow
        app.settings.laser_speed = "normal"
        screen = app.screens.push("rules", variant="khet", topic="laser")
        move_mouse((2, 2))
        run_frames(app, 3)
        post_key(app, pygame.K_h)
        run_frames(app, 3)
        save(f"rules-board-{tag}")
        app.screens.reset("menu")

        # arrows and circles on a game in progress
        game = Game.new("khet", "Classic", players=humans)
        pos = game.start_position()
        for text in ("j5j6", "c7d8", "j6j7", "h5g5"):
            pos.push(pos.parse_move(text))
            game.add_move(text, 3.0)
        screen = app.screens.push("game", game=game)
        run_frames(app, 3)
        square = screen.view.square_rect

        def at(name: str) -> tuple[int, int]:
            return square(screen.variant.geometry.parse_square(name)).center

        for start, end, mods in (("e3", "e6", 0), ("c4", "f4", pygame.KMOD_SHIFT), ("d1", "d2", 0)):
            pygame.key.set_mods(mods)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at(start), button=3))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at(end), button=3))
            run_frames(app, 2)
        pygame.key.set_mods(0)
        post_click(app, at("f4"), button=3)
        move_mouse((2, 2))
        run_frames(app, 3)
        save(f"arrows-{tag}")


if __name__ == "__main__":
    main()
