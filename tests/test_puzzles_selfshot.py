"""The self-shot trap: its proof, the generator that seeks it, its shipped collections, an attempt
at one (game/puzzles/themes.py prove_trap, generate.py generate_motif)."""

from __future__ import annotations

import pytest

from game import Position
from game.move import Move
from game.puzzles.generate import MOTIF_PLANS, generate_motif, make_puzzle
from game.puzzles.model import collections, load_file, playable, shipped
from game.puzzles.prover import Prover, Turn
from game.puzzles.themes import best_defences, material, motifs, prove_trap, self_shot, trap_turn
from game.puzzles.trainer import Attempt, Verdict, refutation
from game.puzzles.verify import verify

# A thinned Khet self-play position: Red h2g1 turns Silver's own beam back onto Silver. Every
# Silver reply that keeps its Pharaoh past Red's next turn loses a Pyramid to Silver's own shot
# (f5g6 is the first in the prover's order); every other reply loses the Pharaoh.
KHET_TRAP = "sc6pc2/6fc3/10/5ra4/pb4Rb4/10/7Pa2/2PdNdFaNa3Sa b"

MOTIF_SETS = MOTIF_PLANS["self-shot"].variants


def texts(pos: Position, line) -> list[list[str]]:
    work = pos.copy()
    out = []
    for turn in line:
        row = []
        for code in turn:
            move = Move.from_code(code)
            row.append(work.move_text(move))
            work.push(move)
        out.append(row)
    return out


def test_a_trap_is_proven_with_the_defenders_own_shot_in_its_line():
    pos = Position.from_fen(KHET_TRAP, "khet")
    proof = prove_trap(Prover(), pos)
    assert proof is not None and proof.theme == "trap" and proof.depth == 3
    assert texts(pos, proof.line) == [["h2g1"], ["f5g6"]]
    assert proof.gain == 100  # a Pyramid
    assert make_puzzle(pos, proof, 1, "test", "self-shot").motifs == ("self-shot",)
    assert motifs(pos, proof.line) == ("self-shot",)
    # why it is a trap: the replies that avoid the self-shot all lose the Pharaoh
    prover = Prover()
    solver = pos.turn
    with prover.playing(pos, Turn(proof.line[0])):
        best = best_defences(prover, pos, solver, material(pos, solver))
        assert best and all(self_shot(pos, reply) for _gain, reply in best)
        escapes = [r for r in prover.turns(pos) if not self_shot(pos, r)]
        assert escapes
        for reply in escapes:
            with prover.playing(pos, reply):
                assert prover.decided(pos) == solver or prover.wins(pos, solver, 1)


def test_a_position_where_the_defender_can_avoid_the_self_shot_is_rejected():
    """Shipped Khet material puzzle 2: the trap's measure has one answer there too, but its best
    defences keep every piece of their own: not a self-shot trap."""
    puzzle = shipped("khet").puzzles[1]
    pos = puzzle.position()
    prover = Prover()
    found = trap_turn(prover, pos)
    assert found is not None
    solver = pos.turn
    with prover.playing(pos, found[0]):
        best = best_defences(prover, pos, solver, material(pos, solver))
        assert best and not any(self_shot(pos, reply) for _gain, reply in best)
    assert prove_trap(Prover(), pos) is None


def test_the_generator_finds_a_self_shot_trap_from_its_seed_and_goes_on_from_a_file():
    """The first Khet traps of seed 1 (games 0-10, about 2 s of CPU); a run resumed from the first
    gives the shipped file's first two (the file was one run from the start)."""
    one = generate_motif("khet", "self-shot", 1, 1)
    (puzzle,) = one.puzzles
    assert puzzle.theme == "trap" and "self-shot" in puzzle.motifs and puzzle.id == "khet-self-shot-0001"
    assert verify(puzzle) is None
    two = generate_motif("khet", "self-shot", 2, 1, resume=one)
    shipped_file = shipped("khet", "self-shot")
    assert [p.to_json() for p in two.puzzles] == [p.to_json() for p in shipped_file.puzzles[:2]]
    assert shipped_file.command.endswith(f"--motif self-shot --count {len(shipped_file.puzzles)} --seed 1")
    with pytest.raises(ValueError):
        generate_motif("lousychess", "self-shot", 1, 1)


