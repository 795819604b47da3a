"""The status group: what the engine is and how it stands (help, status)."""
