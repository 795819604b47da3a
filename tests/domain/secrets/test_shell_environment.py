import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.secrets.shell_environment import absolute_path_entries, command_environment, never_passed

ENGINE = {
    "PATH": "/usr/bin:/bin", "HOME": "/home/dev", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm",
    "OPENAI_API_KEY": "sk-proj-0123456789abcdef", "GITHUB_TOKEN": "ghp_0123456789", "EDITOR": "vim",
    "NODE_ENV": "test", "NODE_OPTIONS": "--max-old-space-size=4096", "AWS_SESSION_TOKEN": "x" * 20,
}


def test_a_command_gets_the_inherited_set_only_by_default():
    assert command_environment(ENGINE).variables == {
        "PATH": "/usr/bin:/bin", "HOME": "/home/dev", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "xterm",
    }


def test_listed_names_and_prefixes_are_added():
    variables = command_environment(ENGINE, ["EDITOR", "NODE_*"]).variables

    assert {"EDITOR", "NODE_ENV", "NODE_OPTIONS"} <= set(variables)


def test_a_listed_credential_is_held_back_with_why():
    scrubbed = command_environment(ENGINE, ["OPENAI_API_KEY", "GITHUB_*", "AWS_*"])

    assert not {"OPENAI_API_KEY", "GITHUB_TOKEN", "AWS_SESSION_TOKEN"} & set(scrubbed.variables)
    assert dict(scrubbed.held_back) == {
        "AWS_SESSION_TOKEN": "its name says it holds a credential",
        "GITHUB_TOKEN": "its name says it holds a credential",
        "OPENAI_API_KEY": "a provider's key",
    }


@pytest.mark.parametrize(("name", "value"), [
    ("ANTHROPIC_API_KEY", "x"), ("DB_PASSWORD", "x"), ("MY_SECRET", "x"), ("NPM_AUTH", "x"),
    ("BASH_ENV", "/tmp/x"), ("BASH_FUNC_ls%%", "() { :; }"), ("IFS", "x"), ("LD_PRELOAD", "/x.so"),
    ("DATABASE_URL", "postgres://app:hunter2@db/app"), ("CONFIG", "use sk-abcdefghijklmnop"),
])
def test_a_credential_or_a_shell_control_never_passes(name, value):
    assert never_passed(name, value) is not None
    assert name not in command_environment({name: value}, [name]).variables


def test_path_keeps_only_its_absolute_folders():
    assert absolute_path_entries("/usr/bin::.:bin:/opt/x/bin:") == "/usr/bin:/opt/x/bin"


@given(st.dictionaries(st.text(min_size=1, max_size=12), st.text(max_size=30), max_size=8),
       st.lists(st.text(max_size=8), max_size=4))
def test_no_variable_that_never_passes_reaches_a_command(env, listed):
    variables = command_environment(env, listed).variables

    assert all(never_passed(name, value) is None for name, value in variables.items() if name != "PATH")
