"""The pygame-ce / pygame-gui front end: screens, widgets, art, sound and settings."""

import os

# Every entry point (laser-chess, python -m gui, python main.py) imports this package before pygame:
# pygame's "Hello from the pygame community" banner would otherwise precede --help and every message.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
