"""The piece card: a piece large, with what a beam does on each face, where it moves and what its
actions cost in the rule set; shown when the pointer rests on a piece or on I."""

from __future__ import annotations

import pygame
import pytest

from game import Game, Player
from game.pieces import Piece
from game.variants import VARIANTS, get_variant
from gui.testing import post_key, run_frames
from gui.widgets.piece_card import CARD_DELAY, card_lines, card_rect, draw_piece_card, face_labels


def lines(variant: str, name: str) -> dict[str, str]:
    v = get_variant(variant)
    kind = next(k for k in v.pieces.kinds if k.name == name)
    return dict(card_lines(v, kind.number))


def test_the_card_says_what_each_rule_set_does():
    assert lines("khet", "Sphinx")["Laser"] == "fires by itself after every move"
    assert lines("khet", "Pyramid")["Costs"] == "a move the whole turn, a turn the whole turn"
    assert lines("laserchess98", "Laser")["Laser"] == "you fire it"
    assert "a fire one half-action" in lines("laserchess98", "Laser")["Costs"]
    assert lines("laserchess98", "Pawn")["Costs"].startswith("a move the whole turn")
    assert lines("laserchess87", "Laser")["Laser"] == "you fire it, once a turn"
    assert lines("laserchess87", "King")["Costs"] == "a move one or both actions"
    assert "lose it and you lose" in lines("lousychess", "King")["Note"]
    assert lines("lousychess", "Knight")["Moves"] == "jumps like a chess knight"


def test_the_face_labels_turn_with_the_piece():
    v = get_variant("khet")
    anubis = next(k for k in v.pieces.kinds if k.name == "Anubis")
    for orientation in range(4):
        code = Piece(anubis.number, 0, orientation).code
        labels = face_labels(v, code)
        assert labels[orientation][0] == "absorb"  # the shield faces where the Anubis looks
        assert [labels[s][0] for s in range(4) if s != orientation] == ["destroyed"] * 3
        flipped = face_labels(v, code, flipped=True)
        assert flipped[(orientation + 2) & 3][0] == "absorb"


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_piece_of_every_rule_set_has_a_card(name):
    pygame.display.init()
    v = get_variant(name)
    surface = pygame.Surface((320, 400))
    for kind in v.pieces.kinds:
        draw_piece_card(surface, pygame.Rect(10, 10, 300, 380), v, Piece(kind.number, 1, 1).code, "lapis")


def test_the_card_shows_when_the_pointer_rests_on_a_piece_and_on_i(quick_app, monkeypatch):
    app = quick_app
    screen = app.screens.push("game", game=Game.new("khet", players=(Player("human"), Player("human"))))
    run_frames(app, 2)
    view = screen.view
    anubis = screen.variant.geometry.parse_square("d1")
    pointer = [view.square_rect(anubis).center]
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: pointer[0])
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    run_frames(app, 2)
    assert view.card_square is None and 0 < screen.next_frame_in() <= CARD_DELAY  # a frame is due then
    run_frames(app, int(CARD_DELAY * 60) + 2)
    assert view.card_square == anubis
    rect = card_rect(view.rect, view.square_rect(anubis))
    assert not rect.colliderect(view.square_rect(anubis))  # the card leaves the piece in view
    card_pixel = app.surface.get_at(rect.move(0, 0).inflate(-40, -40).center)
    assert card_pixel != pygame.Color(0, 0, 0)
    pointer[0] = view.square_rect(screen.variant.geometry.parse_square("e4")).center  # an empty square
    run_frames(app, 2)
    assert view.card_square is None
    post_key(app, pygame.K_DOWN)  # the keyboard cursor, then I on its square
    cursor = view.deco.hover
    assert cursor is not None
    screen.input.cursor = anubis
    screen.input._refresh()
    post_key(app, pygame.K_i)
    assert view.card_square == anubis
    post_key(app, pygame.K_i)
    assert view.card_square is None
