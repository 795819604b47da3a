import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from orkeon_engine.adapters.tree_sitter_bash_grammar import TreeSitterBashGrammar

GRAMMAR = TreeSitterBashGrammar()


def _words(line):
    return [part.words for part in GRAMMAR.read(line).parts]


def _kinds(line):
    return [sorted({doubt.kind for doubt in part.doubts}) for part in GRAMMAR.read(line).parts]


def test_a_compound_command_is_split_at_each_operator_and_newline():
    line = "git status && git diff || echo no; ls | wc -l\nnpm test ; make"

    assert _words(line) == [("git", "status"), ("git", "diff"), ("echo", "no"), ("ls",), ("wc", "-l"),
                            ("npm", "test"), ("make",)]


def test_quotes_and_escapes_are_removed_as_bash_removes_them():
    assert _words("""l\\s 'a && b' "c; \\"d\\"" e\\ f""") == [("ls", "a && b", 'c; "d"', "e f")]


def test_a_plain_line_is_sure():
    assert GRAMMAR.read("git log --oneline -5 | head -3").sure


def test_the_words_after_a_redirection_target_are_arguments_as_bash_reads_them():
    line = GRAMMAR.read("ls &>/dev/null touch PWNED")

    assert [part.words for part in line.parts] == [("ls", "touch", "PWNED")]
    assert line.parts[0].writes == ("/dev/null",) and line.sure


def test_a_background_job_is_a_doubt_and_the_next_command_its_own_part():
    assert _words("ls & touch x") == [("ls",), ("touch", "x")]
    assert _kinds("ls & touch x") == [["background"], []]


@pytest.mark.parametrize(("line", "kind"), [
    ("echo $HOME", "expansion"),
    ("echo ${x:-y}", "expansion"),
    ("echo $'\\x41'", "expansion"),
    ("echo {a,b}", "expansion"),
    ("git diff *", "expansion"),
    ("git diff -*", "expansion"),
    ("echo $(date)", "substitution"),
    ("echo `date`", "substitution"),
    ("diff <(ls a) b", "substitution"),
    ("eval ls", "eval"),
    ("cat <<EOF\nx\nEOF", "heredoc"),
    ("echo hi > notes.txt", "redirection"),
    ("echo hi > $out", "redirection"),
])
def test_what_cannot_be_told_before_it_runs_is_a_doubt_of_its_kind(line, kind):
    assert kind in {doubt.kind for part in GRAMMAR.read(line).parts for doubt in part.doubts}


def test_a_glob_that_cannot_become_an_option_is_no_doubt():
    assert GRAMMAR.read("ls src/*.py ./*").sure


@pytest.mark.parametrize("line", ["if ls; then ls; fi", "for f in a; do ls; done", "f() { ls; }", "[[ -f x ]]",
                                  "case x in a) ls;; esac", "((x++))", "while ls; do :; done"])
def test_every_control_construct_is_a_doubt_and_its_commands_are_still_read(line):
    parts = GRAMMAR.read(line).parts

    assert parts and all("control" in {d.kind for d in part.doubts} for part in parts)


def test_the_commands_inside_a_construct_are_read_for_the_deny_rules():
    assert ("git", "push") in _words("if git push; then echo ok; fi")


def test_a_substitution_keeps_its_command_line_for_the_deny_rules():
    line = GRAMMAR.read('echo $(git push) `whoami` "$(id)" <(ls) ${x:-$(rm y)}')

    assert line.hidden == ("git push", "whoami", "id", "ls", "rm y")


def test_descriptor_copies_and_dev_null_are_not_files():
    part = GRAMMAR.read("npm test 2>&1 >/dev/null").parts[0]

    assert part.doubts == () and part.text == "npm test" and part.writes == ("/dev/null",)


def test_an_input_redirection_is_a_file_the_command_reads():
    assert GRAMMAR.read("sort < data.txt").parts[0].reads == ("data.txt",)


def test_a_here_document_feeds_its_body_and_the_rest_of_the_line_is_read():
    line = GRAMMAR.read("cat <<EOF | sh\ntouch x\nEOF\nls")

    assert [part.words for part in line.parts] == [("cat",), ("sh",), ("ls",)]
    assert line.parts[0].stdin == ("touch x\n",)


def test_an_unclosed_quote_leaves_the_line_incomplete_and_what_it_holds_readable():
    line = GRAMMAR.read("cat '.env")

    assert not line.complete and not line.sure and (".env",) in [part.words for part in line.parts]


def test_a_line_with_a_nul_cannot_be_read():
    assert not GRAMMAR.read("ls\x00touch x").complete


def test_non_ascii_text_is_kept_as_written():
    assert _words('echo été "wörld" ☃') == [("echo", "été", "wörld", "☃")]


def test_a_code_point_that_crashes_the_grammar_scanner_is_read_safely():
    assert GRAMMAR.read("{\U000fe377").complete is False


def test_a_deeply_nested_line_is_read_without_raising():
    line = GRAMMAR.read("echo " + "$(" * 2000 + "x" + ")" * 2000)

    assert not line.sure


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab /'\"\\$()`;&|<>#{}=!*?[]~-\n")) | st.characters(), max_size=80))
def test_no_line_makes_the_reading_raise(line):
    reading = GRAMMAR.read(line)

    assert reading.sure == (reading.complete and bool(reading.parts) and not any(p.doubts for p in reading.parts))
