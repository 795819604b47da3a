"""create_pr: a pull request opened on GitHub for a branch already pushed to origin.

The tool of class network: it asks before it runs in default and acceptEdits, runs in bypassPermissions,
and is not offered in the read-only modes (plan, dontAsk); a rule `create_pr(domain:api.github.com)`
allows it for that API's host. It goes through services/pull_requests.py like /commit --pr: the token is
the adapter's, never in the arguments nor the answer; without one (or when GitHub refuses) the answer
says why and gives the `gh pr create` command the person can run.
"""

from __future__ import annotations

from typing import ClassVar

from pydantic import BaseModel, ConfigDict, Field

from orkeon_engine.domain.git.pull_requests import ApiUrlError, PullRequestDraft, api_host
from orkeon_engine.domain.tool_call import ToolCall, ToolClass, ToolResult
from orkeon_engine.ports.git import GitError
from orkeon_engine.services.pull_requests import PullRequestPorts, api_url_setting, open_pull_request
from orkeon_engine.tools.base import Tool

MAX_TITLE = 256


class CreatePrInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1, max_length=MAX_TITLE, description="The pull request's title: one line.")
    body: str = Field("", description="The pull request's description, in Markdown: what changes and why.")
    base: str | None = Field(None, description="The branch to merge into; the repository's default branch when "
                                               "left out.")
    head: str | None = Field(None, description="The pushed branch that brings the change; the current branch "
                                               "when left out.")


class CreatePrTool(Tool[CreatePrInput]):
    name: ClassVar[str] = "create_pr"
    tool_class: ClassVar[ToolClass] = "network"
    description: ClassVar[str] = (
        "Open a pull request on GitHub for a branch already pushed to origin (push it first). The answer gives "
        "the pull request's URL, or says why it was not opened and the gh command that opens it by hand."
    )
    Input = CreatePrInput

    def __init__(self, ports: PullRequestPorts) -> None:
        self._ports = ports

    async def describe(self, args: CreatePrInput) -> ToolCall:
        try:
            host: str | None = api_host(await api_url_setting(self._ports.config))
        except ApiUrlError:
            host = None
        where = f"{args.head or 'the current branch'} into {args.base or 'the default branch'}"
        return ToolCall(self.name, self.tool_class, args.model_dump(), domain=host,
                        preview=f"open a pull request of {where}: {args.title}")

    async def run(self, args: CreatePrInput) -> ToolResult:
        try:
            head = args.head or await self._ports.git.current_branch()
            base = args.base or await self._ports.git.default_branch()
        except GitError as error:
            return ToolResult(f"create_pr could not read the repository: {error}", is_error=True)
        if head is None:
            return ToolResult("create_pr: HEAD is detached; name the pushed branch as head", is_error=True)
        if base is None:
            return ToolResult("create_pr: the default branch is not known; name the branch to merge into as base",
                              is_error=True)
        if head == base:
            return ToolResult(f"create_pr: head and base are both {head}; a pull request brings one branch into "
                              "another", is_error=True)
        outcome = await open_pull_request(PullRequestDraft(args.title.strip(), args.body, base, head), self._ports)
        if outcome.url is None:
            return ToolResult(f"The pull request was not opened: {outcome.reason}. The person can open it with:\n"
                              f"{outcome.gh_command}", is_error=True, data={"ghCommand": outcome.gh_command})
        said = "is already open" if outcome.already_open else "was opened"
        return ToolResult(f"The pull request #{outcome.number} of {head} into {base} {said}: {outcome.url}",
                          data={"url": outcome.url, "number": outcome.number})
