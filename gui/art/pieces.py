"""Piece art, drawn with vectors at start-up (crisp at any size) and cached.

Every piece is a lit, bevelled solid on a base plate in its side's colour, with a soft shadow.
Orientation is shown the same way everywhere: a mirror face is a chrome strip with a bright edge
and a faint glow on its reflecting side; the Anubis shield is a gold bar on its front; the Sphinx
(and the Leiserchess King) carry a glowing firing arrow. Use :func:`piece_surface`; pass
``orientation + 2`` when the board is drawn flipped.

What is drawn comes from the piece set, never from a variant: a :class:`~game.pieceset.PieceKind`
names its picture (``drawing``: "pyramid", "scarab", "anubis", "pharaoh", "sphinx", "king",
"pawn"), how many shapes its orientations give, and whether it has a facing at all.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence

import pygame

from game.pieces import STANDARD_PIECES
from game.pieceset import PieceKind
from gui.art import chessmen
from gui.art.render import (
    CHROME,
    GLOSS,
    GOLD,
    METAL,
    Canvas,
    Material,
    Vec2,
    Vec3,
    circle_points,
    facet_normal,
    masked,
    mix,
    normalize,
    offset_polygon,
    rotate,
    rounded_rect,
    scale_rgb,
    shade,
    soft_blur,
)
from gui.art.schemes import PiecePalette, Scheme, get_scheme, lc87_palette, lc98_palette, leiser_palette

GOLD_RGB = (232, 180, 64)
CHROME_RGB = (206, 216, 228)
GUNMETAL = (70, 76, 88)

_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_CACHE_LIMIT = 600


def piece_kind(kind: int | PieceKind) -> PieceKind:
    """The kind's description (a bare number means a built-in Khet/Leiserchess kind)."""
    return kind if isinstance(kind, PieceKind) else STANDARD_PIECES.by_number[int(kind)]


def piece_surface(
    kind: int | PieceKind, color: int, orientation: int, size: int, scheme: str | Scheme | None = None
) -> pygame.Surface:
    """The piece drawn in a ``size`` x ``size`` square (transparent around it), cached.

    ``kind`` is the piece set's :class:`PieceKind` (or a built-in kind number), ``color`` 0 (first
    side) or 1, ``orientation`` the quarter turns clockwise from north. The returned surface is
    shared: do not draw on it.
    """
    sch = get_scheme(scheme)
    size = max(4, min(int(size), 1024))
    info = piece_kind(kind)
    drawing = info.art
    orientation = int(orientation) % 4
    if not info.facing:
        orientation = 0  # orientation does not matter to the rules: always drawn upright
    elif info.shapes == 2:
        orientation %= 2  # a double-sided mirror looks the same turned 180 degrees
    elif info.shapes == 1:
        orientation = 0
    chess = drawing in chessmen.DRAWINGS  # chessmen: FULL or FLAT, whatever the scheme
    letter = "" if drawing in _DRAWERS or chess else info.letter.upper()  # no picture: a lettered disc
    key = (drawing, letter, int(color) % 2, orientation, size, chessmen.style() if chess else "", sch.name)
    surf = _CACHE.get(key)
    if surf is not None:
        _CACHE.move_to_end(key)
        return surf
    if chess:
        surf = chessmen.draw(drawing, int(color) % 2, size, rim_against=(sch.light, sch.dark))
    else:
        surf = _draw_piece(drawing, int(color) % 2, orientation, size, sch, letter)
    _CACHE[key] = surf
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.popitem(last=False)
    return surf


def clear_cache() -> None:
    _CACHE.clear()


def palette_for(kind: int | PieceKind | str, color: int, scheme: Scheme) -> PiecePalette:
    drawing = kind if isinstance(kind, str) else piece_kind(kind).art
    if drawing in LEISER_DRAWINGS:
        return leiser_palette(color)
    if drawing.startswith("lc-"):
        return lc87_palette(color)
    if drawing.startswith("lc98_"):
        return lc98_palette(color)
    return scheme.palette(color)


def _draw_piece(
    drawing: str, color: int, orientation: int, size: int, scheme: Scheme, letter: str = ""
) -> pygame.Surface:
    palette = palette_for(drawing, color, scheme)
    cv = Canvas(size)
    material = METAL if palette.metallic else GLOSS
    drawer = _DRAWERS.get(drawing)
    _base_plate(cv, palette, material)
    if drawer is None:
        _draw_lettered(cv, palette, material, letter or "?")
    else:
        drawer(cv, palette, material, orientation, scheme)
    _sheen(cv)
    return cv.finish(
        shadow=0.6, shadow_offset=(0.06, 0.09), blur=0.05, rim_against=(scheme.light, scheme.dark)
    )


