"""Sound: the generated WAV files, throttling, volumes, and silence (not failure) without audio."""

from __future__ import annotations

import importlib.util
import wave

import pygame
import pytest

from gui import audio as audio_module
from gui.audio import SOUND_NAMES, Audio, sounds_dir
from gui.paths import project_dir


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def audio():
    clock = FakeClock()
    sound = Audio(sfx_volume=0.5, music_volume=0.2, clock=clock)
    sound.fake_clock = clock
    yield sound
    sound.shutdown()


def test_every_sound_file_is_a_valid_wav():
    for name in (*SOUND_NAMES, "music"):
        with wave.open(str(sounds_dir() / f"{name}.wav")) as handle:
            assert handle.getnchannels() == 1 and handle.getsampwidth() == 2
            assert handle.getframerate() == 22050
            assert handle.getnframes() > 500


def test_the_script_reproduces_the_committed_files():
    spec = importlib.util.spec_from_file_location("make_sounds", project_dir() / "tools" / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in ("click", "rotate", "move"):  # the quick ones; all use the same code path
        with wave.open(str(sounds_dir() / f"{name}.wav")) as handle:
            assert handle.readframes(handle.getnframes()) == module.render(name)


def test_effects_play_and_are_throttled(audio):
    if not audio.available:
        pytest.skip("no audio device, not even the dummy one")
    assert audio.play("move")
    assert not audio.play("move")  # the same sound again at once: dropped
    assert audio.play("rotate")  # a different sound is fine
    audio.fake_clock.now += 0.2
    assert audio.play("move")
    assert audio.played == ["move", "rotate", "move"]


def test_volumes_obey_the_settings(audio):
    audio.set_sfx_volume(0.0)
    assert not audio.play("hit")  # muted effects do not play
    audio.set_sfx_volume(7)
    assert audio.sfx_volume == 1.0
    audio.set_music_volume(-1)
    assert audio.music_volume == 0.0
    audio.set_music_volume("nonsense")
    assert audio.music_volume == 0.0
    if audio.available:
        audio.start_music()
        audio.set_music_volume(0.6)
        assert pygame.mixer.music.get_volume() == pytest.approx(0.6, abs=0.01)


def test_unknown_sound_is_ignored(audio):
    assert not audio.play("trumpet")


def test_music_starts_once(audio):
    if not audio.available:
        pytest.skip("no audio device")
    audio.start_music()
    audio.start_music()
    assert audio.music_playing
    audio.stop_music()
    assert not audio.music_playing


def test_missing_files_are_tolerated(monkeypatch, tmp_path):
    monkeypatch.setattr(audio_module, "sounds_dir", lambda: tmp_path)
    sound = Audio()
    try:
        assert not sound.play("move")
        sound.start_music()  # no music file: nothing happens
        assert not sound.music_playing
    finally:
        sound.shutdown()


def test_no_audio_device_means_silence(monkeypatch):
    def broken_init(*args, **kwargs):
        raise pygame.error("no available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    sound = Audio()
    assert not sound.available
    assert not sound.play("laser")
    sound.start_music()
    sound.set_music_volume(0.5)
    sound.shutdown()


def test_disabled_audio_never_opens_the_device():
    sound = Audio(enabled=False)
    assert not sound.available and not sound.play("click")
