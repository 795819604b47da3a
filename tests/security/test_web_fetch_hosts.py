"""Attacks on web_fetch's host rules: a page allowed by `web_fetch(domain:127.0.0.1)` must not lead to
another host, neither by a redirect nor by a URL whose host two readers read differently. The two hosts
are two loopback addresses, 127.0.0.1 and 127.0.0.2, each with its own server."""

from __future__ import annotations

import pydantic
import pytest

from orkeon_engine.adapters.http_web_pages import HttpWebPages
from orkeon_engine.domain.permissions.decide import Allow, Ask, GateContext, decide
from orkeon_engine.domain.permissions.rules import RuleEntry, parse_rule
from orkeon_engine.tools.web_fetch import WebFetchTool
from tests.support.bash_grammar import BASH_READ
from tests.support.web_server import WebServer

ALLOWED = GateContext("default", (RuleEntry(parse_rule("web_fetch(domain:127.0.0.1)", "allow"), "session"),),
                      read=BASH_READ)


@pytest.fixture
def sites():
    with WebServer({"/secret": (200, {"Content-Type": "text/plain"}, b"other host's page")},
                   host="127.0.0.2") as other:
        pages = {"/hop": (302, {"Location": other.url("/secret")}, b""),
                 "/same": (302, {"Location": "/page"}, b""),
                 "/page": (200, {"Content-Type": "text/plain"}, b"allowed page")}
        with WebServer(pages) as allowed:
            yield allowed, other


async def test_a_redirect_to_another_host_is_not_followed_even_when_the_first_host_is_allowed(sites):
    allowed, other = sites
    tool = WebFetchTool(HttpWebPages())
    args = tool.parse({"url": allowed.url("/hop")})

    decision = decide(await tool.describe(args), ALLOWED)
    result = await tool.run(args)

    assert isinstance(decision, Allow)
    assert other.hits == [] and f"to another host: {other.url('/secret')}" in result.text
    assert isinstance(decide(await tool.describe(tool.parse({"url": other.url("/secret")})), ALLOWED), Ask)


async def test_a_redirect_on_the_allowed_host_is_followed(sites):
    allowed, _ = sites
    tool = WebFetchTool(HttpWebPages())

    result = await tool.run(tool.parse({"url": allowed.url("/same")}))

    assert result.text.endswith("allowed page") and allowed.hits == ["/same", "/page"]


@pytest.mark.parametrize("template", ["http://127.0.0.1@127.0.0.2:{port}/secret",
                                      "http://127.0.0.2:{port}\\@127.0.0.1/secret",
                                      "http://127.0.0.2:{port}\\\\127.0.0.1/secret"])
async def test_a_url_whose_host_could_be_read_two_ways_is_refused_before_the_gate(sites, template):
    _, other = sites
    port = other.url().rsplit(":", 1)[1].rstrip("/")
    tool = WebFetchTool(HttpWebPages())

    with pytest.raises(pydantic.ValidationError):
        tool.parse({"url": template.format(port=port)})

    assert other.hits == []


@pytest.mark.parametrize("host", ["127.0.0.1.nip.io", "127.0.0.10", "x127.0.0.1"])
async def test_a_host_that_only_looks_like_the_allowed_one_asks(host):
    tool = WebFetchTool(HttpWebPages())

    decision = decide(await tool.describe(tool.parse({"url": f"http://{host}/"})), ALLOWED)

    assert isinstance(decision, Ask)


@pytest.mark.parametrize("url", ["file:///etc/passwd", "gopher://127.0.0.1/", "javascript:alert(1)"])
def test_a_scheme_other_than_http_is_refused(url):
    with pytest.raises(pydantic.ValidationError, match="only http:// and https:// URLs are fetched"):
        WebFetchTool(HttpWebPages()).parse({"url": url})
