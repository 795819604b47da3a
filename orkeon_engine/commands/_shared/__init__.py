"""What several command groups share: the dependencies a use case is handed and the catalogue entry type."""
