"""A to-do list on the command line."""
