"""Laser Chess 1987 on the game screen, driven by posted events: the turn indicator."""

from __future__ import annotations

import random
from dataclasses import replace

import pygame
import pytest

from game import Game, Player, Position
from game.variants import get_variant
from gui.screens.game import GameScreen
from gui.testing import post_click, run_frames


@pytest.fixture
def app(quick_app):
    return quick_app


def open_game(app, variant: str) -> GameScreen:
    game = Game.new(variant, players=(Player("human"), Player("human")))
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    return screen


def click(app, screen: GameScreen, name: str) -> None:
    post_click(app, screen.view.square_rect(screen.variant.geometry.parse_square(name)).center)


def test_the_turn_indicator_counts_the_actions_left(app):
    screen = open_game(app, "laserchess87")
    assert screen.turn_note() == "2 actions left"
    assert screen.status_text()[0] == "Green to move · 2 actions left"
    click(app, screen, "c2")
    click(app, screen, "c3")  # one action: a one-square move
    assert screen.session.game.moves[-1].text == "c2c3"
    assert screen.turn_note() == "1 action left"
    assert screen.status_text()[0] == "Green to move · 1 action left"
    click(app, screen, "g2")
    click(app, screen, "g3")  # the second action ends Green's turn
    assert screen.position.turn == 1
    assert screen.status_text()[0] == "Red to move · 2 actions left"
    click(app, screen, "c8")
    click(app, screen, "c6")  # two squares straight cost both actions
    assert screen.position.turn == 0 and screen.turn_note() == "2 actions left"
    screen.browse(1)  # an earlier position on the board: no indicator for it
    assert screen.turn_note() is None
    screen.browse(None)
    assert screen.turn_note() == "2 actions left"


def test_the_indicator_is_drawn_on_the_card_of_the_side_to_move(app, monkeypatch):
    from gui.screens import game_panel as game_screen

    seen: list[tuple[int, str | None]] = []
    real = game_screen.draw_player_card

    def spy(surface, rect, variant, scheme, color, label, **kw):
        seen.append((color, kw.get("turn_note")))
        return real(surface, rect, variant, scheme, color, label, **kw)

    monkeypatch.setattr(game_screen, "draw_player_card", spy)
    screen = open_game(app, "laserchess87")
    seen.clear()
    screen.draw(app.surface)
    assert sorted(seen) == [(0, "2 actions left"), (1, None)]


def test_one_move_turns_show_no_indicator(app):
    screen = open_game(app, "khet")
    assert get_variant("khet").turn_progress(screen.position) is None
    assert screen.turn_note() is None and screen.status_text()[0] == "Silver to move"


def test_no_screen_compares_rule_set_names():
    """The screens ask the rule set (hooks, data); none branches on a rule set's id."""
    from pathlib import Path

    import gui.screens

    folder = Path(gui.screens.__file__).parent
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("laserchess87", "laserchess98"):
            assert name not in text, f"{path.name} names {name}"


# ----------------------------------------------------------------------------- the board view


def sq(name: str) -> int:
    return get_variant("laserchess87").geometry.parse_square(name)


def lc87_view():
    from gui.widgets.board_view import BoardView

    view = BoardView(get_variant("laserchess87"))
    view.set_area(pygame.Rect(0, 0, 540, 540))
    view.laser_speed = 18.0
    return view


def test_the_hypersquare_is_drawn_from_the_variants_data(app):
    from gui.art.portal import special_square_surface
    from gui.widgets.board_view import BoardView

    assert get_variant("laserchess87").presentation.special_squares == {sq("e5"): "hypersquare"}
    assert get_variant("khet").presentation.special_squares == {}
    variant = get_variant("laserchess87")
    with pytest.raises(AttributeError):  # a rule set is immutable: the test makes its own
        variant.presentation = replace(variant.presentation, special_squares={})

    class NoHypersquare(type(variant)):  # the same rules, no special square to draw
        presentation = replace(variant.presentation, special_squares={})

    view = lc87_view()
    view.show_position([0] * 81)
    surface = pygame.Surface((540, 540))
    view.draw(surface)
    bare = BoardView(NoHypersquare())
    bare.set_area(pygame.Rect(0, 0, 540, 540))
    bare.laser_speed = view.laser_speed
    bare.show_position([0] * 81)
    plain = pygame.Surface((540, 540))
    bare.draw(plain)
    e5 = view.square_rect(sq("e5"))
    expected = plain.copy()
    expected.blit(special_square_surface(view.layout.square), e5)
    for x in range(e5.x, e5.right, 3):
        for y in range(e5.y, e5.bottom, 3):
            assert surface.get_at((x, y)) == expected.get_at((x, y))
    assert surface.get_at(e5.center) != plain.get_at(e5.center)
    rest = [(x, y) for x in range(0, 540, 7) for y in range(0, 540, 7) if not e5.collidepoint(x, y)]
    assert all(surface.get_at(p) == plain.get_at(p) for p in rest)  # only e5 is special
    plain = BoardView(get_variant("khet"))
    plain.set_area(pygame.Rect(0, 0, 540, 540))
    plain._draw_special_squares(surface)  # nothing to draw, nothing fails


