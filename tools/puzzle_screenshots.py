"""Render the README's Puzzles, Lessons and "learn from your mistakes" pictures. Usage:

    python tools/puzzle_screenshots.py [OUT_DIR] [--size 1280x720]

Writes puzzles.png (a win in 2 solved), puzzles-self-shot.png (a self-shot trap solved: the
defender's own beam takes its piece), puzzles-failed.png (a wrong move and its refutation),
puzzles-hint.png, lessons.png (a Khet step with the beam drawn) and learn.png (an analysed game's
self-shot as a puzzle). Drives the real app headlessly with the shipped puzzles, like the tests.
"""

from __future__ import annotations

from screenshot_kit import screenshot_app


def main() -> None:
    with screenshot_app(__doc__.splitlines()[0], "1280x720") as (app, save):
        from game.move import Move
        from game.puzzles.model import shipped
        from game.puzzles.prover import Prover
        from gui.screens.learn import sample_game
        from gui.testing import run_frames, wait_until

        app.settings.laser_speed = "off"
        app.settings.piece_animation = False
        khet = shipped("khet").puzzles

        def puzzle(theme: str):
            app.screens.reset("menu")
            chosen = next(p for p in khet if p.theme == theme)
            screen = app.screens.push("puzzles", puzzle_id=chosen.id)
            run_frames(app, 3)
            return screen

        def settle(screen) -> None:
            wait_until(app, lambda: not screen.animating, seconds=120)
            run_frames(app, 3)

        screen = puzzle("win2")
        while screen.phase == "play":
            for move in screen.attempt.expected:
                screen.player_move(move)
            settle(screen)
        save("puzzles")

        screen = puzzle("win1")
        pos = screen.attempt.position
        expected = [m.code for m in screen.attempt.expected]
        wrong = next(t for t in Prover().turns(pos) if not t.chance and list(t.codes) != expected)
        for code in wrong.codes:
            screen.player_move(Move.from_code(code))
        settle(screen)
        save("puzzles-failed")

        screen = puzzle("material")
        screen.show_hint()
        run_frames(app, 3)
        save("puzzles-hint")

        app.screens.reset("menu")
        lessons = app.screens.push("lessons", variant="khet", step=1)
        run_frames(app, 3)
        lessons._button("hint")
        run_frames(app, 3)
        save("lessons")

        app.screens.reset("menu")
        app.screens.push("learn", game=sample_game())
        run_frames(app, 3)
        save("learn")

        app.screens.reset("menu")
        screen = app.screens.push("puzzles", variant="khet")
        run_frames(app, 3)
        screen.theme = "self-shot"
        screen.start(shipped("khet", "self-shot").puzzles[0])
        screen.resize(app.window_size)  # the theme drop-down shows the motif
        for move in screen.attempt.expected:
            screen.player_move(move)
        settle(screen)
        save("puzzles-self-shot")


if __name__ == "__main__":
    main()
