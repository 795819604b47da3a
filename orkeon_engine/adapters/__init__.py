"""The adapters: the only code that touches the world (files, SQLite, git, subprocess, litellm, the clock)."""
