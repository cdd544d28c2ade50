"""An action's cost (``Position.action_cost``, the variant's hook): what playing the action says,
found without playing it where a rule set answers from its rules (LaserChess 98, Laser Chess 1987).

The reference is the push: an action uses every action left when the turn is over after it (or the
game), else one. The screens ask the cost of each destination of a selected piece for the "costs
both actions" ring, so answering by playing would make a push per destination.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from game.move import Move
from game.position import Position
from game.variants import VARIANTS
from tests.prism import register

register()
NAMES = sorted(VARIANTS)


def pushed_cost(pos: Position, move: Move) -> int:
    """The cost as playing the action tells it."""
    left, turn = pos.actions_left, pos.turn
    if left <= 1:
        return left
    pos.push(move)
    over = pos.turn != turn or pos.loser >= 0
    pos.pop()
    return left if over else 1


def random_positions(name: str, count: int, seed: int) -> Iterator[Position]:
    """Positions along seeded random playouts from each setup (mid-turn ones included)."""
    rng = random.Random(seed)
    setups = list(VARIANTS[name].setups)
    for i in range(count):
        pos = Position.setup(setups[i % len(setups)], name)
        for _ in range(rng.randrange(0, 90)):
            moves = list(pos.legal_moves)
            if not moves or pos.outcome() is not None:
                break
            pos.push(rng.choice(moves))
        if pos.outcome() is None and pos.legal_moves:
            yield pos


class Pushes:
    """Counts the actions made (every push goes through ``Position.apply_journaled``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = Position.apply_journaled

        def counted(pos: Position, move: Move):  # type: ignore[no-untyped-def]
            self.count += 1
            return original(pos, move)

        monkeypatch.setattr(Position, "apply_journaled", counted)


@pytest.mark.parametrize("name", NAMES)
def test_the_cost_of_every_action_is_what_playing_it_says(name: str) -> None:
    seen: set[int] = set()
    for pos in random_positions(name, 40, seed=25):
        for move in pos.legal_moves:
            cost = pos.action_cost(move)
            assert cost == pushed_cost(pos, move), (pos.fen(), pos.move_text(move))
            seen.add(cost)
    assert seen == ({1, 2} if VARIANTS[name].turn_actions == 2 else {1}), seen


@pytest.mark.parametrize("name", ["laserchess98", "laserchess87"])
def test_laser_chess_rule_sets_answer_the_cost_without_playing(name: str, monkeypatch) -> None:
    positions = [(pos, list(pos.legal_moves)) for pos in random_positions(name, 30, seed=7)]
    pushes = Pushes(monkeypatch)
    asked = 0
    for pos, moves in positions:
        for move in moves:
            pos.action_cost(move)
            asked += 1
    assert asked > 500 and pushes.count == 0


def test_the_ring_marks_what_playing_says_and_plays_nothing_in_laser_chess(monkeypatch) -> None:
    """The "costs both actions" ring of every selectable piece, over random positions of every rule
    set: the squares whose move the push says ends the turn; in LaserChess 98 and Laser Chess 1987
    found with no push at all."""
    from gui.widgets.shot_preview import costly_squares

    for name in NAMES:
        answering = name in ("laserchess98", "laserchess87")
        for pos in random_positions(name, 12, seed=3):
            for sq in pos.movable_squares():
                targets: dict[int, Move] = {}
                for m in pos.moves_from(sq):  # the destinations of the selected piece, as the input has them
                    if m.to_square != m.from_square:
                        targets.setdefault(m.to_square, m)
                expected = {t for t, m in targets.items() if pushed_cost(pos, m) > 1}
                pushes = Pushes(monkeypatch) if answering else None
                assert costly_squares(pos, targets) == expected, (name, pos.fen(), sq)
                assert pushes is None or pushes.count == 0
                monkeypatch.undo()


@pytest.mark.parametrize(
    ("name", "fen", "action", "why"),
    [
        ("laserchess98", "1b6/3c23k/P27/2L11K3/7l3/8/5c22/8 b 2 -", "c5*", "the shot destroys a King"),
        (
            "laserchess98",
            "m11L3c32K1/7p2/5B1b/8/8/8/8/6k1 b 2 h7",
            "c8*",
            "no Blue piece can turn after it",
        ),
        (
            "laserchess87",
            "2B36/4Kx13/4k4/6L22/6s12/1x07/9/9/3H5 g",
            "e8e7",
            "a King captured by landing",
        ),
        ("laserchess87", "9/9/9/5d03/9/9/L1kK6/9/1B01X35 g", "a3*", "the shot destroys a King"),
    ],
)
def test_a_one_action_move_that_ends_the_turn_costs_both(name, fen, action, why, monkeypatch) -> None:
    """The rare ways a one-action move ends the turn (random games met none of them)."""
    pos = Position.from_fen(fen, name)
    move = pos.parse_move(action)
    pushes = Pushes(monkeypatch)
    assert pos.action_cost(move) == 2, why
    assert pushes.count == 0
    monkeypatch.undo()
    assert pushed_cost(pos, move) == 2
