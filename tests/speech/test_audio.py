import wave

import pytest

from orkeon_speech.audio import list_audio, play, record, wav_seconds
from orkeon_speech.errors import SpeechError
from tests.support.sound_device import FakeSoundDevice
from tests.support.speech import fake_program, write_silence

MIC = {"name": "USB Microphone", "max_input_channels": 1}
SPEAKERS = {"name": "Speakers", "max_input_channels": 0}


def test_the_audio_files_of_a_folder_are_listed_by_relative_path(tmp_path):
    write_silence(tmp_path / "a.wav", 1.0)
    (tmp_path / "talks").mkdir()
    (tmp_path / "talks" / "b.MP3").write_bytes(b"id3")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "c.wav").write_bytes(b"x")

    found = list_audio(tmp_path)

    assert [(f.path, f.seconds) for f in found] == [("a.wav", 1.0), ("talks/b.MP3", None)]


def test_a_listing_without_recursion_stays_in_the_folder(tmp_path):
    write_silence(tmp_path / "a.wav")
    (tmp_path / "talks").mkdir()
    write_silence(tmp_path / "talks" / "b.wav")

    assert [f.path for f in list_audio(tmp_path, recursive=False)] == ["a.wav"]


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(SpeechError, match="no such folder"):
        list_audio(tmp_path / "none")


def test_a_broken_wav_has_no_length(tmp_path):
    broken = tmp_path / "broken.wav"
    broken.write_bytes(b"RIFF")

    assert wav_seconds(broken) is None


def test_no_player_on_the_path_says_to_write_a_file_instead(tmp_path):
    with pytest.raises(SpeechError, match="no audio player was found"):
        play(write_silence(tmp_path / "a.wav"), str(tmp_path / "empty"))


def test_the_first_player_found_plays_the_file(tmp_path):
    bin_dir = tmp_path / "bin"
    fake_program(bin_dir, "aplay", 'echo "$@" > "$(dirname "$0")/played"\n')

    player = play(write_silence(tmp_path / "a.wav"), str(bin_dir))

    assert player == "aplay" and (bin_dir / "played").read_text().split() == ["-q", str(tmp_path / "a.wav")]


def test_a_player_that_fails_asks_whether_there_is_an_output_device(tmp_path):
    fake_program(tmp_path / "bin", "paplay", "echo 'Connection refused' >&2; exit 1\n")

    with pytest.raises(SpeechError, match="paplay could not play a.wav: Connection refused; is there an audio output"):
        play(write_silence(tmp_path / "a.wav"), str(tmp_path / "bin"))


def test_recording_without_an_input_device_says_so(tmp_path):
    with pytest.raises(SpeechError, match="no audio input device was found: connect a microphone"):
        record(1, tmp_path / "r.wav", backend=FakeSoundDevice([SPEAKERS]))


def test_recording_from_a_device_not_there_names_the_input_devices(tmp_path):
    with pytest.raises(SpeechError, match="no audio input device is named 'headset'; the input devices: USB Micro"):
        record(1, tmp_path / "r.wav", "headset", backend=FakeSoundDevice([SPEAKERS, MIC]))


def test_a_recording_is_a_16_khz_mono_wav_of_the_length_asked(tmp_path):
    device = FakeSoundDevice([SPEAKERS, MIC])

    target = record(1.5, tmp_path / "r.wav", "usb", backend=device)

    with wave.open(str(target), "rb") as audio:
        assert (audio.getnchannels(), audio.getframerate(), audio.getnframes()) == (1, 16_000, 24_000)
    assert device.recorded == [(24_000, 16_000, 1)]


@pytest.mark.parametrize("seconds", [0, -1, 601])
def test_a_recording_length_out_of_range_is_refused(tmp_path, seconds):
    with pytest.raises(SpeechError, match="a recording lasts between 0 and 600 seconds"):
        record(seconds, tmp_path / "r.wav", backend=FakeSoundDevice([MIC]))
