"""Laser Chess: ``python main.py`` opens the main menu (``--help`` lists the options)."""

import time

STARTED = time.perf_counter()

import sys  # noqa: E402

from gui.app import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(started=STARTED, prog="python main.py"))
