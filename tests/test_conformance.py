"""Conformance: one set of tests every rule set must pass, present and future.

Parametrised over every registered variant (``game.variants.VARIANTS``, so a new rule set is
covered the moment it is registered) plus the test-only Prism (eight kinds, split and charged
beams, two-action turns). Random games come from hypothesis; each checks the rules core's
contracts: exact push/pop with the incremental hash, text round trips, record round trips, perft
stability, the effects report replaying to the position, and the GUI drawing the start position
and playing a game by posted events.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Game, Move, Position
from game.chance import decision_code
from game.perft import perft
from game.pieceset import Op
from game.variants import VARIANTS
from tests import little_khet
from tests.prism import register

register()
NAMES = sorted({*VARIANTS, little_khet.LITTLE_KHET.name})
assert "prism" in NAMES and "khet" in NAMES


@pytest.fixture(autouse=True, scope="module")
def _little_khet():
    """Little Khet is registered while this module's tests run (the program never offers it)."""
    little_khet.register()
    yield
    little_khet.unregister()


def random_game(name: str, seed: int, plies: int) -> Position:
    """A game of random legal actions from the variant's first setup (fewer if it ends)."""
    rng = random.Random(seed)
    pos = Position.setup(variant=name)
    for _ in range(plies):
        moves = list(pos.legal_moves)
        if not moves or pos.outcome() is not None:
            break
        pos.push(rng.choice(moves))
    if pos.loser >= 0:
        pos.pop()  # keep a playable position (a string cannot describe a fallen royal)
    return pos


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FEW = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(seed=SEEDS)
def test_push_pop_keeps_the_hash_and_undoes_exactly(name, seed):
    rng = random.Random(seed)
    pos = Position.setup(variant=name)
    start_fen, start_hash = pos.fen(), pos.hash
    seen: list[tuple[str, int, list[int]]] = []
    for _ in range(40):
        moves = list(pos.legal_moves)
        if not moves or pos.outcome() is not None:
            break
        seen.append((pos.fen(), pos.hash, list(pos.board)))
        pos.push(rng.choice(moves))
        assert pos.hash == pos.zobrist_from_scratch()
        assert pos.hashes[-1] == pos.hash
        clone = pos.copy()
        assert clone == pos and clone.hash == pos.hash and clone.fen() == pos.fen()
    while seen:
        fen, h, board = seen.pop()
        pos.pop()
        assert (pos.fen(), pos.hash, pos.board) == (fen, h, board)
    assert pos.fen() == start_fen and pos.hash == start_hash and pos.ply == 0


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(seed=SEEDS)
def test_effects_replay_to_the_position(name, seed):
    rng = random.Random(seed)
    pos = Position.setup(variant=name)
    for _ in range(40):
        moves = list(pos.legal_moves)
        if not moves or pos.outcome() is not None:
            break
        before = list(pos.board)
        mover = pos.turn
        effects = pos.push(rng.choice(moves))
        assert effects.replay(before) == pos.board
        assert effects.color == mover and effects.fallen == pos.fallen
        assert effects.turn_over == (pos.turn != mover or pos.part == 0)
        for removal in effects.removed:
            if removal.beam >= 0:
                beam = effects.beams[removal.beam]
                assert any(b.hit_square == removal.square for b in beam.walk())
        for shot in effects.all_beams():
            assert shot.path and all(0 <= s.square < pos.geometry.size for s in shot.path)
        assert pos.last_effects is effects


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(seed=SEEDS)
def test_text_round_trips(name, seed):
    pos = random_game(name, seed, random.Random(seed).randrange(0, 30))
    variant = pos.variant
    again = Position.from_fen(pos.fen(), variant)
    assert again.fen() == pos.fen() and again == pos and again.hash == pos.hash
    for move in list(pos.legal_moves)[:60]:
        text = pos.move_text(move)
        assert pos.parse_move(text) == move, text


