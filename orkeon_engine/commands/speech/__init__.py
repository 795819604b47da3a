"""The speech commands: /say, /transcribe and /voice, each one call to the speech MCP server."""
