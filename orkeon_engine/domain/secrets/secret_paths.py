"""Paths that usually hold secrets (an env file, a private key, a credential file): a commit stops on them
and a review leaves them out of what the model sees."""

from __future__ import annotations

import posixpath

_TEMPLATE_SUFFIXES = (".example", ".sample", ".template", ".dist", ".defaults")
_PRIVATE_KEY_FILES = frozenset({"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk"})
_KEY_SUFFIXES = (".pem", ".key", ".p12", ".pfx", ".jks", ".keystore")
_CREDENTIAL_FILES = frozenset({
    ".npmrc", ".pypirc", ".netrc", "_netrc", ".git-credentials", "credentials.json", ".htpasswd", ".pgpass",
    ".dockercfg",
})


def secret_path_reason(path: str) -> str | None:
    """Why a path usually holds secrets (an env file, a private key, a credential file), or None."""
    name = posixpath.basename(path).lower()
    if name.endswith(_TEMPLATE_SUFFIXES):
        return None
    if name == ".env" or name.startswith(".env.") or name.endswith(".env"):
        return "an environment file"
    if name in _PRIVATE_KEY_FILES:
        return "a private key"
    if name.endswith(_KEY_SUFFIXES):
        return "a key or certificate file"
    if name in _CREDENTIAL_FILES or path.lower().endswith(".aws/credentials"):
        return "a credential file"
    if name.startswith("client_secret") and name.endswith(".json"):
        return "a credential file"
    return None


def withheld_paths(paths: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The paths among `paths` that usually hold secrets, in order."""
    return tuple(path for path in paths if secret_path_reason(path) is not None)
