"""Placing one snippet's replacement in a file's text: exactly where it occurs once (or everywhere, asked), else
the same lines with their indentation and trailing spaces ignored, the new text taking the file's indentation
(small models often shift a block by a few spaces). file_edit places its calls with it, and the assistant's
candidate changes (domain/checks/candidates.py) their search/replace blocks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Placed:
    """The file's new text, or why the snippet could not be placed."""

    text: str | None
    count: int = 0
    problem: str = ""


def place(text: str, old: str, new: str, replace_all: bool = False) -> Placed:
    """`text` with `old` replaced by `new`: exactly, else line by line with indentation ignored (module doc)."""
    count = text.count(old)
    if count == 1 or (count > 1 and replace_all):
        return Placed(text.replace(old, new), count)
    if count > 1:
        return Placed(None, count, f"the text to replace occurs {count} times: give more lines around it so it "
                                   "occurs once, or set replace_all")
    return _place_by_lines(text, old, new)


def _place_by_lines(text: str, old: str, new: str) -> Placed:
    lines = text.split("\n")
    wanted = [line.strip() for line in old.strip("\n").split("\n")]
    if not any(wanted):
        return Placed(None, 0, "the text to replace is blank")
    starts = [index for index in range(len(lines) - len(wanted) + 1)
              if [line.strip() for line in lines[index:index + len(wanted)]] == wanted]
    if len(starts) != 1:
        problem = ("the text to replace is not in the file: copy it exactly as file_read shows it, without the "
                   "line numbers" if not starts else
                   f"the text to replace occurs {len(starts)} times (indentation aside): give more lines around it")
        return Placed(None, len(starts), problem)
    start = starts[0]
    found = lines[start:start + len(wanted)]
    replacement = _reindented(new.strip("\n").split("\n"), old.strip("\n").split("\n")[0], found[0])
    return Placed("\n".join([*lines[:start], *replacement, *lines[start + len(wanted):]]), 1)


def _reindented(new_lines: list[str], old_first: str, file_first: str) -> list[str]:
    """The new lines shifted by the indentation the file has and the model's snippet lacked (or had too much)."""
    shift = _indent(file_first) - _indent(old_first)
    if shift > 0:
        return [" " * shift + line if line.strip() else line for line in new_lines]
    if shift < 0:
        return [line[min(-shift, _indent(line)):] for line in new_lines]
    return new_lines


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))
