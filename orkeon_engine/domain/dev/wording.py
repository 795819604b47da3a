"""Business words only: the obvious signs that a spec's text speaks code rather than business (a file path,
a CamelCase class name, an HTTP status code, a call such as `save_cart()`), found by code so the model can
be sent back once to say it in the business's words.

It is a net for the obvious, not a judge of style: `and/or` is no path, `item(s)` is no call, `404` alone in
"404 shops" is no status code, while `404 Not Found`, `HTTP 500` and `status 409` are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from orkeon_engine.domain.dev.spec import Spec

_EXTENSIONS = ("py|pyi|js|jsx|ts|tsx|mjs|cjs|java|kt|go|rs|rb|php|cs|cpp|cc|c|h|hpp|swift|scala|sql|json|ya?ml|"
               "toml|ini|cfg|xml|html?|css|scss|sh|bat|ps1|md|lock|env|proto|graphql|vue|svelte")
_PATH = re.compile(rf"(?<![\w@])(?:[\w.-]+[/\\])+[\w.-]+|(?<![\w@/.-])[\w-]+\.(?:{_EXTENSIONS})\b")
_PATH_NEEDS = re.compile(rf"\.(?:{_EXTENSIONS})\b|^(?:[\w.-]+[/\\]){{2,}}")
_CAMEL = re.compile(r"\b[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z]{2,}(?:[A-Z][a-z0-9]+)+\b")
_STATUS_WORDS = ("OK|Created|Accepted|No Content|Moved Permanently|Found|Not Modified|Bad Request|Unauthorized|"
                 "Payment Required|Forbidden|Not Found|Method Not Allowed|Conflict|Gone|Unprocessable Entity|"
                 "Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout")
_STATUS = re.compile(rf"\b(?:HTTP|status(?: code)?)\s*[1-5]\d\d\b|\b[1-5]\d\d\s+(?:{_STATUS_WORDS})\b"
                     r"|\b[45]\d\d\s+(?:error|response|page)\b", re.IGNORECASE)
_CALL = re.compile(r"\b[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*\((?:\)|[^()\s][^()]*[,=_][^()]*\))")
_DOTTED_CALL = re.compile(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\([^()]*\)")


@dataclass(frozen=True)
class Leak:
    """A word of code found in business text: what it looks like, the word, and where it was found."""

    kind: str
    text: str
    where: str

    def describe(self) -> str:
        return f"{self.where}: `{self.text}` looks like {self.kind}"


def find_leaks(texts: Iterable[tuple[str, str]]) -> list[Leak]:
    """The leaks in each (where, text), in order, each word once per place."""
    leaks: list[Leak] = []
    for where, text in texts:
        seen: set[str] = set()
        for kind, word in _leaks_in(text):
            if word not in seen:
                seen.add(word)
                leaks.append(Leak(kind, word, where))
    return leaks


def _leaks_in(text: str) -> Iterator[tuple[str, str]]:
    for found in _CALL.finditer(text):
        yield "a call", found.group(0)
    for found in _DOTTED_CALL.finditer(text):
        yield "a call", found.group(0)
    for found in _PATH.finditer(text):
        if _PATH_NEEDS.search(found.group(0)):
            yield "a file path", found.group(0)
    for found in _STATUS.finditer(text):
        yield "an HTTP status code", found.group(0)
    for found in _CAMEL.finditer(text):
        yield "a class name", found.group(0)


def spec_texts(spec: Spec) -> Iterator[tuple[str, str]]:
    """Every text of a spec the model wrote, with where it sits (`UC2 step 3`, `BR1`, `§9`)."""
    yield "the title", spec.title
    yield "§1", spec.purpose
    for actor in spec.actors:
        yield f"actor {actor.name}", f"{actor.name} {actor.description}"
    for number, items in ((3, spec.in_scope), (4, spec.out_of_scope), (7, spec.data), (8, spec.states),
                          (9, spec.existing), (10, spec.quality), (11, spec.acceptance)):
        for item in items:
            yield f"§{number}", item
    for uc in spec.use_cases:
        yield uc.id, " ".join((uc.title, uc.actor, uc.intent, uc.where))
        for index, step in enumerate(uc.steps, 1):
            yield f"{uc.id} step {index}", step
    for rule in spec.rules:
        yield rule.id, f"{rule.statement} {rule.origin}"
    for question in spec.questions.open:
        yield question.id, " ".join((question.text, question.why, *question.options))
