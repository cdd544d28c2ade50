"""Evaluation weights to and from JSON (tuned weights: tools/tune.py; ``python -m game engine --weights``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from game.search.evaluate import Weights


def weights_to_json(w: Weights) -> dict[str, Any]:
    """Every field; piece values keyed by the piece kind's number (as a string, for JSON)."""
    data = dataclasses.asdict(w)
    data["values"] = {str(int(k)): v for k, v in w.values.items()}
    return data


def weights_from_json(data: dict[str, Any]) -> Weights:
    """The inverse of :func:`weights_to_json`; unknown fields raise ValueError naming them."""
    names = {f.name for f in dataclasses.fields(Weights)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise ValueError(f"unknown weights: {', '.join(unknown)}")
    fields = dict(data)
    if "values" in fields:
        fields["values"] = {int(k): int(v) for k, v in fields["values"].items()}
    return Weights(**fields)


def load_weights(path: str | Path) -> Weights:
    """Weights from a JSON file (ValueError with the reason when it cannot be used)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read weights from {path}: {exc}") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object of weights")
    return weights_from_json(data)
