"""The settings group: settings keys, the permission mode, and the session's toggles."""
