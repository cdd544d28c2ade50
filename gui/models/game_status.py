"""The game screen's status line: one sentence saying what is true now, and its kind (the screen
picks the colour). No pygame: the board input's state comes in as :class:`InputFacts`.

The order is the order of importance: a result, browsing, a stopped CPU, a shot that would destroy
one's own piece, the study tools, a refused typed move, what the input is doing, a premove, the
CPU thinking (or paused), a royal in the beam, draws, and last whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from gui.models.game_controller import GameController


@dataclass(frozen=True)
class InputFacts:
    """What the board's move input is doing, as the status line needs it."""

    notice: str | None = None  # why the last keyboard pick was refused
    prompt: str | None = None  # what a half-entered move still needs
    hover_reason: str | None = None  # why the pointed square is not a destination
    has_selection: bool = False
    turning: str | None = None  # the square whose piece is being turned by its handle
    null_move: bool = False  # the selected King may make a null move
    own_hits: tuple[str, ...] = ()  # own pieces the pointed move's shot would destroy


def status_line(c: GameController, facts: InputFacts, study: str | None = None) -> tuple[str, str]:
    """The status sentence and its kind: "result", "browse", "error", "self_hit", "study",
    "notice", "prompt", "premove", "quiet", "danger", "offer" or "turn" (``study``: the study
    tools' sentence, e.g. a hint or a threat, which comes before what the input is doing)."""
    s = c.session
    names = c.variant.side_names
    if s.outcome is not None:
        return s.outcome.describe(names, c.variant.royal_name), "result"
    if not c.live:
        here, total = c.line.full_move(c.view_ply), c.line.full_move()
        return f"Viewing move {here} of {total} — End returns to the game", "browse"
    if c.error:
        return c.error, "error"
    if facts.own_hits:
        return f"Careful: this move's shot destroys your own piece on {', '.join(facts.own_hits)}", "self_hit"
    if study is not None:
        return study, "study"
    if c.typed_error:
        return c.typed_error, "error"
    if facts.turning is not None:
        return f"Turning the piece on {facts.turning}: let go where it should face", "prompt"
    if facts.notice:
        return facts.notice, "notice"
    if facts.prompt:
        return facts.prompt, "prompt"
    if facts.hover_reason:
        return facts.hover_reason, "notice"
    turn = s.turn
    if c.premove is not None:
        return f"Premove {c.premove.text} queued (right-click or Esc clears)", "premove"
    if c.premoving and facts.has_selection:
        return "Premove: click where it should go, or Q/E to turn (Esc drops it)", "premove"
    if s.is_cpu(turn):
        return _cpu_line(c, names[turn]), "quiet"
    if c.royal_in_beam:
        whose = "Your" if s.against_cpu else f"{names[turn]}'s"
        return f"{whose} {c.variant.royal_name} is in the enemy beam!", "danger"
    if s.draw_offer is not None and s.draw_offer.by != turn:
        return f"{names[s.draw_offer.by]} offers a draw: Accept, or move to decline", "offer"
    if s.can_claim_draw():
        return "Threefold repetition: you may claim a draw", "offer"
    if facts.null_move:
        return "Click the King again for a null move (it must zap something)", "prompt"
    text = f"Your move ({names[turn]})" if s.against_cpu else f"{names[turn]} to move"
    left = c.turn_note()
    return (f"{text} · {left}" if left else text), "turn"


def _cpu_line(c: GameController, side: str) -> str:
    """The CPU's side is to move: thinking (with its depth), paused, or about to."""
    if c.watching and c.watch.paused and not c.searching:
        return f"Paused · {side} (CPU) to move — Resume (Space) or Step (N)"
    if c.searching:
        thinking = c.thinking
        depth = f" (depth {thinking.depth})" if thinking is not None else ""
        return f"{side} (CPU) is thinking…{depth}"
    return f"{side} (CPU) to move"
