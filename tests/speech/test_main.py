import pytest

from orkeon_speech.__main__ import parse_options


def test_the_defaults_are_espeak_ng_and_the_shipped_model():
    options = parse_options([])

    assert (options.tts, options.piper_model, options.whisper_model) == ("espeak-ng", "", "")


def test_piper_and_a_model_folder_can_be_chosen():
    options = parse_options(["--tts", "piper", "--piper-model", "v.onnx", "--whisper-model", "/models/base"])

    assert (options.tts, options.piper_model, options.whisper_model) == ("piper", "v.onnx", "/models/base")


def test_an_unknown_engine_is_refused(capsys):
    with pytest.raises(SystemExit):
        parse_options(["--tts", "festival"])

    assert "invalid choice: 'festival'" in capsys.readouterr().err
