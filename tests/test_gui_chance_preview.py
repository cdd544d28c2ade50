"""Laser Chess 1987's chance is shown as chance: pointing at a move onto the hypersquare (or a
Hypercube's displacement) shows every square chance may send the piece to, with its odds, never
one certain square; and a move that uses both actions of the turn is marked before it is made."""

from __future__ import annotations

import pygame

from game import Game, Player, Position
from game.chance import outcomes
from gui.rules_pages import page
from gui.testing import post_click, run_frames
from gui.widgets.shot_preview import ShotPreviewer, costly_squares


def hypersquare_demo():
    return next(s.demo for s in page("laserchess87") if s.key == "hypersquare")


def test_a_move_onto_the_hypersquare_previews_every_landing_square_with_its_odds():
    """Hovering a move onto e5 previewed a definite landing square (a1); chance then sent the
    piece elsewhere (a2)."""
    demo = hypersquare_demo()
    pos = Position.from_fen(demo.fen, "laserchess87")
    preview = ShotPreviewer().preview(pos, demo.move)
    landings = {m.chance for m in outcomes(pos, demo.move)}
    assert len(landings) > 1 and set(preview.chances) == landings
    assert abs(sum(preview.chances.values()) - 1) < 1e-9
    assert len(set(preview.chances.values())) == 1  # all equally likely
    assert preview.ghost is None  # no certain square
    assert preview.chanced == pos.board[demo.move.from_square]  # the mover is what chance moves


def test_moves_that_use_both_actions_are_marked_and_one_action_moves_are_not():
    demo = hypersquare_demo()
    pos = Position.from_fen(demo.fen, "laserchess87")
    frm = demo.move.from_square
    targets = {m.to_square: m for m in pos.moves_from(frm) if m.to_square != frm}
    costly = costly_squares(pos, targets)
    geo = pos.geometry
    for sq in targets:
        far = abs(geo.file_of(sq) - geo.file_of(frm)) + abs(geo.rank_of(sq) - geo.rank_of(frm)) > 1
        assert (sq in costly) == far, geo.names[sq]
    previewer = ShotPreviewer()
    assert previewer.preview(pos, targets[demo.move.to_square]).uses_every_action == (
        demo.move.to_square in costly
    )
    khet = Position.setup(variant="khet")
    assert not costly_squares(khet, {m.to_square: m for m in khet.legal_moves})  # one action a turn


def test_the_game_shows_the_chance_and_the_cost_before_the_move_is_made(quick_app):
    app = quick_app
    demo = hypersquare_demo()
    game = Game.new("laserchess87", fen=demo.fen, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    post_click(app, screen.view.square_rect(demo.move.from_square).center)
    assert screen.view.costly and screen.view.costly <= screen.view.deco.dots | screen.view.deco.rings
    centre = screen.view.square_rect(demo.move.to_square).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 2)
    assert len(screen.view.preview_chances) > 1 and screen.view.deco.preview is None
    text = screen.status_text()[0]
    assert "chance picks one of" in text and "% each" in text
    assert not screen.session.game.moves  # nothing played yet
