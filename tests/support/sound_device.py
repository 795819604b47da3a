"""FakeSoundDevice: the few calls of the sounddevice module that recording makes, with the devices a test
gives; it records silence."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class _Frames:
    count: int

    def tobytes(self) -> bytes:
        return b"\0\0" * self.count


@dataclass
class FakeSoundDevice:
    devices: list[dict[str, Any]] = field(default_factory=list)
    recorded: list[tuple[int, int, Any]] = field(default_factory=list)

    def query_devices(self) -> list[dict[str, Any]]:
        return self.devices

    def rec(self, frames: int, samplerate: int, channels: int, dtype: str, device: Any) -> _Frames:
        self.recorded.append((frames, samplerate, device))
        return _Frames(frames)

    def wait(self) -> None:
        return None
