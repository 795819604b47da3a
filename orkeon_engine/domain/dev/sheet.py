"""A batch's sheet (`sheets/F<n>.md`): what the batch does and why, its steps with their tests, the ids
they prove and their anchors, the earlier batches it depends on, and the build-and-tests step code adds.

    # Sheet F2 of cart-save: Restore a cart

    Plan: .orkeon/work/cart-save/plan.md
    Status: ready
    After: F1
    Kind: behaviour

    ## 1. Goal          why the batch, one paragraph
    ## 2. Steps         `### S1 · <what>`, `- Proves:`, `- Tests:`, `- Anchors:`; the last one code's:
                        `### S3 · Build and tests`, `- Run: make test`
    ## 3. Anchors       each anchor resolved: the inventory's line, or the file to create or to touch
    ## 4. Reuses        the files of earlier batches this one works in again (derived by code)

The status follows the plan's: `blocked` while the plan is BLOCKED. The Anchors and Reuses sections and the
build step are derived from the plan when written, so reading a sheet back gives the batch it was written from.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from orkeon_engine.domain.dev.inventory import Inventory, render_item
from orkeon_engine.domain.dev.plan import (
    BLOCKED,
    READY,
    Anchor,
    Batch,
    Plan,
    PlanStep,
    batch_state,
    parse_anchor,
)
from orkeon_engine.domain.dev.sections import (
    DevFileError,
    Section,
    entries,
    entry_heading,
    first_plain_line,
    key_values,
    render_bullets,
    render_section,
    require_section,
    split_sections,
)

SHEET_TITLES: dict[int, str] = {1: "Goal", 2: "Steps", 3: "Anchors", 4: "Reuses"}
BUILD_STEP = "Build and tests"
_TITLE = re.compile(r"^# Sheet (F[1-9]\d*) of ([A-Za-z0-9_-]+): (.+)$")
_STEP = re.compile(r"^S\d+ · (.+)$")
_NO_COMMAND = "the project states no build or test command: run its checks by hand"
DONE = "done"
"""A sheet's status once its batch closed VALID and was committed (/dev-batches writes it)."""
_STATUS_LINE = re.compile(r"^Status: (?:ready|blocked|done)$", re.MULTILINE)


def anchor_path(inventory: Inventory, anchor: Anchor) -> str | None:
    """The file an anchor lands in (None: a ref the inventory lacks)."""
    if anchor.kind != "ref":
        return anchor.value
    item = inventory.find(anchor.value)
    return item.path if item is not None else None


def batch_files(inventory: Inventory, batch: Batch) -> tuple[str, ...]:
    """The files a batch works in, in order: its anchors' files."""
    found = (anchor_path(inventory, anchor) for step in batch.steps for anchor in step.anchors)
    return tuple(dict.fromkeys(path for path in found if path is not None))


def reuses(plan: Plan, batch: Batch) -> list[tuple[str, str]]:
    """(earlier batch, file) for each file an earlier batch works in and this one works in again."""
    mine = set(batch_files(plan.inventory, batch))
    found = []
    for earlier in plan.batches:
        if earlier.id == batch.id:
            break
        found += [(earlier.id, path) for path in batch_files(plan.inventory, earlier) if path in mine]
    return found


def render_sheet(plan: Plan, batch: Batch, plan_file: str) -> str:
    lines = [f"# Sheet {batch.id} of {plan.code}: {batch.title}", "", f"Plan: {plan_file}",
             f"Status: {batch_state(plan)}", f"After: {', '.join(batch.after) or 'none'}",
             f"Kind: {'documentation' if batch.documentation else 'behaviour'}", ""]
    bodies: dict[int, list[str]] = {
        1: [batch.goal] if batch.goal else [],
        2: _step_lines(batch.steps, plan.build),
        3: _anchor_lines(plan.inventory, batch),
        4: render_bullets([f"{earlier}: {path}" for earlier, path in reuses(plan, batch)]),
    }
    for number, title in SHEET_TITLES.items():
        lines += render_section(number, title, bodies[number])
    return "\n".join(lines).rstrip("\n") + "\n"


def _step_lines(steps: Sequence[PlanStep], build: str) -> list[str]:
    lines: list[str] = []
    for number, step in enumerate(steps, 1):
        lines += [entry_heading(f"S{number} · {step.what}"), f"- Proves: {', '.join(step.proves)}",
                  f"- Tests: {', '.join(step.tests)}", f"- Anchors: {', '.join(a.render() for a in step.anchors)}", ""]
    return lines + [entry_heading(f"S{len(steps) + 1} · {BUILD_STEP}"), f"- Run: {build or _NO_COMMAND}"]


def _anchor_lines(inventory: Inventory, batch: Batch) -> list[str]:
    lines = []
    for anchor in dict.fromkeys(a for step in batch.steps for a in step.anchors):
        item = inventory.find(anchor.value) if anchor.kind == "ref" else None
        if item is not None:
            lines.append(render_item(item))
        elif anchor.kind == "new":
            lines.append(f"- {anchor.render()} · a file to create")
        elif anchor.kind == "file":
            lines.append(f"- {anchor.render()} · an existing file the index does not hold")
    return lines


def mark_done(text: str) -> str:
    """The sheet with its status line set to done (the rest kept as written)."""
    return _STATUS_LINE.sub(f"Status: {DONE}", text, count=1)


def sheet_status(text: str) -> str:
    """The status a sheet's text states ("" when it states none)."""
    found = _STATUS_LINE.search(text)
    return found.group(0).removeprefix("Status: ") if found else ""


def parse_sheet(text: str, file: str = "sheet.md") -> Batch:
    """The batch a sheet holds, with its steps (the build step, code's own, left out); DevFileError naming
    the file and what is wrong when it does not read as a sheet."""
    head, sections = split_sections(text, file)
    title = next((found for line in head if (found := _TITLE.match(line.strip()))), None)
    if title is None:
        raise DevFileError(f"{file}: it does not open with `# Sheet F<n> of <code>: <title>`")
    values = {key: value.strip() for line in head if ": " in line for key, _, value in [line.partition(": ")]}
    if values.get("Status") not in (READY, BLOCKED, DONE):
        raise DevFileError(f"{file}: its `Status:` line says {values.get('Status', '')!r}; expected ready, blocked "
                           "or done")
    after = values.get("After", "none")

    def section(number: int) -> Section:
        return require_section(sections, number, SHEET_TITLES[number], file)

    steps = tuple(_parsed_step(heading, body, file) for heading, body in entries(section(2).lines)
                  if "Run" not in key_values(body))
    return Batch(title.group(1), title.group(3).strip(), first_plain_line(section(1).lines),
                 () if after == "none" else tuple(after.split(", ")), steps, values.get("Kind") == "documentation")


def _parsed_step(heading: str, body: Sequence[str], file: str) -> PlanStep:
    found = _STEP.match(heading)
    if found is None:
        raise DevFileError(f"{file}: `### {heading}` is no `### S<n> · <what the step does>` heading")
    values = key_values(body)

    def listed(key: str) -> tuple[str, ...]:
        value = values.get(key, "")
        return tuple(part for part in value.split(", ") if part) if value else ()

    return PlanStep(found.group(1).strip(), listed("Proves"), listed("Tests"),
                    tuple(parse_anchor(text) for text in listed("Anchors")))

