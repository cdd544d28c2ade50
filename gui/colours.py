"""The UI's colours in one place: text, accents and state colours shared by every screen and
widget (board and piece colours live in gui/art/schemes.py). Import the names; do not repeat
the numbers."""

from __future__ import annotations

RGB = tuple[int, int, int]

TEXT: RGB = (241, 231, 208)  # body text on the dark panels
GOLD: RGB = (233, 191, 98)  # headings, selection, accents
MUTED: RGB = (170, 160, 140)  # secondary text (labels, captions)
HINT: RGB = (150, 140, 122)  # the quietest text: hints, move numbers, axis labels
DIM: RGB = (170, 164, 150)  # inactive player names
EDGE: RGB = (106, 90, 58)  # thin gold frames and rules
RED: RGB = (240, 96, 84)  # errors, danger, Red's accents
GREEN: RGB = (118, 206, 128)  # "ok" messages
SELECTED: RGB = (84, 222, 124)  # the selected card's border
AMBER: RGB = (240, 178, 70)  # warnings
INK: RGB = (27, 20, 8)  # dark text on gold buttons