def animate_until(view, predicate, limit: float = 3.0, dt: float = 1 / 60) -> float:
    """Run the view's clock until ``predicate()`` holds; the time it took."""
    t = 0.0
    while not predicate():
        assert t < limit, "the animation never got there"
        view.update(dt)
        t += dt
    return t


def test_a_piece_vanishes_into_the_hypersquare_and_reappears(app):
    from game import Position

    pos = Position.from_fen("4k4/9/9/9/9/4B04/9/9/4K4 g", "laserchess87")
    before = list(pos.board)
    effects = pos.push(pos.parse_move("e4e5@c7"))
    block = before[sq("e4")]
    view = lc87_view()
    view.show_position(before)
    view.show_effects(pos.board, effects)
    assert view.busy
    # first it slides onto e5 (nothing is drawn on c7 yet)
    moving = view.animated_pieces()
    assert [m[0] for m in moving] == [block] and moving[0][2] == 1.0
    assert sq("c7") in view._hidden_by_animation()
    animate_until(view, lambda: view._slide is None)
    # then it shrinks away on e5 ...
    scales = []
    while view.animated_pieces() and view.animated_pieces()[0][1] == view.square_center(sq("e5")):
        scales.append(view.animated_pieces()[0][2])
        view.update(1 / 60)
    assert len(scales) > 5 and scales == sorted(scales, reverse=True) and scales[-1] < 0.2
    # ... and grows out of c7
    code, centre, scale = view.animated_pieces()[0]
    assert code == block and centre == view.square_center(sq("c7")) and scale < 0.5
    animate_until(view, lambda: not view.busy)
    assert view.animated_pieces() == [] and view.board == pos.board and view.board[sq("c7")] == block
    assert not view._hidden_by_animation()


def test_the_hypercubes_displacement_is_animated(app):
    from game import Position

    pos = Position.from_fen("4k4/9/9/9/9/9/9/3t2S14/3HK4 g", "laserchess87")
    before = list(pos.board)
    cube, victim = before[sq("d1")], before[sq("d2")]
    effects = pos.push(pos.parse_move("d1d2@g6"))
    view = lc87_view()
    view.show_position(before)
    view.show_effects(pos.board, effects)
    # the Hypercube slides in while the piece it lands on still stands there, under it
    moving = view.animated_pieces()
    assert moving[0] == (victim, view.square_center(sq("d2")), 1.0) and moving[1][0] == cube
    animate_until(view, lambda: view._slide is None)
    code, centre, scale = view.animated_pieces()[0]
    assert (code, centre) == (victim, view.square_center(sq("d2"))) and scale <= 1.0
    animate_until(view, lambda: view.animated_pieces()[0][1] == view.square_center(sq("g6")))
    animate_until(view, lambda: not view.busy)
    assert view.board[sq("g6")] == victim and view.board[sq("d2")] == cube


def test_split_beams_travel_together(app):
    from game import Position

    pos = Position.setup(variant="laserchess87")
    before = list(pos.board)
    effects = pos.push(pos.parse_move("f1*"))  # the spec's free test: the shot splits on f2
    assert any(len(b.children) == 2 for b in effects.all_beams())
    view = lc87_view()
    view.show_position(before)
    view.show_effects(pos.board, effects)
    together = 0
    while view.beam_running:
        moving = [beam for beam, progress in view.beams_drawn() if 0 < progress < 1]
        together = max(together, len(moving))
        view.update(1 / 60)
    assert together >= 2, "both halves of the split are drawn on their way at once"
    animate_until(view, lambda: not view.busy)
    assert view.board == pos.board


