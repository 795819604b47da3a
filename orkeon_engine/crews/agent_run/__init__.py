"""The agent-run crew: a new run of an ended child agent (/tasks send, /tasks repair), its brief carrying
the previous report and the person's message. `run.py` is the use case; every other module here is pure."""
