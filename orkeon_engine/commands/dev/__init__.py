"""The dev pipeline's commands: /dev-spec (a spec, or a change brief) to start with."""
