"""Every reader of outside text, fed arbitrary text: position strings of every variant, move
text, records (as JSON values and as files), settings, saved setups, imports, pasted text and
the window-size option. Each answers with its own clear error or a valid result -- never another
exception, never a message quoting more than ~80 characters of the input."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Game, Position
from game.errors import LaserChessError, MoveError, PositionError, RecordError
from game.variants import VARIANTS, get_variant
from gui import editor_model, library, setups
from gui.app import _parse_size
from gui.settings import load_settings, settings_from_dict

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
MAX_MESSAGE = 400

# Text near the notation (so parsing gets deep) mixed with anything at all.
NOTATION = "abcdefghijSFRPNsfrpnNESWnesw0123456789/ ²³٣𝟗RLU-\n\t"
near = st.text(alphabet=NOTATION, max_size=120)
text = st.one_of(near, st.text(max_size=200), st.sampled_from(["", " ", "8 b", "10/" * 8 + " b"]))
positions = st.one_of(
    text,
    st.builds(
        lambda fen, i, s: fen[:i] + s + fen[i:],
        st.sampled_from([fen for v in VARIANTS.values() for fen in v.setups.values()]),
        st.integers(0, 90),
        near,
    ),
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=5),
    max_leaves=20,
)


def short(exc: BaseException) -> None:
    assert len(str(exc)) <= MAX_MESSAGE, str(exc)[:500]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@FUZZ
@given(fen=positions)
def test_position_strings(variant, fen):
    try:
        pos = Position.from_fen(fen, variant)
    except PositionError as exc:
        short(exc)
        return
    assert Position.from_fen(pos.fen(), variant).fen() == pos.fen()
    v = get_variant(variant)
    try:
        v.parse_fen(fen, check=False)
    except PositionError as exc:
        short(exc)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@FUZZ
@given(move=text)
def test_move_text(variant, move):
    pos = Position.setup(None, variant)
    try:
        parsed = pos.parse_move(move)
    except MoveError as exc:
        short(exc)
        return
    pos.push(parsed)


def good_record() -> dict:
    game = Game.new("khet")
    game.add_move("j1L", 1.5)
    return game.to_json()


@FUZZ
@given(key=st.sampled_from(sorted(good_record())), value=json_values)
def test_records_with_any_value_in_any_field(key, value):
    data = good_record()
    data[key] = value
    for check in (False, True):
        try:
            game = Game.from_json(data, check)
        except RecordError as exc:
            short(exc)
            continue
        assert all(math.isfinite(m.seconds) and m.seconds >= 0 for m in game.moves)
        json.dumps(game.to_json(), allow_nan=False)  # what is accepted can be written back


@FUZZ
@given(data=json_values)
def test_records_that_are_any_json_value(data):
    try:
        Game.from_json(data)
    except RecordError as exc:
        short(exc)


@FUZZ
@given(content=st.one_of(st.binary(max_size=300), text.map(str.encode)))
def test_record_files_setup_files_settings_and_imports(tmp_path, content):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    try:
        Game.load(path)
    except RecordError as exc:
        short(exc)
    try:
        setups.load_setup(path)
    except ValueError as exc:
        short(exc)
    try:
        library.import_game(path, tmp_path / "saves")
    except library.LibraryError as exc:
        short(exc)
    assert path.read_bytes() == content  # a file is never changed by reading or importing it
    settings_path = tmp_path / "settings.json"
    settings_path.write_bytes(content)
    result = load_settings(settings_path)
    assert result.settings.window_width >= 640
    bad = list(tmp_path.glob("settings.json.bad*"))
    assert result.moved_to is None or result.moved_to.read_bytes() == content
    for p in bad:
        p.unlink()


@FUZZ
@given(data=st.dictionaries(st.text(max_size=20), json_values, max_size=8))
def test_settings_values(data):
    settings_obj, _ = settings_from_dict(data)
    assert 640 <= settings_obj.window_width <= 7680 and 0 <= settings_obj.sfx_volume <= 1


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@FUZZ
@given(pasted=positions)
def test_pasted_text_in_the_editor(variant, pasted):
    try:
        editor_model.read_position(get_variant(variant), pasted)
    except LaserChessError as exc:
        short(exc)


@FUZZ
@given(size=text)
def test_the_window_size_option(size):
    try:
        w, h = _parse_size(size)
    except argparse.ArgumentTypeError as exc:
        short(exc)
        return
    assert 640 <= w <= 7680 and 480 <= h <= 4320


def test_saved_setups_with_odd_fields(tmp_path: Path):
    path = tmp_path / "khet-x.json"
    for bad in ({"name": "n" * 10_000}, {"fen": "x" * 100_000}, {"version": "v" * 100_000}):
        data = {"format": setups.FORMAT, "version": 1, "name": "x", "variant": "khet", "fen": "8 b"}
        data.update(bad)
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(ValueError) as info:
            setups.load_setup(path)
        short(info.value)


# Protocol lines (the engine reads them from another program) and scripted-engine specs and
# serials (typed in New game and the Puzzle, or given to ``python -m game scripted``).
GO_WORDS = ["depth", "nodes", "movetime", "infinite", "wtime", "binc", "movestogo", "0", "-1", "²"]
words = st.lists(st.one_of(near, st.sampled_from(GO_WORDS)))


@FUZZ
@given(
    st.one_of(text, st.builds(lambda rest: "position " + rest, text), st.just("position fen " + "9" * 5000))
)
def test_protocol_position_lines(line):
    from game.search.protocol import parse_position

    try:
        parse_position(line)
    except (ValueError, LaserChessError) as exc:
        short(exc)


@FUZZ
@given(words)
def test_protocol_go_lines(parts):
    from game.search.limits import Limits
    from game.search.protocol import parse_go

    try:
        assert isinstance(parse_go(parts).limits(0, 0.0), Limits)
    except ValueError as exc:
        short(exc)


@FUZZ
@given(st.one_of(text, st.text(alphabet="DKLMS0123456789²٣ ", max_size=6)), text)
def test_scripted_engine_specs_and_serials(spec, serial):
    from game.scripted import ScriptedEngine, ScriptError

    try:
        ScriptedEngine.parse(spec, serial)
    except ScriptError as exc:
        short(exc)


def test_protocol_and_scripted_messages_quote_little_of_a_huge_input():
    from game.scripted import ScriptedEngine, ScriptError
    from game.search.protocol import parse_go

    huge = "x" * 100_000
    for call in (lambda: parse_go([huge, "1"]), lambda: ScriptedEngine.parse(huge, "AB12C4")):
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) <= 200
    with pytest.raises(ScriptError):
        ScriptedEngine.parse("L4", huge)


choice_keys = st.sampled_from(
    ["variant", "setup", "opponent", "level", "side", "clock", "repetition", "rules"]
)


@FUZZ
@given(
    st.one_of(
        json_values,
        st.dictionaries(choice_keys, json_values, max_size=6),
        st.builds(
            lambda rules, rep: {"rules": rules, "repetition": rep},
            st.dictionaries(
                st.sampled_from(sorted({s.key for v in VARIANTS.values() for s in v.option_specs})),
                json_values,
                max_size=3,
            ),
            json_values,
        ),
    )
)
def test_saved_new_game_choices(data):
    from gui.screens.config import Choices, choices_from_saved

    choices = choices_from_saved(data)
    assert isinstance(choices, Choices)
    assert choices.repetition in (None, "claim", "auto")
    assert choices.repetition_rule() in ("claim", "auto")
    from game.variants import option_spec

    for key, value in choices.rules.items():  # every kept option fits the rule it names
        spec = option_spec(key)
        assert spec is not None and spec.check(value) == value
