"""Random games: push/pop restores everything exactly and the incremental hash never drifts."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game import Position
from game.variants.khet import SETUPS


@settings(max_examples=60, deadline=None)
@given(
    setup=st.sampled_from(sorted(SETUPS)),
    choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60),
    undo_every=st.integers(min_value=2, max_value=7),
)
def test_random_games_restore_exactly(setup, choices, undo_every):
    pos = Position.setup(setup)
    snapshots = []
    for i, choice in enumerate(choices):
        moves = pos.generate_codes()
        if not moves:
            break
        snapshots.append((pos.fen(), pos.hash, list(pos.board), pos.quiet_plies, list(pos.lasers)))
        pos.push_code(moves[choice % len(moves)])
        assert pos.hash == pos.zobrist_from_scratch()
        if i % undo_every == 0:
            # An undo in the middle, then the same move again: nothing may drift.
            code = pos.pop().code
            assert (pos.fen(), pos.hash, pos.board) == snapshots[-1][:3]
            pos.push_code(code)
    while snapshots:
        pos.pop()
        fen, h, board, quiet, lasers = snapshots.pop()
        assert pos.fen() == fen and pos.hash == h and pos.board == board
        assert pos.quiet_plies == quiet and pos.lasers == lasers and pos.loser == -1
    assert pos.fen() == Position.setup(setup).fen()
    assert pos.hashes == [pos.hash]


@settings(max_examples=25, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=30))
def test_checked_push_matches_fast_push(choices):
    """push (records the beam) and push_code (hot path) change the position identically."""
    slow, fast = Position.setup("Classic"), Position.setup("Classic")
    for choice in choices:
        moves = list(slow.legal_moves)
        if not moves:
            break
        move = moves[choice % len(moves)]
        shots = slow.push(move).beams
        fast.push_code(move.code)
        assert slow.fen() == fast.fen() and slow.hash == fast.hash and slow.loser == fast.loser
        removed = shots[0].hit_square if shots[0].destroyed else None
        if removed is not None:
            assert slow.piece_at(removed) is None
