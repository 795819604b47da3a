"""The security tests' fixtures: the in-process language server of tests/lsp (`connect`), for the attacks
that go through the editor's side."""

from tests.lsp.conftest import connect  # noqa: F401 (re-exported as a fixture of this folder)
