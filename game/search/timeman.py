"""Time management: when to start another iteration, and the hard stop that is never passed.

The search gets a hard stop (seconds for this move, ``movetime``, or an absolute ``deadline``) and
perhaps a soft budget (``soft`` seconds: a game clock's planned share, the hard stop then being the
most it may take). Without a soft budget the time is the move's to use: iterations follow one
another until the hard stop ends one, whose partial result still counts (it searched the previous
best move first). With one, iterative deepening asks :meth:`TimeManager.next_iteration` after every
completed depth:

* the next iteration's time is predicted from the growth of the last ones (each depth costs a
  roughly constant factor more than the one before); it is started when its first half is expected
  to fit in what is left: the first half searches the previous best move (the most expensive one)
  and any move that beats it, so even an iteration the hard stop cuts short improves the answer,
  while one predicted to use far more than the soft budget is not begun (the move is answered early);
* when the root is *unsettled* (the best move changed, or the score fell, in the last iteration)
  the next iteration is started anyway while at most ``EXTEND_UNTIL`` of the hard budget is spent: the
  unfinished iteration still searches the previous best move first and any move that beats it, so
  the time buys a better answer;
* the hard stop (``deadline``) lies ``safety`` seconds before the end of the budget, so the move is
  answered within it even allowing for the check interval and unwinding the search.

Everything reads one ``clock`` (a callable returning seconds), so tests drive it with a fake clock.
"""

from __future__ import annotations

from collections.abc import Callable

GROWTH_DEFAULT = 4.0  # an iteration costs about this many times the previous one (when unknown)
GROWTH_MIN, GROWTH_MAX = 1.5, 6.0
FIT_SHARE = 0.5  # start the next iteration when this share of its predicted time fits
EXTEND_UNTIL = 0.75  # an unsettled root starts another iteration until this share of the budget
SCORE_DROP = 30  # a root score this much lower than the previous iteration's is "failing"
MIN_TIMED = 0.01  # iterations faster than this (seconds) say nothing about growth


def safety_margin(movetime: float) -> float:
    """Seconds kept in reserve at the end of a ``movetime`` budget (returning, process overhead)."""
    return min(0.05, 0.1 * movetime)


class TimeManager:
    """The time plan of one search (see the module docs)."""

    def __init__(
        self,
        clock: Callable[[], float],
        movetime: float | None = None,
        deadline: float | None = None,
        soft: float | None = None,
    ) -> None:
        self.clock = clock
        self.start = clock()
        hard = deadline
        if movetime is not None:
            t = self.start + max(0.0, movetime - safety_margin(movetime))
            hard = t if hard is None else min(hard, t)
        self.deadline = hard  # absolute clock value of the hard stop, None without a time limit
        # absolute clock value the plan aims at (None: use the time up to the hard stop)
        self.soft_end = None if soft is None or hard is None else min(hard, self.start + soft)
        self.iterations: list[float] = []  # seconds each completed iteration took
        self._last_end = self.start
        self._last_look = (0, self.start)  # (nodes, clock) when look() last read the clock

    @property
    def budget(self) -> float | None:
        """Seconds from the start to the hard stop."""
        return None if self.deadline is None else max(0.0, self.deadline - self.start)

    def iteration_done(self) -> None:
        """Record that an iteration has just completed."""
        now = self.clock()
        self.iterations.append(now - self._last_end)
        self._last_end = now

    def growth(self) -> float:
        """Predicted ratio of the next iteration's time to the last one's (geometric mean of the last two)."""
        times = [t for t in self.iterations[-3:] if t >= MIN_TIMED]
        if len(times) < 2:
            return GROWTH_DEFAULT
        ratios = [b / a for a, b in zip(times, times[1:], strict=False)]
        g = 1.0
        for r in ratios:
            g *= r
        g **= 1 / len(ratios)
        return float(min(GROWTH_MAX, max(GROWTH_MIN, g)))

    def predicted_next(self) -> float:
        """Seconds the next iteration is expected to take."""
        last = self.iterations[-1] if self.iterations else 0.0
        return max(last, MIN_TIMED) * self.growth()

    def next_iteration(self, unsettled: bool = False) -> bool:
        """Start another iteration? (Always before the hard stop without a soft budget; always
        without a time limit: the other limits decide.)"""
        if self.deadline is None:
            return True
        now = self.clock()
        if now >= self.deadline:
            return False
        if self.soft_end is None or now + FIT_SHARE * self.predicted_next() <= self.soft_end:
            return True
        budget = self.budget or 0.0
        return unsettled and now - self.start <= EXTEND_UNTIL * budget

    def look(self, nodes: int, every: int) -> int:
        """Read the clock after ``nodes`` nodes: -1 once the hard stop is reached, else how many
        nodes to search before looking again — ``every``, but near the hard stop at most half of
        the nodes that still fit at the speed since the last look (at least 16), so a slow
        evaluation cannot carry the search far past the stop."""
        if self.deadline is None:
            return every
        now = self.clock()
        if now >= self.deadline:
            return -1
        last_nodes, last_time = self._last_look
        self._last_look = (nodes, now)
        if nodes > last_nodes and now > last_time:
            fit = (self.deadline - now) * (nodes - last_nodes) / (now - last_time)
            return max(16, min(every, int(fit / 2)))
        return every

    def expired(self) -> bool:
        """The hard stop has passed."""
        return self.deadline is not None and self.clock() >= self.deadline


def unsettled(prev: tuple[int, int] | None, now: tuple[int, int]) -> bool:
    """Did the root change its mind between two iterations' (best move, score)?"""
    if prev is None:
        return False
    return prev[0] != now[0] or now[1] <= prev[1] - SCORE_DROP
