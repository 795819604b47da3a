from orkeon_engine.domain.secrets.secret_paths import secret_path_reason, withheld_paths


def test_env_files_keys_and_credential_files_usually_hold_secrets():
    reasons = [secret_path_reason(p) for p in (".env", "config/.env.local", "deploy/id_rsa", "tls/server.pem",
                                                 "home/.aws/credentials")]

    assert reasons == ["an environment file", "an environment file", "a private key",
                       "a key or certificate file", "a credential file"]


def test_templates_and_ordinary_files_do_not():
    assert [secret_path_reason(p) for p in (".env.example", "app.py", "README.md")] == [None, None, None]


def test_withheld_paths_keeps_the_order_of_the_diff():
    assert withheld_paths(["a.py", ".env", "b.pem", "c.py"]) == (".env", "b.pem")
