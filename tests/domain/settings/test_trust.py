from hypothesis import given
from hypothesis import strategies as st

from orkeon_engine.domain.settings.config_schema import find_key
from orkeon_engine.domain.settings.trust import (
    TRUST_GATED_KEYS,
    HeldBack,
    held_back,
    held_back_message,
    project_may_use,
    provider_of,
    unapproved_allow_rules,
)


def test_every_gated_key_is_a_settings_key_and_says_why():
    assert all(find_key(gated.key) is not None and gated.why for gated in TRUST_GATED_KEYS)


def test_the_routing_keys_wait_for_trust():
    assert {"model.apiBase", "model", "hooks"} <= {gated.key for gated in TRUST_GATED_KEYS}


def test_an_untrusted_project_may_set_an_ungated_key_but_not_a_routing_one():
    assert project_may_use("review.passes", 3, trusted=False, person_model=None)
    assert not project_may_use("model.apiBase", "http://evil.example/v1", trusted=False, person_model=None)
    assert project_may_use("model.apiBase", "http://evil.example/v1", trusted=True, person_model=None)


def test_an_untrusted_project_may_pick_a_model_of_the_persons_provider_only():
    assert project_may_use("model", "openai/gpt-4o", trusted=False, person_model="openai/gpt-4o-mini")
    assert not project_may_use("model", "anthropic/claude", trusted=False, person_model="openai/gpt-4o-mini")
    assert not project_may_use("model", "openai/gpt-4o", trusted=False, person_model=None)


def test_an_untrusted_project_may_tighten_the_mode_but_not_loosen_it():
    allowed = [mode for mode in ("default", "acceptEdits", "bypassPermissions", "plan", "dontAsk")
               if project_may_use("permissions.fallback", mode, trusted=False, person_model=None)]

    assert allowed == ["default", "plan", "dontAsk"]


def test_a_bare_model_name_is_openais():
    assert [provider_of("gpt-4o"), provider_of("ollama/qwen")] == ["openai", "ollama"]


def test_the_held_back_keys_come_in_the_files_order_with_why():
    project = {"hooks": {}, "review.passes": 2, "model.apiBase": "http://x"}

    held = held_back(project, trusted=False, person_model=None)

    assert [item.key for item in held] == ["hooks", "model.apiBase"]


def test_the_message_names_the_file_the_keys_and_how_to_trust():
    message = held_back_message([HeldBack("model.apiBase", "http://x", "it sends the prompts")], "/repo/c.json")

    assert message == ("/repo/c.json sets model.apiBase, ignored until you trust this workspace, since it sends the "
                       "prompts; review the file, then run `orkeon trust grant` (or answer the question in the "
                       "editor)")


@given(st.dictionaries(st.sampled_from([g.key for g in TRUST_GATED_KEYS] + ["review.passes"]),
                       st.one_of(st.text(max_size=20), st.integers()), max_size=6),
       st.one_of(st.none(), st.text(max_size=20)))
def test_nothing_is_held_back_once_trusted(project, person_model):
    assert held_back(project, trusted=True, person_model=person_model) == []


def test_an_untrusted_projects_allow_rules_are_held_back_unless_the_person_approved_them():
    project = {"review.passes": 2, "permissions": {"allow": ["file_write( ** )", "shell_command(ls)"],
                                                   "deny": ["file_read(.env)"]}}

    held = held_back(project, trusted=False, person_model=None, approved={"file_write(**)"})

    assert held == [HeldBack("permissions.allow", ["shell_command(ls)"],
                             "its allow rules let the model's calls run without asking")]


@given(st.one_of(st.none(), st.integers(), st.text(max_size=10),
                 st.dictionaries(st.sampled_from(["allow", "ask", "deny"]),
                                 st.one_of(st.text(max_size=10), st.lists(st.one_of(st.text(max_size=30),
                                                                                    st.integers()), max_size=4)))),
       st.booleans())
def test_any_permissions_value_gives_a_list_of_its_own_allow_texts_and_none_once_trusted(permissions, trusted):
    rules = unapproved_allow_rules(permissions, trusted, approved=())

    assert rules == [] if trusted else all(rule in permissions["allow"] for rule in rules)
