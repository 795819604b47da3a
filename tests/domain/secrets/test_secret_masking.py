from orkeon_engine.domain.secrets.secret_masking import mask_secrets


def test_the_value_of_a_secret_named_variable_is_masked():
    assert mask_secrets("token: abcd1234efgh", [{"GITHUB_TOKEN": "abcd1234efgh"}]) == "token: ***"


def test_a_short_value_or_an_ordinary_variable_is_left_alone():
    env = {"API_KEY": "short", "HOME": "/home/someone"}

    assert mask_secrets("short /home/someone", [env]) == "short /home/someone"


def test_a_key_shaped_word_is_masked_whatever_the_environment():
    assert mask_secrets("used sk-proj-abcdefghijkl here", []) == "used *** here"


def test_the_password_of_a_url_is_masked_and_the_rest_kept():
    text = "cloning https://ada:hunter2@git.example.org/repo.git and postgres://app:s3cr%40t@db:5432/app"

    assert mask_secrets(text, []) == ("cloning https://ada:***@git.example.org/repo.git and "
                                      "postgres://app:***@db:5432/app")


def test_a_url_without_a_password_is_left_alone():
    text = "ssh://git@github.com/x.git http://localhost:8080/v1 git@github.com:org/repo.git"

    assert mask_secrets(text, []) == text
