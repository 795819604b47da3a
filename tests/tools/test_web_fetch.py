import pydantic
import pytest

from orkeon_engine.ports.web_pages import WebPage
from orkeon_engine.tools.web_fetch import MAX_REDIRECTS, WebFetchTool
from tests.support.doubles.fake_web_pages import FakeWebPages

PAGE = "https://docs.example.org/guide"


def _tool(*pages):
    return WebFetchTool(FakeWebPages({p.url: p for p in pages}))


async def test_a_page_comes_back_as_its_text_under_a_line_saying_what_it_is():
    tool = _tool(WebPage(PAGE, 200, "text/html", "# Guide\n\nRead me.", size=2048))

    result = await tool.run(tool.parse({"url": PAGE}))

    assert result.text == f"{PAGE} (status 200, text/html, 2.0 KB)\n# Guide\n\nRead me."
    assert not result.is_error


async def test_the_gate_sees_the_host_and_the_canonical_url():
    tool = _tool()

    call = await tool.describe(tool.parse({"url": "HTTPS://Docs.Example.org/guide#part"}))

    assert (call.tool_class, call.domain, call.preview) == ("network", "docs.example.org", PAGE)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "https://example.org@evil.test/", "ftp://a.org/x"])
def test_a_url_it_does_not_fetch_fails_the_arguments_before_the_gate(url):
    with pytest.raises(pydantic.ValidationError):
        _tool().parse({"url": url})


async def test_a_long_page_is_cut_with_the_offset_to_read_on():
    tool = _tool(WebPage(PAGE, 200, "text/plain", "a" * 1200, size=1200))

    first = await tool.run(tool.parse({"url": PAGE, "max_chars": 500}))
    rest = await tool.run(tool.parse({"url": PAGE, "offset": 1000, "max_chars": 500}))

    assert first.text.endswith("[... 700 more characters: call web_fetch again with offset=500 to read on]")
    assert rest.text.splitlines()[1:] == ["[from character 1,000]", "a" * 200]


async def test_an_offset_past_the_end_says_how_long_the_text_is():
    tool = _tool(WebPage(PAGE, 200, "text/plain", "short", size=5))

    result = await tool.run(tool.parse({"url": PAGE, "offset": 9}))

    assert result.is_error and "The text is 5 characters long: offset 9 is past its end." in result.text


async def test_a_redirect_on_the_same_host_is_followed():
    moved = WebPage(PAGE, 301, "text/html", "", location="/guide/v2")
    tool = _tool(moved, WebPage(PAGE + "/v2", 200, "text/plain", "v2", size=2))

    result = await tool.run(tool.parse({"url": PAGE}))

    assert result.text.startswith(f"{PAGE}/v2 (status 200")


async def test_a_redirect_to_another_host_is_not_followed_and_names_the_new_url():
    pages = FakeWebPages({PAGE: WebPage(PAGE, 302, "text/html", "", location="https://evil.test/x")})
    tool = WebFetchTool(pages)

    result = await tool.run(tool.parse({"url": PAGE}))

    assert pages.fetched == [PAGE]
    assert "redirects (status 302) to another host: https://evil.test/x. It was not followed" in result.text
    assert result.data == {"redirect": "https://evil.test/x"}


async def test_a_redirect_to_a_url_it_does_not_fetch_is_an_error():
    tool = _tool(WebPage(PAGE, 302, "text/html", "", location="file:///etc/passwd"))

    result = await tool.run(tool.parse({"url": PAGE}))

    assert result.is_error and "only http:// and https:// URLs are fetched" in result.text


async def test_a_loop_of_redirects_stops():
    tool = _tool(WebPage(PAGE, 302, "text/html", "", location=PAGE))

    result = await tool.run(tool.parse({"url": PAGE}))

    assert result.is_error and f"more than {MAX_REDIRECTS} redirects" in result.text


async def test_a_page_that_is_not_text_says_so():
    tool = _tool(WebPage(PAGE, 200, "image/png", "", size=5000))

    result = await tool.run(tool.parse({"url": PAGE}))

    assert result.text.endswith("it is image/png, not text, so nothing can be shown")


async def test_an_error_status_is_an_error_result_with_the_page():
    result = await _tool().run(_tool().parse({"url": PAGE}))

    assert result.is_error and result.text == f"{PAGE} (status 404, text/plain, 9 B)\nnot found"


async def test_a_page_that_does_not_answer_is_an_error_result_with_the_reason():
    tool = WebFetchTool(FakeWebPages(down={PAGE: "no answer within 30 s"}))

    result = await tool.run(tool.parse({"url": PAGE}))

    assert result.is_error and result.text == f"web_fetch could not fetch {PAGE}: {PAGE}: no answer within 30 s"
