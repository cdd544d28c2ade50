"""The Rules screen: every page of every rule set draws, and its words come from the rule set's data."""

from __future__ import annotations

import pytest

from game import Position
from game.pieces import code_color
from game.variants import VARIANTS
from gui.testing import run_frames


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_rules_section_of_every_rule_set_draws(quick_app, variant):
    """Rules → Pieces drew Lousy Chess, Laser Chess 1987 and LaserChess 98 pieces by a Khet kind
    number (KeyError: 9 in the piece art) and opened the crash panel."""
    app = quick_app
    app.screens.push("rules", variant=variant)
    run_frames(app, 2)
    screen = app.screens.top
    for i in range(len(screen.sections)):
        screen.choose_section(i)
        run_frames(app, 2)
        assert app.screens.top is screen, (variant, screen.section.key)


# ----------------------------------------------------------------------------- words from the rules


def _turns_of_a_playout(name: str, plies: int = 60, seed: int = 4):
    """(actions pushed, the kinds of action) of every whole turn of a seeded random game."""
    import random

    from game import Position
    from game.variants import get_variant
    from gui.rules_facts import classify

    v = get_variant(name)
    pos = Position.from_fen(v.setup_fen(), v)
    rng = random.Random(seed)
    turns, current, kinds = [], 0, set()
    for _ in range(plies):
        moves = list(pos.legal_moves)
        if not moves or pos.outcome() is not None:
            break
        kinds |= {classify(m) for m in moves}
        side = pos.turn
        pos.push(rng.choice(moves))
        current += 1
        if pos.turn != side:
            turns.append(current)
            current = 0
    return turns, kinds


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_turn_facts_are_what_the_rules_do(name):
    """The facts the pages are written from agree with a game played by the rules."""
    from game.variants import get_variant
    from gui.rules_facts import turn_facts

    facts = turn_facts(name)
    turns, kinds = _turns_of_a_playout(name)
    assert turns and max(turns) <= facts.actions == get_variant(name).turn_actions
    assert ("fire" in kinds) == (facts.fires == "action")
    assert (facts.fires == "none") == (not get_variant(name).laser_kind)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_rules_page_says_who_fires_when_and_how_many_actions_a_turn_has(name):
    """LaserChess 98's Goal page said its laser fires automatically; in '98 you fire it yourself."""
    from gui.rules_facts import turn_facts
    from gui.rules_pages import page

    facts = turn_facts(name)
    sections = {s.key: s.text for s in page(name)}
    turn_text = sections["goal"] + " " + sections["moves"]
    everything = " ".join(sections.values())
    if facts.fires == "auto":
        assert "fires automatically" in sections["goal"]
        assert "yourself" not in everything and "firing is" not in everything
    elif facts.fires == "action":
        assert "automatically" not in everything
        assert "yourself" in turn_text or "firing is one of your actions" in turn_text
    else:
        assert "laser" not in everything.lower()
    if facts.actions == 1:
        assert "A turn is one action" in sections["moves"]
    elif facts.half_actions:
        assert "two half-actions" in sections["moves"] and "whole turn" in sections["moves"]
    else:
        assert "A turn is two actions" in sections["moves"]
        assert ("both actions" in sections["moves"]) == (facts.costs["move"] == frozenset({1, 2}))
    assert ("once a turn" in sections["moves"]) == facts.fire_once


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_pieces_page_describes_each_piece_from_its_data(name):
    from game.pieceset import Op
    from game.variants import get_variant
    from gui.rules_facts import distinct_kinds, piece_facts, turn_facts
    from gui.rules_pages import page

    v = get_variant(name)
    text = next(s.text for s in page(name) if s.key == "pieces")
    fires = turn_facts(name).fires
    for kind in distinct_kinds(v):
        facts = piece_facts(name, kind.number)
        start = text.index(f"{kind.name}: ")
        own = text[start : text.index(".", start)]
        assert ("never moves" in own) == (not facts.steps), own
        assert ("lose it and you lose" in own) == kind.royal, own
        assert ("after every move" in own) == (kind.emitter and fires == "auto"), own
        assert ("fired by its owner" in own) == (kind.emitter and fires == "action"), own
        ops = [f.op for f in facts.faces]
        if v.laser_kind and all(op is Op.DESTROY for op in ops):
            assert "a beam on any face destroys it" in text[start:], kind.name


def test_a_laser_that_can_split_does_not_promise_one_victim_a_shot():
    from gui.rules_pages import page

    assert "at most one piece" not in next(s.text for s in page("laserchess98") if s.key == "laser")
    assert "at most one piece" in next(s.text for s in page("khet") if s.key == "laser")


# ----------------------------------------------------------------------------- boards you play


def play_by_clicks(app, screen, move) -> None:
    """Enter ``move`` on the Rules board as a player would: click, click (a turn: click, key)."""
    import pygame

    from game.move import CLOCKWISE, COUNTER_CLOCKWISE
    from gui.testing import post_click, post_key

    view = screen.view
    post_click(app, view.square_rect(move.from_square).center)
    if move.fire:
        post_click(app, view.square_rect(move.from_square).center)  # a double-click fires
    elif move.from_square == move.to_square and move.rotation:
        post_key(app, {CLOCKWISE: pygame.K_e, COUNTER_CLOCKWISE: pygame.K_q}.get(move.rotation, pygame.K_u))
    else:
        post_click(app, view.square_rect(move.to_square).center)
        if move.then_square is not None:
            post_click(app, view.square_rect(move.then_square).center)