# ----------------------------------------------------------------------------- primitives


def _rot(points: Sequence[Vec2], r: int) -> list[Vec2]:
    return [rotate(p, r) for p in points]


def _bevel_solid(
    cv: Canvas,
    outline: Sequence[Vec2],
    inset: float,
    height: float,
    colour: Sequence[int],
    material: Material,
    apex: Vec3 | None = None,
) -> list[Vec2]:
    """A raised solid: sloped bevel faces around ``outline`` and a flat or peaked top.

    ``apex`` (x, y, extra height) turns the top into a low pyramid. Returns the top outline.
    """
    inner = offset_polygon(outline, inset)
    count = len(outline)
    for i in range(count):
        j = (i + 1) % count
        quad: list[Vec3] = [
            (outline[i][0], outline[i][1], 0.0),
            (outline[j][0], outline[j][1], 0.0),
            (inner[j][0], inner[j][1], height),
            (inner[i][0], inner[i][1], height),
        ]
        cv.facet(quad, colour, material)
    if apex is None:
        _pillow_top(cv, inner, colour, material)
    else:
        top = (apex[0], apex[1], height + apex[2])
        for i in range(count):
            j = (i + 1) % count
            cv.facet([(*inner[i], height), (*inner[j], height), top], colour, material)
    return inner


def _pillow_top(cv: Canvas, outline: Sequence[Vec2], colour: Sequence[int], material: Material) -> None:
    """A flat top shaded as if very slightly domed: brighter toward the light, darker away."""
    pts = [cv.px(p) for p in outline]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
    if box.width < 4 or box.height < 4:
        cv.polygon(outline, shade(colour, (0.0, 0.0, 1.0), material))
        return
    seed = pygame.Surface((2, 2), pygame.SRCALPHA)
    for (x, y), tilt in (
        ((0, 0), (-0.22, -0.22)),
        ((1, 0), (0.1, -0.12)),
        ((0, 1), (-0.12, 0.1)),
        ((1, 1), (0.22, 0.22)),
    ):
        seed.set_at((x, y), (*shade(colour, normalize((tilt[0], tilt[1], 1.0)), material), 255))
    gradient = pygame.transform.smoothscale(seed, box.size)
    shape = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, 255), [(x - box.x, y - box.y) for x, y in pts])
    cv.surface.blit(masked(gradient, shape), box)


def _base_plate(cv: Canvas, palette: PiecePalette, material: Material) -> None:
    outline = rounded_rect(0.84, 0.84, 0.2, steps=6)
    plate = Material(
        ambient=0.32, diffuse=0.7, specular=0.35 if palette.metallic else 0.5, shininess=12.0, tint=0.3
    )
    _bevel_solid(cv, outline, 0.09, 0.07, palette.base, plate)
    # a fine trim line just inside the bevel
    inner = offset_polygon(outline, 0.13)
    pts = [cv.px(p) for p in inner]
    pygame.draw.lines(cv.surface, scale_rgb(palette.base, 0.7), True, pts, max(1, round(cv.length(0.018))))


def _ring_quad(cv: Canvas, centre: Vec2, angles: Vec2, radii: Vec2) -> list[tuple[float, float]]:
    """The corners (in pixels) of the piece of ring between two angles and two radii: the lit quads
    that domes and rims are built of."""
    cx, cy = centre
    a0, a1 = angles
    r0, r1 = radii
    return [
        cv.px((cx + math.cos(a0) * r0, cy + math.sin(a0) * r0)),
        cv.px((cx + math.cos(a1) * r0, cy + math.sin(a1) * r0)),
        cv.px((cx + math.cos(a1) * r1, cy + math.sin(a1) * r1)),
        cv.px((cx + math.cos(a0) * r1, cy + math.sin(a0) * r1)),
    ]


