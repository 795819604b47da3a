from devtools.crew_contract import _problem

CREWS = "orkeon_engine.crews"
PURE = ["orkeon_engine.domain", "pydantic"]


def _check(importer, imported):
    return _problem(CREWS, PURE, importer.split("."), imported)


def test_a_pure_crew_module_may_import_domain_and_its_siblings():
    assert _check("orkeon_engine.crews.review.prompts", "orkeon_engine.domain.git.diff") == ""
    assert _check("orkeon_engine.crews.review.prompts", "orkeon_engine.crews.review.lenses") == ""


def test_a_pure_crew_module_may_not_import_a_service():
    assert "outside domain" in _check("orkeon_engine.crews.review.prompts", "orkeon_engine.services.llm")


def test_a_pure_crew_module_may_not_import_its_run_module():
    assert "run.py" in _check("orkeon_engine.crews.review.prompts", "orkeon_engine.crews.review.run")


def test_a_pure_crew_module_may_not_do_io():
    assert "I/O" in _check("orkeon_engine.crews.review.parse", "subprocess")


def test_run_may_import_services():
    assert _check("orkeon_engine.crews.review.run", "orkeon_engine.services.llm") == ""


def test_a_step_of_a_cut_run_may_import_services():
    assert _check("orkeon_engine.crews.main_loop.run_prompt", "orkeon_engine.services.turn_inputs") == ""


def test_a_pure_crew_module_may_not_import_a_step_of_its_run():
    assert "run.py" in _check("orkeon_engine.crews.main_loop.body", "orkeon_engine.crews.main_loop.run_prompt")


def test_a_command_reaches_a_crew_through_run_only():
    assert _check("orkeon_engine.commands.git.review", "orkeon_engine.crews.review.run") == ""
    assert "through its run.py" in _check("orkeon_engine.commands.git.review", "orkeon_engine.crews.review.prompts")


def test_a_command_does_not_reach_a_step_of_a_crews_run():
    problem = _check("orkeon_engine.commands.status.context", "orkeon_engine.crews.main_loop.run_context")

    assert "through its run.py" in problem
