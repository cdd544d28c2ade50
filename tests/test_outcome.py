"""Game ends decided by the board: destroyed Pharaoh, repetition (claim/auto), ply limit."""

from game import Position, RuleOptions, Termination
from game.outcome import Outcome

SHUFFLE = ["c1c2", "h8h7", "c2c1", "h7h8"]


def play(pos, moves):
    for text in moves:
        pos.push_text(text)


def test_threefold_repetition_is_claimable_not_automatic_by_default():
    pos = Position.setup("Classic")
    play(pos, SHUFFLE)
    assert pos.repetition_count() == 2
    play(pos, SHUFFLE)
    assert pos.repetition_count() == 3
    assert pos.outcome() is None
    claimed = pos.outcome(claim_draw=True)
    assert claimed == Outcome("1/2-1/2", Termination.REPETITION, None)


def test_repetition_auto_rule_ends_the_game():
    pos = Position.setup("Classic", options=RuleOptions(repetition="auto"))
    play(pos, SHUFFLE * 2)
    assert pos.outcome().reason is Termination.REPETITION


def test_same_placement_other_side_to_move_is_not_a_repetition():
    pos = Position.setup("Classic")
    play(pos, ["c1c2", "h8h7", "c2c1"])
    assert pos.repetition_count() == 1


def test_ply_limit_house_rule():
    pos = Position.setup("Classic", options=RuleOptions(ply_limit=6))
    play(pos, ["c1c2", "h8h7", "c2b2", "h7i7", "b2b3"])
    assert pos.quiet_plies == 5 and pos.outcome() is None
    pos.push_text("i7i6")
    assert pos.outcome().reason is Termination.PLY_LIMIT


def test_pharaoh_destroyed_wins_for_the_other_side():
    pos = Position.setup("Dynasty")
    pos.push_text("j3j2")
    out = pos.outcome()
    assert out.winner == 1 and out.reason is Termination.ROYAL_DESTROYED
    assert out.describe(("Silver", "Red")) == "Red wins: Pharaoh destroyed"


def test_outcome_json_round_trip():
    for out in (Outcome.win(0, Termination.RESIGNATION), Outcome.draw(Termination.AGREEMENT)):
        assert Outcome.from_json(out.to_json()) == out


def test_pharaoh_warning_when_in_enemy_beam():
    from tests.helpers import khet_position

    # Red's beam runs down the a-file, turns east at a1's NE mirror and reaches Silver's Pharaoh on e1.
    pos = khet_position({"a1": "pa"})
    assert pos.royal_in_beam(0) and not pos.royal_in_beam(1)
    assert not Position.setup("Classic").royal_in_beam(0)
