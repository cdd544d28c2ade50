"""``python -m gui`` opens the game, like ``laser-chess`` and ``python main.py``."""

import sys

from gui.app import main

sys.exit(main(prog="python -m gui"))
