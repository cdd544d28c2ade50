"""Board colour schemes: square colours, frame, reserved-square tints, piece palettes, beam colour.

Plain data (no pygame), so settings validation can import the names cheaply. Colours are RGB
tuples. One scheme ("contrast") is built from the Okabe-Ito colour-blind-safe palette: its two
sides and its two kinds of reserved square differ in lightness as well as hue, and reserved
squares also carry a symbol, so nothing depends on telling red from green.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from gui.art.contrast import most_contrasting, worst_contrast

RGB = tuple[int, int, int]
CURSOR_CHOICES: tuple[RGB, ...] = (  # the keyboard cursor takes whichever stands out most
    (255, 236, 140),  # pale gold
    (250, 250, 252),  # white
    (16, 40, 120),  # deep blue
    (14, 14, 18),  # near black
)


@dataclass(frozen=True)
class PiecePalette:
    """Colours of one side's pieces: body, darker base plate, and the trim (rims, emblems)."""

    body: RGB
    base: RGB
    trim: RGB
    metallic: bool = True  # metal sheen (specular tinted by the body) vs glossy lacquer


@dataclass(frozen=True)
class Scheme:
    name: str
    label: str
    light: RGB  # light squares
    dark: RGB  # dark squares
    frame: RGB  # the board's frame
    frame_text: RGB  # coordinates engraved in the frame
    reserved_first: RGB  # tint of squares reserved for the first side (Silver)
    reserved_second: RGB  # tint of squares reserved for the second side (Red)
    first: PiecePalette
    second: PiecePalette
    beam: RGB  # the laser's halo colour (its core is near white)
    highlight: RGB  # selection / last-move tint
    backdrop: RGB  # app background behind the board
    colour_blind_safe: bool = False

    def palette(self, color: int) -> PiecePalette:
        return self.first if color == 0 else self.second

    def reserved(self, color: int) -> RGB:
        return self.reserved_first if color == 0 else self.reserved_second

    @cached_property
    def cursor(self) -> RGB:
        """The keyboard cursor's frame: the first choice with 4.5:1 against both squares, else
        the one that stands out most."""
        squares = (self.light, self.dark)
        for colour in CURSOR_CHOICES:
            if worst_contrast(colour, squares) >= 4.5:
                return colour
        return most_contrasting(CURSOR_CHOICES, squares)

    @cached_property
    def cursor_rim(self) -> RGB:
        """The thin line either side of the cursor's frame, in the opposite lightness."""
        return most_contrasting(((14, 14, 18), (250, 250, 252)), (self.cursor,))


SILVER = PiecePalette(body=(200, 206, 216), base=(78, 84, 96), trim=(240, 206, 112))
RED = PiecePalette(body=(204, 40, 34), base=(84, 16, 18), trim=(240, 200, 104), metallic=False)

# Leiserchess sides (used for KING and PAWN in every scheme).
TANGERINE = PiecePalette(body=(246, 138, 22), base=(150, 70, 10), trim=(255, 236, 170))
LAVENDER = PiecePalette(body=(158, 128, 222), base=(82, 60, 140), trim=(246, 236, 255))
BLUE98 = PiecePalette(body=(58, 112, 226), base=(24, 46, 112), trim=(232, 186, 70))  # LaserChess 98
RED98 = PiecePalette(body=(214, 58, 52), base=(104, 24, 22), trim=(232, 186, 70))

SCHEMES: dict[str, Scheme] = {
    s.name: s
    for s in (
        Scheme(
            name="sandstone",
            label="Sandstone",
            light=(226, 204, 164),
            dark=(204, 176, 132),
            frame=(88, 58, 36),
            frame_text=(236, 206, 150),
            reserved_first=(200, 214, 232),
            reserved_second=(226, 120, 100),
            first=SILVER,
            second=RED,
            beam=(255, 44, 32),
            highlight=(255, 226, 96),
            backdrop=(24, 20, 18),
        ),
        Scheme(
            name="lapis",
            label="Lapis",
            light=(66, 92, 150),
            dark=(50, 72, 124),
            frame=(40, 34, 30),
            frame_text=(232, 196, 110),
            reserved_first=(170, 196, 236),
            reserved_second=(214, 96, 96),
            first=SILVER,
            second=RED,
            beam=(255, 52, 40),
            highlight=(250, 212, 90),
            backdrop=(14, 18, 30),
        ),
        Scheme(
            name="obsidian",
            label="Obsidian",
            light=(92, 96, 104),
            dark=(70, 73, 80),
            frame=(26, 27, 31),
            frame_text=(190, 196, 206),
            reserved_first=(170, 186, 210),
            reserved_second=(196, 84, 80),
            first=SILVER,
            second=RED,
            beam=(255, 48, 36),
            highlight=(120, 220, 255),
            backdrop=(14, 14, 17),
        ),
        Scheme(
            name="malachite",
            label="Malachite",
            light=(118, 164, 140),
            dark=(88, 134, 112),
            frame=(36, 52, 44),
            frame_text=(226, 214, 160),
            reserved_first=(196, 222, 230),
            reserved_second=(222, 110, 96),
            first=SILVER,
            second=RED,
            beam=(255, 40, 60),
            highlight=(255, 236, 120),
            backdrop=(14, 22, 19),
        ),
        Scheme(
            name="contrast",
            label="Colour-blind safe",
            light=(222, 222, 218),
            dark=(176, 178, 178),
            frame=(34, 40, 52),
            frame_text=(240, 240, 240),
            reserved_first=(86, 180, 233),  # Okabe-Ito sky blue
            reserved_second=(230, 159, 0),  # Okabe-Ito orange
            first=PiecePalette(body=(236, 240, 246), base=(60, 66, 80), trim=(86, 180, 233)),
            second=PiecePalette(
                body=(213, 94, 0), base=(90, 40, 0), trim=(250, 240, 170), metallic=False
            ),  # Okabe-Ito vermillion, much darker than the white side
            beam=(204, 40, 255),
            highlight=(240, 228, 66),  # Okabe-Ito yellow
            backdrop=(16, 18, 24),
            colour_blind_safe=True,
        ),
    )
}

DEFAULT_SCHEME = "sandstone"


def get_scheme(name: str | Scheme | None) -> Scheme:
    """The scheme with this name (or the default for an unknown name); a Scheme passes through."""
    if isinstance(name, Scheme):
        return name
    return SCHEMES.get(name or DEFAULT_SCHEME, SCHEMES[DEFAULT_SCHEME])


# Laser Chess 1987's sides: Green (lacquer) and Red (lacquer), whatever the board scheme.
LC87_GREEN = PiecePalette(body=(70, 168, 92), base=(34, 92, 50), trim=(214, 240, 200), metallic=False)
LC87_RED = PiecePalette(body=(196, 62, 58), base=(104, 32, 32), trim=(250, 214, 200), metallic=False)


def lc87_palette(color: int) -> PiecePalette:
    return LC87_GREEN if color == 0 else LC87_RED


def leiser_palette(color: int) -> PiecePalette:
    return TANGERINE if color == 0 else LAVENDER


def lc98_palette(color: int) -> PiecePalette:
    """LaserChess 98's own sides: Blue and Red, whatever the board scheme."""
    return BLUE98 if color == 0 else RED98
