"""Synthesise the game's sounds and music loop into assets/sounds/*.wav (pure Python, no numpy).

Run ``python tools/make_sounds.py`` after changing a recipe; the output is deterministic (seeded),
so re-running it reproduces the committed files byte for byte. 16-bit mono, 22,050 Hz.

Sounds: click (UI button), move (a stone piece sliding and setting down), rotate (a ratchet),
laser (a zap that settles into a hum), hit (an explosion with crackle), game_over (a plucked
Hijaz arpeggio over a gong), and music (a 16-second ambient loop in D Hijaz).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
TAU = 2 * math.pi
OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def buffer(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def note_hz(semitones_from_a4: float) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


def lowpass(samples: list[float], cutoff: float | Callable[[int], float]) -> list[float]:
    """One-pole low-pass filter; ``cutoff`` in Hz, or a function of the sample index."""
    out = []
    y = 0.0
    for i, x in enumerate(samples):
        fc = cutoff(i) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(samples: list[float], cutoff: float) -> list[float]:
    low = lowpass(samples, cutoff)
    return [x - lo for x, lo in zip(samples, low, strict=True)]


def add(target: list[float], source: list[float], at: int = 0, gain: float = 1.0, wrap: bool = False) -> None:
    n = len(target)
    for i, v in enumerate(source):
        j = at + i
        if j >= n:
            if not wrap:
                break
            j %= n
        target[j] += v * gain


def pluck(
    freq: float, seconds: float, rng: random.Random, brightness: float = 0.5, decay: float = 0.996
) -> list[float]:
    """Karplus-Strong plucked string (an oud-like tone)."""
    period = max(2, int(RATE / freq))
    line = [rng.uniform(-1, 1) for _ in range(period)]
    # soften the initial burst for a rounder attack
    line = lowpass(line, 2000 + 6000 * brightness)
    out = []
    idx = 0
    for _ in range(int(seconds * RATE)):
        a = line[idx]
        b = line[(idx + 1) % period]
        new = decay * (a * (0.5 + brightness * 0.1) + b * (0.5 - brightness * 0.1))
        out.append(a)
        line[idx] = new
        idx = (idx + 1) % period
    return out


def envelope(n: int, attack: float, release: float) -> list[float]:
    a = max(1, int(attack * RATE))
    r = max(1, int(release * RATE))
    env = []
    for i in range(n):
        k = min(1.0, i / a)
        if i > n - r:
            k *= max(0.0, (n - i) / r)
        env.append(k)
    return env


def reverb(samples: list[float], mix: float = 0.25, room: float = 0.8) -> list[float]:
    """A small Schroeder reverb: four feedback combs and two all-passes."""
    combs = (1116, 1188, 1277, 1356)
    out = [0.0] * len(samples)
    for delay in combs:
        d = int(delay * RATE / 44100)
        buf = [0.0] * d
        idx = 0
        store = 0.0
        for i, x in enumerate(samples):
            y = buf[idx]
            store = y * 0.6 + store * 0.4  # damping
            buf[idx] = x + store * room
            idx = (idx + 1) % d
            out[i] += y * 0.25
    for delay in (556, 441):
        d = int(delay * RATE / 44100)
        buf = [0.0] * d
        idx = 0
        for i, x in enumerate(out):
            b = buf[idx]
            y = -x + b
            buf[idx] = x + b * 0.5
            idx = (idx + 1) % d
            out[i] = y
    return [x * (1 - mix) + y * mix for x, y in zip(samples, out, strict=True)]


def normalise(samples: list[float], peak: float = 0.89) -> list[float]:
    top = max((abs(v) for v in samples), default=0.0) or 1.0
    return [v * peak / top for v in samples]


def fade_edges(samples: list[float], ms: float = 4.0) -> list[float]:
    n = min(len(samples) // 2, int(ms / 1000 * RATE))
    out = list(samples)
    for i in range(n):
        k = i / n
        out[i] *= k
        out[-1 - i] *= k
    return out


# ----------------------------------------------------------------------------- recipes


def make_click(rng: random.Random) -> list[float]:
    n = int(0.045 * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = math.exp(-t * 140)
        out.append(
            0.6 * math.sin(TAU * 1750 * t) * env
            + 0.35 * math.sin(TAU * 2900 * t) * env * env
            + rng.uniform(-0.3, 0.3) * math.exp(-t * 900)
        )
    return fade_edges(out, 1.0)


def make_move(rng: random.Random) -> list[float]:
    out = buffer(0.34)
    slide_n = int(0.2 * RATE)
    noise = [rng.uniform(-1, 1) for _ in range(slide_n)]
    slide = lowpass(noise, lambda i: 900 + 1600 * i / slide_n)
    slide = highpass(slide, 180)
    env = envelope(slide_n, 0.05, 0.06)
    add(out, [s * e * 0.55 for s, e in zip(slide, env, strict=True)])
    thock = []
    for i in range(int(0.14 * RATE)):
        t = i / RATE
        e = math.exp(-t * 38)
        thock.append(
            e * (0.8 * math.sin(TAU * 190 * t) + 0.45 * math.sin(TAU * 455 * t) * math.exp(-t * 30))
            + rng.uniform(-0.5, 0.5) * math.exp(-t * 400)
        )
    add(out, thock, at=int(0.17 * RATE))
    return fade_edges(normalise(reverb(out, 0.15, 0.6), 0.8))


def make_rotate(rng: random.Random) -> list[float]:
    out = buffer(0.3)
    for k in range(4):
        n = int(0.02 * RATE)
        burst = [rng.uniform(-1, 1) * math.exp(-i / RATE * 260) for i in range(n)]
        burst = highpass(lowpass(burst, 4200), 1200)
        add(out, burst, at=int((0.015 + k * 0.05) * RATE), gain=0.9 - 0.12 * k)
    whirr = []
    n = int(0.22 * RATE)
    phase = 0.0
    for i in range(n):
        t = i / RATE
        phase += TAU * (520 + 380 * t / 0.22) / RATE
        whirr.append(0.25 * math.sin(phase) * math.sin(math.pi * i / n))
    add(out, whirr, at=int(0.01 * RATE))
    return fade_edges(normalise(out, 0.75))


def make_laser(rng: random.Random) -> list[float]:
    seconds = 1.1
    out = buffer(seconds)
    phase = 0.0
    for i in range(len(out)):
        t = i / RATE
        freq = 240 + 2400 * math.exp(-t * 16)
        phase += TAU * freq / RATE
        zap = math.sin(phase + 0.8 * math.sin(phase * 0.5)) * math.exp(-t * 9)
        out[i] += 0.7 * zap
    hum_phase = 0.0
    for i in range(len(out)):
        t = i / RATE
        hum_phase += TAU * 110 / RATE
        saw = sum(math.sin(hum_phase * h) / h for h in range(1, 7))
        wobble = 0.75 + 0.25 * math.sin(TAU * 13 * t)
        env = min(1.0, t / 0.06) * max(0.0, 1 - t / seconds) ** 1.5
        out[i] += 0.32 * saw * wobble * env
    fizz = lowpass([rng.uniform(-1, 1) for _ in range(len(out))], 5000)
    for i, f in enumerate(fizz):
        t = i / RATE
        out[i] += 0.12 * f * max(0.0, 1 - t / seconds) * min(1.0, t / 0.02)
    return fade_edges(normalise(reverb(out, 0.2, 0.7), 0.82))


def make_hit(rng: random.Random) -> list[float]:
    seconds = 1.25
    n = int(seconds * RATE)
    noise = [rng.uniform(-1, 1) for _ in range(n)]
    rumble = lowpass(noise, lambda i: 200 + 5200 * math.exp(-i / RATE * 7))
    out = [r * math.exp(-(i / RATE) * 3.2) * min(1.0, i / (0.004 * RATE)) for i, r in enumerate(rumble)]
    thump = []
    phase = 0.0
    for i in range(int(0.6 * RATE)):
        t = i / RATE
        phase += TAU * (95 * math.exp(-t * 3) + 38) / RATE
        thump.append(math.sin(phase) * math.exp(-t * 6))
    add(out, thump, gain=1.1)
    for _ in range(70):
        at = int(rng.uniform(0.02, 0.8) ** 1.6 * RATE)
        crack = highpass(
            [rng.uniform(-1, 1) * math.exp(-i / RATE * 700) for i in range(int(0.012 * RATE))], 1500
        )
        add(out, crack, at=at, gain=rng.uniform(0.2, 0.7))
    return fade_edges(normalise(reverb(out, 0.25, 0.75), 0.9))


HIJAZ = (0, 1, 4, 5, 7, 8, 10, 12)  # D Eb F# G A Bb C D, as semitones above the root
D3 = -19  # semitones from A4


def make_game_over(rng: random.Random) -> list[float]:
    out = buffer(2.6)
    # gong: inharmonic partials with long decays
    gong = []
    partials = (
        (73.4, 1.0, 1.4),
        (146.8 * 1.01, 0.6, 2.0),
        (220.0 * 1.03, 0.45, 2.6),
        (311.0, 0.3, 3.4),
        (415.0, 0.22, 4.2),
    )
    for i in range(len(out)):
        t = i / RATE
        v = sum(a * math.sin(TAU * f * t) * math.exp(-t * d) for f, a, d in partials)
        gong.append(v * min(1.0, t / 0.01))
    add(out, gong, gain=0.45)
    for k, step in enumerate((0, 4, 7, 8, 12, 7, 16)):
        freq = note_hz(D3 + 12 + step)
        add(
            out,
            pluck(freq, 1.6, rng, brightness=0.6, decay=0.997),
            at=int((0.05 + k * 0.16) * RATE),
            gain=0.6,
        )
    return fade_edges(normalise(reverb(out, 0.3, 0.82), 0.85), 20)


def make_music(rng: random.Random) -> list[float]:
    """A seamless 16-second loop: drone, slow pad, and a plucked Hijaz melody."""
    seconds = 16.0
    n = int(seconds * RATE)
    out = [0.0] * n
    # drone on D2 and A2; frequencies with whole cycles per loop keep the seam silent
    for freq, gain in ((73.5625, 0.22), (110.0, 0.12), (147.125, 0.06)):
        f = round(freq * seconds) / seconds
        for i in range(n):
            t = i / RATE
            trem = 0.8 + 0.2 * math.sin(TAU * t / 8.0)
            out[i] += gain * trem * (math.sin(TAU * f * t) + 0.3 * math.sin(TAU * 2 * f * t))
    # pad: soft chords that swell, one per 4 seconds (D, Eb, D, C/A)
    chords = ((0, 4, 7), (1, 5, 8), (0, 4, 7), (-2, 3, 7))
    for c, chord in enumerate(chords):
        start = int(c * 4.0 * RATE)
        length = int(4.6 * RATE)
        voice = [0.0] * length
        for semis in chord:
            f = note_hz(D3 + semis)
            detune = (f * 1.004, f * 0.996)
            for i in range(length):
                t = i / RATE
                voice[i] += (
                    sum(math.sin(TAU * d * t) + 0.2 * math.sin(TAU * 2 * d * t) for d in detune) * 0.05
                )
        env = [math.sin(math.pi * min(1.0, i / length)) ** 2 for i in range(length)]
        add(out, [v * e for v, e in zip(voice, env, strict=True)], at=start, wrap=True)
    # melody: 24 beats at 90 bpm
    beat = seconds / 24
    melody = [
        (0, 0),
        (2, 4),
        (3, 5),
        (4, 7),
        (6, 8),
        (7, 7),
        (8, 5),
        (9, 4),
        (10, 5),
        (12, 1),
        (14, 0),
        (16, 7),
        (17, 8),
        (18, 10),
        (19, 12),
        (20, 8),
        (21, 7),
        (22, 4),
    ]
    for at_beat, step in melody:
        freq = note_hz(D3 + 12 + step)
        add(
            out,
            pluck(freq, 2.4, rng, brightness=0.45, decay=0.9975),
            at=int(at_beat * beat * RATE),
            gain=0.34,
            wrap=True,
        )
    # a soft frame-drum pulse on beats 0, 3, 6 ... (a 3+3+2 feel)
    for bar in range(6):
        for offset, gain in ((0.0, 0.5), (1.5, 0.3), (3.0, 0.35)):
            at = int((bar * 4 + offset) * beat * RATE)
            drum = []
            for i in range(int(0.35 * RATE)):
                t = i / RATE
                drum.append(math.sin(TAU * (70 + 40 * math.exp(-t * 30)) * t) * math.exp(-t * 11))
            add(out, drum, at=at, gain=gain * 0.5, wrap=True)
    # run the reverb over two copies and keep the second: its start carries the tail of the
    # first, exactly as when the loop repeats, so the seam is inaudible
    wet = reverb(out + out, 0.22, 0.8)
    return normalise(wet[n:], 0.7)


RECIPES: dict[str, Callable[[random.Random], list[float]]] = {
    "click": make_click,
    "move": make_move,
    "rotate": make_rotate,
    "laser": make_laser,
    "hit": make_hit,
    "game_over": make_game_over,
    "music": make_music,
}


def wav_bytes(samples: list[float]) -> bytes:
    """16-bit little-endian mono PCM data for these samples (-1..1)."""
    data = array("h", (max(-32767, min(32767, int(round(v * 32767)))) for v in samples))
    if data.itemsize != 2:  # pragma: no cover - array('h') is 16-bit on every supported platform
        raise RuntimeError("unexpected sample size")
    return b"".join(struct.pack("<h", v) for v in data)


def render(name: str) -> bytes:
    """The PCM data of one sound (seeded by its name, so it is reproducible)."""
    rng = random.Random(f"laser-chess:{name}")
    return wav_bytes(RECIPES[name](rng))


def write_wav(path: Path, pcm: bytes) -> None:
    tmp = path.with_suffix(".tmp")
    with wave.open(str(tmp), "wb") as handle:
        handle.setnchannels(1)
        handle.setsampwidth(2)
        handle.setframerate(RATE)
        handle.writeframes(pcm)
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"sounds to make (default: all of {', '.join(RECIPES)})")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.names or list(RECIPES):
        if name not in RECIPES:
            parser.error(f"unknown sound {name!r}")
        pcm = render(name)
        write_wav(args.out / f"{name}.wav", pcm)
        print(f"{name}.wav: {len(pcm) / 2 / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
