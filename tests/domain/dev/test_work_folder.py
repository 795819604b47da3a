import pytest
from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.dev.work_folder import (
    WorkCodeError,
    WorkPlace,
    check_code,
    check_work_folder,
    exists_refusal,
    kind_taken,
    taken_refusal,
)


def test_a_short_slug_is_a_code():
    assert check_code("cart-save_2") == "cart-save_2"


@pytest.mark.parametrize(("code", "said"), [
    ("", "a work code is needed"),
    ("   ", "a work code is needed"),
    ("a/b", "path separator"),
    ("a\\b", "path separator"),
    ("..", "`..`"),
    ("a..b", "`..`"),
    ("x" * 41, "41 characters long"),
    ("-cart", "holds '-'"),
    ("cart save", "holds ' '"),
    ("café", "holds 'é'"),
    (".hidden", "holds '.'"),
])
def test_a_code_that_cannot_name_one_folder_is_refused_saying_why(code, said):
    with pytest.raises(WorkCodeError) as refused:
        check_code(code)

    assert said in str(refused.value) and "letters, digits, - and _" in str(refused.value)


@given(st.text(max_size=50))
def test_a_code_accepted_names_one_folder_inside_the_work_folder(code):
    try:
        checked = check_code(code)
    except WorkCodeError:
        return

    assert "/" not in checked and "\\" not in checked and ".." not in checked and 0 < len(checked) <= 40


@pytest.mark.parametrize(("value", "folder"), [
    (".orkeon/work", ".orkeon/work"), ("./work/", "work"), ("docs/dev-work", "docs/dev-work"),
])
def test_a_work_folder_inside_the_workspace_is_taken_clean(value, folder):
    assert check_work_folder(value) == folder


@pytest.mark.parametrize(("value", "said"), [
    ("/etc", "absolute path"), ("~/work", "absolute path"), ("C:/work", "absolute path"),
    ("../elsewhere", "`..`"), ("work/../../x", "`..`"), (".git/work", "git's own store"), ("", "workspace itself"),
    (".", "workspace itself"), ("a\\b", "backslash"), ("work dir", "other than letters"),
])
def test_a_work_folder_setting_leaving_the_workspace_is_refused(value, said):
    with pytest.raises(WorkCodeError) as refused:
        check_work_folder(value)

    assert said in str(refused.value) and "dev.workFolder" in str(refused.value)


def test_a_place_names_its_files_under_the_folder():
    place = WorkPlace(".orkeon/work", "cart")

    assert (place.work_file("spec"), place.work_file("brief"), place.review_file) == (
        ".orkeon/work/cart/spec.md", ".orkeon/work/cart/brief.md", ".orkeon/work/cart/review.md")


def test_the_kind_a_folder_holds_comes_from_its_files():
    assert kind_taken({"spec": False, "brief": True}) == "brief"
    assert kind_taken({"spec": False, "brief": False}) is None


def test_a_code_taken_by_a_spec_tells_how_to_go_on_with_it():
    said = taken_refusal(WorkPlace(".orkeon/work", "cart"), "spec", "brief")

    assert "taken by a spec (.orkeon/work/cart/spec.md)" in said and "/dev-spec cart" in said


def test_a_new_description_for_an_existing_work_says_the_code_alone_resumes():
    said = exists_refusal(WorkPlace(".orkeon/work", "cart"), "brief")

    assert said.startswith(".orkeon/work/cart/brief.md already exists: /dev-spec cart goes on with it")