def _state(pos: Position) -> tuple:
    state = (pos.board, pos.hash, pos.lasers, pos.loser, pos.quiet_plies, pos.turn, pos.part, pos.ply)
    return (pos.fen(), *state)


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(seed=SEEDS)
def test_the_variants_maker_makes_what_push_makes_on_every_legal_action(name, seed):
    """make_code (the variant's maker: Khet's and Leiserchess's fast one, the journal elsewhere)
    and push (apply through the writer) agree on every legal action, and either undoes either."""
    pos = random_game(name, seed, random.Random(seed).randrange(0, 40))
    before = _state(pos)
    for code in pos.legal_codes():
        fast, slow = pos.copy(), pos.copy()
        removed = fast.make_code(code)
        effects = slow.push_unchecked(Move.from_code(code))
        assert _state(fast) == _state(slow) and fast.extra == slow.extra, pos.move_text(Move.from_code(code))
        lost = [(r.square, r.code) for r in effects.lost]
        assert sorted(zip(removed[::2], removed[1::2], strict=True)) == sorted(lost)
        assert fast.last_effects is None and slow.last_effects is effects
        assert fast.hash == fast.zobrist_from_scratch() == slow.zobrist_from_scratch()
        fast.unmake_code()
        slow.unmake_code()  # a pushed action taken back by the maker's unmake
        assert _state(fast) == _state(slow) == before
    mixed = pos.copy()
    codes = mixed.legal_codes()
    if codes:
        mixed.push_unchecked(Move.from_code(codes[0]))
        after_push = _state(mixed)
        for code in mixed.legal_codes()[:5]:
            mixed.make_code(code)
            mixed.unmake_code()
        assert _state(mixed) == after_push and mixed.last_effects is not None
        mixed.pop()
        assert _state(mixed) == before


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(seed=SEEDS)
def test_the_position_string_after_every_legal_action_reads_back(name, seed):
    """A string written for any position an action leads to is read back as that position
    (this is what found LaserChess 98's Pawn promoting to a Pawn)."""
    pos = random_game(name, seed, random.Random(seed).randrange(0, 40))
    for move in list(pos.legal_moves):
        pos.push(move)
        if pos.loser < 0:
            again = Position.from_fen(pos.fen(), pos.variant, pos.options)
            assert again == pos and again.fen() == pos.fen() and again.hash == pos.hash, pos.fen()
        pos.pop()


@pytest.mark.parametrize("name", NAMES)
@FEW
@given(seed=SEEDS)
def test_illegal_reason_words_every_illegal_action(name, seed):
    """Any well-formed action that is not legal gets a reason in words (the GUI shows it when a
    player hovers or clicks an illegal square; the default is built from the legal actions)."""
    rng = random.Random(seed)
    pos = random_game(name, seed, rng.randrange(0, 30))
    variant, size = pos.variant, pos.geometry.size
    legal = set(pos.legal_codes())
    tried = 0
    for _ in range(200):
        frm, to = rng.randrange(size), rng.randrange(size)
        kind = rng.randrange(4)
        if kind == 0:
            move = Move(frm, to)
        elif kind == 1:
            move = Move(frm, frm, rotation=rng.choice((1, 2, 3)))
        elif kind == 2:
            move = Move.fire_from(frm)
        else:
            move = Move(frm, to, rotation=rng.choice((1, 2, 3)))
        if move.code in legal:
            continue
        reason = variant.illegal_reason(pos, move)
        assert isinstance(reason, str) and reason.strip(), (pos.fen(), move)
        tried += 1
    assert tried > 0


@pytest.mark.parametrize("name", NAMES)
def test_indestructible_kinds_are_never_destroyed_by_their_optics(name):
    """A kind the Rules page calls indestructible has no orientation, direction or charge at which
    a beam destroys it; in a set with a laser, a kind no beam can ever destroy says so."""
    pieces = VARIANTS[name].pieces
    lasers = any(kind.emitter for kind in pieces.kinds)
    for kind in pieces.kinds:
        destroys = any(
            kind.optics(orientation, travel, charge).op is Op.DESTROY
            for orientation in range(4)
            for travel in range(4)
            for charge in range(pieces.max_charge + 1)
        )
        assert not (destroys and kind.indestructible), f"{kind.name} is called indestructible"
        assert destroys or kind.indestructible or not lasers, f"no beam destroys a {kind.name}: say so"


