"""read_tokens: the brackets, brace kinds, declaration scopes and modules of a JS file's code tokens."""

from orkeon_engine.domain.review.js_reading import read_tokens


def _tokens(text):
    """Words and single characters, spaces out (enough for these snippets: no strings or comments)."""
    out = []
    for piece in text.replace("\n", " \n ").split(" "):
        word = ""
        for char in piece:
            if char.isalnum() or char == "_":
                word += char
                continue
            if word:
                out.append(("word", word))
                word = ""
            out.append(("newline" if char == "\n" else "other", char))
        if word:
            out.append(("word", word))
    return [token for token in out if token[1]]


def test_a_parameter_reaches_its_function_body_and_a_let_its_block():
    tokens = _tokens("function f(a) { if (a) { let b = a; } }")

    reading = read_tokens("x.js", tokens)

    scopes = {name: [(d.start, d.end, d.local) for d in found] for name, found in reading.declarations.items()}
    body_end, block, block_end = len(tokens) - 1, tokens.index(("other", "{"), 6), len(tokens) - 2
    assert scopes == {"f": [(0, len(tokens), False)], "a": [(2, body_end, True)], "b": [(block, block_end, True)]}


def test_braces_are_told_apart():
    tokens = _tokens("class A { m() { return { k: 1 }; } }")

    reading = read_tokens("x.js", tokens)

    assert [reading.kinds[index] for index in sorted(reading.kinds)] == ["class", "function", "object"]


def test_a_required_relative_module_is_resolved_from_the_file_s_folder():
    tokens = [("word", "const"), ("word", "lib"), ("other", "="), ("word", "require"), ("other", "("),
              ("string", "'../lib/cart'"), ("other", ")"), ("other", ";"), ("word", "lib"), ("other", "."),
              ("word", "total"), ("other", "("), ("other", ")")]

    reading = read_tokens("web/page.js", tokens)

    assert reading.modules == {"lib": "lib/cart"}


def test_brackets_that_do_not_balance_are_not_read():
    assert read_tokens("x.js", _tokens("f(a]")) is None
