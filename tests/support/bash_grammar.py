"""The real shell grammar for the tests: reading a line is pure computation, so the tests read with the
adapter itself (tree-sitter-bash), shared by every test, rather than with a double."""

from __future__ import annotations

from orkeon_engine.adapters.tree_sitter_bash_grammar import TreeSitterBashGrammar

BASH_GRAMMAR = TreeSitterBashGrammar()
BASH_READ = BASH_GRAMMAR.read
"""What the pure rules take as their reader (`GateContext.read`, `matches_rule(..., read)`)."""
