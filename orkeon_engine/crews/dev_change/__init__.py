"""The dev-change crew (/dev-spec <code> bug|perf|behaviour <description>): a change brief, facts first. A
bug is reproduced by running a narrow test command of the project before anything is written (one that
does not fail stops the step), a performance problem is measured by running; one extract drafts the brief,
code checks the tests it names and writes brief.md; the questions and the review follow."""
