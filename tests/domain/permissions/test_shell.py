import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.domain.permissions.shell import (
    computed_names,
    deny_forms_of_line,
    file_arguments,
    names_from_input,
    programs_of,
    unlisted_programs,
    unwrap_chain,
)
from orkeon_engine.domain.settings.setting_choices import DEFAULT_SHELL_ALLOW
from tests.support.bash_grammar import BASH_READ


def _programs(line):
    return programs_of(BASH_READ(line))


def test_the_deny_forms_look_past_wrappers_assignments_and_git_options():
    forms = deny_forms_of_line("FOO=1 sudo -u ci nohup git -C /repo --no-pager push origin", BASH_READ)

    assert "git push origin" in forms


def test_the_deny_forms_read_inside_a_shell_script_and_eval():
    assert "git push" in deny_forms_of_line('sh -c "git push"', BASH_READ)
    assert "git push" in deny_forms_of_line("bash -lc 'cd x && git push'", BASH_READ)
    assert "bash -c 'git push'" in deny_forms_of_line("bash -lc 'git push'", BASH_READ)
    assert "rm -rf /" in deny_forms_of_line('eval "rm -rf /"', BASH_READ)


def test_the_deny_forms_read_inside_substitutions_and_control_constructs():
    assert "git push" in deny_forms_of_line("echo $(git push)", BASH_READ)
    assert "git push" in deny_forms_of_line("if git push; then echo ok; fi", BASH_READ)
    assert "git push" in deny_forms_of_line("f() { git push; }", BASH_READ)


def test_the_deny_forms_read_a_here_document_fed_to_a_shell():
    assert "git push" in deny_forms_of_line("bash <<EOF\ngit push\nEOF", BASH_READ)
    assert "git push" in deny_forms_of_line("cat <<EOF | sh\ngit push\nEOF", BASH_READ)


def test_a_here_document_fed_to_another_program_is_only_text():
    assert "git push" not in deny_forms_of_line("cat <<EOF\ngit push\nEOF", BASH_READ)


def test_a_git_alias_defined_on_the_command_line_reads_as_what_it_runs():
    assert "git push" in deny_forms_of_line("git -c alias.p=push p", BASH_READ)
    assert "rm -rf x" in deny_forms_of_line("git -c 'alias.p=!rm -rf x' p", BASH_READ)


def test_file_arguments_include_option_values_redirections_and_inner_scripts():
    found = file_arguments("grep --file=patterns.txt x < in.txt > out.txt && sh -c 'cat .env'", BASH_READ)

    assert {"patterns.txt", "in.txt", "out.txt", ".env"} <= set(found)


def test_file_arguments_include_key_value_words_assignments_and_at_files():
    found = file_arguments("f=.env; dd if=.key.pem of=/dev/null; curl -d @secrets.json x", BASH_READ)

    assert {".env", ".key.pem", "secrets.json"} <= set(found)


def test_computed_names_read_each_expansion_as_any_text():
    assert computed_names("cat .${x}env $d/id_rsa", BASH_READ) == (".*env", "*/id_rsa")


def test_a_name_made_only_of_expansions_is_no_computed_name():
    assert computed_names("echo $HOME ${x}", BASH_READ) == ()


def test_names_from_input_are_the_words_that_filter_what_xargs_reads():
    assert names_from_input("ls -a | grep env | xargs cat", BASH_READ) == ("env",)
    assert names_from_input("ls | grep env", BASH_READ) == ()


def test_the_wrapper_chain_names_each_wrapper_stripped():
    assert unwrap_chain(["nohup", "xargs", "-n", "1", "cat"]) == (["nohup", "xargs"], ["cat"])


def test_a_plain_command_runs_its_first_word():
    assert _programs("pytest -q tests/").names == ("pytest",)


def test_every_command_of_a_chained_line_is_found_once_in_order():
    line = "cd src && ruff check . ; pytest -x | tail -5 || git status ; ls\nruff format"

    assert _programs(line).names == ("cd", "ruff", "pytest", "tail", "git", "ls")


def test_assignments_redirections_and_groups_are_not_programs():
    line = "FOO=1 BAR=2 make test > out.txt 2>&1 && { ls; } && (cat a) && ! grep x <<< text && 2> err git log"

    assert _programs(line).names == ("make", "ls", "cat", "grep", "git")


def test_a_program_named_by_path_is_checked_by_its_file_name():
    assert _programs(".venv/bin/pytest -q").names == ("pytest",)


def test_a_comment_is_not_a_command_and_ends_at_the_line_break():
    assert _programs("ls  # then rm -rf everything").names == ("ls",)
    assert _programs("ls # a note\nrm -rf build").names == ("ls", "rm")


@pytest.mark.parametrize("line", ["echo $(rm -rf x)", "echo `id`", 'echo "$(id)"', "diff <(ls a) <(ls b)"])
def test_command_substitution_is_refused(line):
    assert "command substitution" in (_programs(line).refusal or "")


def test_substitution_inside_single_quotes_is_only_text():
    assert _programs("grep '$(x)' file").names == ("grep",)


@pytest.mark.parametrize("line", ["for f in *.py; do rm $f; done", "if true; then rm x; fi", "f() { rm x; }; f"])
def test_control_constructs_are_refused(line):
    assert "control constructs" in (_programs(line).refusal or "")


def test_a_here_document_is_refused():
    assert "here-documents" in (_programs("cat <<EOF\nrm -rf x\nEOF").refusal or "")


def test_a_computed_program_name_is_refused():
    assert "computed" in (_programs("$CMD -rf x").refusal or "")


@pytest.mark.parametrize("line", ["", "   ", "FOO=1", "'' x"])
def test_a_line_that_runs_nothing_is_refused(line):
    assert _programs(line).refusal


def test_an_unclosed_quote_is_refused():
    assert "cannot be read as bash" in (_programs("echo 'oops").refusal or "")


def test_unlisted_programs_are_those_the_list_does_not_name():
    programs = unlisted_programs(BASH_READ("git status && rm -rf build && curl x"), DEFAULT_SHELL_ALLOW)

    assert programs.names == ("rm", "curl")


def test_the_default_list_holds_the_usual_development_tools_and_no_deleter():
    assert {"git", "python", "pytest", "ruff", "mypy", "npm", "node", "make", "rg"} <= set(DEFAULT_SHELL_ALLOW)
    assert not {"rm", "sudo", "curl", "xargs", "env", "sh", "bash"} & set(DEFAULT_SHELL_ALLOW)


@settings(max_examples=500)
@given(st.text(alphabet=st.sampled_from(list("ab /'\"\\$()`;&|<>#{}=!\n")) | st.characters()))
def test_any_line_gives_programs_or_a_refusal_and_every_reading_holds(line):
    programs = _programs(line)
    deny_forms_of_line(line, BASH_READ)
    file_arguments(line, BASH_READ)

    assert (programs.refusal is not None) != bool(programs.names)
    assert all(programs.names)


@given(st.lists(st.sampled_from(DEFAULT_SHELL_ALLOW), min_size=1, max_size=5),
       st.sampled_from([" && ", " || ", " ; ", " | ", "\n"]))
def test_chained_listed_programs_are_all_found(programs, separator):
    line = separator.join(f"{p} --flag 'a b'" for p in programs)

    assert _programs(line).names == tuple(dict.fromkeys(programs))
