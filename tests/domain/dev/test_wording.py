import pytest

from orkeon_engine.domain.dev.questions import OpenQuestion, QuestionBook
from orkeon_engine.domain.dev.spec import BusinessRule, Spec, UseCase
from orkeon_engine.domain.dev.wording import find_leaks, spec_texts


@pytest.mark.parametrize(("text", "kind", "word"), [
    ("Kept in src/cart/store.py", "a file path", "src/cart/store.py"),
    ("see README.md", "a file path", "README.md"),
    ("CartService keeps it", "a class name", "CartService"),
    ("then saveCart runs", "a class name", "saveCart"),
    ("the answer is 404 Not Found", "an HTTP status code", "404 Not Found"),
    ("HTTP 500 comes back", "an HTTP status code", "HTTP 500"),
    ("a 404 error page", "an HTTP status code", "404 error"),
    ("call save_cart() first", "a call", "save_cart()"),
    ("user.save(cart) stores it", "a call", "user.save(cart)"),
])
def test_the_obvious_words_of_code_are_found(text, kind, word):
    assert [(leak.kind, leak.text) for leak in find_leaks([("§1", text)])] == [(kind, word)]


@pytest.mark.parametrize("text", ["and/or the shopper", "pick one of the item(s)", "404 shops in town",
                                  "version 1.2.3 is out", "yes/no", "e.g. a cart", "an iPhone user",
                                  "a 3.5 percent fee"])
def test_business_words_are_left_alone(text):
    assert find_leaks([("§1", text)]) == []


def test_a_leak_says_where_it_was_found():
    spec = Spec("c", "Carts", "Keep carts.",
                use_cases=(UseCase("UC1", "Save", "Shopper", "keep it", "cart page", ("Call save_cart()",)),),
                rules=(BusinessRule("BR1", "CartStore keeps it.", "the request", "minor", ("UC1",)),),
                questions=QuestionBook((OpenQuestion("Q1", "Major", "Keep it in carts.json?", ("Yes", "No")),)))

    described = [leak.describe() for leak in find_leaks(spec_texts(spec))]

    assert described == ["UC1 step 1: `save_cart()` looks like a call", "BR1: `CartStore` looks like a class name",
                         "Q1: `carts.json` looks like a file path"]
