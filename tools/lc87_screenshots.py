"""Render the README's Laser Chess 1987 pictures mid-animation: Green's opening shot splitting on
f2 (both beams on their way) and a Block coming out of the hypersquare. Usage:

    python tools/lc87_screenshots.py [OUT_DIR] [--size 1024x700]

Drives the real app headlessly (the game screen, moves entered as the rules read them); the
chance square is the game's own seeded draw, so the pictures are the same from run to run.
"""

from __future__ import annotations

from screenshot_kit import screenshot_app

SPLIT_FRAMES = 12  # split on f2: one half strikes g2 (cracked until the shot ends), one runs west
WARP_FRAMES = 38  # the Block is growing out of its new square, the arc from e5 still drawn


def main() -> None:
    with screenshot_app(__doc__.splitlines()[0], "1024x700") as (app, save):
        from game import Game, Player
        from gui.testing import run_frames

        app.settings.laser_speed = "normal"
        app.settings.piece_animation = True

        def game_screen(game_id: str):
            game = Game.new("laserchess87", players=(Player("human"), Player("human")))
            game.game_id = game_id
            app.screens.reset("menu")
            screen = app.screens.push("game", game=game)
            screen.session.saves_folder = None  # a picture, not a game to keep
            run_frames(app, 3)
            return screen

        def play(screen, text: str, frames: int) -> None:
            screen.play_move(screen.position.parse_move(text))
            run_frames(app, frames)

        screen = game_screen("readme-split")
        play(screen, "f1*", SPLIT_FRAMES)
        save("lc87-split-beam")

        screen = game_screen("readme-hypersquare")
        for text in ("b2b4", "c8c7", "c7c6", "b4c4", "c4d4"):
            play(screen, text, 30)
        play(screen, "g8g7", 30)
        play(screen, "g7g6", 30)
        play(screen, "d4e4", 30)
        play(screen, "e4e5@a5", WARP_FRAMES)  # the game draws where it comes out (a5 is ignored)
        save("lc87-hypersquare-jump")


if __name__ == "__main__":
    main()
