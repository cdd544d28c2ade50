"""Sound effects and the music loop (WAV files made by ``tools/make_sounds.py``).

Silently does nothing when there is no audio device or a file is missing: the game must never
fail because of sound. Effects are throttled (a sound does not restart within a few dozen
milliseconds of itself, and only a few play at once) and obey the effects volume; the music loop
obeys the music volume.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from gui.paths import assets_dir

log = logging.getLogger(__name__)

MOVE = "move"
ROTATE = "rotate"
LASER = "laser"
HIT = "hit"
GAME_OVER = "game_over"
CLICK = "click"
SOUND_NAMES: tuple[str, ...] = (MOVE, ROTATE, LASER, HIT, GAME_OVER, CLICK)

# Per-sound loudness (before the effects volume) and the shortest gap between two starts.
_BASE_VOLUME = {MOVE: 0.8, ROTATE: 0.7, LASER: 0.55, HIT: 0.85, GAME_OVER: 0.8, CLICK: 0.45}
_MIN_GAP = {MOVE: 0.06, ROTATE: 0.06, LASER: 0.12, HIT: 0.1, GAME_OVER: 0.5, CLICK: 0.05}
_MAX_CHANNELS = 8


def sounds_dir() -> Path:
    return assets_dir() / "sounds"


class Audio:
    """The app's sound: ``play(name)`` for effects, ``start_music()`` for the loop."""

    def __init__(
        self,
        sfx_volume: float = 0.8,
        music_volume: float = 0.35,
        enabled: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.available = False
        self.sfx_volume = _clamp(sfx_volume)
        self.music_volume = _clamp(music_volume)
        self.muted = False  # the game screen's mute button: silences everything, keeps the volumes
        self._clock = clock
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._last_played: dict[str, float] = {}
        self._music_loaded = False
        self._music_playing = False
        self.played: list[str] = []  # names actually started (for tests and diagnostics)
        if enabled:
            self._init_mixer()

    def _init_mixer(self) -> None:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(_MAX_CHANNELS)
        except (pygame.error, OSError) as exc:
            log.info("no audio: %s", exc)
            return
        self.available = True
        folder = sounds_dir()
        for name in SOUND_NAMES:
            path = folder / f"{name}.wav"
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                log.warning("sound %s not loaded: %s", name, exc)

    # ----------------------------------------------------------------- effects
    def play(self, name: str) -> bool:
        """Start a sound effect; False when it was throttled, muted or unavailable."""
        sound = self._sounds.get(name)
        if sound is None or self.sfx_volume <= 0 or self.muted:
            return False
        now = self._clock()
        if now - self._last_played.get(name, -1e9) < _MIN_GAP.get(name, 0.05):
            return False
        channel = pygame.mixer.find_channel(False)
        if channel is None:
            return False
        self._last_played[name] = now
        try:
            channel.set_volume(self.sfx_volume * _BASE_VOLUME.get(name, 0.8))
            channel.play(sound)
        except pygame.error:
            return False
        self.played.append(name)
        del self.played[:-50]
        return True

    def set_sfx_volume(self, volume: float) -> None:
        self.sfx_volume = _clamp(volume)

    # ----------------------------------------------------------------- music
    def start_music(self) -> None:
        """Start the background loop (if not already playing)."""
        if not self.available or self._music_playing:
            return
        try:
            if not self._music_loaded:
                pygame.mixer.music.load(str(sounds_dir() / "music.wav"))
                self._music_loaded = True
            pygame.mixer.music.set_volume(self._effective_music_volume())
            pygame.mixer.music.play(loops=-1, fade_ms=1500)
            self._music_playing = True
        except (pygame.error, OSError) as exc:
            log.warning("music not started: %s", exc)

    def stop_music(self) -> None:
        if self.available and self._music_playing:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.fadeout(400)
        self._music_playing = False

    def set_music_volume(self, volume: float) -> None:
        self.music_volume = _clamp(volume)
        self._apply_music_volume()

    def set_muted(self, muted: bool) -> None:
        """Silence effects and music (or bring them back) without touching the chosen volumes."""
        self.muted = bool(muted)
        self._apply_music_volume()

    def _effective_music_volume(self) -> float:
        return 0.0 if self.muted else self.music_volume

    def _apply_music_volume(self) -> None:
        if self.available and self._music_loaded:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.set_volume(self._effective_music_volume())

    @property
    def music_playing(self) -> bool:
        return self._music_playing

    def shutdown(self) -> None:
        self.stop_music()
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.quit()
        self.available = False
        self._sounds.clear()


def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    if v != v:  # NaN
        return 0.0
    return 0.0 if v < 0 else 1.0 if v > 1 else v
