from orkeon_engine.domain.extensions.skills import cap_skill, paths_from_state, skill_from_text


def test_a_text_within_the_cap_is_kept_whole():
    assert cap_skill("short\n", limit=100) == ("short\n", False)


def test_a_long_text_is_cut_after_a_whole_line_and_marked():
    text = "".join(f"line {n}\n" for n in range(100))

    shown, cut = cap_skill(text, limit=60)

    assert cut
    body, marker = shown.rsplit("\n", 1)
    assert text.startswith(body + "\n")
    assert marker == f"[cut: the first {len(body) + 1} of {len(text)} characters of this playbook are shown]"


def test_a_skill_keeps_the_full_size_of_its_file():
    skill = skill_from_text("/workspace/docs/review.md", "x" * 50, limit=10)

    assert (skill.size, skill.cut, skill.name) == (50, True, "review.md")


def test_the_state_bag_value_reads_as_paths_or_none():
    assert paths_from_state(["/workspace/a.md", 3]) == ["/workspace/a.md"]
    assert paths_from_state({"a": 1}) == []
