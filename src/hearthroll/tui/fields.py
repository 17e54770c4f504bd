"""The sheet fields the edit modal suggests (the engine checks whatever is typed)."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.assets import field_names, kind_of
from hearthroll.core.games.momentum import meter_of
from hearthroll.core.rules.model import Ruleset

CHARACTER_FIELDS = ("level", "xp", "rerolls", "armor", "forward", "ongoing", "notes", "template")


def field_paths(state: Campaign, ruleset: Ruleset) -> list[str]:
    """`NAME.field` for every character, `ASSET.field` for every companion and vehicle, and
    `steading.field`, as `set_field` reads them."""
    meters = [m.id for m in ruleset.meters if kind_of(ruleset, m.id) is None]
    gauge = meter_of(ruleset)  # momentum's max is its impacts': not set by hand
    fields = [
        *CHARACTER_FIELDS,
        *meters,
        *(f"max_{m}" for m in meters if gauge is None or m != gauge.id),
        *(s.id for s in ruleset.stats),
        *(h.id for h in ruleset.holds),
        *(c.id for c in ruleset.conditions if kind_of(ruleset, c.id) is None),
    ]
    paths = [f"{name}.{field}" for name in state.characters for field in fields]
    for character in state.characters.values():
        for asset in character.assets or ():
            names = field_names(ruleset, asset)
            paths += [f"{asset.name}.{n}" for n in names if not n.startswith("max_")]
    spec = ruleset.steading
    if state.steading is not None and spec is not None:
        steading = [
            "name",
            "size",
            "season",
            *(s.id for s in spec.stats),
            *(f.id for f in spec.flags),
        ]
        paths += [f"steading.{field}" for field in steading]
    return paths


def ongoing_words(text: str) -> tuple[int, int] | str:
    """An ongoing penalty as the GM types it in the edit modal: `-1 3` (or `-1 for 3 rolls`)
    is -1 on the next 3 rolls, `0` clears it; else what to type."""
    words = [w for w in text.replace("−", "-").split() if w not in ("for", "rolls", "roll")]
    numbers = [w for w in words if w.lstrip("+-").isdigit()]
    if len(numbers) != len(words) or not numbers or len(numbers) > 2:
        return "an ongoing penalty is the amount and the rolls it lasts: -1 3 (0 clears it)"
    amount = int(numbers[0])
    if amount and len(numbers) < 2:
        return f"say how many rolls it lasts: {amount:+d} 3"
    return amount, int(numbers[1]) if len(numbers) > 1 else 0
