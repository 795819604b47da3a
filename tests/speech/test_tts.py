import wave

import pytest

from orkeon_speech.errors import SpeechError
from orkeon_speech.tts import MAX_TEXT, Voice, synthesize
from tests.support.speech import fake_program, require_espeak


def test_espeak_ng_writes_a_wav_file_of_the_text(tmp_path):
    require_espeak()

    target = synthesize("good morning everyone", tmp_path / "out" / "hello.wav", Voice())

    with wave.open(str(target), "rb") as audio:
        assert audio.getnframes() > audio.getframerate() // 2


def test_a_text_that_starts_with_a_dash_is_spoken_not_read_as_an_option(tmp_path):
    require_espeak()

    target = synthesize("-w /tmp/elsewhere.wav", tmp_path / "dash.wav", Voice())

    assert target.stat().st_size > 1000


def test_an_empty_text_says_there_is_nothing_to_say(tmp_path):
    with pytest.raises(SpeechError, match="nothing to say"):
        synthesize("  ", tmp_path / "x.wav", Voice())


def test_a_text_too_long_is_refused_with_the_limit(tmp_path):
    with pytest.raises(SpeechError, match=f"at most {MAX_TEXT:,}"):
        synthesize("a" * (MAX_TEXT + 1), tmp_path / "x.wav", Voice())


def test_espeak_ng_missing_says_how_to_install_it(tmp_path):
    with pytest.raises(SpeechError, match="espeak-ng is not installed: apt-get install espeak-ng"):
        synthesize("hello", tmp_path / "x.wav", Voice(path=str(tmp_path / "empty")))


def test_piper_reads_the_text_on_its_input_with_its_voice_model(tmp_path):
    bin_dir = tmp_path / "bin"
    fake_program(bin_dir, "piper", 'cat > "$(dirname "$4")/said.txt"; printf RIFF > "$4"; echo "$@" > "$4.args"\n')
    model = tmp_path / "voice.onnx"
    model.write_bytes(b"model")

    target = synthesize("hello piper", tmp_path / "p.wav", Voice("piper", str(model), str(bin_dir)))

    assert (tmp_path / "said.txt").read_text() == "hello piper"
    assert (tmp_path / "p.wav.args").read_text().split() == ["--model", str(model), "--output_file", str(target)]


def test_piper_without_a_voice_model_says_which_option_gives_one(tmp_path):
    fake_program(tmp_path / "bin", "piper", "exit 0\n")

    with pytest.raises(SpeechError, match="--piper-model"):
        synthesize("hello", tmp_path / "x.wav", Voice("piper", "", str(tmp_path / "bin")))


def test_a_program_that_writes_nothing_is_a_failure_with_its_last_words(tmp_path):
    fake_program(tmp_path / "bin", "espeak-ng", "echo 'voice not found' >&2; exit 1\n")

    with pytest.raises(SpeechError, match=r"espeak-ng wrote no audio \(exit 1\): voice not found"):
        synthesize("hello", tmp_path / "x.wav", Voice(path=str(tmp_path / "bin")))


def test_an_unknown_engine_names_the_two_there_are(tmp_path):
    with pytest.raises(SpeechError, match="choose espeak-ng or piper"):
        synthesize("hello", tmp_path / "x.wav", Voice("festival"))
