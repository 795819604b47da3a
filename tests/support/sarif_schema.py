"""A structural JSON schema of the SARIF 2.1.0 objects Orkeon writes, for jsonschema to check a log against.

Written for these tests from the SARIF 2.1.0 specification's required properties and value rules (the
official schema file is not vendored here): the log's version and runs, a run's tool and driver, a rule's id,
a result's message, level, rule index, locations, fingerprints and fixes, a region's 1-based lines, an
invocation's required `executionSuccessful` and its tool-execution notifications. Every
object closes its properties, so a misspelt property name fails the check as it would against the full schema.
"""

from __future__ import annotations

from typing import Any

_MESSAGE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}, "id": {"type": "string"},
                   "arguments": {"type": "array", "items": {"type": "string"}}},
    "anyOf": [{"required": ["text"]}, {"required": ["id"]}],
}
_MULTIFORMAT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"text": {"type": "string"}, "markdown": {"type": "string"}},
    "required": ["text"],
}
_ARTIFACT_LOCATION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"uri": {"type": "string", "minLength": 1}, "uriBaseId": {"type": "string"},
                   "index": {"type": "integer", "minimum": -1}, "description": _MESSAGE},
}
_REGION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "startLine": {"type": "integer", "minimum": 1},
        "startColumn": {"type": "integer", "minimum": 1},
        "endLine": {"type": "integer", "minimum": 1},
        "endColumn": {"type": "integer", "minimum": 1},
        "charOffset": {"type": "integer", "minimum": -1},
        "charLength": {"type": "integer", "minimum": 0},
        "snippet": {"type": "object", "additionalProperties": False,
                    "properties": {"text": {"type": "string"}, "binary": {"type": "string"}}},
        "message": _MESSAGE,
    },
}
_LOCATION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "id": {"type": "integer", "minimum": -1},
        "physicalLocation": {
            "type": "object",
            "additionalProperties": False,
            "properties": {"artifactLocation": _ARTIFACT_LOCATION, "region": _REGION, "contextRegion": _REGION},
            "anyOf": [{"required": ["artifactLocation"]}, {"required": ["address"]}],
        },
        "message": _MESSAGE,
    },
}
_FIX: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "description": _MESSAGE,
        "artifactChanges": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "artifactLocation": _ARTIFACT_LOCATION,
                    "replacements": {
                        "type": "array",
                        "minItems": 1,
                        "items": {
                            "type": "object",
                            "additionalProperties": False,
                            "properties": {
                                "deletedRegion": _REGION,
                                "insertedContent": {"type": "object", "additionalProperties": False,
                                                    "properties": {"text": {"type": "string"},
                                                                   "binary": {"type": "string"}}},
                            },
                            "required": ["deletedRegion"],
                        },
                    },
                },
                "required": ["artifactLocation", "replacements"],
            },
        },
    },
    "required": ["artifactChanges"],
}
_RULE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "shortDescription": _MULTIFORMAT,
                   "fullDescription": _MULTIFORMAT, "helpUri": {"type": "string"}, "help": _MULTIFORMAT},
    "required": ["id"],
}
_RESULT: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "ruleId": {"type": "string"},
        "ruleIndex": {"type": "integer", "minimum": -1},
        "kind": {"enum": ["notApplicable", "pass", "fail", "review", "open", "informational"]},
        "level": {"enum": ["none", "note", "warning", "error"]},
        "message": _MESSAGE,
        "locations": {"type": "array", "items": _LOCATION},
        "partialFingerprints": {"type": "object", "additionalProperties": {"type": "string"}},
        "fingerprints": {"type": "object", "additionalProperties": {"type": "string"}},
        "fixes": {"type": "array", "items": _FIX},
        "properties": {"type": "object"},
    },
    "required": ["message"],
}
_REPORTING_DESCRIPTOR_REFERENCE: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"id": {"type": "string"}, "index": {"type": "integer", "minimum": -1},
                   "guid": {"type": "string"}, "toolComponent": {"type": "object"}},
    "anyOf": [{"required": ["index"]}, {"required": ["guid"]}, {"required": ["id"]}],
}
_NOTIFICATION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"message": _MESSAGE, "level": {"enum": ["none", "note", "warning", "error"]},
                   "descriptor": _REPORTING_DESCRIPTOR_REFERENCE, "associatedRule": _REPORTING_DESCRIPTOR_REFERENCE,
                   "locations": {"type": "array", "items": _LOCATION}, "timeUtc": {"type": "string"},
                   "exception": {"type": "object"}, "threadId": {"type": "integer"}},
    "required": ["message"],
}
_INVOCATION: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"executionSuccessful": {"type": "boolean"}, "exitCode": {"type": "integer"},
                   "commandLine": {"type": "string"},
                   "toolExecutionNotifications": {"type": "array", "items": _NOTIFICATION},
                   "toolConfigurationNotifications": {"type": "array", "items": _NOTIFICATION}},
    "required": ["executionSuccessful"],
}
SARIF_2_1_0_STRUCTURE: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "$schema": {"type": "string"},
        "version": {"enum": ["2.1.0"]},
        "runs": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "tool": {
                        "type": "object",
                        "additionalProperties": False,
                        "properties": {
                            "driver": {
                                "type": "object",
                                "additionalProperties": False,
                                "properties": {"name": {"type": "string"}, "version": {"type": "string"},
                                               "semanticVersion": {"type": "string"},
                                               "informationUri": {"type": "string"},
                                               "rules": {"type": "array", "items": _RULE}},
                                "required": ["name"],
                            },
                        },
                        "required": ["driver"],
                    },
                    "originalUriBaseIds": {
                        "type": "object",
                        "additionalProperties": {"type": "object", "additionalProperties": False,
                                                 "properties": {"uri": {"type": "string"},
                                                                "uriBaseId": {"type": "string"},
                                                                "description": _MESSAGE}},
                    },
                    "invocations": {"type": "array", "items": _INVOCATION},
                    "results": {"type": "array", "items": _RESULT},
                },
                "required": ["tool"],
            },
        },
    },
    "required": ["version", "runs"],
}