@pytest.mark.slow  # Leiserchess 2018's first trap comes from game 29 (about 11 s of CPU)
@pytest.mark.parametrize(
    "variant", [v for v in MOTIF_SETS if v != "khet" and shipped(v, "self-shot").puzzles]
)
def test_a_shipped_self_shot_file_is_regenerated_from_its_seed(variant):
    shipped_file = shipped(variant, "self-shot")
    head = generate_motif(variant, "self-shot", 1, shipped_file.seed)
    assert [p.to_json() for p in head.puzzles] == [p.to_json() for p in shipped_file.puzzles[:1]]


def test_every_shipped_trap_is_tagged_and_offered():
    traps = [p for v in MOTIF_SETS for p in shipped(v, "self-shot").puzzles]
    assert len(traps) >= 20
    assert all(p.theme == "trap" and "self-shot" in p.motifs for p in traps)
    khet = playable("khet")
    assert len(khet) == len(shipped("khet").puzzles) + len(shipped("khet", "self-shot").puzzles)
    assert len({p.id for p in khet}) == len(khet)
    assert [c.motif for c in collections("khet")] == ["", "self-shot"]


def test_a_trap_attempt_is_solved_by_its_line_and_a_wrong_turn_refuted():
    puzzle = shipped("khet", "self-shot").puzzles[0]
    attempt = Attempt(puzzle)
    assert "trap" in attempt.task()
    for move in attempt.expected:
        attempt.position.push(move)
    assert attempt.judge() == Verdict.RIGHT
    for move in attempt.reply:
        attempt.position.push(move)
    assert attempt.replied()  # the line ends with the defender's own shot
    again = Attempt(puzzle)
    pos = again.position
    right = [m.code for m in again.expected]
    prover = Prover()
    wrong = next(t for t in prover.turns(pos) if list(t.codes) != right)
    for code in wrong.codes:
        pos.push(Move.from_code(code))
    assert again.judge() == Verdict.WRONG
    reply = refutation("khet", puzzle.fen, list(wrong.codes), "trap", 1)
    assert reply
    solver = again.solver
    base = material(puzzle.position(), solver)
    for code in reply:
        pos.make_code(code)
    assert pos.loser != 1 - solver
    assert material(pos, solver) - base < 100 and not Prover().wins(pos, solver, 1)


def test_a_motif_collection_round_trips_and_unknown_motifs_are_refused(tmp_path):
    collection = shipped("khet", "self-shot")
    path = tmp_path / "c.json"
    collection.save(path)
    assert load_file(path) == collection
    assert '"motif": "self-shot"' in path.read_text(encoding="utf-8")
    assert '"motif"' not in shipped("khet").dumps().split('"puzzles"')[0]
    bad = tmp_path / "bad.json"
    bad.write_text(path.read_text(encoding="utf-8").replace('"motif": "self-shot"', '"motif": "nope"'))
    with pytest.raises(Exception, match="unknown motif"):
        load_file(bad)


def run_cli(argv, capsys):
    import game.__main__ as main

    status = main.main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_line_makes_checks_and_counts_a_motif_collection(tmp_path, capsys):
    out_file = tmp_path / "khet-self-shot.json"
    argv = ["puzzles", "generate", "--variant", "khet", "--motif", "self-shot", "--count", "1", "--seed", "1"]
    status, out, err = run_cli([*argv, "--out", str(out_file)], capsys)
    assert status == 0 and "1 puzzles written" in out and "khet-self-shot-0001" in err
    made = load_file(out_file)
    assert made.motif == "self-shot" and made.puzzles == shipped("khet", "self-shot").puzzles[:1]
    status, out, _ = run_cli(["puzzles", "check", "--file", str(out_file), "--variant", "khet"], capsys)
    assert status == 0 and "1 puzzles re-proved" in out and "0 do not" in out
    status, out, _ = run_cli(["puzzles", "stats", "--variant", "khet"], capsys)
    assert status == 0 and any(line.startswith("khet self-shot ") for line in out.splitlines())
    lousy = [*argv[:3], "lousychess", *argv[4:], "--out", str(tmp_path / "x.json")]
    status, _, err = run_cli(lousy, capsys)
    assert status == 2 and "only in khet" in err
