"""definition_rewrite's pure half: a definition found by name, the rewrite taken from a plain reply, the one
most replies agree on elected, and spliced where the old one stood."""

import ast

import pytest

from orkeon_engine.domain.tools.definition_rewrite import (
    Located,
    assignment_lines,
    candidate,
    elect,
    locate,
    parses,
    rewritable,
    rewrite_prompt,
    spliced,
    vote_key,
    with_docstring,
)

CALC = '''"""Prices of a shopping basket."""


def total(prices):
    """The sum of every price in the basket."""
    result = 0
    for index in range(len(prices) - 1):
        result += prices[index]
    return result


class Basket:
    @property
    def size(self):
        return 0

    def add(self, price):
        self.prices.append(price)


class Shelf:
    def add(self, item):
        pass
'''

FIXED = '''def total(prices):
    """The sum of every price in the basket."""
    result = 0
    for index in range(len(prices)):
        result += prices[index]
    return result'''


def _candidate(reply, name, source=CALC):
    located = locate(source, name)
    return candidate(reply, located, located.text(source))


def _reply(code, before="The loop stops one short."):
    return f"{before}\n\n```python\n{code}\n```\n"


def test_a_top_level_function_is_found_by_its_name():
    assert locate(CALC, "total") == Located("total", 4, 9)


def test_a_method_is_found_by_its_dotted_name_with_its_decorators():
    assert locate(CALC, "Basket.size") == Located("Basket.size", 13, 15)
    assert locate(CALC, "size()") == Located("Basket.size", 13, 15)


def test_a_name_two_classes_share_asks_for_the_dotted_one():
    problem = locate(CALC, "add")

    assert isinstance(problem, str) and "Basket.add, Shelf.add" in problem and "dotted" in problem


def test_an_unknown_name_lists_the_definitions_there_are():
    problem = locate(CALC, "totl")

    assert problem == ("no function or class named `totl` in it (its definitions: total, Basket, Basket.size, "
                       "Basket.add, Shelf, Shelf.add)")


def test_a_module_level_value_is_answered_with_the_line_that_sets_it():
    source = 'import os\n\nDEFAULT_PORT = 8731\nLIMIT: int = 3\nDEFAULT_PORT = int(os.environ.get("P", 1))\n'

    assert locate(source, "LIMIT") == ("`LIMIT` is not a function or class but a value set at module level (line "
                                       "4: `LIMIT: int = 3`); definition_rewrite rewrites functions and classes only")
    assert assignment_lines(source, "DEFAULT_PORT") == [(3, "DEFAULT_PORT = 8731"),
                                                        (5, 'DEFAULT_PORT = int(os.environ.get("P", 1))')]


def test_a_name_set_only_inside_a_function_or_unpacked_is_no_module_value():
    source = "def f():\n    PORT = 1\n\n\nA, B = 1, 2\n"

    assert assignment_lines(source, "PORT") == [] and assignment_lines(source, "A") == []
    assert str(locate(source, "PORT")).startswith("no function or class named `PORT`")


def test_the_prompt_holds_the_file_the_request_and_the_question_on_that_definition():
    system, user = rewrite_prompt("/workspace/calc.py", CALC, locate(CALC, "Basket.add"), "Keep prices sorted.")

    assert system and "```python\n" + CALC.rstrip() + "\n```" in user
    assert "Keep prices sorted." in user and "`add`" in user and "Basket.add" not in user


def test_the_rewrite_is_the_last_block_that_defines_the_name():
    reply = _reply(CALC.split("\n\n\n")[1]) + "\nAfter the fix:\n" + _reply(FIXED, "")

    assert _candidate(reply, "total") == FIXED


def test_a_rewrite_inside_a_whole_file_or_a_class_is_taken_out_and_dedented():
    whole = CALC.replace("range(len(prices) - 1)", "range(len(prices))")
    method = "class Basket:\n    def add(self, price):\n        self.prices.insert(0, price)"

    assert _candidate(_reply(whole), "total") == FIXED
    expected = "def add(self, price):\n    self.prices.insert(0, price)"
    assert _candidate(_reply(method), "Basket.add") == expected


@pytest.mark.parametrize("reply", ["No code at all.", _reply("def total(prices:\n    return 0"),
                                   _reply("def subtotal(prices):\n    return 0")])
def test_a_reply_without_a_readable_definition_of_the_name_gives_none(reply):
    assert _candidate(reply, "total") is None


def test_comments_layout_and_docstrings_do_not_count_in_a_vote():
    plain = FIXED.replace('    """The sum of every price in the basket."""\n', "")
    noted = FIXED.replace("prices[index]", "prices[index]  # each one")

    assert vote_key(plain) == vote_key(FIXED) == vote_key(noted)
    assert vote_key(FIXED) != vote_key(FIXED.replace("range(len(prices))", "range(1, len(prices))"))


