"""Development tooling that is not part of the distribution (custom import-linter contracts)."""
