"""A whole-file block against the file it would replace: whole, the definitions it rewrites, or refused."""

from orkeon_engine.domain.model_replies.file_blocks import TINY_LINES, judge_block, spliced_note

STATS = '''"""Stats."""
import math


def mean(xs):
    return sum(xs) / len(xs)


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


class Box:
    def put(self, x):
        self.x = x

    def get(self):
        return self.x


def spread(xs):
    return max(xs) - min(xs)
'''


def test_a_new_file_takes_the_block_as_it_is():
    assert judge_block("new.py", None, "x = 1\n").content == "x = 1\n"


def test_a_tiny_file_takes_the_block_as_it_is():
    before = "a = 1\n" * TINY_LINES

    assert judge_block("tiny.py", before, "b = 2\n").content == "b = 2\n"


def test_a_block_keeping_the_files_names_is_the_whole_file():
    block = STATS.replace("max(xs) - min(xs)", "max(xs) - min(xs) if xs else 0")

    judged = judge_block("stats.py", STATS, block)

    assert judged.content == block and judged.spliced == ()


def test_a_block_giving_one_function_replaces_that_function_alone():
    judged = judge_block("stats.py", STATS, "def mean(xs):\n    return math.fsum(xs) / len(xs)\n")

    assert judged.content == STATS.replace("return sum(xs) / len(xs)", "return math.fsum(xs) / len(xs)")
    assert judged.spliced == ("mean",)


PRICES = STATS.replace('import math\n', 'import math\n\nLIMIT = 50\nFEE: int = 4\nSEEN = []\nSEEN = [1]\n')


def test_a_constant_written_with_a_function_replaces_the_files_constant_too():
    block = "LIMIT = 40\n\n\ndef mean(xs):\n    return math.fsum(xs) / len(xs)\n"

    judged = judge_block("prices.py", PRICES, block)

    assert judged.content == PRICES.replace("LIMIT = 50", "LIMIT = 40").replace(
        "return sum(xs) / len(xs)", "return math.fsum(xs) / len(xs)")
    assert judged.spliced == ("LIMIT", "mean")


def test_a_constant_written_back_as_it_was_is_not_named_as_replaced():
    judged = judge_block("prices.py", PRICES, "FEE: int = 4\n\n\ndef mean(xs):\n    return 0\n")

    assert judged.spliced == ("mean",) and "FEE: int = 4" in (judged.content or "")


def test_a_block_of_constants_alone_replaces_them_and_nothing_else():
    judged = judge_block("prices.py", PRICES, "LIMIT = 45\nFEE: int = 5\n")

    assert judged.content == PRICES.replace("LIMIT = 50", "LIMIT = 45").replace("FEE: int = 4", "FEE: int = 5")


def test_a_name_the_file_assigns_twice_is_not_guessed_at():
    judged = judge_block("prices.py", PRICES, "SEEN = [2]\n")

    assert judged.content is None and "unchanged" in judged.refusal


def test_a_class_given_in_part_has_only_its_given_methods_replaced():
    judged = judge_block("stats.py", STATS, "class Box:\n    def get(self):\n        return self.x + 1\n")

    assert judged.content == STATS.replace("return self.x\n", "return self.x + 1\n")


def test_a_method_written_alone_replaces_the_one_method_of_its_name_indented_or_not():
    expected = STATS.replace("return self.x\n", "return self.x + 1\n")

    for block in ("def get(self):\n    return self.x + 1\n", "    def get(self):\n        return self.x + 1\n"):
        judged = judge_block("stats.py", STATS, block)

        assert judged.content == expected and judged.spliced == ("get",)


def test_a_method_alone_is_not_guessed_at_when_two_classes_have_it_and_a_plain_function_is_new():
    two = STATS + "\n\nclass Bag:\n    def get(self):\n        return 0\n"

    assert judge_block("stats.py", two, "def get(self):\n    return 1\n").content is None
    judged = judge_block("stats.py", STATS, "def get(items):\n    return items[0]\n\n\ndef mean(xs):\n    return 0\n")
    assert judged.content is not None and judged.content.endswith("def get(items):\n    return items[0]\n")
    assert "        return self.x\n" in judged.content


def test_a_definition_and_an_import_the_file_lacks_are_added():
    block = "import statistics\n\n\ndef mean(xs):\n    return statistics.mean(xs)\n\n\ndef stdev(xs):\n    return 0\n"

    judged = judge_block("stats.py", STATS, block)

    assert judged.content is not None
    assert "import math\nimport statistics\n" in judged.content
    assert judged.content.endswith("def stdev(xs):\n    return 0\n") and "def spread" in judged.content
    assert judged.spliced == ("mean", "stdev")


def test_a_part_that_rewrites_nothing_of_the_file_is_refused_with_how_to_write_a_part():
    judged = judge_block("stats.py", STATS, "print('hello')\n")

    assert judged.content is None
    assert judged.refusal.startswith("stats.py is unchanged: the block under it holds 1 line and the file has 23")
    assert "<<<<<<< SEARCH" in judged.refusal


def test_another_file_is_whole_when_it_keeps_most_of_its_lines():
    before = "".join(f"line {index}\n" for index in range(20))

    assert judge_block("notes.txt", before, before + "line 20\n").content == before + "line 20\n"
    assert judge_block("notes.txt", before, "line 3\n").content is None


def test_the_spliced_note_names_what_replaced_the_files_own():
    assert spliced_note("stats.py", ("mean",)) == ("The block under stats.py was not the whole file, so only mean "
                                                   "replaced the file's own; the rest of the file is as it was.")


def test_a_function_of_a_javascript_file_replaces_that_function_alone():
    before = "".join(f"const C{index} = {index};\n" for index in range(12)) + "\nfunction f() {\n  return 1;\n}\n"

    judged = judge_block("lib.js", before, "function f() {\n  return 2;\n}\n")

    assert judged.content == before.replace("return 1;", "return 2;") and judged.spliced == ("f",)
    assert judge_block("notes.txt", before, "function f() {\n  return 2;\n}\n").content is None
