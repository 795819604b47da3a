"""The speech crew: one call to the speech MCP server (speak, transcribe_audio, list_audio,
record_and_transcribe) for /say, /transcribe, /voice and the spoken answer of `voice.reply`."""
