"""Pure rules and data: no I/O, no clock, no asyncio, no framework but pydantic."""