def test_the_hypersquare_move_by_clicks_plays_the_warp(app):
    app.settings.piece_animation = True
    screen = open_game(app, "laserchess87")
    app.settings.laser_speed = "normal"
    for frm, to in (("e2", "e3"), ("e3", "e4"), ("c8", "c6")):  # c8c6: both of Red's actions
        click(app, screen, frm)
        click(app, screen, to)
        run_frames(app, 40)
    assert screen.position.turn == 0 and screen.position.board[sq("e4")]
    piece = screen.position.board[sq("e4")]
    click(app, screen, "e4")
    click(app, screen, "e5")
    text = screen.session.game.moves[-1].text
    assert text.startswith("e4e5@")  # the game drew where it comes out
    landing = sq(text.split("@")[1])
    assert screen.view.busy and screen.position.board[landing] == piece
    run_frames(app, 12)
    assert screen.view._warp is not None  # vanishing or reappearing
    run_frames(app, 60)
    assert not screen.view.busy and screen.view.board[landing] == piece


# ----------------------------------------------------------------------------- the editor


def test_the_editor_checks_a_split_shot_whole(app):
    """Every beam of a split shot counts in the editor's check, and the overlay draws each one."""
    from gui.editor_model import BoardEdit

    variant = get_variant("laserchess87")
    edit = BoardEdit(variant)
    edit.load(variant.setup_fen())
    checks = {c.text for c in edit.analyse().checks}
    assert "Green's laser, fired now, would destroy its own Block on g2 and its own Laser on f1." in checks
    assert "Red's laser, fired now, would destroy its own Block on c8 and its own Laser on d9." in checks
    edit.load("l08/9/9/9/9/9/9/3x0k4/3L0K4 g")  # d2's apex fed from below: E hits the King, W leaves
    text = [c.text for c in edit.analyse().checks if "Green's laser" in c.text]
    assert text == ["Green's laser, fired now, would destroy the Red King on e2: Red would lose."]
    screen = app.screens.push("editor", variant="laserchess87")
    run_frames(app, 3)
    drawn = list(screen.view.overlay)
    assert sum(1 for root in drawn for _ in root.walk()) > len(drawn)  # the branches are drawn too


# ----------------------------------------------------------------------------- a whole game


def _choose(pos, rng):
    """A decision (chance outcomes are the game's to draw): win at once if possible, never lose
    one's own King, fire now and then, take a good shot or capture often, otherwise anything."""
    from game import Move
    from game.chance import decision_code

    seen, decisions = set(), []
    for move in pos.legal_moves:
        key = decision_code(move.code)
        if key not in seen:
            seen.add(key)
            decisions.append(move)
    rng.shuffle(decisions)
    me, safe, good = pos.turn, [], []
    for move in decisions:
        effects = pos.push(move)
        loser = pos.loser
        gained = sum(1 for r in effects.lost if r.code >> 2 & 1 != me)
        lost = sum(1 for r in effects.lost if r.code >> 2 & 1 == me)
        pos.pop()
        if loser == 1 - me:
            return move
        if loser < 0:
            safe.append(move)
            if gained > lost:
                good.append(move)
    fires = [m for m in safe if m.fire]
    if fires and rng.random() < 0.15:  # a shot now and then, even one that only costs pieces
        return fires[0]
    pick = good[0] if good and rng.random() < 0.7 else (safe or decisions)[0]
    return Move.from_code(decision_code(pick.code)) if pick.chance is not None else pick


def _enter(app, screen: GameScreen, move) -> str:
    """Enter an action the way a player does: clicks, the turn buttons, the Fire button."""
    from gui.testing import click_element

    def at(square: int) -> None:
        post_click(app, screen.view.square_rect(square).center)

    if move.fire:
        at(move.from_square)
        click_element(app, screen.buttons["fire"])
        return "fire"
    if move.orientation is not None:
        at(move.from_square)
        key = next(
            k
            for k, r in (("rotate_right", 1), ("rotate_left", 2), ("rotate_half", 3))
            if screen.input.rotation_move(r) == move
        )
        click_element(app, screen.buttons[key])
        return "rotate"
    at(move.from_square)
    at(move.to_square)
    return "move"


