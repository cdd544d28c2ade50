"""The art: every piece in every colour, orientation and a range of sizes; orientation cues point
the right way; the board's geometry round-trips; beam and burst helpers behave."""

from __future__ import annotations

import pygame
import pytest

from game.pieces import Kind
from gui.art import pieces as piece_art
from gui.art.beam import ParticleBurst, beam_width, draw_beam, partial_path, path_length, point_at
from gui.art.board import BoardLayout, board_surface, fit_layout, margin_for
from gui.art.schemes import SCHEMES, get_scheme


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    yield
    pygame.display.quit()


def opaque_pixels(surf: pygame.Surface) -> int:
    return sum(
        1 for x in range(surf.get_width()) for y in range(surf.get_height()) if surf.get_at((x, y)).a > 200
    )


@pytest.mark.parametrize("kind", list(Kind))
def test_every_piece_draws_at_every_size(kind):
    for color in (0, 1):
        for orientation in range(4):
            for size in (12, 33, 64):
                surf = piece_art.piece_surface(kind, color, orientation, size, "sandstone")
                assert surf.get_size() == (size, size)
                assert surf.get_flags() & pygame.SRCALPHA
    big = piece_art.piece_surface(kind, 0, 0, 48, "contrast")
    assert opaque_pixels(big) > 48 * 48 * 0.4  # a solid piece, not a wisp
    assert big.get_at((0, 0)).a < 40  # with room around it


def test_pieces_are_cached_and_schemes_differ():
    a = piece_art.piece_surface(Kind.PYRAMID, 1, 2, 40, "sandstone")
    assert piece_art.piece_surface(Kind.PYRAMID, 1, 2, 40, "sandstone") is a
    b = piece_art.piece_surface(Kind.PYRAMID, 1, 2, 40, "contrast")
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_colours_of_the_two_sides_differ():
    for kind in Kind:
        first = piece_art.piece_surface(kind, 0, 0, 40, "sandstone")
        second = piece_art.piece_surface(kind, 1, 0, 40, "sandstone")
        assert pygame.image.tobytes(first, "RGBA") != pygame.image.tobytes(second, "RGBA")


def beam_coloured_pixels_by_side(surf: pygame.Surface, beam: tuple[int, int, int]) -> dict[str, int]:
    """Count strongly beam-coloured pixels in each half of a piece image."""
    w, h = surf.get_size()
    counts = {"N": 0, "E": 0, "S": 0, "W": 0}
    for x in range(w):
        for y in range(h):
            c = surf.get_at((x, y))
            if c.a > 200 and c.r > 200 and c.g < 120 and c.b < 140:
                counts["N" if y < h / 2 else "S"] += 1
                counts["W" if x < w / 2 else "E"] += 1
    return counts


@pytest.mark.parametrize(
    "orientation, toward, away", [(0, "N", "S"), (1, "E", "W"), (2, "S", "N"), (3, "W", "E")]
)
def test_sphinx_arrow_points_the_way_it_fires(orientation, toward, away):
    scheme = get_scheme("sandstone")
    surf = piece_art.piece_surface(Kind.SPHINX, 0, orientation, 64, scheme)
    counts = beam_coloured_pixels_by_side(surf, scheme.beam)
    assert counts[toward] > 2 * counts[away]


def bright_pixels_by_quadrant(surf: pygame.Surface) -> dict[str, int]:
    w, h = surf.get_size()
    counts = {"NE": 0, "SE": 0, "SW": 0, "NW": 0}
    for x in range(w):
        for y in range(h):
            c = surf.get_at((x, y))
            if c.a > 200 and min(c.r, c.g, c.b) > 235:
                counts[("N" if y < h / 2 else "S") + ("E" if x >= w / 2 else "W")] += 1
    return counts


@pytest.mark.parametrize("orientation, mirror_side", [(0, "NE"), (1, "SE"), (2, "SW"), (3, "NW")])
def test_pyramid_body_sits_opposite_its_mirror(orientation, mirror_side):
    # the red body is on the half away from the mirror: count red pixels per diagonal half
    surf = piece_art.piece_surface(Kind.PYRAMID, 1, orientation, 64, "sandstone")
    w, h = surf.get_size()
    toward = opposite = 0
    sx = 1 if "E" in mirror_side else -1
    sy = -1 if "N" in mirror_side else 1
    for x in range(w):
        for y in range(h):
            c = surf.get_at((x, y))
            if c.a > 200 and c.r > 150 and c.g < 90:
                side = (x - w / 2) * sx + (y - h / 2) * sy
                if side > 4:
                    toward += 1
                elif side < -4:
                    opposite += 1
    assert opposite > 2 * toward


