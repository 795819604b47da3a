"""A bank account that keeps its history."""
