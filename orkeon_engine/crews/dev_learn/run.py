"""run_dev_learn: the untreated rows of every verdict, one axis at a time, sorted into motifs by one extract
each (no tool); code checks each motif (its rows, three batches, its owner), keeps three at most, writes
PROPOSALS.md under the work folder and marks the rows of the motifs it kept as treated in their verdicts.
An axis whose rows span fewer than three batches is not asked. `list_only` (`--list`) reads and shows, and
asks nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from orkeon_engine.crews.dev_learn.prompt_catalogue import every_prompt
from orkeon_engine.domain.dev.learn_answer import LearnAnswer
from orkeon_engine.domain.dev.learn_brief import LEARN_SYSTEM, learn_user
from orkeon_engine.domain.dev.proposals import (
    MAX_MOTIFS,
    MIN_BATCHES,
    PROPOSALS_FILE,
    LearnRow,
    Motif,
    Proposal,
    ProposalBook,
    batches_of,
    by_axis,
    check_motif,
    parse_proposals,
    render_proposals,
    untreated_rows,
)
from orkeon_engine.domain.dev.sections import DevFileError, one_line
from orkeon_engine.domain.dev.verdict import Axis, mark_treated
from orkeon_engine.domain.errors import CommandFailedError, NotConfiguredError
from orkeon_engine.domain.model.rendered_prompt import RenderedPrompt
from orkeon_engine.ports.files import Files
from orkeon_engine.services.dev_step import DevStep
from orkeon_engine.services.dev_verdicts import StoredVerdict, read_verdicts, write_verdict
from orkeon_engine.services.work_folder import WorkFolder


@dataclass(frozen=True)
class LearnMaterial:
    """What /dev-learn reads: every verdict, their untreated rows by axis, PROPOSALS.md as it stands (its
    path), and a note for each file that does not read."""

    stored: tuple[StoredVerdict, ...]
    rows: dict[Axis, list[LearnRow]]
    book: ProposalBook
    file: str
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class LearnOutcome:
    """What /dev-learn did: the book as written, the proposals this run added, the rows it marked treated."""

    material: LearnMaterial
    book: ProposalBook
    added: tuple[Proposal, ...] = ()
    treated: tuple[str, ...] = ()


async def read_material(files: Files, folder: WorkFolder) -> LearnMaterial:
    """The verdicts, their untreated rows by axis and the proposals so far (`--list` shows this alone);
    CommandFailedError naming PROPOSALS.md when it does not read."""
    stored, notes = await read_verdicts(files, folder)
    file = f"{folder.folder}/{PROPOSALS_FILE}"
    return LearnMaterial(tuple(stored), by_axis(untreated_rows(s.verdict for s in stored)),
                         await _book(folder, file), file, tuple(notes))


async def run_dev_learn(step: DevStep, folder: WorkFolder, material: LearnMaterial,
                        files: Sequence[str]) -> LearnOutcome:
    """One extract an axis whose rows span three batches or more; the motifs checked, PROPOSALS.md written,
    the rows kept marked treated."""
    book = material.book
    added: list[Proposal] = []
    skipped: list[str] = []
    dropped: list[str] = []
    for axis, mine in material.rows.items():
        spanned = batches_of(mine)
        if len(spanned) < MIN_BATCHES:
            rows_span = f"{len(mine)} row spans" if len(mine) == 1 else f"{len(mine)} rows span"
            dropped.append(f"axis {axis} (filter: three batches): its {rows_span} {len(spanned)} "
                           f"batch{'es' if len(spanned) != 1 else ''}, not asked")
            continue
        answer = await _ask(step, axis, mine, book, files)
        if isinstance(answer, str):
            dropped.append(f"axis {axis}: {answer}")
            continue
        _sort(answer, axis, mine, files, book, added, dropped, skipped)
    written = dataclasses.replace(book, proposals=(*book.proposals, *added), skipped=tuple(skipped),
                                  dropped=tuple(dropped))
    await folder.write(material.file, render_proposals(written))
    treated = await _mark_treated(folder, material.stored, {row for proposal in added for row in proposal.rows})
    return LearnOutcome(material, written, tuple(added), treated)


async def _book(folder: WorkFolder, file: str) -> ProposalBook:
    text = await folder.read(file)
    if text is None:
        return ProposalBook()
    try:
        return parse_proposals(text, file)
    except DevFileError as error:
        raise CommandFailedError(f"{error}; fix it by hand (or move it aside) and run /dev-learn again") from None


async def _ask(step: DevStep, axis: Axis, rows: Sequence[LearnRow], book: ProposalBook,
               files: Sequence[str]) -> LearnAnswer | str:
    step.report(f"sorting the {len(rows)} untreated rows of the {axis} axis into motifs")
    try:
        return await step.llm.extract(LEARN_SYSTEM, learn_user(axis, rows, book.refused, files), LearnAnswer)
    except (CommandFailedError, NotConfiguredError) as error:  # ExtractFailure, LlmFailure
        return f"its answer could not be read ({error})"


def _sort(answer: LearnAnswer, axis: Axis, rows: Sequence[LearnRow], files: Sequence[str], book: ProposalBook,
          added: list[Proposal], dropped: list[str], skipped: list[str]) -> None:
    """Keep the motifs that hold (three at most over the run), and record what was skipped and dropped."""
    by_id = {row.id: row for row in rows}
    taken = {row for proposal in added for row in proposal.rows}
    known = set(files)
    for given in answer.motifs:
        motif, why = check_motif(Motif(given.cause, tuple(given.rows), given.line, given.kind, given.owner),
                                 axis, {k: v for k, v in by_id.items() if k not in taken}, known)
        if motif is None:
            dropped.append(why)
        elif len(added) == MAX_MOTIFS:
            dropped.append(f"motif {motif.cause[:80]} (filter: three at most): {MAX_MOTIFS} motifs are kept already")
        else:
            added.append(Proposal(book.next_id(len(added)), axis, "proposed", motif.cause, motif.line, motif.kind,
                                  motif.owner, motif.rows))
            taken.update(motif.rows)
    refused = {proposal.id for proposal in book.refused}
    for item in answer.skipped:
        found = one_line(item.refused).upper()
        if found in refused:
            skipped.append(f"{found} (refused): {one_line(item.why)}; the word: `{one_line(item.word)}`")
    dropped += [f"{one_line(item.candidate)} (filter: {one_line(item.filter)}): {one_line(item.reason)}"
                for item in answer.dropped]


async def _mark_treated(folder: WorkFolder, stored: Sequence[StoredVerdict], ids: set[str]) -> tuple[str, ...]:
    """Mark the rows named treated in their verdicts; the ids marked."""
    marked: list[str] = []
    for item in stored:
        verdict = item.verdict
        numbers = [n for n in range(1, len(verdict.rows) + 1) if f"{verdict.code}/{verdict.batch}/V{n}" in ids]
        if numbers:
            await write_verdict(folder, StoredVerdict(item.file, mark_treated(verdict, numbers)))
            marked += [f"{verdict.code}/{verdict.batch}/V{n}" for n in numbers]
    return tuple(marked)


def render_every_prompt() -> list[RenderedPrompt]:
    """Every prompt of this crew over sample inputs, as the model reads them (`orkeon prompts render`)."""
    return every_prompt()
