from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.checks.check_failure import MAX_LINES, inside_project, trim_failure

ROOT = "/home/dev/shop"
PYTEST_OUTPUT = """\
FF                                                                       [100%]
=================================== FAILURES ===================================
___________________________________ test_add ___________________________________

    def test_add():
>       assert add(2, 3) == 5
E       assert -1 == 5
E        +  where -1 = add(2, 3)

tests/test_calc.py:5: AssertionError
__________________________________ test_parse __________________________________

    def test_parse():
>       assert parse("{bad") == 1
               ^^^^^^^^^^^^^

tests/test_calc.py:9:
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _
calc.py:9: in parse
    return json.loads(text)["x"]
           ^^^^^^^^^^^^^^^^
/usr/lib/python3.11/json/__init__.py:346: in loads
    return _default_decoder.decode(s)
_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _

self = <json.decoder.JSONDecoder object at 0x7f1f76d28510>, s = '{bad', idx = 0

    def raw_decode(self, s, idx=0):
        try:
>           obj, end = self.scan_once(s, idx)
E           json.decoder.JSONDecodeError: Expecting property name: line 1 column 2 (char 1)

/usr/lib/python3.11/json/decoder.py:353: JSONDecodeError
=========================== short test summary info ============================
FAILED tests/test_calc.py::test_add - assert -1 == 5
FAILED tests/test_calc.py::test_parse - json.decoder.JSONDecodeError: Expecti...
2 failed in 0.26s
"""
COLLECTION_ERROR = """\
==================================== ERRORS ====================================
_____________________ ERROR collecting tests/test_calc.py ______________________
ImportError while importing test module '/home/dev/shop/tests/test_calc.py'.
Traceback:
/usr/lib/python3.11/importlib/__init__.py:126: in import_module
    return _bootstrap._gcd_import(name[level:], package, level)
tests/test_calc.py:1: in <module>
    from calc import add
E   ModuleNotFoundError: No module named 'calc'
=========================== short test summary info ============================
ERROR tests/test_calc.py
1 error in 0.25s
"""
UNITTEST_OUTPUT = """\
F
======================================================================
FAIL: test_a (tests.test_u.T.test_a)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/usr/lib/python3.11/unittest/case.py", line 57, in testPartExecutor
    yield
  File "/home/dev/shop/tests/test_u.py", line 5, in test_a
    self.assertEqual(add(1,2),3)
AssertionError: -1 != 3
"""


def test_the_assertion_and_the_failing_line_are_kept():
    trimmed = trim_failure(PYTEST_OUTPUT, ROOT)

    assert "--- test_add\n>       assert add(2, 3) == 5\nE       assert -1 == 5" in trimmed


def test_a_project_frame_keeps_its_location_and_source():
    trimmed = trim_failure(PYTEST_OUTPUT, ROOT)

    assert 'calc.py:9: in parse\n    return json.loads(text)["x"]' in trimmed


def test_frames_outside_the_project_keep_only_their_error():
    trimmed = trim_failure(PYTEST_OUTPUT, ROOT)

    assert "/usr/lib" not in trimmed and "raw_decode" not in trimmed and "self = <json" not in trimmed
    assert "E           json.decoder.JSONDecodeError: Expecting property name" in trimmed
    assert "[2 frames outside the project left out]" in trimmed


def test_the_progress_is_left_out_and_the_summary_kept():
    trimmed = trim_failure(PYTEST_OUTPUT, ROOT)

    assert "[100%]" not in trimmed and "^^^" not in trimmed
    assert trimmed.endswith("FAILED tests/test_calc.py::test_parse - json.decoder.JSONDecodeError: Expecti...\n"
                            "2 failed in 0.26s")


def test_a_collection_error_keeps_the_import_that_failed():
    trimmed = trim_failure(COLLECTION_ERROR, ROOT)

    assert "tests/test_calc.py:1: in <module>\n    from calc import add\nE   ModuleNotFoundError" in trimmed
    assert "importlib" not in trimmed


def test_a_python_traceback_keeps_the_projects_frames_by_their_absolute_path():
    trimmed = trim_failure(UNITTEST_OUTPUT, ROOT)

    assert '  File "/home/dev/shop/tests/test_u.py", line 5, in test_a' in trimmed
    assert "unittest/case.py" not in trimmed and "AssertionError: -1 != 3" in trimmed


def test_other_output_keeps_its_last_lines_without_the_installed_packages():
    output = "\n".join([f"line {n}" for n in range(100)] + ["    at run (node_modules/jest/run.js:3:1)", "FAIL"])

    trimmed = trim_failure(output, ROOT)

    assert trimmed.splitlines()[-1] == "FAIL" and "node_modules" not in trimmed
    assert len(trimmed.splitlines()) == MAX_LINES


def test_an_absolute_path_is_the_projects_only_under_its_root():
    assert inside_project("/home/dev/shop/calc.py", ROOT) and not inside_project("/home/dev/other.py", ROOT)
    assert not inside_project(".venv/lib/python3.11/site-packages/x.py", ROOT)
    assert not inside_project("/home/dev/shop/calc.py", "")


@given(st.text(max_size=3_000))
def test_any_output_is_trimmed_to_at_most_the_cap_without_raising(output):
    assert len(trim_failure(output, ROOT).split("\n")) <= MAX_LINES
