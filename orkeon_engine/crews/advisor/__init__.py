"""The advisor crew: a second opinion on the assistant's last answer from another model, with no tools.
`run.py` is the use case; every other module here is pure."""
