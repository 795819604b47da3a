from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.permissions.shell import (
    deny_forms_of_line,
    file_arguments,
    join_words,
    split_line,
    split_words,
)


def _texts(line):
    return [part.text for part in split_line(line).parts]


def test_a_compound_command_is_split_at_each_operator_and_newline():
    line = "git status && git diff || echo no; ls | wc -l\nnpm test & make"

    assert _texts(line) == ["git status", "git diff", "echo no", "ls", "wc -l", "npm test", "make"]


def test_quoted_operators_stay_inside_their_word():
    assert _texts("echo 'a && b' \"c; d\"") == ["echo 'a && b' 'c; d'"]


def test_a_substitution_marks_the_part_and_its_inside_is_kept_for_the_deny_rules():
    line = split_line("echo $(git push) `whoami` <(ls)")

    assert split_line("echo $(git push)").parts[0].unsafe == ("command substitution $(...)",)
    assert set(line.parts[0].unsafe) == {"command substitution $(...)", "command substitution `...`",
                                         "process substitution <(...)"}
    assert line.hidden == ("git push", "whoami", "ls")


def test_eval_a_here_document_and_output_to_a_file_mark_the_part():
    assert split_line("eval ls").parts[0].unsafe == ("eval",)
    assert split_line("cat <<EOF").parts[0].unsafe == ("a here-document",)
    assert split_line("echo hi > notes.txt").parts[0].unsafe == ("output redirected to a file (notes.txt)",)


def test_descriptor_copies_and_dev_null_are_not_files():
    part = split_line("npm test 2>&1 >/dev/null").parts[0]

    assert part.unsafe == () and part.text == "npm test"


def test_an_input_redirection_is_a_file_the_command_reads():
    assert split_line("sort < data.txt").parts[0].reads == ("data.txt",)


def test_an_unclosed_quote_leaves_the_line_incomplete():
    assert split_line("echo 'oops").complete is False


def test_the_deny_forms_look_past_wrappers_assignments_and_git_options():
    forms = deny_forms_of_line("FOO=1 sudo -u ci nohup git -C /repo --no-pager push origin")

    assert "git push origin" in forms


def test_the_deny_forms_read_inside_a_shell_script_and_eval():
    assert "git push" in deny_forms_of_line('sh -c "git push"')
    assert "git push" in deny_forms_of_line("bash -lc 'cd x && git push'")
    assert "bash -c 'git push'" in deny_forms_of_line("bash -lc 'git push'")
    assert "rm -rf /" in deny_forms_of_line('eval "rm -rf /"')


def test_the_deny_forms_read_inside_substitutions_and_control_words():
    assert "git push" in deny_forms_of_line("echo $(git push)")
    assert "git push" in deny_forms_of_line("if git push; then echo ok; fi")


def test_file_arguments_include_options_values_redirections_and_inner_scripts():
    found = file_arguments("grep --file=patterns.txt x < in.txt > out.txt && sh -c 'cat .env'")

    assert {"patterns.txt", "in.txt", "out.txt", ".env"} <= set(found)


def test_a_word_is_quoted_only_when_it_needs_it():
    assert join_words(["git", "commit", "-m", "fix it", ""]) == "git commit -m 'fix it' ''"
    assert join_words(["echo", "it's"]) == 'echo "it\'s"'


def test_a_pattern_is_split_into_words_and_an_unclosed_quote_found():
    assert split_words("git commit -m 'a b'") == (("git", "commit", "-m", "a b"), None)
    assert split_words('echo "abc')[1] == 5


@given(st.text(max_size=200))
def test_no_line_makes_the_splitter_raise(line):
    split_line(line)
    deny_forms_of_line(line)
    file_arguments(line)
