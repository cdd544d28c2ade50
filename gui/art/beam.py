"""The laser beam (bright core, soft halo, travelling shimmer, sparks where it reflects) and the
particle burst of a destroyed piece. Everything is blended additively onto the target surface.

Drawing functions take the time and progress as arguments and never keep state; the only
stateful object, :class:`ParticleBurst`, changes in :meth:`ParticleBurst.update` and is only read
by :meth:`ParticleBurst.draw`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

import pygame

from gui.art.render import clamp8, mix, scale_rgb
from gui.art.schemes import Scheme

Point = tuple[float, float]


def path_length(points: Sequence[Point]) -> float:
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def point_at(points: Sequence[Point], distance: float) -> tuple[Point, int]:
    """The point ``distance`` pixels along the path and the index of the segment it lies on."""
    if not points:
        return ((0.0, 0.0), 0)
    remaining = max(0.0, distance)
    for i in range(len(points) - 1):
        a, b = points[i], points[i + 1]
        seg = math.dist(a, b)
        if remaining <= seg or i == len(points) - 2:
            t = 1.0 if seg == 0 else min(1.0, remaining / seg)
            return ((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), i)
        remaining -= seg
    return (points[-1], max(0, len(points) - 2))


def partial_path(points: Sequence[Point], progress: float) -> list[Point]:
    """The first ``progress`` (0..1) of the path, as a list of points."""
    if len(points) < 2:
        return list(points)
    progress = min(1.0, max(0.0, progress))
    head, index = point_at(points, path_length(points) * progress)
    return [*points[: index + 1], head]


def quantize(colour: Sequence[int], step: int = 24) -> tuple[int, int, int]:
    """Round a colour so sprite caches stay small while colours fade continuously."""
    return tuple(min(255, round(c / step) * step) for c in colour[:3])  # type: ignore[return-value]


@lru_cache(maxsize=512)
def glow_sprite(radius: int, colour: tuple[int, int, int], core: float = 0.3) -> pygame.Surface:
    """A round glow (per-pixel alpha): ``colour`` fading out, white-hot in the middle ``core``."""
    radius = max(1, radius)
    size = radius * 2 + 1
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = min(radius, 40)
    for i in range(steps, 0, -1):
        f = i / steps  # 1 at the rim
        alpha = 255 * (1.0 - f) ** 1.7
        c = colour
        if f < core:
            c = mix(colour, (255, 255, 255), 1.0 - f / core)
        pygame.draw.circle(surf, (*c, clamp8(alpha)), (radius, radius), max(1, round(radius * f)))
    return surf


@lru_cache(maxsize=256)
def _strip(half: int, colour: tuple[int, int, int], level: int) -> pygame.Surface:
    """The beam's cross-section: a 1-pixel-long strip with per-pixel alpha."""
    half = max(2, half)
    strength = 0.84 + 0.04 * level
    surf = pygame.Surface((1, half * 2 + 1), pygame.SRCALPHA)
    core_px = max(1.0, half * 0.2)
    for y in range(half * 2 + 1):
        d = abs(y - half)
        halo = 0.62 * math.exp(-((d / (half * 0.5)) ** 2)) + 0.38 * math.exp(-((d / half) ** 2) * 1.6)
        alpha = min(1.0, halo * strength)
        c = colour
        if d <= core_px + 1:
            t = 1.0 if d <= core_px else core_px + 1 - d
            c = mix(colour, (255, 248, 240), t)
            alpha = max(alpha, t)
        elif d <= core_px * 2.5:
            c = mix(colour, (255, 200, 190), 0.5 * (1 - (d - core_px) / (core_px * 1.5)))
            alpha = min(1.0, alpha * 1.1)
        surf.set_at((0, y), (*c, clamp8(alpha * 255)))
    return surf


# Beams that carry a charge (rules: LaserChess 98 §5): normal, half-charged (orange), charged (red).
# The normal beam cannot be the scheme's red then, so it is a laser green (sky blue in the
# colour-blind-safe scheme); a charged beam is also drawn wider, so colour is not the only cue.
CHARGED_BEAMS = ((70, 255, 110), (255, 150, 30), (255, 36, 36))
CHARGED_BEAMS_SAFE = ((86, 180, 233), (230, 159, 0), (213, 94, 0))  # Okabe-Ito


