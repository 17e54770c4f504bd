"""The sheet's fighter section: each maneuver's efficacy and rounds to wait, and the
breaking point."""

from __future__ import annotations

from hearthroll.core.campaign.state import Character
from hearthroll.core.games.encounter.efficacy import efficacy_of
from hearthroll.core.games.encounter.rounds import needs_encounter
from hearthroll.core.games.sections import Line, Section
from hearthroll.core.rules.model import Ruleset


def fighter_section(ruleset: Ruleset, character: Character) -> Section | None:
    """The sheet's maneuvers (efficacy, rounds each waits) and breaking point, where the
    ruleset fights in encounters; its JSON fields: cooldowns, efficacy, breaking_point."""
    moves = [m for m in ruleset.moves if needs_encounter(m)]
    if not moves:
        return None
    checked = ruleset.efficacy is not None
    lines = []
    for move in moves:
        skill = (
            f"{efficacy_of(ruleset, character, move)} " if move.efficacy_check and checked else ""
        )
        waits = character.cooldowns.get(move.id, 0)
        lines.append(Line(move.name, f"{skill}{f'waits {waits}' if waits else 'ready'}", waits))
    if character.breaking_point is not None:
        lines.append(Line("breaking point", str(character.breaking_point), warn=True))
    data = {
        "cooldowns": dict(character.cooldowns),
        "efficacy": {
            m.id: efficacy_of(ruleset, character, m)
            for m in ruleset.moves
            if m.efficacy_check and checked
        },
        "breaking_point": character.breaking_point,
    }
    return Section("fighter", "maneuvers", tuple(lines), data)
