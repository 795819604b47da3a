"""The session's attached skills: attach and detach playbook files (through the Files port), and read
their capped texts for the assistant's prompt (`attached_skills`, which the main loop calls each turn)."""

from __future__ import annotations

from collections.abc import Sequence

from orkeon_engine.domain.errors import CommandFailedError
from orkeon_engine.domain.extensions.skills import (
    MAX_SKILLS,
    SKILLS_STATE_KEY,
    AttachedSkill,
    paths_from_state,
    skill_from_text,
)
from orkeon_engine.ports.files import Files, FilesError
from orkeon_engine.services.session_io import CurrentSession


async def attached_paths(session: CurrentSession) -> list[str]:
    """The attached playbooks' virtual paths, in the order they were attached."""
    return paths_from_state(await session.get_state(SKILLS_STATE_KEY))


async def attached_skills(session: CurrentSession, files: Files) -> list[AttachedSkill]:
    """Every attached playbook read now, capped and marked when cut; one that cannot be read comes back
    with its error and no text, so the caller can say so instead of failing the turn."""
    skills = []
    for path in await attached_paths(session):
        try:
            skills.append(skill_from_text(path, await files.read_text(path)))
        except FilesError as error:
            skills.append(AttachedSkill(path, error=error.reason))
    return skills


async def attach(session: CurrentSession, files: Files, paths: Sequence[str]) -> list[AttachedSkill]:
    """Attach readable files (an already attached one is kept once); CommandFailedError naming the first
    path that cannot be read, or when the session would hold more than MAX_SKILLS, and nothing changes."""
    current = await attached_paths(session)
    added: list[AttachedSkill] = []
    for wanted in paths:
        try:
            path = files.resolve(wanted)
            text = await files.read_text(path)
        except FilesError as error:
            raise CommandFailedError(f"cannot attach {error}; nothing was attached") from None
        if path not in current and all(skill.path != path for skill in added):
            added.append(skill_from_text(path, text))
    if len(current) + len(added) > MAX_SKILLS:
        raise CommandFailedError(f"a session holds {MAX_SKILLS} skills at most ({len(current)} attached); "
                                 "detach some first")
    await session.set_state(SKILLS_STATE_KEY, current + [skill.path for skill in added])
    return added


async def detach(session: CurrentSession, files: Files, paths: Sequence[str]) -> list[str]:
    """Detach the named playbooks (all of them when `paths` is empty); the detached paths. A name that is
    not attached is a CommandFailedError listing what is."""
    current = await attached_paths(session)
    if not paths:
        await session.set_state(SKILLS_STATE_KEY, None)
        return current
    wanted: list[str] = []
    for name in paths:
        try:
            path = files.resolve(name)
        except FilesError as error:
            raise CommandFailedError(f"cannot detach {error}") from None
        if path not in current:
            listed = ", ".join(current) or "none"
            raise CommandFailedError(f"{path} is not attached; attached: {listed}")
        wanted.append(path)
    remaining = [path for path in current if path not in wanted]
    await session.set_state(SKILLS_STATE_KEY, remaining or None)
    return wanted
