"""Pure rules and data: no I/O, no clock, no asyncio, no framework but pydantic; a subpackage a concern, in
layers (docs/architecture.md, "The domain's map"), with the few types every layer shares beside this file."""
