"""Laser Chess: ``python main.py`` opens the main menu (``--help`` lists the options)."""

import time

STARTED = time.perf_counter()

import os  # noqa: E402
import sys  # noqa: E402

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from gui.app import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(started=STARTED))