def _dome(
    cv: Canvas,
    centre: Vec2,
    radius: float,
    colour: Sequence[int],
    material: Material,
    rings: int = 12,
    segments: int = 56,
    flatness: float = 0.75,
) -> None:
    """A shaded spherical cap, built from small lit quads."""
    for ring in range(rings):
        r0 = radius * (1 - ring / rings)
        r1 = radius * (1 - (ring + 1) / rings)
        rm = (r0 + r1) / 2 / radius
        nz = math.sqrt(max(0.0, 1 - rm * rm)) / max(0.05, flatness) * 0.75
        for s in range(segments):
            a0 = 2 * math.pi * s / segments
            a1 = 2 * math.pi * (s + 1.02) / segments
            am = (a0 + a1) / 2
            n = normalize((math.cos(am) * rm, math.sin(am) * rm, nz))
            pygame.draw.polygon(
                cv.surface, shade(colour, n, material), _ring_quad(cv, centre, (a0, a1), (r0, r1))
            )
    cv.circle(centre, radius / rings * 1.2, shade(colour, (0, 0, 1), material))


def _ring(
    cv: Canvas,
    centre: Vec2,
    r_out: float,
    r_in: float,
    colour: Sequence[int],
    material: Material,
    segments: int = 40,
) -> None:
    """A rounded (torus-like) rim between two radii."""
    mid = (r_out + r_in) / 2
    for half, (ra, rb) in enumerate(((r_out, mid), (mid, r_in))):
        for s in range(segments):
            a0 = 2 * math.pi * s / segments
            a1 = 2 * math.pi * (s + 1.05) / segments
            am = (a0 + a1) / 2
            outward = 1 if half == 0 else -1
            n = normalize((math.cos(am) * 0.8 * outward, math.sin(am) * 0.8 * outward, 0.6))
            pygame.draw.polygon(
                cv.surface, shade(colour, n, material), _ring_quad(cv, centre, (a0, a1), (ra, rb))
            )


def _mirror(cv: Canvas, a: Vec2, b: Vec2, toward_body: Vec2, thickness: float, glow_side: int = 1) -> None:
    """A mirror seen from above: a chrome strip from a to b, its reflecting edge bright.

    ``toward_body`` is the unit vector from the reflecting edge into the piece; ``glow_side`` 1
    draws the bright edge on the a-b line (facing away from the body), 2 on both edges.
    """
    tx, ty = toward_body
    t = thickness
    a2 = (a[0] + tx * t, a[1] + ty * t)
    b2 = (b[0] + tx * t, b[1] + ty * t)
    ma = (a[0] + tx * t / 2, a[1] + ty * t / 2)
    mb = (b[0] + tx * t / 2, b[1] + ty * t / 2)
    # two chamfered halves so the strip catches the light like polished metal
    cv.facet([(*a, 0.0), (*b, 0.0), (*mb, t * 0.9), (*ma, t * 0.9)], CHROME_RGB, CHROME)
    cv.facet([(*ma, t * 0.9), (*mb, t * 0.9), (*b2, 0.0), (*a2, 0.0)], CHROME_RGB, CHROME)
    # streaks: faint diagonal reflections along the strip
    for f in (0.22, 0.3, 0.62, 0.68):
        p = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
        q = (p[0] + tx * t, p[1] + ty * t)
        cv.line(p, q, (250, 252, 255), t * 0.18)
    edge = (252, 255, 255)
    cv.line(a, b, edge, 0.04)
    if glow_side == 2:
        cv.line(a2, b2, edge, 0.04)


def _mirror_glow(cv: Canvas, a: Vec2, b: Vec2, away: Vec2, colour: Sequence[int] = (150, 230, 255)) -> None:
    """A faint cyan glow just outside a mirror's reflecting edge (reads as "this side reflects")."""
    layer = cv.new_layer()
    ox, oy = away[0] * 0.05, away[1] * 0.05
    pa, pb = cv.px((a[0] + ox, a[1] + oy)), cv.px((b[0] + ox, b[1] + oy))
    pygame.draw.line(layer, (*colour, 150), pa, pb, max(1, round(cv.length(0.07))))
    layer = soft_blur(layer, max(1, round(cv.length(0.05))))
    cv.surface.blit(layer, (0, 0))


def _sheen(cv: Canvas) -> None:
    """A soft diagonal gloss over the whole piece: lighter top left, darker bottom right."""
    seed = pygame.Surface((2, 2), pygame.SRCALPHA)
    seed.set_at((0, 0), (255, 255, 255, 70))
    seed.set_at((1, 0), (255, 255, 255, 10))
    seed.set_at((0, 1), (255, 255, 255, 10))
    seed.set_at((1, 1), (0, 0, 0, 50))
    grad = pygame.transform.smoothscale(seed, (cv.hi, cv.hi))
    cv.surface.blit(masked(grad, cv.surface), (0, 0))