@pytest.mark.parametrize("name", NAMES)
def test_every_action_leaves_one_kind_of_undo_record(name):
    from game.position import Undo

    pos = Position.setup(variant=name)
    code = pos.legal_codes()[0]
    pos.make_code(code)
    pos.push(list(pos.legal_moves)[0])
    assert [type(r) for r in pos._records[: pos.ply]] == [Undo, Undo]


@pytest.mark.parametrize("name", NAMES)
def test_record_round_trip_replays_the_same_game(name):
    pos = random_game(name, 11, 30)
    game = Game.new(name)
    replay = game.start_position()
    for move in pos.history:
        game.add_move(replay.move_text(move), 1.0)
        replay.push(move)
    if replay.outcome() is not None:
        game.finish(replay.outcome())
    loaded = Game.from_json(game.to_json())
    assert loaded.position_at().fen() == pos.fen() == replay.fen()
    assert loaded.players == game.players and loaded.options == game.options


@pytest.mark.parametrize("name", NAMES)
def test_perft_is_stable_and_agrees_with_push_and_pop(name):
    pos = Position.setup(variant=name)
    fast = perft(pos, 2)
    assert perft(pos, 2) == fast and pos.fen() == Position.setup(variant=name).fen()
    total = 0
    for move in list(pos.legal_moves):
        pos.push(move)
        if pos.loser >= 0:
            total += 1 if pos.variant.king_kill_is_leaf else 0
        else:
            total += len(list(pos.legal_moves))
        pos.pop()
    assert total == fast


@pytest.mark.parametrize("name", NAMES)
def test_piece_set_tables_cover_every_code_on_the_board(name):
    variant = VARIANTS[name]
    pieces = variant.pieces
    for fen in variant.setups.values():
        pos = Position.from_fen(fen, variant)
        for code in pos.board:
            assert code < pieces.size and (not code or code >> 3 in pieces.by_number)
    assert len(pieces.zobrist) == pieces.size << 7 and len(pieces.fast_optics) == pieces.size << 2
    assert variant.controls is not None and isinstance(variant.option_specs, tuple)


# ----------------------------------------------------------------------------- the GUI


@pytest.fixture
def gui_app(data_dir):
    from gui import library
    from gui.app import App
    from gui.screens.config import Choices, ConfigScreen
    from gui.testing import run_frames

    library.clear_caches()
    ConfigScreen.remembered = Choices()
    application = App((1024, 700), sound=False)
    application.settings.laser_speed = "fast"
    application.settings.piece_animation = True
    run_frames(application, 2)
    yield application
    application.shutdown()


def _play_by_events(app, screen, move: Move) -> None:
    """Post the clicks and key presses a player would use for ``move``."""
    import pygame

    from gui.testing import click_element, post_click, post_key, run_frames

    view = screen.view
    while view.busy:
        run_frames(app, 5)

    def click(sq: int) -> None:
        post_click(app, tuple(int(v) for v in view.square_center(sq)))

    if move.fire:
        click(move.from_square)
        click_element(app, screen.buttons["fire"])
    elif move.is_null and screen.variant.controls.end_turn:
        click_element(app, screen.buttons["end_turn"])
    elif move.is_rotation or move.is_null:
        click(move.from_square)
        if move.is_null:
            click(move.from_square)
        elif move.orientation is not None:
            button = screen.input.rotation_move
            key = next(
                k
                for k, r in (("rotate_right", 1), ("rotate_left", 2), ("rotate_half", 3))
                if button(r) == move
            )
            click_element(app, screen.buttons[key])
        else:
            post_key(app, {1: pygame.K_e, 2: pygame.K_q, 3: pygame.K_u}[move.rotation])
    else:
        click(move.from_square)
        if move.then_square is not None:
            click(move.to_square)
            click(move.then_square)
        elif move.rotation:
            click(move.to_square)
            post_key(app, {1: pygame.K_e, 2: pygame.K_q, 3: pygame.K_u}[move.rotation])
        else:
            click(move.to_square)
            if screen.input.choosing_promotion:  # say which piece, by the set's letter
                letter = screen.variant.kind_letters[move.promotion].lower()
                post_key(app, getattr(pygame, f"K_{letter}"), unicode=letter)
    run_frames(app, 3)


