"""Settings as data: every settings key declared once (config_schema) with the plain values some take, the
assistant's behaviour flags, and workspace trust (which settings a project's own file may not use until
the person trusts it). What a setting does belongs with the code that reads it, not here."""
