"""The Rules screen: every page of every rule set draws, and its words come from the rule set's data."""

from __future__ import annotations

import pytest

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
