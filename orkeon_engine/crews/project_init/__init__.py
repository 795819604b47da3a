"""The project-init crew (/init): the project's layout, configuration and existing instruction files read by
code, AGENTS.md written by the model from them, every existing instruction kept."""
