"""The UI's colours and sizes in one place: every colour the screens and widgets draw with, text
sizes and corner radii (the board, piece and beam palettes are art: gui/art/schemes.py, pieces.py,
beam.py). Import the names; do not repeat the numbers (tests/test_gui_colours.py checks).

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


# ------------------------------------------------------------ named by the screens and widgets
GROUT_SHADOW: RGBA = (0, 0, 0, 120)  # the floor tiles' joints: shadow
GROUT_LIGHT: RGBA = (255, 255, 255, 16)  # and light
PANEL_DROP: RGBA = (0, 0, 0, 150)  # a glass panel's drop shadow
OPAQUE: RGBA = (255, 255, 255, 255)  # a mask's solid part
GLASS_EDGE: RGBA = (190, 150, 80, 150)  # a glass panel's rim
LIGHT_VEIL: RGBA = (8, 8, 12, 70)  # darkens the menu's laser show
OUTLINE_TINT: RGBA = (20, 12, 6, 255)  # glowing titles: the outline
SHINE_TINT: RGBA = (255, 255, 240, 70)  # and the shine
ICON_TIP: RGB = (255, 246, 236)  # the pencil's tip
ICON_INK: RGB = (16, 18, 24)  # dark strokes inside the icons
TICK_INK: RGB = (30, 22, 8)  # the tick on a chosen swatch
SWATCH_RING: RGB = (240, 230, 210)  # the chosen swatch's ring
SWATCH_LABEL: RGB = (214, 206, 190)  # a swatch's label
DRAW_BLUE: RGB = (150, 186, 226)  # draws in the game browser
CARD_BG: RGB = (24, 28, 38)  # a game card
CARD_EDGE: RGB = (74, 64, 44)  # its frame
CPU_ORANGE: RGB = (236, 140, 98)  # games the CPU won
SCROLL_TRACK: RGB = (38, 42, 54)  # a scroll bar's track
SCROLL_THUMB: RGB = (150, 124, 74)  # and its thumb
RAISED: RGB = (34, 38, 50)  # a raised chip or the active player's card
CHIP_INK: RGB = (30, 20, 6)  # text on a coloured chip
DOT_OUTLINE: RGB = (10, 10, 12)  # the outline of a colour dot
DAMAGED_BG: RGB = (40, 24, 26)  # an unreadable record's plate
DAMAGED_EDGE: RGB = (110, 50, 48)  # its frame
DAMAGED_MARK: RGB = (40, 12, 10)  # its !
CARD_IDLE: RGB = (22, 24, 32)  # the waiting player's card
CARD_IDLE_EDGE: RGB = (80, 70, 50)  # its frame
ALERT: RGB = (255, 110, 90)  # a low clock, the puzzle's strikes
CLOCK_ACTIVE: RGB = (255, 240, 200)  # the running clock
CLOCK_LOW_BG: RGB = (90, 24, 20)  # a low clock's box
HEADING: RGB = (255, 226, 150)  # titles the screens draw: result panels, rules sections, the side panel
ORANGE: RGB = (255, 150, 40)  # the threats overlay's beam
THREAT_RING: RGB = (255, 90, 60)  # rings round pieces a threat would destroy
PROMPT_BLUE: RGB = (200, 220, 255)  # prompts: what to do next, looking for a hint
HINT_TEXT: RGB = (140, 230, 160)  # the hint in the status line
THREAT_TEXT: RGB = (255, 170, 90)  # a threat in the status line
QUIET_TEXT: RGB = (200, 200, 210)  # nothing to report: the CPU thinking, no threats
ARROW_GREEN: RGB = (80, 200, 120)  # a suggested move's arrow
ERASER_HOT: RGB = (104, 44, 46)  # the eraser tile: hovered or chosen
ERASER_BG: RGB = (78, 34, 38)  # idle
ERASER_CHOSEN_EDGE: RGB = (255, 138, 122)  # frame when chosen
ERASER_HOT_EDGE: RGB = (200, 100, 90)  # hovered
ERASER_EDGE: RGB = (138, 58, 58)  # idle
TILE_HOT: RGB = (52, 58, 78)  # a palette tile: hovered or chosen
TILE_BG: RGB = (34, 38, 52)  # idle
TILE_HOT_EDGE: RGB = (200, 170, 110)  # frame when hovered
TILE_EDGE: RGB = (96, 82, 54)  # idle
TILE_SHINE: RGBA = (255, 255, 255, 14)  # its upper half's shine
BADGE_INK: RGB = (24, 18, 8)  # the count on a tile's badge
ERROR_TINT: RGB = (255, 214, 204)  # an error check's text, the eraser's label
MENU_HALO: RGB = (255, 70, 40)  # the main menu title's outer glow
SUBTITLE_TEXT: RGB = (214, 190, 140)  # the main menu's subtitle
SUBTITLE_RULE: RGB = (170, 134, 70)  # the lines beside it
SUCCESS_TEXT: RGB = (150, 230, 150)  # a right answer in the puzzle
PAGE_TEXT: RGB = (230, 222, 204)  # the rules pages' text
BROWSER_HINT: RGB = (180, 170, 150)  # the browser's empty-list hint
ERROR_NOTE: RGB = (255, 140, 120)  # an error note in the browser
DETAIL_TEXT: RGB = (225, 216, 196)  # the game browser's details
WINDOW_BG: RGB = (12, 13, 18)  # the window behind every screen
BRIGHT_GOLD: RGB = (255, 214, 120)  # news in the status line (result, draw offers), puzzle headings
STATUS_TEXT: RGB = (235, 228, 210)  # the status line's plain text (whose move)


# ------------------------------------------------------------ named by the screens and widgets
WARM_RED: RGB = (255, 120, 100)  # errors in the status line; the editor's laser paths
SELF_HIT: RGB = (255, 176, 32)  # a shot at one's own piece: status line, board frame, move list
NOTICE_TEXT: RGB = (255, 190, 140)  # why a square cannot be reached, input notices
PALE_BLUE: RGB = (170, 200, 255)  # browsing earlier moves, premove messages
DANGER_TEXT: RGB = (255, 130, 90)  # one's royal piece in the enemy beam
STATUS_BG: RGB = (18, 20, 28)  # the status box
STATUS_EDGE: RGB = (96, 80, 50)  # the status box's frame and its rules-link ring
LINK_MARK: RGB = (176, 150, 96)  # the ? of the status line's link to the rules
BOARD_VEIL: RGBA = (8, 8, 12, 120)  # darkens the board under the game-over panel
RESULT_LINE: RGB = (220, 212, 196)  # the line under a result title
DISABLED: RGB = (110, 106, 98)  # a disabled icon button's glyph
INFO_BLUE: RGB = (150, 190, 240)  # an information line of the editor's checks
NOTE_ERROR: RGB = (255, 160, 148)  # the editor's notes: error
NOTE_WARNING: RGB = (246, 200, 120)  # warning
NOTE_OK: RGB = (160, 220, 160)  # and ok (also the Apply icon)
DELETE_ICON: RGB = (255, 170, 160)  # the red bin
EMPTY_ICON: RGB = (255, 190, 180)  # Empty board's bin
ROW_GLOW: RGBA = (255, 255, 255, 18)  # the hovered check's glow
UNFINISHED_TEXT: RGB = (255, 190, 100)  # an unfinished game in the replay
PROBLEM_TEXT: RGB = (255, 130, 100)  # cannot start, the record stops here
VEIL: RGBA = (10, 10, 14, 150)  # darkens the screen under a dialog
DOT_DARK: RGB = (20, 24, 30)  # a legal-move dot: rim
DOT_LIGHT: RGB = (240, 240, 235)  # and centre
SWAP_RING: RGB = (250, 230, 120)  # rings on swap targets
ALERT_FRAME: RGB = (235, 70, 60)  # red frames on alert squares
HOVER_GLOW: RGBA = (255, 255, 255, 34)  # the hovered square's glow
WARNING_INK: RGB = (30, 20, 8)  # the ! on a warning triangle
KILL_RED: RGB = (240, 64, 52)  # the cross on an enemy piece a shot destroys
CROSS_RIM: RGB = (20, 10, 10)  # its rim
TAG_BG: RGB = (30, 30, 40)  # a small tag on a square (pre)
TAG_EDGE: RGB = (250, 220, 120)  # its frame
GOLD_DARK: RGB = (185, 138, 56)  # the current move's highlight
HOVER: RGB = (61, 70, 93)  # a hovered row
LIST_PANEL: RGBA = (17, 20, 28, 215)  # the move list's panel
STRIPE: RGBA = (255, 255, 255, 9)  # every other row
THUMB: RGB = (140, 118, 72)  # the move list's scroll thumb
LIST_TRACK: RGB = (40, 44, 56)  # and its track
TAG_BG_GOLD: RGB = (60, 48, 20)  # the turn indicator's pill


# ------------------------------------------------------------ named by the screens and widgets
SELF_HIT_ON_GOLD: RGB = (150, 28, 0)  # the self-kill flag on the current move's gold highlight
COSTLY_RIM: RGB = (245, 176, 66)  # a destination whose move uses both actions of the turn
CHANCE_EDGE: RGB = (196, 150, 255)  # a square chance may send a piece to
CHANCE_INK: RGB = (230, 214, 255)  # and its odds
# the piece card: what a beam does on each face, and the squares a piece reaches
FACE_PASS: RGB = (150, 200, 255)
FACE_REFLECT: RGB = (120, 230, 160)
FACE_BACK: RGB = (120, 230, 200)
FACE_SPLIT: RGB = (200, 160, 255)
FACE_ABSORB: RGB = (235, 210, 120)
FACE_DESTROYED: RGB = (255, 110, 100)
REACH_ONE: RGB = (120, 230, 160)  # a square one action away
REACH_BOTH: RGB = (245, 190, 90)  # a square that costs both actions
CARD_GRID: tuple[RGB, RGB] = ((44, 48, 58), (58, 62, 74))  # the card's little board
# the arrows and circles a player draws on the board
SKETCH_GREEN: RGB = (60, 200, 90)
SKETCH_RED: RGB = (230, 60, 50)
SKETCH_BLUE: RGB = (70, 140, 240)


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
LARGE_TEXT = TextSize(17, 12)  # the rules pages, the line under a result title
RADIUS = 6  # corners of bars and boxes
SMALL_RADIUS = 4  # corners of small steps and chips
