"""Development tooling that is not part of the distribution (custom import-linter contracts, the
reference embeddings of the shared memory's model)."""