def test_a_rules_board_waits_for_the_players_move_then_plays_its_beam(quick_app):
    """The demos looped by themselves; each now waits for the move it teaches (with a hint)."""
    import pygame

    from gui.testing import post_key
    from gui.widgets.rules_demo import DemoState

    app = quick_app
    app.settings.laser_speed = "normal"
    screen = app.screens.push("rules", variant="khet", topic="laser")
    run_frames(app, 200)
    demo = screen.demo
    taught = screen.section.demo.move
    assert demo.state is DemoState.WAITING and not demo.position.history  # it waits, however long
    assert "H for a hint" in demo.hint and screen.buttons["hint"].visible
    post_key(app, pygame.K_h)
    assert (taught.from_square, taught.to_square) in screen.view.sketch.arrows
    assert "move the" in demo.hint
    # another legal move is not played: the page says what it shows instead
    other = next(
        m
        for m in demo.position.legal_moves
        if m.from_square != taught.from_square and m.to_square != m.from_square
    )
    play_by_clicks(app, screen, other)
    assert not demo.position.history and "this page shows another move" in demo.hint
    play_by_clicks(app, screen, taught)
    assert demo.position.history == [taught] and demo.state is DemoState.PLAYING
    assert screen.view.beam_running or screen.view.effects_running  # the beam plays
    run_frames(app, 400)
    assert demo.state is DemoState.DONE and screen.buttons["again"].visible
    post_key(app, pygame.K_SPACE)
    assert demo.state is DemoState.WAITING and not demo.position.history


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_rules_board_can_be_played_by_the_player_or_shown(quick_app, variant):
    from gui.testing import click_element
    from gui.widgets.rules_demo import DemoState

    app = quick_app
    screen = app.screens.push("rules", variant=variant)
    run_frames(app, 2)
    for i, section in enumerate(screen.sections):
        if section.demo is None or section.key == "pieces":
            continue
        screen.choose_section(i)
        run_frames(app, 2)
        start = Position.from_fen(section.demo.fen, screen.demo.position.variant)
        mover = start.variant.side_names[start.turn]
        # the caption names the side the page's position has to move (not the rule set's first mover),
        # and the move taught is that side's: its own piece, or an enemy Pawn it may move (a zombie)
        assert screen.demo.hint.startswith(f"Your move as {mover}: "), (
            variant,
            section.key,
            screen.demo.hint,
        )
        moved = section.demo.move.from_square
        own = code_color(start.board[moved]) == start.turn
        assert own or start.variant.badges(start).get(moved) == "zombie", (variant, section.key)
        click_element(app, screen.buttons["show"])
        run_frames(app, 2)
        assert screen.demo.state is not DemoState.WAITING, (variant, section.key)
        assert screen.demo.position.history == [section.demo.move]
        assert screen.demo.hint.startswith(f"{mover} played "), (variant, section.key, screen.demo.hint)


@pytest.mark.parametrize("size", [(640, 480), (1280, 720)])
def test_the_rules_demo_board_has_room_in_a_small_window(quick_app, size):
    """At 640x480 the demo board was about 18 px a square."""
    app = quick_app
    app._on_window_resized(size)
    for variant in VARIANTS:
        screen = app.screens.push("rules", variant=variant, topic="moves")
        run_frames(app, 2)
        assert screen.view.layout.square >= (28 if size[0] < 800 else 40), (
            variant,
            screen.view.layout.square,
        )
        app.screens.pop()
        run_frames(app, 1)


def test_the_pieces_page_shows_a_pieces_card_under_the_pointer(quick_app):
    import pygame

    app = quick_app
    screen = app.screens.push("rules", variant="laserchess98", topic="pieces")
    run_frames(app, 2)
    number, cell = screen._piece_cells()[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=cell.center, rel=(0, 0), buttons=(0, 0, 0)))
    run_frames(app, 2)
    assert screen.hovered_kind == number and app.screens.top is screen


def test_the_right_button_never_turns_a_piece_on_a_rules_board(quick_app):
    """One way to turn a piece on every board: keys, rotation buttons and the handle. The move
    input's own right-button turn (press to show the piece turned, release to play it) was
    unreached on the game and replay boards, which draw arrows with it, but still turned pieces
    on the Rules boards."""
    from gui.testing import post_click
    from gui.widgets.rules_demo import DemoState

    app = quick_app
    screen = app.screens.push("rules", variant="khet", topic="laser")
    run_frames(app, 5)
    demo = screen.demo
    taught = screen.section.demo.move
    turnable = next(
        m.from_square
        for m in demo.position.legal_moves
        if m.is_rotation and m.from_square != taught.from_square
    )
    board = list(demo.position.board)
    post_click(app, screen.view.square_rect(turnable).center, button=3)
    run_frames(app, 2)
    assert demo.state is DemoState.WAITING and not demo.position.history
    assert "another move" not in demo.hint and screen.view.board == board


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_pieces_section_gives_each_piece_its_own_paragraph(name):
    from gui.rules_facts import distinct_kinds
    from gui.rules_pages import page

    text = next(section.text for section in page(name) if section.key == "pieces")
    kinds = [kind.name for kind in distinct_kinds(VARIANTS[name])]
    assert [line.split(":")[0] for line in text.split("\n")] == kinds
