"""One gitignore-style glob written as a regular expression, shared by the permission rules' path patterns
and the code index's .gitignore reader: `**` spans folders (`a/**/b` also matches `a/b`, a leading `**/`
any depth), `*` and `?` stay within one name, `[abc]` and `[!abc]` are classes that never match a slash,
a backslash makes the next character literal. The result is a regex body without anchors."""

from __future__ import annotations

import re


def glob_regex(glob: str) -> str:
    """The regex body for `glob` (never raises; an unclosed `[` is a literal bracket)."""
    out: list[str] = []
    index = 0
    while index < len(glob):
        char = glob[index]
        if index == 0 and glob.startswith("**/"):
            out.append("(?:.*/)?")
            index += 3
            continue
        if glob.startswith("/**/", index):
            out.append("/(?:.*/)?")
            index += 4
            continue
        if glob.startswith("/**", index) and index + 3 == len(glob):
            out.append("/.*")
            index += 3
            continue
        if glob.startswith("**", index):
            out.append(".*")
            index += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            close = glob.find("]", index + 2)
            if close != -1:
                inner = glob[index + 1 : close]
                negate = inner.startswith("!") or inner.startswith("^")
                inner = inner[1:] if negate else inner
                cls = "".join("\\" + c if c in "\\]^[" else c for c in inner)
                out.append(("[^/" if negate else "[") + cls + "]")
                index = close + 1
                continue
            out.append(re.escape(char))
        elif char == "\\" and index + 1 < len(glob):
            index += 1
            out.append(re.escape(glob[index]))
        else:
            out.append(re.escape(char))
        index += 1
    return "".join(out)