def _contact_shadow(cv: Canvas, outline: Sequence[Vec2], strength: int = 130, spread: float = 0.07) -> None:
    """The shadow a raised part casts on the plate below it (down and to the right)."""
    layer = cv.new_layer()
    off = (spread * 0.6, spread)
    pygame.draw.polygon(layer, (0, 0, 0, strength), [cv.px((x + off[0], y + off[1])) for x, y in outline])
    layer = soft_blur(layer, max(1, round(cv.length(spread))))
    cv.surface.blit(layer, (0, 0))


# ----------------------------------------------------------------------------- the pieces


def _draw_pyramid(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    # Orientation 0: mirror faces N and E (NE); the body fills the south-west half.
    a = 0.70
    body = _rot([(-a, -a + 0.04), (a - 0.04, a), (-a, a)], r)
    apex = rotate((-0.22, 0.22), r)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.1, 0.08, palette.body, material, apex=(apex[0], apex[1], 0.09))
    # mirror on the hypotenuse, reflecting toward NE
    m0, m1 = rotate((-a - 0.02, -a + 0.02), r), rotate((a - 0.02, a + 0.02), r)
    toward = rotate(normalize((-1, 1, 0))[:2], r)
    away = (-toward[0], -toward[1])
    _mirror_glow(cv, m0, m1, away)
    _mirror(cv, m0, m1, toward, 0.17)


