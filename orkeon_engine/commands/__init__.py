"""The command use cases, a module a command, grouped like the reference; catalogue.py lists them all."""
