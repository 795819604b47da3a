from orkeon_engine.domain.context.context_files import ContextFile
from orkeon_engine.domain.context.request_material import NAMED_FILE_MAX_TOKENS
from orkeon_engine.domain.permissions.decide import GateContext
from orkeon_engine.domain.permissions.rule_sets import RULE_SETS
from orkeon_engine.domain.permissions.rules import Rule, RuleEntry
from orkeon_engine.services.context_files import quiet_read_refusal
from orkeon_engine.services.request_material import MaterialChoice, read_request_material
from tests.support.bash_grammar import BASH_GRAMMAR
from tests.support.doubles.fake_files import FakeFiles

PROJECT = ("calc.py", "inventory/settings.py", ".env", "big.py", "docs/guide.md")
BOTH = MaterialChoice(named_files=True, search=True)


def _files():
    return FakeFiles({
        "calc.py": "def total(prices):\n    return sum(prices[:-1])\n",
        "inventory/settings.py": "DEFAULT_PORT = 8731\n",
        ".env": "INVENTORY_PORT_KEY=sk-live-1\n",
        "big.py": "inventory = 1\n" * 4_000,
        "docs/guide.md": "The inventory listens on its default port.\n",
    })


def _refusal(*extra: RuleEntry, mode: str = "default"):
    rules = list(RULE_SETS["secrets"].entries()) + list(extra)
    return quiet_read_refusal(GateContext(mode, rules, read=BASH_GRAMMAR.read))


async def _read(request, files=None, shown=(), budget=50_000, choice=BOTH, refusal=None):
    return await read_request_material(files or _files(), refusal or _refusal(), request, PROJECT, shown, budget,
                                       choice)


async def test_a_named_file_is_read_whole():
    material = await _read("fix calc.py")

    assert material.named == (ContextFile("/workspace/calc.py", False, _files().texts["/workspace/calc.py"],
                                          material.named[0].tokens),)


async def test_a_pinned_file_is_not_read_again():
    assert (await _read("fix calc.py", shown={"/workspace/calc.py"})).named == ()


async def test_a_secret_file_named_is_left_out_without_a_word():
    assert (await _read("what is in .env?")).named == ()


async def test_a_file_whose_read_would_ask_is_not_read_unasked():
    ask = RuleEntry(Rule("ask", "file_read", "/calc.py"), "session")

    assert (await _read("fix calc.py", refusal=_refusal(ask))).named == ()


async def test_a_long_named_file_is_named_as_left_for_file_read():
    material = await _read("look at big.py")

    assert material.named[0].text == "" and "read the part you need with file_read" in material.named[0].left_out
    assert material.named[0].path == "/workspace/big.py"


async def test_the_named_files_keep_within_the_budget_left():
    material = await _read("fix calc.py", budget=5)

    assert not material.named[0].shown and NAMED_FILE_MAX_TOKENS > 5


async def test_the_search_finds_the_lines_and_never_a_secret_files():
    material = await _read("On which port does the inventory listen by default?")

    shown = [hit.render() for hit in material.lines]
    assert "inventory/settings.py:1: DEFAULT_PORT = 8731" in shown
    assert "docs/guide.md:1: The inventory listens on its default port." in shown
    assert not any(".env" in line or "sk-live" in line for line in shown)


async def test_the_search_skips_the_files_shown_whole():
    material = await _read("total of the prices in calc.py")

    assert material.named and not any(hit.path == "calc.py" for hit in material.lines)


async def test_nothing_is_read_unless_chosen():
    material = await _read("fix calc.py: the inventory port", choice=MaterialChoice())

    assert material.named == () and material.lines == ()


async def test_an_empty_request_reads_nothing():
    material = await _read("  ")

    assert material.named == () and material.lines == ()


async def test_the_lines_where_a_leads_names_are_assigned_join_the_leads_but_never_a_secret_files():
    files = _files()
    files.texts["/workspace/calc.py"] = 'PORT = env("INVENTORY_PORT", DEFAULT_PORT)\nINVENTORY_PORT_KEY = KEY\n'
    files.texts["/workspace/.env"] = "DEFAULT_PORT = 1\n"

    material = await _read("what is the inventory port", files=files, choice=MaterialChoice(search=True))

    rendered = [hit.render() for hit in material.lines]
    assert "inventory/settings.py:1: DEFAULT_PORT = 8731" in rendered
    assert not any(hit.path == ".env" for hit in material.lines)
