"""End to end: initializationOptions and workspace/didChangeConfiguration onto the session's settings."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from tests.support.lsp_session import run_command, status_rows


async def _change_configuration(client, settings) -> None:
    """Send didChangeConfiguration and wait for the server's log line saying it applied the change (a
    notification has no answer to wait for). A request first: once it answers, the engine is built and the
    initial settings' own log line has arrived."""
    await run_command(client, "status")
    seen = len(client.log_messages)
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=settings))
    while not any("applied to the session" in m.message for m in client.log_messages[seen:]):
        await asyncio.wait_for(client.wait_for_notification(types.WINDOW_LOG_MESSAGE), 30)


async def test_initialization_options_set_the_session_mode_and_settings(start_server):
    client = await start_server(initialization_options={"mode": "plan", "config": {"model": "openai/tiny"}})

    rows = status_rows(await run_command(client, "status"))

    assert rows["mode"] == "plan (session)"
    assert rows["model"] == "openai/tiny (from session)"


async def test_a_bad_value_is_answered_with_a_warning_and_the_default(start_server):
    client = await start_server(initialization_options={"mode": "reckless", "showMessages": "yes",
                                                        "config": {"model": 7}})

    rows = status_rows(await run_command(client, "status"))

    warnings = [m.message for m in client.messages if m.type == types.MessageType.Warning]
    assert any("mode: 'reckless' is not accepted" in w and "left unset" in w for w in warnings)
    assert any("showMessages: 'yes' is not accepted" in w for w in warnings)
    assert any("config: model: 7 is not accepted" in w for w in warnings)
    assert rows["mode"] == "default (fallback)"
    assert rows["model"].startswith("not configured")


async def test_an_unknown_resume_id_warns_and_continues_the_workspaces_current_session(start_server):
    client = await start_server(initialization_options={"resume": "no-such-session"})

    rows = status_rows(await run_command(client, "status"))

    assert rows["session"]
    assert any("resume" in m.message and "current session is continued" in m.message for m in client.messages)


async def test_did_change_configuration_applies_what_changed(start_server):
    client = await start_server(initialization_options={"config": {"model": "openai/first"}})

    await _change_configuration(client, {"orkeon": {"mode": "acceptEdits", "config": {"model": "openai/second"}}})

    rows = status_rows(await run_command(client, "status"))
    assert rows["model"] == "openai/second (from session)"
    assert rows["mode"] == "acceptEdits (session)"


async def test_a_settings_key_the_client_stops_sending_is_unset(start_server):
    client = await start_server(initialization_options={"config": {"model": "openai/first"}})

    await _change_configuration(client, {"orkeon": {}})

    assert status_rows(await run_command(client, "status"))["model"].startswith("not configured")


async def test_a_notification_without_settings_pulls_the_orkeon_section(start_server):
    client = await start_server(configuration={"orkeon": {"config": {"model": "openai/pulled"}}})

    await _change_configuration(client, None)

    assert status_rows(await run_command(client, "status"))["model"] == "openai/pulled (from session)"


async def test_the_log_level_filters_the_log_messages(start_server):
    client = await start_server(initialization_options={"logLevel": "error"})

    await run_command(client, "status")

    assert client.log_messages == []
