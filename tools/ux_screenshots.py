"""Render the README's pictures of the play features: the shot preview (a move that would destroy
one's own piece), the keyboard cursor and the Rules screen. Usage:

    python tools/ux_screenshots.py [OUT_DIR] [--size 1280x720]

Drives the real app headlessly with posted events, like the tests.
"""

from __future__ import annotations

from screenshot_kit import screenshot_app


def main() -> None:
    with screenshot_app(__doc__.splitlines()[0], "1280x720") as (app, save):
        import pygame

        from game import Game, Player
        from gui.testing import post_click, post_key, run_frames

        app.settings.laser_speed = "off"

        def at(screen, name: str) -> tuple[int, int]:
            return screen.view.square_rect(screen.variant.geometry.parse_square(name)).center

        game = Game.new("khet", "Classic", players=(Player("human"), Player("human")))
        screen = app.screens.push("game", game=game)
        run_frames(app, 3)
        post_click(app, at(screen, "j4"))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=at(screen, "i4"), rel=(0, 0), buttons=(0, 0, 0))
        )
        run_frames(app, 4)
        save("move-preview")

        # the keyboard: the cursor picks up j4 and moves to i4 (the same preview follows it)
        screen.input.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
        run_frames(app, 2)
        post_key(app, pygame.K_DOWN)
        target = screen.view.square_rect(screen.variant.geometry.parse_square("j4")).center
        for _ in range(30):
            here = screen.view.square_rect(screen.input.cursor).center
            if here == target:
                break
            if here[0] != target[0]:
                post_key(app, pygame.K_RIGHT if target[0] > here[0] else pygame.K_LEFT)
            else:
                post_key(app, pygame.K_DOWN if target[1] > here[1] else pygame.K_UP)
        post_key(app, pygame.K_RETURN)
        post_key(app, pygame.K_LEFT)
        run_frames(app, 3)
        save("keyboard-cursor")

        if "rules" in app.registry:
            app.screens.reset("menu")
            app.screens.push("rules", variant="khet", topic="laser")
            run_frames(app, 90)
            save("rules")


if __name__ == "__main__":
    main()