def _draw_scarab(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    # Orientation 0: "/" from the south-west corner to the north-east corner, mirrored both sides.
    a = 0.70
    g = 0.2
    nw = _rot([(-a, -a), (a - g, -a), (-a, a - g)], r)
    se = _rot([(a, a), (-a + g, a), (a, -a + g)], r)
    for tri in (nw, se):
        _contact_shadow(cv, tri)
    for tri, apex_local in ((nw, (-0.3, -0.3)), (se, (0.3, 0.3))):
        ap = rotate(apex_local, r)
        _bevel_solid(cv, tri, 0.09, 0.07, palette.body, material, apex=(ap[0], ap[1], 0.07))
    half = 0.1
    d = normalize((1, 1, 0))[:2]  # from the "/" line toward the south-east side
    p0 = (-a + 0.02, a - 0.02)
    p1 = (a - 0.02, -a + 0.02)
    e0 = rotate((p0[0] - d[0] * half, p0[1] - d[1] * half), r)
    e1 = rotate((p1[0] - d[0] * half, p1[1] - d[1] * half), r)
    toward = rotate(d, r)
    f0 = rotate((p0[0] + d[0] * half, p0[1] + d[1] * half), r)
    f1 = rotate((p1[0] + d[0] * half, p1[1] + d[1] * half), r)
    _mirror_glow(cv, e0, e1, (-toward[0], -toward[1]))
    _mirror_glow(cv, f0, f1, toward)
    _mirror(cv, e0, e1, toward, half * 2, glow_side=2)
    # a small gold jewel on each wing
    for local in ((-0.38, -0.38), (0.38, 0.38)):
        c = rotate(local, r)
        cv.circle(c, 0.085, shade(GOLD_RGB, (0, 0, 1), GOLD))
        cv.circle((c[0] - 0.025, c[1] - 0.025), 0.035, (255, 246, 210))


def _draw_anubis(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    # Orientation 0 faces north: the shield bar runs along the north edge.
    body = _rot(rounded_rect(0.56, 0.5, 0.1, steps=3), r)
    body = [(x + rotate((0, 0.14), r)[0], y + rotate((0, 0.14), r)[1]) for x, y in body]
    centre = rotate((0, 0.14), r)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.12, 0.1, palette.body, material, apex=(centre[0], centre[1], 0.2))
    # eye emblem on the roof, looking forward
    shield = _rot(rounded_rect(0.72, 0.13, 0.08, steps=3), r)
    off = rotate((0, -0.62), r)
    shield = [(x + off[0], y + off[1]) for x, y in shield]
    _bevel_solid(cv, shield, 0.06, 0.07, GOLD_RGB, GOLD)
    # bright front edge of the shield
    e0, e1 = rotate((-0.62, -0.76), r), rotate((0.62, -0.76), r)
    cv.line(e0, e1, (255, 250, 220), 0.035)
    # a short neck joining shield and body
    neck = _rot([(-0.16, -0.5), (0.16, -0.5), (0.2, -0.34), (-0.2, -0.34)], r)
    cv.facet([(*neck[0], 0.1), (*neck[1], 0.1), (*neck[2], 0.0), (*neck[3], 0.0)], GOLD_RGB, GOLD)


def _crown(cv: Canvas, scale: float = 1.0, offset: Vec2 = (0.0, 0.0)) -> None:
    ox, oy = offset

    def t(p: Vec2) -> Vec2:
        return (p[0] * scale + ox, p[1] * scale + oy)

    band = [t(p) for p in [(-0.34, 0.08), (0.34, 0.08), (0.30, 0.24), (-0.30, 0.24)]]
    spikes = [
        t(p)
        for p in [
            (-0.34, 0.1),
            (-0.42, -0.22),
            (-0.17, -0.04),
            (0.0, -0.32),
            (0.17, -0.04),
            (0.42, -0.22),
            (0.34, 0.1),
        ]
    ]
    dark = scale_rgb(GOLD_RGB, 0.45)
    # a dark outline under the gold (reads on both silver and red domes)
    layer = cv.new_layer()
    for poly in (spikes, band):
        pygame.draw.polygon(layer, (*dark, 255), [cv.px(p) for p in poly])
    grown = soft_blur(layer, max(1, round(cv.length(0.03))))
    cv.surface.blit(grown, (0, 0))
    cv.polygon(spikes, shade(GOLD_RGB, normalize((-0.3, -0.4, 1)), GOLD))
    cv.polygon(band, shade(GOLD_RGB, normalize((0.1, 0.4, 1)), GOLD))
    # the upper-left facet of each spike catches the light
    local_spikes = [(-0.42, -0.22), (0.0, -0.32), (0.42, -0.22)]
    local_bases = [(-0.34, 0.1), (-0.17, -0.04), (0.17, -0.04)]
    lit = shade(GOLD_RGB, normalize((-0.6, -0.5, 0.8)), GOLD)
    for tip, left in zip(local_spikes, local_bases, strict=True):
        cv.polygon([t(left), t(tip), t((tip[0], 0.06))], lit)
    for p, col in (
        (t((-0.42, -0.22)), (90, 170, 255)),
        (t((0.0, -0.32)), (255, 60, 70)),
        (t((0.42, -0.22)), (90, 170, 255)),
    ):
        cv.circle(p, 0.055 * scale, col)
        cv.circle((p[0] - 0.015 * scale, p[1] - 0.015 * scale), 0.02 * scale, (255, 255, 255))
    for x in (-0.18, 0.0, 0.18):
        cv.circle(t((x, 0.16)), 0.035 * scale, (255, 240, 200))


def _draw_pharaoh(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _contact_shadow(cv, circle_points(0.74, 40))
    _ring(cv, (0, 0), 0.74, 0.6, GOLD_RGB, GOLD)
    _dome(cv, (0, 0), 0.61, palette.body, material)
    _crown(cv, 0.95, (0.0, 0.02))


def _firing_arrow(
    cv: Canvas, r: int, beam: Sequence[int], start: float, tip: float = -0.9, width: float = 0.34
) -> None:
    """The emitter's arrow, glowing in the beam colour, pointing the way the laser fires."""
    head_base = tip + 0.28
    arrow = _rot(
        [
            (0, tip),
            (width / 2, head_base),
            (0.09, head_base),
            (0.09, start),
            (-0.09, start),
            (-0.09, head_base),
            (-width / 2, head_base),
        ],
        r,
    )
    glow = cv.new_layer()
    pygame.draw.polygon(glow, (*beam, 220), [cv.px(p) for p in arrow])
    glow = soft_blur(glow, max(1, round(cv.length(0.06))))
    cv.surface.blit(glow, (0, 0))
    outline = cv.new_layer()
    pygame.draw.polygon(outline, (*scale_rgb(beam, 0.35), 255), [cv.px(p) for p in arrow])
    outline = soft_blur(outline, max(1, round(cv.length(0.025))))
    cv.surface.blit(outline, (0, 0))
    cv.polygon(arrow, beam)
    core = _rot(
        [
            (0, tip + 0.08),
            (0.09, head_base - 0.02),
            (0.025, head_base - 0.02),
            (0.025, start + 0.02),
            (-0.025, start + 0.02),
            (-0.025, head_base - 0.02),
            (-0.09, head_base - 0.02),
        ],
        r,
    )
    cv.polygon(core, (255, 236, 224))


def _draw_sphinx(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    body = rounded_rect(0.68, 0.68, 0.22, steps=5)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.12, 0.09, palette.body, material)
    # turret set back from the front, lens toward the front
    turret = rotate((0, 0.18), r)
    _ring(cv, turret, 0.42, 0.33, scale_rgb(palette.trim, 0.95), GOLD)
    _dome(cv, turret, 0.34, GUNMETAL, METAL, rings=7, segments=30)
    lens = rotate((0, -0.06), r)
    _lens(cv, lens, 0.13, scheme.beam)
    _firing_arrow(cv, r, scheme.beam, start=-0.12, width=0.44)


def _lens(cv: Canvas, centre: Vec2, radius: float, beam: Sequence[int]) -> None:
    glow = cv.new_layer()
    pygame.draw.circle(glow, (*beam, 230), cv.px(centre), cv.length(radius * 1.7))
    glow = soft_blur(glow, max(1, round(cv.length(radius * 0.7))))
    cv.surface.blit(glow, (0, 0))
    cv.circle(centre, radius, scale_rgb(beam, 0.75))
    cv.circle(centre, radius * 0.72, mix(beam, (255, 255, 255), 0.35))
    cv.circle((centre[0] - radius * 0.3, centre[1] - radius * 0.3), radius * 0.28, (255, 255, 255))


def _draw_king(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _contact_shadow(cv, circle_points(0.7, 40))
    _ring(cv, (0, 0), 0.7, 0.57, palette.trim, GOLD)
    _dome(cv, (0, 0), 0.58, palette.body, material)
    _firing_arrow(cv, r, scheme.beam, start=-0.5, tip=-0.93, width=0.3)
    _crown(cv, 0.72, rotate((0, 0.1), r) if r % 2 else (0.0, 0.1))


def _draw_pawn(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _draw_pyramid(cv, palette, material, r, scheme)


def _draw_lettered(cv: Canvas, palette: PiecePalette, material: Material, letter: str) -> None:
    """A piece the art has no picture for: a dome with the piece set's letter on it."""
    from gui.art.fonts import font

    _dome(cv, (0, 0), 0.6, palette.body, material)
    glyph = font(max(6, int(cv.hi * 0.5)), bold=True).render(letter, True, palette.trim)
    cv.surface.blit(glyph, glyph.get_rect(center=(int(cv.half), int(cv.half))))


# ----------------------------------------------------------------------------- Laser Chess 1987
# Its own style: flat bevelled slabs with chrome mirrors; orientation 0 as in rules/laserchess87.md.


def _draw_lc_triangle(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _draw_pyramid(cv, palette, material, (r + 3) % 4, scheme)  # o = 0: mirror faces NW


def _draw_lc_diagonal(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _draw_scarab(cv, palette, material, r, scheme)  # o = 0 "/", o = 1 "\\"


def _draw_lc_straight(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    for y in (-0.4, 0.4):  # two pads either side of the mirror
        pad = _rot([(-0.6, y - 0.22), (0.6, y - 0.22), (0.6, y + 0.22), (-0.6, y + 0.22)], r)
        _contact_shadow(cv, pad)
        _bevel_solid(cv, pad, 0.08, 0.06, palette.body, material)
    m0, m1 = rotate((-0.72, 0.0), r), rotate((0.72, 0.0), r)
    toward = rotate((0.0, 1.0), r)
    _mirror_glow(cv, m0, m1, toward)
    _mirror_glow(cv, m0, m1, (-toward[0], -toward[1]))
    _mirror(cv, m0, m1, toward, 0.16, glow_side=2)


def _draw_lc_block(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    body = _rot([(-0.6, -0.45), (0.6, -0.45), (0.6, 0.62), (-0.6, 0.62)], r)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.12, 0.1, palette.body, material)
    m0, m1 = rotate((-0.66, -0.6), r), rotate((0.66, -0.6), r)  # o = 0: reflective face north
    toward = rotate((0.0, 1.0), r)
    _mirror_glow(cv, m0, m1, (-toward[0], -toward[1]))
    _mirror(cv, m0, m1, toward, 0.16)


def _draw_lc_splitter(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    apex, left, right = (0.0, 0.72), (-0.72, -0.5), (0.72, -0.5)  # o = 0: apex south
    body = _rot([left, right, apex], r)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.1, 0.08, palette.body, material)
    for end in (left, right):
        a, b = rotate(apex, r), rotate(end, r)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        centre = rotate((0.0, -0.1), r)
        inward = normalize((centre[0] - mid[0], centre[1] - mid[1], 0.0))[:2]
        _mirror_glow(cv, a, b, (-inward[0], -inward[1]))
        _mirror(cv, a, b, inward, 0.14)
    _lens(cv, rotate((0.0, 0.62), r), 0.08, scheme.beam)


def _draw_lc_hypercube(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    outer = [(-0.62, -0.62), (0.62, -0.62), (0.62, 0.62), (-0.62, 0.62)]
    _contact_shadow(cv, outer)
    _bevel_solid(cv, outer, 0.1, 0.08, GUNMETAL, METAL)
    inner = [(-0.3, -0.3), (0.3, -0.3), (0.3, 0.3), (-0.3, 0.3)]
    glow = scale_rgb(palette.trim, 1.0)
    for a, b in zip(outer, inner, strict=True):
        cv.line(a, b, glow, 0.04)
    for i in range(4):
        cv.line(inner[i], inner[(i + 1) % 4], glow, 0.05)
    cv.circle((0.0, 0.0), 0.12, palette.body)


def _draw_lc_laser(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _draw_sphinx(cv, palette, material, r, scheme)


def _draw_lc_king(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _contact_shadow(cv, circle_points(0.7, 40))
    _ring(cv, (0, 0), 0.7, 0.57, palette.trim, GOLD)
    _dome(cv, (0, 0), 0.58, palette.body, material)
    _crown(cv, 0.8, (0.0, 0.0))


# ----------------------------------------------------------------------------- LaserChess 98
# Blue and Red pieces of their own: orientation 0 points north (local -y); ``r`` turns them.

_ORANGE = (255, 150, 40)


def _draw_lc98_diagonal(
    cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme
) -> None:
    # "/" at orientation 0 (south-west to north-east): a thick chrome plate, both faces bright.
    a = 0.62
    disc = circle_points(0.62, 36)
    _contact_shadow(cv, disc)
    _bevel_solid(cv, disc, 0.1, 0.06, palette.body, material)
    d = normalize((1, 1, 0))[:2]
    half = 0.09
    p0, p1 = rotate((-a, a), r), rotate((a, -a), r)
    toward = rotate(d, r)
    e0 = (p0[0] - toward[0] * half, p0[1] - toward[1] * half)
    e1 = (p1[0] - toward[0] * half, p1[1] - toward[1] * half)
    f0 = (p0[0] + toward[0] * half, p0[1] + toward[1] * half)
    f1 = (p1[0] + toward[0] * half, p1[1] + toward[1] * half)
    _mirror_glow(cv, e0, e1, (-toward[0], -toward[1]))
    _mirror_glow(cv, f0, f1, toward)
    _mirror(cv, e0, e1, toward, half * 2, glow_side=2)


def _draw_lc98_straight(
    cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme
) -> None:
    # Orientation 0: the surface runs east-west through the middle; both faces reflect back.
    body = _rot([(-0.7, -0.3), (0.7, -0.3), (0.7, 0.3), (-0.7, 0.3)], r)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.1, 0.06, palette.body, material)
    half = 0.08
    n = rotate((0, 1), r)
    a, b = rotate((-0.74, 0), r), rotate((0.74, 0), r)
    e0, e1 = (a[0] - n[0] * half, a[1] - n[1] * half), (b[0] - n[0] * half, b[1] - n[1] * half)
    _mirror_glow(cv, e0, e1, (-n[0], -n[1]), _ORANGE)
    _mirror_glow(
        cv, (a[0] + n[0] * half, a[1] + n[1] * half), (b[0] + n[0] * half, b[1] + n[1] * half), n, _ORANGE
    )
    _mirror(cv, e0, e1, n, half * 2, glow_side=2)


def _draw_lc98_splitter(
    cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme
) -> None:
    # The tip points in the orientation (north at 0); beams striking it leave both sides.
    body = _rot([(0, -0.74), (0.66, 0.5), (-0.66, 0.5)], r)
    _contact_shadow(cv, body)
    apex = rotate((0, 0.05), r)
    _bevel_solid(cv, body, 0.1, 0.08, palette.body, material, apex=(apex[0], apex[1], 0.1))
    for side in (1, -1):  # chrome flanks from the tip, where the split beams leave
        m0, m1 = rotate((0, -0.7), r), rotate((0.6 * side, 0.44), r)
        toward = rotate(normalize((-0.8 * side, 0.45, 0))[:2], r)
        _mirror(cv, m0, m1, toward, 0.1)
    tip = rotate((0, -0.6), r)
    cv.circle(tip, 0.1, shade(GOLD_RGB, (0, 0, 1), GOLD))
    cv.circle((tip[0] - 0.03, tip[1] - 0.03), 0.04, (255, 246, 210))


def _draw_lc98_charger(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    # A chamber: the wide opening at the back (south at 0), the narrow mouth at the front.
    outer = _rot([(-0.68, 0.66), (-0.3, -0.7), (0.3, -0.7), (0.68, 0.66)], r)
    _contact_shadow(cv, outer)
    _bevel_solid(cv, outer, 0.1, 0.08, palette.body, material)
    inner = _rot([(-0.44, 0.7), (-0.14, -0.52), (0.14, -0.52), (0.44, 0.7)], r)
    cv.polygon(inner, (26, 20, 30))
    core = rotate((0, 0.05), r)
    glow = cv.new_layer()
    pygame.draw.circle(glow, (255, 70, 40, 220), cv.px(core), cv.length(0.2))
    cv.surface.blit(soft_blur(glow, max(1, round(cv.length(0.1)))), (0, 0))
    mouth = rotate((0, -0.62), r)
    cv.circle(mouth, 0.09, shade(GOLD_RGB, (0, 0, 1), GOLD))


def _draw_lc98_blocker(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    body = rounded_rect(0.66, 0.66, 0.12, steps=4)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.14, 0.1, GUNMETAL, METAL)
    inset = rounded_rect(0.44, 0.44, 0.08, steps=3)
    cv.polygon(inset, scale_rgb(palette.body, 0.9))
    for a, b in (((-0.3, -0.3), (0.3, 0.3)), ((-0.3, 0.3), (0.3, -0.3))):
        cv.line(a, b, (30, 30, 36), 0.12)


def _draw_lc98_laser(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    # A barrel with a gold tip in the orientation: the beam leaves there.
    body = rounded_rect(0.58, 0.58, 0.2, steps=5)
    _contact_shadow(cv, body)
    _bevel_solid(cv, body, 0.12, 0.09, palette.body, material)
    barrel = _rot([(-0.16, 0.1), (-0.16, -0.6), (0.16, -0.6), (0.16, 0.1)], r)
    cv.polygon(barrel, GUNMETAL)
    tip = _rot([(-0.2, -0.56), (0.2, -0.56), (0, -0.9)], r)
    cv.polygon(tip, shade(GOLD_RGB, (0, 0, 1), GOLD))
    _lens(cv, rotate((0, 0.12), r), 0.14, scheme.beam)


def _draw_lc98_king(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _contact_shadow(cv, circle_points(0.7, 40))
    _ring(cv, (0, 0), 0.7, 0.57, palette.trim, GOLD)
    _dome(cv, (0, 0), 0.58, palette.body, material)
    _crown(cv, 0.72, (0.0, 0.1))


def _draw_lc98_pawn(cv: Canvas, palette: PiecePalette, material: Material, r: int, scheme: Scheme) -> None:
    _draw_pyramid(cv, palette, material, r, scheme)


_DRAWERS = {
    "lc-triangle": _draw_lc_triangle,
    "lc-diagonal": _draw_lc_diagonal,
    "lc-straight": _draw_lc_straight,
    "lc-block": _draw_lc_block,
    "lc-splitter": _draw_lc_splitter,
    "lc-hypercube": _draw_lc_hypercube,
    "lc-laser": _draw_lc_laser,
    "lc-king": _draw_lc_king,
    "pyramid": _draw_pyramid,
    "scarab": _draw_scarab,
    "anubis": _draw_anubis,
    "pharaoh": _draw_pharaoh,
    "sphinx": _draw_sphinx,
    "king": _draw_king,
    "pawn": _draw_pawn,
    "lc98_pawn": _draw_lc98_pawn,
    "lc98_diagonal": _draw_lc98_diagonal,
    "lc98_straight": _draw_lc98_straight,
    "lc98_splitter": _draw_lc98_splitter,
    "lc98_charger": _draw_lc98_charger,
    "lc98_blocker": _draw_lc98_blocker,
    "lc98_laser": _draw_lc98_laser,
    "lc98_king": _draw_lc98_king,
}
DRAWINGS: tuple[str, ...] = (*_DRAWERS, *chessmen.DRAWINGS)  # the pictures a piece set may name
LEISER_DRAWINGS = frozenset({"king", "pawn"})  # drawn in the Leiserchess colours

__all__ = ["DRAWINGS", "piece_surface", "piece_kind", "clear_cache", "palette_for", "facet_normal"]
