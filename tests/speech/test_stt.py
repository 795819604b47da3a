import pytest

from orkeon_speech.errors import SpeechError
from orkeon_speech.stt import Transcriber
from orkeon_speech.tts import Voice, synthesize
from tests.support.speech import PHRASE, require_espeak, require_speech_extra, write_silence


@pytest.fixture(scope="module")
def transcriber():
    require_speech_extra()
    return Transcriber()


def test_an_espeak_sentence_comes_back_as_its_words(transcriber, tmp_path):
    require_espeak()
    audio = synthesize(PHRASE, tmp_path / "phrase.wav", Voice())

    heard = transcriber.transcribe(audio, "en")

    assert PHRASE in heard.text.lower().replace(",", "").replace(".", "")
    assert heard.language == "en" and heard.seconds > 0.5


def test_silence_gives_no_words_but_no_failure(transcriber, tmp_path):
    heard = transcriber.transcribe(write_silence(tmp_path / "quiet.wav"), "en")

    assert heard.seconds == 0.5


def test_a_missing_file_is_named(transcriber, tmp_path):
    with pytest.raises(SpeechError, match="no such audio file"):
        transcriber.transcribe(tmp_path / "none.wav")


def test_a_file_that_is_not_audio_cannot_be_transcribed(transcriber, tmp_path):
    text = tmp_path / "notes.wav"
    text.write_text("not audio at all", encoding="utf-8")

    with pytest.raises(SpeechError, match="could not be transcribed"):
        transcriber.transcribe(text)


def test_a_model_folder_without_a_model_says_so(tmp_path):
    require_speech_extra()
    audio = write_silence(tmp_path / "quiet.wav")

    with pytest.raises(SpeechError, match="holds no CTranslate2 Whisper model"):
        Transcriber(str(tmp_path)).transcribe(audio)


def test_the_default_model_is_the_one_the_model_package_ships():
    require_speech_extra()

    assert (Transcriber().model_folder() / "model.bin").is_file()