def beam_colours(scheme: Scheme, max_charge: int) -> tuple[tuple[int, int, int], ...]:
    """The beam colour for each charge level (index = charge) on ``scheme``; a set without charge
    draws every beam in the scheme's own laser colour."""
    if max_charge <= 0:
        return (scheme.beam,)
    table = CHARGED_BEAMS_SAFE if scheme.colour_blind_safe else CHARGED_BEAMS
    return table[: max_charge + 1]


def draw_doomed(surface: pygame.Surface, rect: pygame.Rect, colour: Sequence[int], time: float) -> None:
    """A piece a beam has struck that has not exploded yet: white-hot, cracked and flickering."""
    pulse = 0.6 + 0.4 * abs(math.sin(time * 18.0 + rect.x * 0.1))
    hot = mix(colour, (255, 240, 200), 0.55)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    w, h = rect.size
    pygame.draw.rect(layer, (*hot, clamp8(110 * pulse)), layer.get_rect(), border_radius=max(2, w // 10))
    pygame.draw.rect(
        layer, (255, 250, 235, clamp8(230 * pulse)), layer.get_rect(), max(2, w // 12), max(2, w // 10)
    )
    rng = random.Random(rect.x * 7 + rect.y)  # the same cracks every frame
    for _ in range(5):
        a = rng.uniform(0, math.tau)
        x, y = w / 2, h / 2
        points = [(x, y)]
        for _ in range(3):
            a += rng.uniform(-0.6, 0.6)
            x, y = x + math.cos(a) * w * 0.16, y + math.sin(a) * h * 0.16
            points.append((x, y))
        pygame.draw.lines(layer, (255, 255, 240, clamp8(255 * pulse)), False, points, max(1, w // 30))
    surface.blit(layer, rect)
    _blit_glow(surface, rect.center, round(w * 0.3 * pulse), hot, pulse)


def beam_width(square: float) -> int:
    """A good halo half-width for squares of this size."""
    return max(3, round(square * 0.2))


def _segment(
    surface: pygame.Surface, a: Point, b: Point, half: int, colour: tuple[int, int, int], level: int
) -> None:
    ax, ay = round(a[0]), round(a[1])
    bx, by = round(b[0]), round(b[1])
    if ax == bx and ay == by:
        return
    strip = _strip(half, quantize(colour, 12), level)
    h = strip.get_height()
    if ay == by:  # horizontal
        x0, x1 = min(ax, bx), max(ax, bx)
        surface.blit(pygame.transform.scale(strip, (x1 - x0, h)), (x0, ay - h // 2))
    elif ax == bx:  # vertical
        y0, y1 = min(ay, by), max(ay, by)
        vertical = pygame.transform.rotate(strip, 90)
        surface.blit(pygame.transform.scale(vertical, (h, y1 - y0)), (ax - h // 2, y0))
    else:  # any other angle: layered translucent lines
        layer = pygame.Surface((abs(bx - ax) + h + 2, abs(by - ay) + h + 2), pygame.SRCALPHA)
        ox, oy = min(ax, bx) - h // 2 - 1, min(ay, by) - h // 2 - 1
        p, q = (ax - ox, ay - oy), (bx - ox, by - oy)
        for width, alpha in ((h, 50), (max(2, h // 2), 110), (max(2, h // 4), 200)):
            pygame.draw.line(layer, (*colour, alpha), p, q, max(1, width))
        pygame.draw.line(layer, (255, 248, 240, 255), p, q, max(1, h // 8))
        surface.blit(layer, (ox, oy))


def _blit_glow(
    surface: pygame.Surface, centre: Point, radius: int, colour: Sequence[int], alpha: float = 1.0
) -> None:
    if alpha <= 0.02:
        return
    sprite = glow_sprite(min(400, max(2, radius)), quantize(colour))
    pos = (round(centre[0]) - sprite.get_width() // 2, round(centre[1]) - sprite.get_height() // 2)
    if alpha < 0.99:
        sprite.set_alpha(clamp8(alpha * 255))
        surface.blit(sprite, pos)
        sprite.set_alpha(255)
    else:
        surface.blit(sprite, pos)


def draw_spark(
    surface: pygame.Surface, centre: Point, size: float, colour: Sequence[int], time: float = 0.0
) -> None:
    """A reflection spark: a hot glow with four rotating rays."""
    colour = tuple(colour)
    pulse = 0.85 + 0.15 * math.sin(time * 23.0 + centre[0] * 0.1)
    radius = max(3, round(size * pulse))
    _blit_glow(surface, centre, radius, colour)
    ray_len = size * 1.6 * pulse
    layer_size = round(ray_len * 2 + 4)
    layer = pygame.Surface((layer_size, layer_size), pygame.SRCALPHA)
    c = layer_size / 2
    angle = time * 2.4 + centre[1] * 0.05
    ray_colour = (*mix(colour, (255, 255, 255), 0.65), 210)
    for i in range(4):
        a = angle + i * math.pi / 2
        end = (c + math.cos(a) * ray_len, c + math.sin(a) * ray_len)
        pygame.draw.line(layer, ray_colour, (c, c), end, max(1, round(size / 7)))
    surface.blit(layer, (round(centre[0] - c), round(centre[1] - c)))
    _blit_glow(surface, centre, max(2, radius // 2), (255, 255, 255))


def draw_beam(
    surface: pygame.Surface,
    points: Sequence[Point],
    progress: float = 1.0,
    colour: Sequence[int] = (255, 44, 32),
    half_width: int = 8,
    time: float = 0.0,
    intensity: float = 1.0,
    sparks: bool = True,
    end_flare: bool = True,
) -> Point | None:
    """Draw the first ``progress`` of the beam along ``points`` (pixel points: emitter, each
    reflection, end). Returns the head point, or None if nothing was drawn.

    ``intensity`` below 1 draws a faint beam (for the "show my beam" aid or a fading shot).
    """
    if len(points) < 2 or progress <= 0 or intensity <= 0:
        return None
    rgb = (colour[0], colour[1], colour[2])
    visible = partial_path(points, progress)
    level = int((math.sin(time * 31.0) + 1) * 1.5 + 0.5)  # a subtle flicker, 0..3
    half = max(2, round(half_width * (0.6 + 0.4 * min(1.0, intensity))))
    target = surface
    layer_at: tuple[int, int] = (0, 0)
    if intensity < 0.99:  # a faint beam: drawn whole on a layer just big enough, made faint once
        pad = half * 4 + 8
        xs, ys = [p[0] for p in visible], [p[1] for p in visible]
        box = pygame.Rect(
            min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        )
        box = box.clip(surface.get_rect())
        if box.w <= 0 or box.h <= 0:
            return None
        target = pygame.Surface(box.size, pygame.SRCALPHA)
        layer_at = box.topleft
        visible = [(x - layer_at[0], y - layer_at[1]) for x, y in visible]
    for i in range(len(visible) - 1):
        _segment(target, visible[i], visible[i + 1], half, rgb, level)
    # shimmer: small bright pulses running along the beam
    total = path_length(visible)
    if total > 0 and intensity > 0.5:
        spacing = max(half * 6.0, 24.0)
        offset = (time * spacing * 3.5) % spacing
        d = offset
        while d < total:
            p, _ = point_at(visible, d)
            _blit_glow(target, p, max(2, half // 2 + 1), mix(rgb, (255, 255, 255), 0.5))
            d += spacing
    if sparks:
        for corner in visible[1:-1]:
            draw_spark(target, corner, half * 1.4, rgb, time)
    head = visible[-1]
    if progress < 1.0:
        _blit_glow(target, head, round(half * 1.8), rgb)
    elif end_flare:
        _blit_glow(target, head, round(half * 1.4 * (0.9 + 0.1 * math.sin(time * 40))), rgb)
    if target is not surface:
        target.set_alpha(clamp8(intensity * 255))
        surface.blit(target, layer_at)
        head = (head[0] + layer_at[0], head[1] + layer_at[1])
    return head


class ParticleBurst:
    """The explosion of a destroyed piece: a flash, a shock ring, hot sparks and tumbling shards."""

    def __init__(
        self,
        centre: Point,
        size: float,
        beam_colour: Sequence[int] = (255, 44, 32),
        piece_colours: Sequence[Sequence[int]] = ((200, 200, 210),),
        seed: int | None = None,
        duration: float = 1.1,
    ) -> None:
        rng = random.Random(seed)
        self.centre = centre
        self.size = max(4.0, float(size))
        self.beam_colour = tuple(beam_colour)
        self.age = 0.0
        self.duration = duration
        self.sparks: list[list[float]] = []  # x, y, vx, vy, life, max_life, radius
        self.shards: list[list] = []  # x, y, vx, vy, angle, spin, life, max_life, size, colour
        for _ in range(46):
            a = rng.uniform(0, math.tau)
            speed = self.size * rng.uniform(1.5, 5.5)
            life = rng.uniform(0.35, 0.9)
            self.sparks.append(
                [
                    centre[0],
                    centre[1],
                    math.cos(a) * speed,
                    math.sin(a) * speed,
                    life,
                    life,
                    rng.uniform(1.5, 3.5),
                ]
            )
        for _ in range(18):
            a = rng.uniform(0, math.tau)
            speed = self.size * rng.uniform(0.8, 2.6)
            life = rng.uniform(0.6, duration)
            colour = tuple(rng.choice(list(piece_colours)))
            self.shards.append(
                [
                    centre[0] + math.cos(a) * self.size * 0.15,
                    centre[1] + math.sin(a) * self.size * 0.15,
                    math.cos(a) * speed,
                    math.sin(a) * speed,
                    rng.uniform(0, math.tau),
                    rng.uniform(-12, 12),
                    life,
                    life,
                    self.size * rng.uniform(0.08, 0.2),
                    colour,
                ]
            )

    @property
    def alive(self) -> bool:
        return self.age < self.duration

    def update(self, dt: float) -> None:
        dt = max(0.0, min(dt, 0.1))
        self.age += dt
        drag = math.exp(-3.2 * dt)
        for p in self.sparks:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[2] *= drag
            p[3] *= drag
            p[4] -= dt
        for s in self.shards:
            s[0] += s[2] * dt
            s[1] += s[3] * dt
            s[2] *= drag
            s[3] *= drag
            s[4] += s[5] * dt
            s[6] -= dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.alive:
            return
        t = self.age / self.duration
        # flash and shock ring
        if t < 0.35:
            k = 1.0 - t / 0.35
            flash = mix(self.beam_colour, (255, 230, 180), 0.5)
            _blit_glow(surface, self.centre, round(self.size * (0.6 + 1.2 * t / 0.35)), flash, k)
            ring_r = self.size * (0.3 + 1.3 * t / 0.35)
            ring = pygame.Surface((round(ring_r * 2 + 8), round(ring_r * 2 + 8)), pygame.SRCALPHA)
            c = ring.get_width() / 2
            pygame.draw.circle(
                ring, (255, 220, 180, clamp8(150 * k * k)), (c, c), ring_r, max(1, round(self.size * 0.05))
            )
            surface.blit(ring, (round(self.centre[0] - c), round(self.centre[1] - c)))
        for s in self.shards:
            if s[6] <= 0:
                continue
            k = s[6] / s[7]
            size = s[8] * (0.4 + 0.6 * k)
            pts = [
                (s[0] + math.cos(s[4] + a) * size * f, s[1] + math.sin(s[4] + a) * size * f)
                for a, f in ((0.0, 1.0), (2.3, 0.7), (4.0, 0.9))
            ]
            pygame.draw.polygon(surface, scale_rgb(s[9], 0.5 + 0.5 * k), pts)
            pygame.draw.line(surface, mix(s[9], (255, 255, 255), 0.6), pts[0], pts[1], 1)
        for p in self.sparks:
            if p[4] <= 0:
                continue
            k = p[4] / p[5]
            colour = mix(self.beam_colour, (255, 240, 200), k * 0.8)
            _blit_glow(
                surface,
                (p[0], p[1]),
                max(2, round(p[6] * (0.5 + k) * self.size / 40)),
                colour,
                min(1.0, k * 1.5),
            )
