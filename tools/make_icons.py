"""Draw the small UI icons into assets/icons/*.png (the theme's button images).

Run ``python tools/make_icons.py`` after changing a drawing. Icons are drawn with pygame at 4x
and scaled down for antialiasing; the output is deterministic.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "icons"
SIZE = 64
SS = 4

NORMAL = (236, 226, 204)
HOVER = (250, 214, 130)
DISABLED = (120, 116, 108)


def _home(surf: pygame.Surface, colour: tuple[int, int, int]) -> None:
    s = SIZE * SS
    u = s / 64.0

    def p(x: float, y: float) -> tuple[float, float]:
        return (x * u, y * u)

    width = round(4.2 * u)
    roof = [p(13, 31), p(32, 14), p(51, 31)]
    pygame.draw.lines(surf, colour, False, roof, width)
    for point in (roof[0], roof[1], roof[2]):
        pygame.draw.circle(surf, colour, point, width / 2)
    body = [p(18, 29), p(18, 50), p(46, 50), p(46, 29)]
    pygame.draw.lines(surf, colour, False, body, width)
    for point in body:
        pygame.draw.circle(surf, colour, point, width / 2)
    door = pygame.Rect(0, 0, round(9 * u), round(12 * u))
    door.midbottom = (round(32 * u), round(50 * u))
    pygame.draw.rect(
        surf, colour, door, border_top_left_radius=round(3 * u), border_top_right_radius=round(3 * u)
    )
    chimney = [p(40, 21), p(40, 15), p(44, 15), p(44, 25)]
    pygame.draw.polygon(surf, colour, chimney)


def _render(
    draw: Callable[[pygame.Surface, tuple[int, int, int]], None], colour: tuple[int, int, int]
) -> pygame.Surface:
    big = pygame.Surface((SIZE * SS, SIZE * SS), pygame.SRCALPHA)
    shadow = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    draw(shadow, (0, 0, 0))
    shadow.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
    shadow = pygame.transform.gaussian_blur(shadow, 6)
    big.blit(shadow, (0, SS * 2))
    draw(big, colour)
    return pygame.transform.smoothscale(big, (SIZE, SIZE))


ICONS = {"home": _home}


def main() -> int:
    pygame.display.init()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, draw in ICONS.items():
        for suffix, colour in (("", NORMAL), ("_hover", HOVER), ("_disabled", DISABLED)):
            path = OUT_DIR / f"{name}{suffix}.png"
            tmp = path.with_name(path.stem + ".tmp.png")
            pygame.image.save(_render(draw, colour), str(tmp))
            tmp.replace(path)
            print(path.relative_to(OUT_DIR.parent.parent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