@pytest.mark.slow  # a long correctness run: every action of a whole game entered by posted clicks
def test_a_whole_game_played_to_the_end_by_posted_events(app):
    """Laser Chess 1987 from the start to a King's fall, every action entered by posted clicks."""
    from game import Position
    from game.chance import decision_code
    from game.variants.laserchess87 import action_cost

    game = Game.new("laserchess87", players=(Player("human"), Player("human")))
    game.game_id = "lc87-whole-game"  # the game's chance draws are seeded by its id: the same game each run
    screen = app.screens.push("game", game=game)
    run_frames(app, 2)
    rng = random.Random(87)
    kinds: set[str] = set()
    notes: set[str | None] = set()
    for _ in range(600):
        s = screen.session
        if s.finished:
            break
        notes.add(screen.turn_note())
        pos = s.position
        move = _choose(pos, rng)
        before = len(s.game.moves)
        kind = _enter(app, screen, move)
        run_frames(app, 2)
        assert len(s.game.moves) == before + 1, f"{pos.move_text(move)} was not entered"
        played = s.position.history[-1]
        assert decision_code(played.code) == decision_code(move.code)
        if played.chance is not None:
            kind = "chance"
        elif kind == "move" and action_cost(move.from_square, move.to_square) == 2:
            kind = "two-action move"
        kinds.add(kind)
    s = screen.session
    assert s.finished, "the game reaches its end"
    assert s.outcome.winner is not None or s.outcome.termination.name != "NO_MOVES"
    assert notes >= {"2 actions left", "1 action left"}
    assert {"move", "rotate", "fire", "chance", "two-action move"} <= kinds
    run_frames(app, 5)
    assert screen.over_buttons, "the game-over panel is up"
    # the record replays to the same end, chance outcomes included
    again = Game.from_json(s.game.to_json())
    assert again.position_at().fen() == s.position.fen()
    replay = Position.setup(variant="laserchess87")
    for text in [m.text for m in s.game.moves]:
        replay.push_text(text)
    assert replay.fen() == s.position.fen() and replay.outcome() == s.position.outcome()


def test_struck_pieces_stand_until_the_shot_ends(app):
    """rules §3: the shot runs on a board that does not change; what it struck falls at its end."""
    from game import Position

    pos = Position.setup(variant="laserchess87")
    before = list(pos.board)
    effects = pos.push(pos.parse_move("f1*"))
    last = max(b.end_step for b in effects.all_beams())
    view = lc87_view()
    view.show_position(before)
    view.show_effects(pos.board, effects)
    while view.beam_running:
        if view._show.clock < last:
            assert view.board[sq("g2")] == before[sq("g2")] and view.board[sq("f1")] == before[sq("f1")]
        view.update(1 / 60)
    assert view.board == pos.board and not view.board[sq("g2")] and not view.board[sq("f1")]


def test_the_rules_page_says_how_a_1987_turn_goes():
    from game import Position
    from gui.rules_pages import page

    sections = {s.key: s for s in page("laserchess87")}
    assert "fires automatically" not in sections["goal"].text
    assert sections["moves"].text.startswith("A turn is two actions")
    assert {"hypersquare", "chance"} <= set(sections)
    for key in ("hypersquare", "chance"):
        demo = sections[key].demo
        assert demo is not None and demo.move.chance is not None
        assert demo.move in list(Position.from_fen(demo.fen, "laserchess87").legal_moves)
    assert sections["hypersquare"].demo.move.to_square == sq("e5")
    khet = {s.key: s.text for s in page("khet")}
    assert "fires automatically" in khet["goal"]  # the generic words stay for one-move turns


def test_a_displacement_is_not_written_as_a_swap():
    from game import Position
    from gui.notation import SWAP, readable_move

    pos = Position.setup(variant="laserchess87")
    assert readable_move(pos, pos.parse_move("d1d2@g6")) == "d1d2@g6"
    assert SWAP not in readable_move(pos, pos.parse_move("d1e1@e4"))


def test_selecting_a_piece_generates_no_legal_moves_for_the_costly_ring(app, monkeypatch):
    """Issue 25: one legal-move generation per position. Finding which moves use both actions (the
    ring, issue 28) asked every destination after which the turn goes on whether the game had
    ended, a generation each: 2.25 generations per human move instead of 1."""
    from game.variants.laserchess87 import action_cost

    screen = open_game(app, "laserchess87")
    pos = screen.session.position
    costs = {
        sq: {action_cost(sq, m.to_square) for m in pos.moves_from(sq) if m.to_square != sq}
        for sq in pos.movable_squares()
    }
    mover = next(sq for sq, found in costs.items() if found == {1, 2})  # steps and longer moves
    generated: list[int] = []
    variant = type(screen.variant)
    generate = variant.generate
    monkeypatch.setattr(variant, "generate", lambda self, p: generated.append(p.ply) or generate(self, p))
    made: list[int] = []  # and no action made: the rule set answers each cost (it played each one)
    apply = Position.apply_journaled
    monkeypatch.setattr(Position, "apply_journaled", lambda p, m: made.append(m.code) or apply(p, m))
    post_click(app, screen.view.square_rect(mover).center)
    run_frames(app, 2)
    assert screen.input.selected == mover and screen.board.costly(pos, screen.input.targets())
    assert generated == [] and made == []
