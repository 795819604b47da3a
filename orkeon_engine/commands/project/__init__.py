"""The project commands: /analyze, /init and /init-verifiers."""
