"""Little Khet (tests/little_khet.py), the rule set written from docs/architecture.md's guide
alone: it plays by the rules core, on every screen, on the command line, and its engine
evaluates. The conformance suite (tests/test_conformance.py) runs on it too."""

from __future__ import annotations

import random

import pytest

from game import Game, Move, Position
from game.perft import perft
from game.search import make_engine
from game.search.limits import Limits
from game.variants import VARIANTS
from gui.random_events import SCREENS, VARIANT_FREE
from tests import little_khet
from tests.little_khet import OBELISK, register, unregister


@pytest.fixture(autouse=True)
def registered():
    variant = register()
    yield variant
    unregister()


def test_it_is_a_few_lines_of_khet_on_another_board(registered):
    pos = Position.setup(variant="littlekhet")
    assert pos.geometry.width == pos.geometry.height == 6
    # reserved squares follow the board: Silver's last file and b1/b6, Red's first file and e1/e6
    names = pos.geometry.names
    silver = {names[sq] for sq, r in enumerate(registered.reserved) if r == 0}
    assert silver == {"f1", "f2", "f3", "f4", "f5", "f6", "b1", "b6"}
    # counted by the rules core; each Obelisk stops beams, so the start is quiet
    assert [perft(pos, depth) for depth in (1, 2, 3)] == [39, 1471, 53639]
    assert not registered.problems(pos.board)
    assert "reserved" in registered.illegal_reason(pos, Move(pos.geometry.at("b2"), pos.geometry.at("a2")))


def test_an_obelisk_never_turns():
    """Khet's rules read which kinds turn from the piece set (they offered the Obelisk, which
    cannot rotate, both turns: only the Pharaoh was left out by name)."""
    pos = Position.setup(variant="littlekhet")
    obelisk = pos.geometry.at("d3")
    assert not any(m.is_rotation for m in pos.moves_from(obelisk))
    reason = pos.variant.illegal_reason(pos, Move(obelisk, obelisk, rotation=1))
    assert reason == "the Obelisk cannot rotate"


def test_a_beam_stops_on_an_obelisk_and_never_destroys_it():
    # Silver's Sphinx on f1 fires north up the f file onto Silver's Obelisk on f4: it stays
    pos = Position.from_fen("sc1fa3/6/5Oa/6/1Rd4/1Na1Fa1Sa b", "littlekhet")
    obelisk_square = pos.geometry.at("f4")
    assert pos.board[obelisk_square] >> 3 == OBELISK
    move = next(m for m in pos.legal_moves if pos.move_text(m) == "b2b3")
    effects = pos.push(move)
    assert not effects.lost and pos.board[obelisk_square] >> 3 == OBELISK
    assert effects.beams and effects.beams[0].walk()  # the shot was traced and drawn


def test_its_engine_plays_and_evaluates():
    pos = Position.setup(variant="littlekhet")
    result = make_engine(pos.variant).search(pos, Limits(depth=3))
    assert result.move is not None and pos.is_legal_code(result.move)
    assert any(score != 0 for score in result.root_scores.values())  # it sees what a move loses


def test_the_command_line_plays_it(capsys):
    from game.__main__ import main

    assert main(["perft", "--variant", "littlekhet", "--depth", "2"]) == 0
    assert "1471" in capsys.readouterr().out
    assert main(["bestmove", "--variant", "littlekhet", "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert out.strip()


def test_a_record_of_a_game_round_trips():
    rng = random.Random(3)
    game = Game.new("littlekhet")
    pos = game.position_at()
    for _ in range(12):
        moves = list(pos.legal_moves)
        if not moves or pos.outcome() is not None:
            break
        move = rng.choice(moves)
        game.add_move(pos.move_text(move))
        pos.push(move)
    again = Game.from_json(game.to_json())
    assert again.position_at().fen() == pos.fen()


@pytest.mark.parametrize("screen", [s for s in SCREENS if s not in VARIANT_FREE])
def test_every_screen_takes_random_events_with_it(data_dir, screen):
    from gui import library
    from gui.random_events import make_app, run_pair
    from gui.screens.config import Choices, ConfigScreen

    library.clear_caches()
    ConfigScreen.remembered = Choices()
    app = make_app()
    try:
        result = run_pair(app, screen, "littlekhet", 40, random.Random(f"25/{screen}/littlekhet"))
    finally:
        app.shutdown()
    assert not result.failures, "\n\n".join(str(f) for f in result.failures)
    assert "littlekhet" in VARIANTS and little_khet.LITTLE_KHET.name == "littlekhet"
