"""Render the pictures of the rules pages (docs/rules/*.md): the Rules screen's page on the laser
(or, for a rule set without one, on the moves) of every rule set, its board waiting for the move
the page teaches, written as rules-<rule set>.png. Usage:

    python tools/rules_screenshots.py [OUT_DIR] [--size 1024x600]

Drives the real app headlessly (the Rules screen, as a player opens it), in a throw-away data folder.
"""

from __future__ import annotations

from screenshot_kit import screenshot_app


def main() -> None:
    with screenshot_app(__doc__.splitlines()[0], "1024x600") as (app, save):
        from game.variants import VARIANTS
        from gui.rules_pages import page
        from gui.testing import run_frames

        for name in VARIANTS:
            keys = [section.key for section in page(name)]
            app.screens.reset("menu")
            app.screens.push("rules", variant=name, topic="laser" if "laser" in keys else "moves")
            run_frames(app, 60)
            save(f"rules-{name}")


if __name__ == "__main__":
    main()
