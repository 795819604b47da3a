"""The main loop: the assistant's turn (/assistant, free text, /summary), its prompts and its reports.

`run.py` is the use case over the ports, reached from outside; the `run_<step>.py` modules beside it do
its steps' work over the ports (the tool offer, the hooks, the prompt, the checks and candidates, the
session's records, the answer, /context, /summary). Every other module here is pure: the static header,
the user body, the tool offer of a mode, the `mode:` prefix, a turn and its result, the /summary prompt,
the prompt catalogue.
"""