def test_the_election_ignores_replies_that_change_nothing_and_takes_the_most_common():
    original = locate(CALC, "total").text(CALC)
    wrong = FIXED.replace("range(len(prices))", "range(len(prices) - 2)")

    election = elect(original, [original, wrong, FIXED, original + "  # same", FIXED])

    assert (election.winner, election.votes, election.changed) == (FIXED, 2, 3)


def test_a_rewrite_that_dropped_the_docstring_gets_it_back():
    bare = FIXED.replace('    """The sum of every price in the basket."""\n', "")

    assert _candidate(_reply(bare), "total") == FIXED


def test_a_rewrite_that_dropped_a_decorator_gets_it_back_so_a_mere_repeat_is_no_change():
    original = locate(CALC, "Basket.size").text(CALC)
    repeat = _candidate(_reply("def size(self):\n    return 0"), "Basket.size")

    assert repeat == "@property\ndef size(self):\n    return 0"
    assert elect(original, [repeat, repeat]).winner is None


def test_a_whole_file_reply_gives_the_definition_of_the_dotted_name_not_its_namesake():
    source = "def add(a, b):\n    return a + b\n\n\nclass Basket:\n    def add(self, price):\n        pass\n"
    reply = _reply(source.replace("        pass", "        self.prices.append(price)"))

    assert _candidate(reply, "Basket.add", source) == "def add(self, price):\n    self.prices.append(price)"
    assert _candidate(reply, "add", source) == "def add(a, b):\n    return a + b"


def test_an_election_of_only_unchanged_replies_has_no_winner():
    original = locate(CALC, "total").text(CALC)

    assert elect(original, [original]).winner is None and elect(original, []).changed == 0


def test_the_rewrite_takes_the_place_and_the_indentation_of_the_old_definition():
    text = spliced(CALC, locate(CALC, "Basket.add"), "def add(self, price):\n\n    self.prices.insert(0, price)")

    assert "    def add(self, price):\n\n        self.prices.insert(0, price)\n\n\nclass Shelf:" in text
    assert spliced(CALC, locate(CALC, "total"), FIXED) == CALC.replace("range(len(prices) - 1)", "range(len(prices))")
    ast.parse(text)


def test_parses_names_the_line_of_a_syntax_error():
    assert parses(CALC) is None
    assert parses("def total(:\n    pass\n").startswith("line 1:")
    assert parses("x = 1\0") is not None


def test_a_crlf_file_keeps_its_line_endings():
    crlf = CALC.replace("\n", "\r\n")

    text = spliced(crlf, locate(crlf, "total"), FIXED)

    assert text == crlf.replace("range(len(prices) - 1)", "range(len(prices))")


def test_a_dropped_docstring_is_put_back_and_a_kept_one_left_alone():
    original = locate(CALC, "total").text(CALC)
    bare = FIXED.replace('    """The sum of every price in the basket."""\n', "")

    assert with_docstring(bare, original) == FIXED
    assert with_docstring(FIXED, original) == FIXED
    assert with_docstring("def total(prices): return sum(prices)", original) == "def total(prices): return sum(prices)"


def test_a_docstring_of_several_lines_keeps_its_own_layout():
    original = 'def f():\n    """One.\n\n    Two.\n    """\n    return 1'

    assert with_docstring("def f():\n    return 2", original) == original.replace("return 1", "return 2")


def test_a_strings_inner_lines_keep_their_content_when_spliced_into_a_method():
    source = "class A:\n    def f(self):\n        return 1\n"
    text = spliced(source, locate(source, "A.f"), 'def f(self):\n    return """a\nb"""')

    assert text == 'class A:\n    def f(self):\n        return """a\nb"""\n'


def test_comments_closing_a_body_are_part_of_the_definition_and_not_doubled():
    source = "def f():\n    return 1\n    # the end of f\n\n\ndef g():\n    pass\n"
    located = locate(source, "f")

    assert located.end == 3
    assert spliced(source, located, "def f():\n    return 2\n    # the end of f") == source.replace("1", "2")


def test_a_crlf_file_without_a_final_newline_and_a_bom_file_keep_their_bytes():
    crlf = "def f():\r\n    return 1\r\n\r\n\r\ndef g(): return 1"
    bom = "\ufeffdef f():\n    return 1\n"

    assert spliced(crlf, locate(crlf, "g"), "def g(): return 2") == crlf.replace("return 1", "return 2").replace(
        "return 2\r\n", "return 1\r\n", 1)
    assert spliced(crlf, locate(crlf, "f"), "def f():\n    return 2") == crlf.replace("    return 1", "    return 2")
    assert spliced(bom, locate(bom, "f"), "def f():\n    return 2") == bom.replace("1", "2")


def test_the_docstring_is_not_put_back_into_a_signature_split_over_lines():
    original = 'def f(a):\n    """Add."""\n    return a'
    rewrite = "def f(a,\n      b): return a + b"

    assert with_docstring(rewrite, original) == rewrite


def test_a_file_with_a_lone_carriage_return_is_not_rewritable():
    assert "lone carriage return" in rewritable('x = """a\rb"""\n')
    assert "does not parse" in rewritable("def f(:\n")
    assert rewritable(CALC) is None
