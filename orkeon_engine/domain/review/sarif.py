"""Findings as a SARIF 2.1.0 log, for code-scanning tools and CI.

One run whose driver is Orkeon; one rule a lens; one result a finding with its level, message, location
(the path relative to the source root, the line span, the quoted line as the snippet), the finding's id as
a partial fingerprint, and, when it suggests a replacement, a fix replacing the quoted lines. Its one
invocation says whether the review ran (`executionSuccessful` is false when no lens gave a valid answer)
and carries a tool-execution notification for each lens that failed, tied to that lens's rule (an error
when the run failed, a warning when the other lenses stand).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from orkeon_engine.domain.review.findings import LENSES, Finding
from orkeon_engine.domain.review.review_report import LensFailure, failure_text

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
FINGERPRINT_KEY = "orkeonFindingId/v1"

LEVELS: dict[str, str] = {"blocker": "error", "high": "error", "medium": "warning", "low": "note", "nit": "note"}
RULE_TEXT: dict[str, str] = {
    "correctness": "The change does the wrong thing, or the right thing only in some cases.",
    "security": "The change lets an attacker or an accident reach what it should not.",
    "performance": "The change costs more time, memory or calls than the work needs.",
    "maintainability": "The change will be hard to read, change or reuse.",
    "tests": "The change is not proven by a test, or its tests prove the wrong thing.",
}


def sarif_log(findings: Sequence[Finding], tool_version: str, failures: Sequence[LensFailure] = (),
              successful: bool = True) -> dict[str, Any]:
    """The SARIF log of these findings; `failures` are the lenses without a valid answer, and `successful`
    False says the review did not run at all."""
    lenses = list(LENSES)
    lenses.extend(sorted(({f.lens for f in findings} | {f.lens for f in failures}) - set(LENSES)))
    rule_index = {lens: index for index, lens in enumerate(lenses)}
    driver: dict[str, Any] = {
        "name": "Orkeon",
        "rules": [_rule(lens) for lens in lenses],
    }
    if tool_version:
        driver["version"] = tool_version
    return {
        "$schema": SARIF_SCHEMA_URI,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {"driver": driver},
                "originalUriBaseIds": {"SRCROOT": {"description": {"text": "The root of the reviewed repository."}}},
                "invocations": [_invocation(failures, successful, rule_index)],
                "results": [_result(f, rule_index[f.lens]) for f in findings],
            }
        ],
    }


def _invocation(failures: Sequence[LensFailure], successful: bool, rule_index: dict[str, int]) -> dict[str, Any]:
    level = "warning" if successful else "error"
    notifications = [
        {"level": level, "message": {"text": failure_text(failure)},
         "associatedRule": {"id": failure.lens, "index": rule_index[failure.lens]}}
        for failure in failures
    ]
    invocation: dict[str, Any] = {"executionSuccessful": successful}
    if notifications:
        invocation["toolExecutionNotifications"] = notifications
    return invocation


def _rule(lens: str) -> dict[str, Any]:
    return {
        "id": lens,
        "name": lens.title().replace("-", ""),
        "shortDescription": {"text": f"Review lens: {lens}"},
        "fullDescription": {"text": RULE_TEXT.get(lens, f"Findings of the {lens} lens.")},
    }


def _result(finding: Finding, rule_index: int) -> dict[str, Any]:
    artifact = {"uri": finding.path, "uriBaseId": "SRCROOT"}
    message = finding.title if not finding.detail else f"{finding.title}\n\n{finding.detail}"
    result: dict[str, Any] = {
        "ruleId": finding.lens,
        "ruleIndex": rule_index,
        "level": LEVELS.get(finding.severity, "warning"),
        "message": {"text": message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": artifact,
                    "region": {
                        "startLine": finding.line,
                        "endLine": finding.end_line,
                        "snippet": {"text": finding.quote},
                    },
                }
            }
        ],
        "partialFingerprints": {FINGERPRINT_KEY: finding.id},
        "properties": {"severity": finding.severity, "findingId": finding.id, "alsoRaisedBy": list(finding.also)},
    }
    if finding.replacement is not None:
        result["fixes"] = [
            {
                "description": {"text": "Apply the suggested replacement of the quoted lines."},
                "artifactChanges": [
                    {
                        "artifactLocation": artifact,
                        "replacements": [
                            {
                                "deletedRegion": {"startLine": finding.line, "endLine": finding.end_line},
                                "insertedContent": {"text": finding.replacement.rstrip("\n")},
                            }
                        ],
                    }
                ],
            }
        ]
    return result