def test_anubis_shield_is_on_its_front():
    for orientation, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
        surf = piece_art.piece_surface(Kind.ANUBIS, 0, orientation, 64, "obsidian")
        w, h = surf.get_size()
        gold = [
            (x - w / 2, y - h / 2)
            for x in range(w)
            for y in range(h)
            if (c := surf.get_at((x, y))).a > 200 and c.r > 180 and c.g > 120 and c.b < 90
        ]
        assert gold
        mean = sum(px * dx + py * dy for px, py in gold) / len(gold)
        assert mean > w * 0.2


def test_scarab_orientations_pair_up():
    a = piece_art.piece_surface(Kind.SCARAB, 0, 0, 40, "lapis")
    assert piece_art.piece_surface(Kind.SCARAB, 0, 2, 40, "lapis") is a
    b = piece_art.piece_surface(Kind.SCARAB, 0, 1, 40, "lapis")
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_schemes():
    assert len(SCHEMES) >= 4
    assert any(s.colour_blind_safe for s in SCHEMES.values())
    assert get_scheme("nonsense") is get_scheme(None)


@pytest.mark.parametrize("flipped", [False, True])
def test_board_layout_round_trip(flipped):
    layout = BoardLayout(10, 8, 50, margin_for(50), flipped)
    for sq in range(80):
        rect = layout.square_rect(sq)
        assert layout.square_at(rect.center) == sq
        assert layout.square_at(layout.square_center(sq)) == sq
    assert layout.square_at((1, 1)) is None
    assert layout.square_at((layout.size[0] - 1, layout.size[1] - 1)) is None
    a1 = layout.square_rect(0)
    assert (a1.bottom > layout.size[1] / 2) != flipped  # a1 at the bottom unless flipped
    assert (a1.left < layout.size[0] / 2) != flipped


def test_fit_layout_fits():
    for w, h in ((300, 200), (800, 600), (1000, 1000), (50, 50)):
        layout = fit_layout(10, 8, w, h)
        assert layout.size[0] <= max(w, 10 * 4 + 2 * margin_for(4))
        assert layout.size[1] <= max(h, 8 * 4 + 2 * margin_for(4))


def test_board_surface_marks_reserved_squares():
    reserved = {9: 0, 0: 1}
    for scheme in SCHEMES:
        surf = board_surface(10, 8, reserved, scheme, 40, True, 1)
        layout = BoardLayout(10, 8, 40, margin_for(40))
        assert surf.get_size() == layout.size
        plain_light = surf.get_at(layout.square_rect(2).move(4, 4).topleft)  # same colour as a1's diagonal
        reserved_sq = surf.get_at(layout.square_rect(0).move(4, 4).topleft)
        assert plain_light != reserved_sq
    no_coords = board_surface(10, 8, reserved, "sandstone", 40, False, 1)
    with_coords = board_surface(10, 8, reserved, "sandstone", 40, True, 1)
    assert pygame.image.tobytes(no_coords, "RGBA") != pygame.image.tobytes(with_coords, "RGBA")


def test_beam_path_helpers_and_drawing():
    points = [(10.0, 100.0), (10.0, 10.0), (110.0, 10.0)]
    assert path_length(points) == 190
    assert point_at(points, 90)[0] == (10.0, 10.0)
    assert partial_path(points, 0.5)[-1] == (15.0, 10.0)
    target = pygame.Surface((200, 200))
    assert draw_beam(target, points, 0.0) is None
    head = draw_beam(target, points, 1.0, (255, 40, 30), beam_width(40), time=0.5)
    assert head == (110.0, 10.0)
    assert target.get_at((60, 10)).r > 200  # the beam is drawn along its path
    assert target.get_at((150, 150)) == pygame.Color(0, 0, 0)
    faint = pygame.Surface((200, 200))
    draw_beam(faint, points, 1.0, (255, 40, 30), 8, intensity=0.3, sparks=False, end_flare=False)
    assert 0 < faint.get_at((60, 10)).r < target.get_at((60, 10)).r


def test_particle_burst_runs_its_course():
    burst = ParticleBurst((50, 50), 40, (255, 40, 30), [(200, 200, 210)], seed=1)
    target = pygame.Surface((100, 100))
    burst.draw(target)
    steps = 0
    while burst.alive:
        burst.update(1 / 60)
        burst.draw(target)
        steps += 1
        assert steps < 200
    assert steps > 30  # visible for a good half second
