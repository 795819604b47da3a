"""The git-commit crew: a Conventional Commits message drafted from what will be committed, committed after
the person confirms. `run.py` is the use case; every other module here is pure."""
