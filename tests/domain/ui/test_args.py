import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.ui.args import ArgSpec, ArgumentError, Flag, Positional, parse_args, split_line

SPEC = ArgSpec(
    flags=(Flag("lens", value="L", repeatable=True), Flag("staged"), Flag("base", value="REV")),
    positionals=(Positional("paths", many=True),),
)


def test_flags_with_and_without_values_and_words_are_parsed():
    parsed = parse_args("review", SPEC, ["--lens", "security", "--staged", "src", "--base=HEAD~1", "docs"])

    assert parsed.values("lens") == ["security"]
    assert parsed.has("staged")
    assert parsed.value("base") == "HEAD~1"
    assert parsed.words == ("src", "docs")


def test_double_dash_ends_the_flags():
    parsed = parse_args("review", SPEC, ["--", "--staged", "-x"])

    assert parsed.words == ("--staged", "-x")
    assert not parsed.has("staged")


def test_an_unknown_flag_names_the_usage():
    with pytest.raises(ArgumentError) as caught:
        parse_args("review", SPEC, ["--nope"])

    assert "unknown flag --nope" in str(caught.value)
    assert "usage: /review" in str(caught.value)


def test_a_missing_value_is_an_error():
    with pytest.raises(ArgumentError, match="--base needs a value"):
        parse_args("review", SPEC, ["--base"])


def test_an_extra_word_is_an_error():
    spec = ArgSpec(positionals=(Positional("mode"),))

    with pytest.raises(ArgumentError, match="unexpected word 'two'"):
        parse_args("mode", spec, ["one", "two"])


def test_a_missing_required_word_is_an_error():
    spec = ArgSpec(positionals=(Positional("name", required=True),))

    with pytest.raises(ArgumentError, match="missing <name>"):
        parse_args("branch", spec, [])


def test_a_flag_given_twice_is_an_error_unless_repeatable():
    with pytest.raises(ArgumentError, match="--staged is given twice"):
        parse_args("review", SPEC, ["--staged", "--staged"])


def test_a_value_given_to_a_switch_is_an_error():
    with pytest.raises(ArgumentError, match="--staged takes no value"):
        parse_args("review", SPEC, ["--staged=yes"])


def test_free_text_keeps_unknown_flags_as_words():
    spec = ArgSpec(flags=(Flag("yes"),), free_text=True)

    parsed = parse_args("assistant", spec, ["--yes", "fix", "--verbose", "mode"])

    assert parsed.has("yes")
    assert parsed.words == ("fix", "--verbose", "mode")


def test_negative_numbers_are_words():
    spec = ArgSpec(positionals=(Positional("n"),))

    assert parse_args("x", spec, ["-3"]).words == ("-3",)


def test_split_line_splits_as_a_shell_does():
    assert split_line('config set model "openai/x y"') == ["config", "set", "model", "openai/x y"]


def test_an_unclosed_quote_is_an_argument_error():
    with pytest.raises(ArgumentError, match="cannot split"):
        split_line('config set "oops')


@given(st.lists(st.text(max_size=12), max_size=8))
def test_any_token_list_gives_a_parse_or_an_argument_error(tokens):
    try:
        parsed = parse_args("review", SPEC, tokens)
    except ArgumentError as error:
        assert "usage: /review" in str(error)
    else:
        assert all(isinstance(word, str) for word in parsed.words)


@given(st.text(max_size=40))
def test_any_line_splits_or_gives_an_argument_error(line):
    try:
        tokens = split_line(line)
    except ArgumentError:
        return
    assert all(isinstance(token, str) for token in tokens)


BECAUSE = ArgSpec(flags=(Flag("because", value="REASON", words=True), Flag("project")),
                  positionals=(Positional("words", many=True),))


def test_a_flag_taking_words_reads_every_word_up_to_the_next_flag():
    parsed = parse_args("memory", BECAUSE, ["add", "feedback", "no", "squash", "--because", "it", "breaks", "blame",
                                            "--project"])

    assert parsed.value("because") == "it breaks blame"
    assert parsed.words == ("add", "feedback", "no", "squash")
    assert parsed.has("project")


def test_a_flag_taking_words_reads_one_quoted_value_the_same():
    parsed = parse_args("memory", BECAUSE, ["add", "--because", "it breaks blame"])

    assert parsed.value("because") == "it breaks blame"


@given(st.lists(st.text(alphabet="abc xyz", min_size=1).filter(str.strip), min_size=1, max_size=6))
def test_words_after_a_words_flag_all_go_to_its_value(words):
    words = [w.strip() for w in words]

    parsed = parse_args("memory", BECAUSE, ["--because", *words])

    assert parsed.value("because") == " ".join(words) and parsed.words == ()
