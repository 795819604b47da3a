from orkeon_engine.domain.code_index.answers import Location
from orkeon_engine.domain.code_index.model import FileEntry, Symbol
from orkeon_engine.tools.navigation_tools import FindReferencesTool, GotoDefinitionTool
from tests.support.doubles.fake_code_index import FakeCodeIndex
from tests.support.doubles.fake_code_navigation import FakeCodeNavigation
from tests.support.doubles.fake_files import FakeFiles

CHECKOUT = "import json\n\nfrom .models import Cart\n\n\ndef checkout(cart: Cart) -> str:\n    return 1\n"
ADD = Symbol("add", "shop.models.Cart.add", "method", "shop/models.py", 3, 4, 0, 10, "shop.models.Cart")
MODELS = "class Cart:\n\n    def add(self, item):\n        pass\n"
FOUND = Location("shop/models.py", 1, 7, "Cart", "class", "shop.models.Cart", "class Cart:")


def _tools(definitions=(), references=()):
    files = FakeFiles({"shop/checkout.py": CHECKOUT, "shop/models.py": MODELS})
    index = FakeCodeIndex([FileEntry("shop/models.py", "python", "h", 50, 4, "shop.models", symbols=(ADD,))])
    navigation = FakeCodeNavigation(list(definitions), list(references))
    return navigation, GotoDefinitionTool(files, index, navigation), FindReferencesTool(files, index, navigation)


async def _run(tool, **arguments):
    return await tool.run(tool.parse(arguments))


async def test_the_name_on_the_line_gives_the_column_asked_about():
    navigation, goto, _ = _tools([FOUND])

    result = await _run(goto, path="/workspace/shop/checkout.py", line=6, name="Cart")

    assert navigation.asked == [("definition", "shop/checkout.py", 6, 20)]
    assert result.text == "1 definition:\nshop/models.py:1:7 class shop.models.Cart  | class Cart:"


async def test_a_qualified_name_is_located_through_the_index():
    navigation, _, references = _tools(references=[FOUND])

    await _run(references, symbol="shop.models.Cart.add")

    assert navigation.asked == [("references", "shop/models.py", 3, 9)]


async def test_a_name_missing_from_the_line_is_refused_quoting_the_line():
    _, goto, _ = _tools()

    result = await _run(goto, path="shop/checkout.py", line=1, name="Cart")

    assert result.is_error and "shop/checkout.py:1 does not hold 'Cart': 'import json'" in result.text


async def test_a_place_without_line_nor_symbol_says_what_to_give():
    _, goto, _ = _tools()

    result = await _run(goto, path="shop/checkout.py")

    assert result.is_error and "give path and line" in result.text


async def test_an_unknown_symbol_points_to_codebase_search():
    _, _, references = _tools()

    result = await _run(references, symbol="shop.models.Nothing")

    assert result.is_error and "codebase_search" in result.text
