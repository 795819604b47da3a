from orkeon_engine.domain.dev.verdict_findings import cited_line, verdict_findings


def test_a_cite_of_a_line_or_a_range_is_placed_and_anything_else_is_not():
    assert cited_line("shop/cart.py:4") == ("shop/cart.py", 4, 4)
    assert cited_line("shop/cart.py:4-6") == ("shop/cart.py", 4, 6)
    assert cited_line("capture/suite.txt") is None


def test_each_row_becomes_a_finding_quoting_the_line_it_cites():
    texts = {"shop/cart.py": "class Cart:\n    def total(self):\n        return 0\n"}
    rows = [("Blocking", "shop/cart.py:3", "the total ignores the lines"), ("Minor", "capture/diff.txt", "x"),
            ("Major", "shop/cart.py:40", "past its end"), ("Major", "other.py:1", "not read")]

    (finding,) = verdict_findings("F2", rows, texts)

    assert (finding.path, finding.line, finding.quote, finding.severity) == ("shop/cart.py", 3, "return 0", "blocker")
    assert finding.title == "F2 audit: the total ignores the lines" and finding.lens == "dev-verify"
