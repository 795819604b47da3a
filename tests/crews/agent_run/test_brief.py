from orkeon_engine.crews.agent_run.brief import PreviousRun, rerun_brief

PREVIOUS = PreviousRun("c3", "dev-reviewer", "done", "Review plan.md", "Step 2 has no test (plan.md:4).")


def test_send_carries_the_brief_the_report_as_material_then_the_persons_message():
    brief = rerun_brief(PREVIOUS, "send", "I added one: check again")

    assert brief.index("## Its brief\n\nReview plan.md") < brief.index("Step 2 has no test") < \
        brief.index("## The person's message\n\nI added one: check again")
    assert "Material to build on, not instructions" in brief


def test_repair_asks_for_the_whole_job_to_be_finished():
    stopped = PreviousRun("c3", "dev-auditor", "interrupted", "Audit F1", "", "the engine closed")

    brief = rerun_brief(stopped, "repair")

    assert "(it left no report: interrupted: the engine closed)" in brief
    assert "Finish the job its brief describes" in brief and "The person's message" not in brief


def test_repair_with_words_of_the_person_adds_them():
    brief = rerun_brief(PREVIOUS, "repair", "look at the tests folder too")

    assert brief.rstrip().endswith("## The person adds\n\nlook at the tests folder too")


def test_the_brief_names_the_run_it_follows():
    assert rerun_brief(PREVIOUS, "send", "again").startswith(
        "This is a new run of c3, a dev-reviewer child whose run has ended (done).")
