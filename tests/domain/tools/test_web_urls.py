import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.tools.web_urls import WebUrl, WebUrlError, parse_web_url, resolve_redirect


def test_an_https_url_gives_its_host_and_a_canonical_text():
    url = parse_web_url("  HTTPS://Docs.Example.ORG./guide?page=2#top ")

    assert url == WebUrl("https", "docs.example.org", None, "/guide?page=2")
    assert url.text == "https://docs.example.org/guide?page=2"


def test_a_url_without_a_path_asks_for_the_root():
    assert parse_web_url("http://127.0.0.1:8080").text == "http://127.0.0.1:8080/"


@pytest.mark.parametrize("text", ["file:///etc/passwd", "ftp://example.org/a", "javascript:alert(1)",
                                  "data:text/html,hi", "example.org/page"])
def test_a_scheme_other_than_http_and_https_is_refused(text):
    with pytest.raises(WebUrlError, match="only http:// and https:// URLs are fetched"):
        parse_web_url(text)


def test_a_user_name_before_the_host_is_refused():
    with pytest.raises(WebUrlError, match="user name or password"):
        parse_web_url("https://example.org@evil.test/")


@pytest.mark.parametrize("text", ["https://evil.test\\@example.org/", "https://exa mple.org/", "https://a.org/a\nb"])
def test_what_two_url_readers_could_read_differently_is_refused(text):
    with pytest.raises(WebUrlError, match="cannot hold unencoded"):
        parse_web_url(text)


def test_a_host_in_another_script_is_written_in_ascii():
    assert parse_web_url("https://bücher.example/").host == "xn--bcher-kva.example"


def test_an_ipv6_host_keeps_its_brackets_in_the_text():
    url = parse_web_url("http://[::1]:9000/x")

    assert (url.host, url.text) == ("::1", "http://[::1]:9000/x")


def test_a_port_that_is_not_a_number_is_refused():
    with pytest.raises(WebUrlError, match="does not parse"):
        parse_web_url("http://example.org:eighty/")


def test_a_relative_redirect_stays_on_the_host_and_an_absolute_one_names_its_own():
    page = parse_web_url("https://example.org/docs/a")

    assert resolve_redirect(page, "b").text == "https://example.org/docs/b"
    assert resolve_redirect(page, "https://other.test/x").host == "other.test"


@given(st.text(max_size=60))
def test_no_text_raises_anything_but_the_url_error(text):
    try:
        url = parse_web_url(text)
    except WebUrlError:
        return
    assert parse_web_url(url.text) == url


@given(st.from_regex(r"https?://[a-z0-9.-]{1,20}(:[0-9]{1,4})?(/[a-z0-9/%._~-]{0,20})?", fullmatch=True))
def test_the_canonical_text_of_a_url_reads_back_to_the_same_host(text):
    try:
        url = parse_web_url(text)
    except WebUrlError:
        return
    assert parse_web_url(url.text).host == url.host
