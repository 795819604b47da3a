"""The `model.pricing` setting: prices in US dollars per million tokens, for the models litellm cannot price
(a local server, a team proxy's own names).

Two shapes are accepted. One price for every model::

    {"input": 0.15, "output": 0.60}

or a price per model, by the name as configured (`openai/qwen-coder`) or without its provider prefix, with
`"*"` for the rest::

    {"openai/qwen-coder": {"input": 0, "output": 0}, "*": {"input": 1.0, "output": 3.0}}

Each price may also give `cacheRead` and `cacheWrite`: then the cached part of the prompt is priced at
those rates and the rest at `input`; without them the whole prompt is priced at `input`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from orkeon_engine.domain.model.call_usage import Usage

PRICE_FIELDS = ("input", "output", "cacheRead", "cacheWrite")
SHAPE = ('{"input": <$ per million>, "output": <$ per million>} or '
         '{"<model>": {"input": ..., "output": ...}, "*": {...}}')


class PricingError(ValueError):
    """A `model.pricing` value that does not have one of the two shapes; the message says which."""


@dataclass(frozen=True)
class Price:
    """Dollars per million tokens."""

    input: float
    output: float
    cache_read: float | None = None
    cache_write: float | None = None

    def cost(self, usage: Usage) -> float:
        cached = usage.cache_read_tokens + usage.cache_write_tokens
        if self.cache_read is None and self.cache_write is None:
            prompt = usage.input_tokens * self.input
        else:
            fresh = max(usage.input_tokens - cached, 0)
            prompt = (fresh * self.input
                      + usage.cache_read_tokens * (self.input if self.cache_read is None else self.cache_read)
                      + usage.cache_write_tokens * (self.input if self.cache_write is None else self.cache_write))
        return (prompt + usage.output_tokens * self.output) / 1_000_000


@dataclass(frozen=True)
class Pricing:
    """The prices of the setting: one for every model, or one per model name."""

    every_model: Price | None = None
    by_model: Mapping[str, Price] | None = None

    def price_for(self, model: str) -> Price | None:
        if self.every_model is not None:
            return self.every_model
        table = self.by_model or {}
        bare = model.split("/", 1)[1] if "/" in model else model
        return table.get(model) or table.get(bare) or table.get("*")

    def cost(self, model: str, usage: Usage) -> float | None:
        """The call's cost, or None when no price applies to that model."""
        price = self.price_for(model)
        return None if price is None else price.cost(usage)


NO_PRICING = Pricing()


def parse_pricing(value: Any) -> Pricing:
    """Read the setting's value (None: no pricing); PricingError naming the problem and the shapes."""
    if value is None:
        return NO_PRICING
    if not isinstance(value, dict):
        raise PricingError(f"model.pricing must be an object: {SHAPE}")
    if any(key in value for key in PRICE_FIELDS):
        return Pricing(every_model=_price(value, "model.pricing"))
    prices = {}
    for model, entry in value.items():
        if not isinstance(entry, dict):
            raise PricingError(f"model.pricing.{model} must be an object with input and output: {SHAPE}")
        prices[str(model)] = _price(entry, f"model.pricing.{model}")
    return Pricing(by_model=prices)


def _price(entry: dict[str, Any], where: str) -> Price:
    unknown = sorted(set(entry) - set(PRICE_FIELDS))
    if unknown:
        raise PricingError(f"{where}: unknown field {unknown[0]!r}; the fields are {', '.join(PRICE_FIELDS)}")
    for name in ("input", "output"):
        if name not in entry:
            raise PricingError(f"{where}: {name} is missing (dollars per million tokens)")
    numbers: dict[str, float | None] = {}
    for name in PRICE_FIELDS:
        raw = entry.get(name)
        if raw is None:
            numbers[name] = None
            continue
        if isinstance(raw, bool) or not isinstance(raw, int | float) or raw < 0:
            raise PricingError(f"{where}.{name}: {raw!r} is not a price (a number >= 0, dollars per million tokens)")
        numbers[name] = float(raw)
    return Price(float(numbers["input"] or 0.0), float(numbers["output"] or 0.0),
                 numbers["cacheRead"], numbers["cacheWrite"])
