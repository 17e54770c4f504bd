"""The sheet fields the edit modal suggests (the engine checks whatever is typed)."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset

CHARACTER_FIELDS = ("level", "xp", "rerolls", "armor", "forward", "notes", "template")


def field_paths(state: Campaign, ruleset: Ruleset) -> list[str]:
    """`NAME.field` for every character and `steading.field`, as `set_field` reads them."""
    fields = [
        *CHARACTER_FIELDS,
        *(m.id for m in ruleset.meters),
        *(f"max_{m.id}" for m in ruleset.meters),
        *(s.id for s in ruleset.stats),
        *(h.id for h in ruleset.holds),
        *(c.id for c in ruleset.conditions),
    ]
    paths = [f"{name}.{field}" for name in state.characters for field in fields]
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
