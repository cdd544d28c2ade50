"""The UI's colours and sizes in one place: text, accents, state colours, panel shades, text sizes
and corner radii shared by every screen and widget (board and piece palettes live in
gui/art/schemes.py). Import the names; do not repeat the numbers.

Sizes are lengths for the 1280 x 720 layout; :func:`gui.layout.px` scales them to the window, and
a text size has a floor so that small windows stay readable."""

from __future__ import annotations

from typing import NamedTuple

from gui.layout import px

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# ------------------------------------------------------------ text and accents
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
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
CLEAR: RGBA = (0, 0, 0, 0)  # a transparent fill

# ------------------------------------------------------------ panels, bars and overlays
PANEL_SHADE: RGBA = (18, 20, 28, 240)  # a notice's body
SHADOW: RGBA = (0, 0, 0, 90)  # the drop shadow under a floating panel
TRACK: RGB = (24, 26, 34)  # the empty part of a progress bar or slider
FILL: RGB = (150, 118, 60)  # the filled part of a progress bar
RULE: RGB = (120, 96, 52)  # section rules under headings
KNOB: RGB = (40, 44, 58)  # an unselected step of a strip or stepper

# ------------------------------------------------------------ the evaluation graph
FIRST_SHARE: RGB = (226, 219, 200)  # the first player's share of the bar and graph
SECOND_SHARE: RGB = (38, 41, 52)  # the second player's share
EVAL_LINE: RGB = (255, 250, 235)  # the evaluation curve
EVEN_LINE: RGB = (120, 112, 96)  # the dashed 0.00 line
CURSOR_LINE: RGB = (150, 160, 190)  # the hovered move
DOT_RIM: RGB = (12, 12, 16)  # the rim of a marked move's dot
BAR_MIDDLE: RGB = (200, 80, 60)  # the even line across the evaluation bar
SECOND_TEXT: RGB = (226, 200, 190)  # the second player's lines in the analysis summary
# Move marks, colour-blind safe (Okabe-Ito): best, inaccuracy, mistake, blunder, self-shot.
MARK_BEST: RGB = (96, 196, 120)
MARK_INACCURATE: RGB = (86, 180, 233)
MARK_MISTAKEN: RGB = (230, 159, 0)
MARK_BLUNDERED: RGB = (219, 48, 49)
MARK_SELF_SHOT: RGB = (236, 80, 170)

# ------------------------------------------------------------ the title
TITLE_FACE: RGB = (255, 236, 170)  # screen titles: face, glow and outer glow
TITLE_GLOW: RGB = (214, 150, 58)
TITLE_HALO: RGB = (255, 90, 40)
NOTICE_MARK: RGB = (20, 18, 14)  # the "i" / "!" on a notice's badge


# ------------------------------------------------------------ sizes
class TextSize(NamedTuple):
    """A font size: ``base`` pixels at 1280 x 720, scaled with the window, never below ``floor``."""

    base: int
    floor: int

    def at(self, size: tuple[int, int]) -> int:
        return max(self.floor, px(self.base, size))


SMALL_TEXT = TextSize(14, 11)  # notes, captions, hints, axis labels
BODY_TEXT = TextSize(16, 12)  # status lines, card and panel text
LABEL_TEXT = TextSize(15, 12)  # form labels and buttons drawn by the screens
RESULT_TITLE = TextSize(34, 20)  # the title of a result panel ("Silver wins")
RESULT_TEXT = TextSize(17, 12)  # the line under it
RADIUS = 6  # corners of bars and boxes
SMALL_RADIUS = 4  # corners of small steps and chips
