"""The memory group: the typed notes kept across sessions (/memory)."""
