"""HttpWebPages against a loopback web server (tests/support/web_server.py)."""

import pytest

from orkeon_engine.adapters.http_web_pages import HttpWebPages, html_to_markdown, readable_text
from orkeon_engine.domain.tools.web_urls import parse_web_url
from orkeon_engine.ports.web_pages import WebPagesError
from tests.support.web_server import WebServer

HTML = (b"<html><head><title>The Guide</title><style>body{color:red}</style><script>alert('x')</script></head>"
        b"<body><h2>Install</h2><p>Run <code>make</code>, then <a href='/next'>go on</a>.</p>"
        b"<ul><li>one</li><li>two</li></ul></body></html>")
SITE = {
    "/guide": (200, {"Content-Type": "text/html; charset=utf-8"}, HTML),
    "/notes.txt": (200, {"Content-Type": "text/plain; charset=latin-1"}, "caf\xe9".encode("latin-1")),
    "/old": (301, {"Location": "/guide"}, b""),
    "/big": (200, {"Content-Type": "text/plain"}, b"x" * 5000),
    "/logo.png": (200, {"Content-Type": "image/png"}, b"\x89PNG..."),
}


@pytest.fixture(scope="module")
def site():
    with WebServer(SITE) as server:
        yield server


async def test_an_html_page_comes_back_as_markdown_without_scripts_or_styles(site):
    page = await HttpWebPages().fetch(parse_web_url(site.url("/guide")), 100_000)

    assert (page.status, page.content_type) == (200, "text/html")
    assert page.text == "# The Guide\n\n## Install\n\nRun `make`, then [go on](/next).\n\n- one\n- two"


async def test_a_text_page_is_decoded_by_its_charset(site):
    page = await HttpWebPages().fetch(parse_web_url(site.url("/notes.txt")), 100_000)

    assert page.text == "café"


async def test_a_redirect_is_not_followed_and_its_location_is_given(site):
    page = await HttpWebPages().fetch(parse_web_url(site.url("/old")), 100_000)

    assert (page.status, page.location) == (301, "/guide")


async def test_a_body_past_the_size_asked_for_is_cut(site):
    page = await HttpWebPages().fetch(parse_web_url(site.url("/big")), 1000)

    assert (len(page.text), page.truncated) == (1000, True)


async def test_a_page_that_is_not_text_comes_without_text(site):
    page = await HttpWebPages().fetch(parse_web_url(site.url("/logo.png")), 100_000)

    assert (page.content_type, page.text, page.size) == ("image/png", "", 7)


async def test_a_missing_page_is_a_page_with_its_status(site):
    page = await HttpWebPages().fetch(parse_web_url(site.url("/nope")), 100_000)

    assert (page.status, page.text) == (404, "none")


async def test_a_server_that_is_not_there_is_an_error_naming_the_url():
    url = parse_web_url("http://127.0.0.1:9/")

    with pytest.raises(WebPagesError) as raised:
        await HttpWebPages(timeout=5).fetch(url, 1000)

    assert raised.value.url == "http://127.0.0.1:9/"


def test_json_is_text_and_an_unknown_charset_falls_back_to_utf8():
    assert readable_text(b'{"a": 1}', "application/json", None) == '{"a": 1}'
    assert readable_text("é".encode(), "text/plain", "no-such-charset") == "é"


def test_a_page_without_a_title_keeps_its_own_heading():
    assert html_to_markdown("<h1>Top</h1><p>x</p>") == "# Top\n\nx"
