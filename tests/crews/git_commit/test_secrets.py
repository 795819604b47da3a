"""The secret paths and the credential patterns, each pinned by an example it must catch and one it must not.

The sample credentials are split in two so that this file does not itself look like a leak."""

import pytest

from orkeon_engine.crews.git_commit.added_lines import AddedLine
from orkeon_engine.crews.git_commit.secrets import (
    CredentialHit,
    credential_kind,
    find_credentials,
    secret_path_reason,
    shannon_entropy,
)


@pytest.mark.parametrize(("path", "reason"), [
    (".env", "an environment file"),
    ("config/.env.production", "an environment file"),
    ("deploy/prod.env", "an environment file"),
    ("home/.ssh/id_rsa", "a private key"),
    ("id_ed25519", "a private key"),
    ("certs/server.pem", "a key or certificate file"),
    ("tls/site.key", "a key or certificate file"),
    (".npmrc", "a credential file"),
    ("pkg/.pypirc", "a credential file"),
    ("credentials.json", "a credential file"),
    (".netrc", "a credential file"),
    (".aws/credentials", "a credential file"),
    ("client_secret_123.apps.json", "a credential file"),
])
def test_a_path_that_usually_holds_secrets_is_named_with_its_reason(path, reason):
    assert secret_path_reason(path) == reason


@pytest.mark.parametrize("path", [".env.example", ".env.sample", "src/env.py", "id_rsa.pub", "keys.py",
                                  "docs/credentials.md", "environment.yml", "src/keyboard.ts"])
def test_ordinary_paths_and_templates_are_not_secret_paths(path):
    assert secret_path_reason(path) is None


CAUGHT = [
    ("-----BEGIN RSA " + "PRIVATE KEY-----", "a private key block"),
    ("-----BEGIN OPENSSH " + "PRIVATE KEY-----", "a private key block"),
    ("-----BEGIN " + "PRIVATE KEY-----", "a private key block"),
    ("aws_key = 'AKIA" + "IOSFODNN7EXAMPLE'", "an AWS access key id"),
    ("aws_secret_access_key = " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "an AWS secret access key"),
    ("token: ghp_" + "a" * 20 + "B1c2D3e4F5g6H7i8J9k0", "a GitHub token"),
    ("GITHUB=github_pat_" + "11ABCDEFG0123456789_abcdefghijklmnop", "a GitHub token"),
    ("url = 'glpat-" + "xYz123AbC456dEf789gHi'", "a GitLab token"),
    ("SLACK = 'xoxb-" + "123456789012-abcdefABCDEF'", "a Slack token"),
    ("hook https://hooks.slack.com/services/" + "T0001/B0002/abcdefghij", "a Slack webhook"),
    ("key = 'sk-ant-" + "api03-abcdefghijklmnopqrstuvwx'", "an Anthropic API key"),
    ("OPENAI_API_KEY=sk-" + "proj-AbCdEfGhIjKlMnOpQrStUvWx", "an OpenAI-style API key"),
    ("maps = 'AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q'", "a Google API key"),
    ("stripe = 'sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc'", "a Stripe live key"),
    ('db_password = "' + 'q8Zr2Lx9Wp4Tn7Vb"', "a high-entropy value assigned to db_password"),
    ("CLIENT_SECRET=" + "9fK2mQ7xR4tZ8wL1pV6s", "a high-entropy value assigned to CLIENT_SECRET"),
    ('"authToken": "' + 'Zm9vYmFyMTIzNDU2Nzg5MA"', "a high-entropy value assigned to authToken"),
]


@pytest.mark.parametrize(("line", "kind"), CAUGHT)
def test_a_line_that_looks_like_a_credential_is_caught_with_its_kind(line, kind):
    assert credential_kind(line) == kind


@pytest.mark.parametrize("line", [
    "password = os.environ['DB_PASSWORD']",
    "token = process.env.GITHUB_TOKEN",
    'api_key: str = ""',
    "password = 'hunter2'",
    'secret = "changeme-changeme-changeme"',
    'token = "${GITHUB_TOKEN}"',
    "TOKEN_ENV = GITHUB_TOKEN_VARIABLE_NAME",
    "password_hint = 'aaaaaaaaaaaaaaaaaaaa'",
    "secret_key = get_secret_key(settings)",
    "def rotate_token(self, token: Token) -> Token:",
    "use sk-learn for the classifier",
    "BEGIN PUBLIC KEY",
    'api_key = "your-api-key-here-1234"',
])
def test_ordinary_code_about_secrets_is_not_a_credential(line):
    assert credential_kind(line) is None


def test_findings_name_the_file_and_line_and_never_the_value():
    lines = [AddedLine("src/a.py", 1, "x = 1"), AddedLine("src/cfg.py", 7, "k = 'AKIA" + "IOSFODNN7EXAMPLE'")]

    hits = find_credentials(lines)

    assert hits == [CredentialHit("src/cfg.py", 7, "an AWS access key id")]
    assert hits[0].describe() == "src/cfg.py:7: an AWS access key id"


def test_entropy_is_low_for_repetition_and_high_for_random_text():
    assert shannon_entropy("aaaaaaaa") == 0.0
    assert shannon_entropy("q8Zr2Lx9Wp4Tn7Vb") > 3.5
