"""Definition lines and the added lines of their body, as the review's pinpoint question offers them."""

from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.definition_lines import MAX_BODY_LINES, added_body, is_definition


def _file(body: str, path: str = "store.py"):
    return parse_diff(f"--- a/{path}\n+++ b/{path}\n{body}").files[0]


STORE = _file("""@@ -5,3 +5,9 @@
 def connect(path):
     return sqlite3.connect(path)
\x20
+
+def orders_of(connection, customer):
+    \"\"\"Every order of one customer.\"\"\"
+    query = f"SELECT id FROM orders WHERE customer = '{customer}'"
+
+    return connection.execute(query).fetchall()
""")


def test_an_added_function_offers_its_first_line_then_every_added_line_of_its_body():
    definition = added_body(STORE, 9)

    assert definition is not None
    assert [line.new_number for line in definition.lines] == [9, 10, 11, 13]


def test_a_line_that_opens_no_definition_offers_nothing():
    assert added_body(STORE, 11) is None


def test_a_context_line_offers_nothing_even_when_it_opens_a_definition():
    assert added_body(STORE, 5) is None


def test_a_changed_signature_over_an_unchanged_body_offers_nothing():
    signature_only = _file("@@ -1,2 +1,2 @@\n-def load(path):\n+def load(path, strict=False):\n"
                           "     return open(path)\n")

    assert added_body(signature_only, 1) is None


def test_the_body_ends_where_the_next_definition_at_the_same_depth_begins():
    two = _file("@@ -0,0 +1,4 @@\n+def first():\n+    return 1\n+def second():\n+    return 2\n", "two.py")

    assert [line.new_number for line in added_body(two, 1).lines] == [1, 2]


def test_a_brace_language_body_ends_at_its_closing_brace():
    script = _file("@@ -0,0 +1,5 @@\n+export async function load(path) {\n+  const text = await read(path);\n"
                   "+  return JSON.parse(text);\n+}\n+const after = 1;\n", "load.js")

    assert [line.new_number for line in added_body(script, 1).lines] == [1, 2, 3]


def test_a_body_longer_than_the_limit_is_not_offered():
    lines = "".join(f"+    x{n} = {n}\n" for n in range(MAX_BODY_LINES + 1))
    long = _file(f"@@ -0,0 +1,{MAX_BODY_LINES + 2} @@\n+def long():\n{lines}", "long.py")

    assert added_body(long, 1) is None


def test_the_keywords_of_several_languages_open_a_definition():
    openers = ["def f(x):", "    async def f(self):", "class Shop:", "export default function App() {", "fn main() {",
               "pub(crate) fn parse(s: &str) -> u8 {", "func (s *Server) Serve() error {", "fun main() {",
               "impl Display for Money {", "public static function make() {"]

    assert all(is_definition(text) for text in openers)


def test_statements_that_merely_mention_a_keyword_do_not():
    statements = ["return define(x)", "if classy:", "x = functional(y)", "    # def later():", "print('def f')"]

    assert not any(is_definition(text) for text in statements)


@given(st.lists(st.tuples(st.sampled_from("+ -"), st.sampled_from(
    ["def f():", "    x = 1", "", "class A:", "        return x", "}", "function g() {"])), max_size=30))
def test_a_definition_only_ever_offers_added_lines_of_its_own_hunk_after_its_opener(lines):
    body = "".join(f"{mark}{text}\n" for mark, text in lines)
    added = sum(1 for mark, _ in lines if mark != "-")
    removed = sum(1 for mark, _ in lines if mark != "+")
    file = _file(f"@@ -1,{removed} +1,{added} @@\n{body}", "any.py")

    for number in range(1, added + 1):
        definition = added_body(file, number)
        if definition is None:
            continue
        numbers = [line.new_number for line in definition.lines]
        assert all(line.kind == "added" for line in definition.lines)
        assert numbers[0] == number and numbers == sorted(set(numbers))
