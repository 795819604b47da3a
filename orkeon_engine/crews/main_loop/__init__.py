"""The main loop: the assistant's turn (/assistant, free text, /summary), its prompts and its reports.

`run.py` is the use case over the ports; every other module here is pure: the static header, the user
body, the tool offer of a mode, the `mode:` prefix, the /summary prompt, the prompt catalogue.
"""
