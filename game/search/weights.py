"""Evaluation weights of every rule set to and from JSON (tools/tune.py writes them; ``match
--white-weights FILE`` and ``python -m game engine --weights FILE`` play them).

A rule set's weights are one frozen dataclass, the one its engine profile plays
(``Profile.default_weights``): :class:`~game.search.evaluate.Weights` for the beam profile (Khet,
Leiserchess 2017/2018), ``Lc87Weights``, ``Lc98Weights`` for Laser Chess 1987 and LaserChess 98.
A file is a JSON object of the fields it changes (the others keep their defaults) plus
``"variant"``; ``values`` maps piece kind numbers (as strings) to centi-units. A file without
``"variant"`` is Khet's (older files).
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

from game.fileio import loads_json
from game.search.profile import profile_class
from game.variants import get_variant


def default_weights(variant: str) -> Any:
    """The weights ``variant``'s evaluation uses now (ValueError if it has none to tune)."""
    try:
        v = get_variant(variant)
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    weights = profile_class(v).default_weights(v)
    if weights is None:
        raise ValueError(f"the {variant} evaluation has no weights to tune")
    return weights


def weights_to_json(w: Any, variant: str | None = None) -> dict[str, Any]:
    """Every field; piece values keyed by the piece kind's number (as a string, for JSON)."""
    data: dict[str, Any] = {"variant": variant} if variant else {}
    data.update(dataclasses.asdict(w))
    data["values"] = {str(int(k)): v for k, v in w.values.items()}
    return data


def weights_from_json(data: Any, variant: str | None = None) -> Any:
    """The inverse of :func:`weights_to_json`, checked field by field.

    ``variant``: the rule set the weights are wanted for; a file naming another one is refused.
    Raises ValueError naming what is wrong (unknown or mistyped fields, unknown piece kinds,
    values that are not finite numbers)."""
    if not isinstance(data, dict):
        raise ValueError("expected a JSON object of weights")
    fields = dict(data)
    named = fields.pop("variant", None)
    if named is not None and not isinstance(named, str):
        raise ValueError("'variant' must be a rule set's name")
    if named is not None and variant is not None and named != variant:
        raise ValueError(f"these weights are for {named}, not {variant}")
    default = default_weights(named or variant or "khet")
    kinds = {f.name: f for f in dataclasses.fields(default)}
    unknown = sorted(set(fields) - set(kinds))
    if unknown:
        raise ValueError(f"unknown weights: {', '.join(unknown)}")
    for name, value in fields.items():
        if name == "values":
            fields[name] = _piece_values(value, default.values)
            continue
        want = type(getattr(default, name))
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"{name} must be a number, not {value!r}")
        if want is int and value != int(value):
            raise ValueError(f"{name} must be a whole number, not {value!r}")
        fields[name] = want(value)
    return dataclasses.replace(default, **fields)


def _piece_values(value: Any, defaults: dict[int, int]) -> dict[int, int]:
    if not isinstance(value, dict):
        raise ValueError("values must map piece kind numbers to centi-units")
    out = dict(defaults)
    for key, v in value.items():
        try:
            kind = int(key)
        except ValueError:
            raise ValueError(f"values: {key!r} is not a piece kind number") from None
        if kind not in defaults:
            known = ", ".join(map(str, defaults))
            raise ValueError(f"values: no piece kind {kind} in this rule set (kinds {known})")
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"values: piece kind {kind} must have a whole number, not {v!r}")
        out[kind] = v
    return out


def _read_json(path: str | Path) -> object:
    """A weights file's JSON (ValueError naming the file and the reason when it cannot be read)."""
    try:
        return loads_json(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"cannot read weights from {path}: {exc}") from exc


def load_weights(path: str | Path, variant: str | None = None) -> Any:
    """Weights from a JSON file (ValueError with the file's name and the reason when it cannot be used)."""
    data = _read_json(path)
    try:
        return weights_from_json(data, variant)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def variant_of(path: str | Path) -> str:
    """The rule set a weights file names (``khet`` for a file that names none)."""
    data = _read_json(path)
    named = data.get("variant") if isinstance(data, dict) else None
    return named if isinstance(named, str) else "khet"
