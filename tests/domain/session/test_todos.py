from orkeon_engine.domain.session.todos import TodoItem, read_todos, todo_problem, todo_summary

ITEMS = (TodoItem("Read the parser", "completed"), TodoItem("Split it", "in_progress"), TodoItem("Run the tests"))


def test_the_summary_counts_the_done_steps_and_names_the_current_one():
    assert todo_summary(ITEMS) == "1 of 3 done; now: Split it"


def test_the_lines_mark_each_status():
    assert [item.line() for item in ITEMS] == ["[x] Read the parser", "[>] Split it", "[ ] Run the tests"]


def test_a_kept_list_reads_back_and_what_does_not_fit_is_left_out():
    kept = [item.as_json() for item in ITEMS] + [{"content": "x", "status": "later"}, "junk"]

    assert read_todos(kept) == ITEMS
    assert read_todos(None) == ()


def test_a_step_given_twice_is_refused():
    assert "listed twice" in (todo_problem((TodoItem("Split it"), TodoItem("split  it", "completed"))) or "")


def test_an_empty_list_says_so_and_a_finished_one_says_all():
    assert todo_summary(()) == "no todo list"
    assert todo_summary((TodoItem("a", "completed"),)) == "all 1 done"
