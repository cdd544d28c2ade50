"""Contrast as WCAG 2.1 measures it (plain math, no pygame): what the piece rims, the board cursor
and the contrast test of every piece colour on every board scheme use.

Success criterion 1.4.11 asks 3:1 between the parts of a graphical object needed to identify it
and the colours next to them: a piece's silhouette against the square it stands on, the keyboard
cursor against the squares it frames.
"""

from __future__ import annotations

from collections.abc import Sequence

RGB = tuple[int, int, int]
MIN_GRAPHIC_CONTRAST = 3.0
RIM_LIGHT: RGB = (238, 241, 248)
RIM_DARK: RGB = (12, 12, 16)


def relative_luminance(colour: Sequence[float]) -> float:
    """WCAG 2.1's relative luminance of an sRGB colour (0 black .. 1 white)."""

    def linear(channel: float) -> float:
        c = channel / 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2])


def contrast_ratio(a: Sequence[float], b: Sequence[float]) -> float:
    """WCAG 2.1's contrast ratio of two colours (1 .. 21)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def worst_contrast(colour: Sequence[float], backgrounds: Sequence[Sequence[float]]) -> float:
    return min(contrast_ratio(colour, bg) for bg in backgrounds)


def most_contrasting(candidates: Sequence[RGB], backgrounds: Sequence[Sequence[float]]) -> RGB:
    """The candidate whose worst contrast against the backgrounds is best."""
    return max(candidates, key=lambda c: worst_contrast(c, backgrounds))
