import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.permissions.domains import (
    DomainPatternError,
    check_domain_pattern,
    domain_matches,
    domain_rule_text,
)


def test_a_plain_pattern_matches_its_host_alone():
    hosts = ["example.org", "www.example.org", "example.org.evil.test", "evilexample.org"]

    assert [h for h in hosts if domain_matches("domain:Example.ORG.", h)] == ["example.org"]


def test_a_star_dot_pattern_matches_the_hosts_under_it_but_not_itself():
    hosts = ["example.org", "docs.example.org", "a.b.example.org", "notexample.org"]

    assert [h for h in hosts if domain_matches("domain:*.example.org", h)] == ["docs.example.org", "a.b.example.org"]


def test_an_address_is_matched_as_written():
    assert domain_matches("domain:[::1]", "::1") and domain_matches("domain:127.0.0.1", "127.0.0.1")


def test_a_pattern_without_the_domain_mark_says_what_is_accepted():
    with pytest.raises(DomainPatternError, match="domain:<host>"):
        check_domain_pattern("example.org")


def test_a_pattern_without_a_host_is_refused():
    with pytest.raises(DomainPatternError, match="host is missing"):
        check_domain_pattern("domain:")


def test_the_rule_text_of_a_host_reads_back_as_a_pattern_matching_it():
    hosts = ["example.org", "::1", "10.0.0.1"]

    assert all(domain_matches(domain_rule_text(h), h) for h in hosts)


@given(st.text(max_size=40), st.text(max_size=20))
def test_no_pattern_raises_anything_but_the_pattern_error(specifier, host):
    try:
        check_domain_pattern(specifier)
    except DomainPatternError as error:
        assert error.offset >= 0
    assert domain_matches(specifier, host) in (True, False)