def _reachable(screen, move: Move) -> bool:
    """Can a click on the target pick exactly this move (promotions/chance: the first offered)?"""
    if move.fire or move.is_rotation or move.is_null or move.then_square is not None or move.rotation:
        return True
    codes = [Move.from_code(c) for c in screen.position.generate_codes()]
    same = [m for m in codes if m.from_square == move.from_square and m.to_square == move.to_square]
    return same[0] == move or move.promotion is not None  # promotions are asked for by letter


@pytest.mark.parametrize("name", NAMES)
def test_gui_draws_the_start_and_plays_a_random_game_by_posted_events(gui_app, name):
    import pygame

    from gui.testing import run_frames

    game = Game.new(name)
    screen = gui_app.screens.push("game", game=game)
    run_frames(gui_app, 5)
    assert screen.view.board == screen.position.board
    surface = pygame.Surface(gui_app.surface.get_size())
    screen.draw(surface)
    rng = random.Random(5)
    played = 0
    for _ in range(12):
        pos = screen.position
        if pos.outcome() is not None or screen.session.finished:
            break
        moves = [m for m in pos.legal_moves if _reachable(screen, m)]
        if not moves:
            break
        move = rng.choice(moves)
        expected = pos.copy(history=False)
        _play_by_events(gui_app, screen, move)
        if move.chance is not None:  # chance is drawn by the game, not picked by the click
            played = screen.position.history[-1]
            assert decision_code(played.code) == decision_code(move.code) and played.chance is not None
            move = played
        expected.push(move)
        assert screen.position.fen() == expected.fen(), pos.move_text(move)
        played += 1
        run_frames(gui_app, 40)
        assert not screen.view.busy
        assert screen.view.board == screen.position.board
    assert played >= 4


@pytest.mark.parametrize("name", NAMES)
def test_the_editor_reads_every_setup_and_finds_it_playable(name):
    from gui.editor_model import BoardEdit, read_position

    variant = VARIANTS[name]
    edit = BoardEdit(variant)
    assert not edit.analyse().errors
    for fen in variant.setups.values():
        board, turn = read_position(variant, fen)
        assert board == Position.from_fen(fen, variant).board and turn == Position.from_fen(fen, variant).turn
        problems = variant.problems(board)
        assert all(0 <= sq < variant.geometry.size for p in problems for sq in p.squares)


def test_a_promotion_asks_which_piece_and_the_letter_key_chooses(gui_app):
    import pygame

    from gui.testing import post_click, post_key, run_frames

    game = Game.new("prism", fen="5k0/P05/6/6/6/K01L03 w 0 0")
    screen = gui_app.screens.push("game", game=game)
    run_frames(gui_app, 5)
    view = screen.view
    geo = screen.variant.geometry
    for name in ("a5", "a6"):
        post_click(gui_app, tuple(int(v) for v in view.square_center(geo.parse_square(name))))
    assert screen.input.choosing_promotion and "B Bouncer" in screen.input.prompt
    assert len(screen.session.game.moves) == 0
    post_key(gui_app, pygame.K_b, unicode="b")
    run_frames(gui_app, 5)
    assert [m.text for m in screen.session.game.moves] == ["a5a6=B"]


@pytest.mark.parametrize("name", NAMES)
def test_hovering_every_square_with_every_piece_selected_explains_or_offers(gui_app, name):
    """Select each piece that may act, hover every square: the game screen either offers the
    square or says why not (the crash panel never opens)."""
    import pygame

    from gui.testing import post_click, run_frames

    game = Game.new(name)
    screen = gui_app.screens.push("game", game=game)
    run_frames(gui_app, 5)
    view, size = screen.view, screen.position.geometry.size
    for sq in sorted(screen.position.movable_squares()):
        post_click(gui_app, tuple(int(v) for v in view.square_center(sq)))
        if screen.input.selected != sq:
            continue  # a piece whose only action is made on the click (nothing to hover)
        targets = set(screen.input.targets())
        for target in range(size):
            at = tuple(int(v) for v in view.square_center(target))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
            run_frames(gui_app, 1)
            assert gui_app.screens.top is screen
            reason = screen.input.hover_reason
            if target == sq or target in targets:
                assert reason is None
            else:
                assert reason and reason.strip(), (name, sq, target)
        post_click(gui_app, tuple(int(v) for v in view.square_center(sq)))  # put it down
        screen.input.selected = None
