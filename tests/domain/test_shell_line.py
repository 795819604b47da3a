import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.shell_line import (
    DEFAULT_SHELL_ALLOW,
    ShellLineError,
    programs_of,
    split_commands,
    unlisted_programs,
)


def test_a_plain_command_runs_its_first_word():
    assert programs_of("pytest -q tests/") == ("pytest",)


def test_every_command_of_a_chained_line_is_found_once_in_order():
    line = "cd src && ruff check . ; pytest -x | tail -5 || git status & ls\nruff format"

    assert programs_of(line) == ("cd", "ruff", "pytest", "tail", "git", "ls")


def test_separators_inside_quotes_do_not_split():
    assert split_commands("""grep -n 'a && b; c' x.py | grep "d|e" """) == ["grep -n 'a && b; c' x.py", 'grep "d|e"']


def test_assignments_redirections_and_groups_are_not_programs():
    line = "FOO=1 BAR=2 make test > out.txt 2>&1 && { ls; } && (cat a) && ! grep x <<< text && 2> err git log"

    assert programs_of(line) == ("make", "ls", "cat", "grep", "git")


def test_a_program_named_by_path_is_checked_by_its_file_name():
    assert programs_of(".venv/bin/pytest -q") == ("pytest",)


def test_a_comment_is_not_a_command():
    assert programs_of("ls  # then rm -rf everything") == ("ls",)


def test_a_comment_ends_at_the_line_break_and_the_next_line_is_checked():
    assert programs_of("ls # a note\nrm -rf build") == ("ls", "rm")


@pytest.mark.parametrize("line", ["echo $(rm -rf x)", "echo `id`", 'echo "$(id)"', "diff <(ls a) <(ls b)"])
def test_command_substitution_is_refused(line):
    with pytest.raises(ShellLineError, match="command substitution"):
        programs_of(line)


def test_substitution_inside_single_quotes_is_only_text():
    assert programs_of("grep '$(x)' file") == ("grep",)


@pytest.mark.parametrize("line", ["for f in *.py; do rm $f; done", "if true; then rm x; fi"])
def test_control_words_are_refused(line):
    with pytest.raises(ShellLineError, match="control words"):
        programs_of(line)


def test_a_here_document_is_refused():
    with pytest.raises(ShellLineError, match="here-documents"):
        programs_of("cat <<EOF\nrm -rf x\nEOF")


@pytest.mark.parametrize("line", ["", "   ", "FOO=1", "'' x"])
def test_a_line_that_runs_nothing_is_refused(line):
    with pytest.raises(ShellLineError):
        programs_of(line)


def test_an_unclosed_quote_is_refused():
    with pytest.raises(ShellLineError, match="unclosed quote"):
        programs_of("echo 'oops")


def test_unlisted_programs_are_those_the_list_does_not_name():
    assert unlisted_programs("git status && rm -rf build && curl x", DEFAULT_SHELL_ALLOW) == ("rm", "curl")


def test_the_default_list_holds_the_usual_development_tools_and_no_deleter():
    assert {"git", "python", "pytest", "ruff", "mypy", "npm", "node", "make", "rg"} <= set(DEFAULT_SHELL_ALLOW)
    assert not {"rm", "sudo", "curl", "xargs", "env", "sh", "bash"} & set(DEFAULT_SHELL_ALLOW)


@settings(max_examples=1000)
@given(st.text(alphabet=st.sampled_from(list("ab /'\"\\$()`;&|<>#{}=!\n")) | st.characters()))
def test_any_line_gives_programs_or_a_shell_line_error(line):
    try:
        programs = programs_of(line)
    except ShellLineError:
        return
    assert programs and all(programs)


@given(st.lists(st.sampled_from(DEFAULT_SHELL_ALLOW), min_size=1, max_size=5),
       st.sampled_from([" && ", " || ", " ; ", " | ", "\n"]))
def test_chained_listed_programs_are_all_found(programs, separator):
    line = separator.join(f"{p} --flag 'a b'" for p in programs)

    assert programs_of(line) == tuple(dict.fromkeys(programs))
