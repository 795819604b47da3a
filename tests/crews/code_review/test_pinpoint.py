"""The pinpoint question's pure part: who is asked, what they read, what they may answer, where it moves."""

import pydantic
import pytest

from orkeon_engine.crews.code_review.pinpoint import (
    MARKERS,
    SYSTEM_PROMPT,
    choice_model,
    moved_to,
    needs_pinpoint,
    user_prompt,
)
from orkeon_engine.domain.git.diff import parse_diff
from orkeon_engine.domain.review.anchoring import Proposal
from orkeon_engine.domain.review.definition_lines import added_body

FILE = parse_diff("""--- a/access.py
+++ b/access.py
@@ -0,0 +1,5 @@
+def can_delete(user):
+    \"\"\"Only active administrators may delete.\"\"\"
+    if user.is_active and not user.is_admin:
+        return True
+    return False
""").files[0]
DEFINITION = added_body(FILE, 1)
PROPOSAL = Proposal("access.py", 1, "def can_delete(user):", "high", "correctness", "The check is inverted",
                    "`not user.is_admin` lets non-administrators in", end_line=2)


def test_every_lens_but_tests_is_asked_where_its_finding_stands_in_the_definition():
    assert needs_pinpoint("correctness") and needs_pinpoint("security") and not needs_pinpoint("tests")


@pytest.mark.parametrize("rule", list(MARKERS))
def test_the_question_carries_every_rule(rule):
    assert MARKERS[rule] in SYSTEM_PROMPT


def test_the_question_gives_the_problem_and_every_line_after_its_number():
    prompt = user_prompt(PROPOSAL, DEFINITION)

    assert "The check is inverted" in prompt and "`not user.is_admin` lets non-administrators in" in prompt
    assert "    3      if user.is_active and not user.is_admin:" in prompt
    assert prompt.count("\n") >= 5 and "<lines>" in prompt


def test_the_answer_may_only_be_a_number_of_the_definition():
    model = choice_model(DEFINITION)

    assert model.model_validate({"line": 3}).line == 3
    with pytest.raises(pydantic.ValidationError):
        model.model_validate({"line": 9})


def test_the_schema_names_the_numbers_so_a_grammar_can_keep_them():
    schema = choice_model(DEFINITION).model_json_schema()

    assert schema["properties"]["line"]["enum"] == [1, 2, 3, 4, 5]


def test_a_moved_proposal_quotes_its_new_line_and_drops_its_span():
    moved = moved_to(PROPOSAL, DEFINITION.lines[2])

    assert (moved.line, moved.quote, moved.end_line) == (3, "    if user.is_active and not user.is_admin:", None)
    assert (moved.title, moved.lens, moved.severity) == (PROPOSAL.title, "correctness", "high")


def test_the_opener_chosen_leaves_the_proposal_as_it_was():
    assert moved_to(PROPOSAL, DEFINITION.opener) is PROPOSAL
