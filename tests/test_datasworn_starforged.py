"""Starforged's Datasworn package read into the catalog, in both shapes (0.0.10 and 0.1.x):
its moves roll as the rules say, its oracle tables land where the JSON says, its assets and
foes read as cards, and every item keeps its credit."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from hearthroll.core.rules.model import Catalog, Move, Ruleset, Table
from hearthroll.store.rulesets import load_catalog

DATA = Path(__file__).parent / "data" / "datasworn"
SHAPES = {"0.1": DATA / "starforged-0.1.0.json", "0.0": DATA / "starforged-0.0.10.json"}
EXPANSION = DATA / "expansion.json"
CATALOGS: dict[str, Catalog] = {}


def catalog(shape: str) -> Catalog:
    """The shipped catalog with one shape of the trimmed package (read once a run)."""
    if shape not in CATALOGS:
        CATALOGS[shape] = load_catalog([SHAPES[shape]], with_user=False)
    return CATALOGS[shape]


def starforged(shape: str) -> Ruleset:
    return catalog(shape).ruleset("starforged")


def imported(shape: str) -> list[Move]:
    return [m for m in starforged(shape).moves if m.id.startswith("ds_")]


def move(shape: str, name: str) -> Move:
    (found,) = [m for m in starforged(shape).moves if m.name == name]
    return found


def tables(shape: str) -> list[Table]:
    return [t for t in starforged(shape).tables if t.id.startswith("ds_")]


BOTH = pytest.mark.parametrize("shape", sorted(SHAPES))


# --- oracle tables ---------------------------------------------------------------------------


@BOTH
def test_every_imported_table_covers_its_die_exactly(shape: str) -> None:
    found = tables(shape)
    assert len(found) >= 40  # a few dozen oracles, the moves' own tables, a truth
    for table in found:
        for face in range(1, table.die + 1):
            rows = [r.id for r in table.rows if r.low <= face <= r.high]
            assert len(rows) == 1, (table.id, face, rows)


def _plain(text: str) -> str:
    """A row's words as the reader sees them: a link reads as its words, emphasis dropped."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return text.replace("__", "").replace("*", "")


def _json_rows(shape: str, *keys: str) -> Iterator[tuple[int, int, str]]:
    node: Any = json.loads(SHAPES[shape].read_text(encoding="utf-8"))
    for key in keys:
        node = node[key]
    for row in node["rows"]:
        span = row.get("roll", row)
        if span is not None and span.get("min") is not None:
            yield span["min"], span["max"], _plain(row["text"])


JSON_TABLES = {
    "0.1": [
        (("oracles", "core", "contents", "action"), "ds_starforged_core_action"),
        (("oracles", "character", "contents", "role"), "ds_starforged_character_role"),
        (
            ("oracles", "planet", "collections", "desert", "contents", "atmosphere"),
            "ds_starforged_planet_desert_atmosphere",
        ),
    ],
    "0.0": [
        (("oracles", "core", "contents", "action"), "ds_starforged_core_action"),
        (("oracles", "characters", "contents", "role"), "ds_starforged_characters_role"),
        (
            ("oracles", "planets", "collections", "desert", "contents", "atmosphere"),
            "ds_starforged_planets_desert_atmosphere",
        ),
    ],
}


@BOTH
def test_a_typed_face_lands_on_the_row_the_json_says(shape: str) -> None:
    for keys, table_id in JSON_TABLES[shape]:
        table = starforged(shape).table(table_id)
        rows = list(_json_rows(shape, *keys))
        assert len(rows) == len(table.rows)  # a row the die never lands on is not a row
        for low, high, text in rows:
            for face in (low, high):
                assert table.row_for(face).text.startswith(text), (table_id, face)


@BOTH
def test_a_rows_own_rolls_are_rolled_with_it(shape: str) -> None:
    role = starforged(shape).table(JSON_TABLES[shape][1][1])
    both = role.row_for(93)  # Action + Theme
    assert both.text == "Action + Theme"
    assert [e.table for e in both.effects] == [
        "ds_starforged_core_action",
        "ds_starforged_core_theme",
    ]
    twice = role.row_for(100)  # roll twice more on this same table
    assert [e.table for e in twice.effects] == [role.id, role.id]


def test_a_row_that_only_suggests_a_roll_says_so_and_rolls_nothing() -> None:
    faction = starforged("0.1").table("ds_starforged_faction_type")
    dominion = faction.row_for(1)
    assert dominion.effects == ()
    assert "you may roll on Dominion" in dominion.text
    assert dominion.text.startswith("Dominion; Summary: Governing power")


def test_tables_keep_their_collection_match_and_credit() -> None:
    likely = starforged("0.1").table("ds_starforged_fate_ask_the_oracle_likely")
    assert (likely.die, likely.collection) == (100, "Ask the Oracle")
    assert [(r.text, r.low, r.high) for r in likely.rows] == [("Yes", 1, 75), ("No", 76, 100)]
    assert "On a match" in likely.text
    desert = starforged("0.1").table("ds_starforged_planet_desert_atmosphere")
    assert desert.collection == "Planet Oracles / Desert World"
    assert desert.source is not None and desert.source.license == "CC BY 4.0"


def test_a_truth_is_a_table_of_its_options_and_rolls_the_option_s_own_table() -> None:
    truth = starforged("0.1").table("ds_starforged_truth_cataclysm")
    plague = truth.row_for(1)
    assert plague.text.startswith("The Sun Plague extinguished the stars")
    assert "[the Sun Plague Cause table]" in plague.text
    assert [e.table for e in plague.effects] == ["ds_starforged_truth_cataclysm_sun_plague_cause"]


# --- moves ---------------------------------------------------------------------------------


@BOTH
def test_the_package_s_moves_join_starforged_beside_the_ones_hearthroll_applies(shape: str) -> None:
    names = [m.name for m in starforged(shape).moves]
    moves = [m for m in imported(shape) if not {"asset", "asset_move", "foe"} & set(m.tags)]
    assert len(moves) == 50  # 56 moves; hearthroll's own 6 suffer moves stay
    assert names.count("Endure Harm") == 1
    assert move(shape, "Endure Harm").id == "starforged_endure_harm"
    assert "Face Danger (Scene Challenge)" in names  # two moves of one name in the package
    assert all(m.ruleset == "starforged" and m.id.startswith("ds_starforged_") for m in moves)


@BOTH
def test_a_move_s_text_is_its_words_before_the_outcomes_its_bands_hold(shape: str) -> None:
    gain = move(shape, "Gain Ground")
    assert gain.trigger.startswith("When you are in control and take action in a fight")
    assert gain.text.endswith("Roll +wits") and "Mark progress" not in gain.text
    assert gain.band("miss").text.startswith("Your foe gains the upper hand")


@BOTH
def test_the_stats_a_trigger_offers_are_the_roll_s(shape: str) -> None:
    face = move(shape, "Face Danger").roll
    assert (face.mechanic, face.stat_choice, face.choose) == (
        "action",
        ("edge", "heart", "iron", "shadow", "wits"),
        "player",
    )
    assert move(shape, "Check Your Gear").roll.stat == "supply"
    heal = move(shape, "Heal").roll  # "the lower of iron or wits" stays in the words
    assert (heal.stat_choice, heal.choose) == (("iron", "wits", "heart"), "player")
    shields = move(shape, "Raise Shields").roll  # an asset's move: the vehicle's integrity
    assert shields.stat_choice == ("wits", "integrity")
    develop = move(shape, "Develop Your Relationship")  # +their rank: the GM gives it
    assert [(i.id, i.min, i.max) for i in develop.inputs] == [("value", 1, 5)]
    assert [a.from_input for a in develop.roll.auto] == ["value"]


@BOTH
def test_progress_and_legacy_rolls_are_made_on_their_track_not_by_the_move(shape: str) -> None:
    vow = move(shape, "Fulfill Your Vow")
    assert vow.roll.mechanic == "none" and "progress_roll" in vow.tags  # no action roll: no burn
    assert [b.id for b in vow.bands] == ["strong", "weak", "miss"]
    assert vow.options == ()  # its bands are read, not rolled: the choice stays words
    assert "• Give up on the quest: Forsake Your Vow." in vow.band("miss").text
    legacy = move(shape, "Continue a Legacy")
    assert legacy.roll.mechanic == "none" and "special_track" in legacy.tags


@BOTH
def test_a_choose_one_over_plain_bullets_becomes_an_option_list(shape: str) -> None:
    secure = move(shape, "Secure an Advantage")
    (weak,) = secure.options
    assert (weak.on, weak.pick) == (("weak",), 1)
    assert [o.text for o in weak.items] == [
        "Take +2 momentum",
        "Add +1 on your next move (not a progress move)",
    ]
    assert secure.band("weak").text == "You succeed. Choose one."
    gain = move(shape, "Gain Ground")
    assert [(o.on, o.pick, len(o.items)) for o in gain.options] == [
        (("strong",), 2, 3),
        (("weak",), 1, 3),
    ]


@BOTH
def test_bullets_that_are_not_a_plain_choice_stay_words(shape: str) -> None:
    legacy = move(shape, "Continue a Legacy")  # several lists of bullets in one band
    assert legacy.options == ()
    heal = move(shape, "Heal")  # "Choose one: Lose Momentum or Sacrifice Resources"
    assert heal.options == ()
    assert "Choose one: Lose Momentum (-2) or Sacrifice Resources (-2)." in heal.band("weak").text


@BOTH
def test_links_and_table_markers_read_as_words(shape: str) -> None:
    face = move(shape, "Face Danger")
    assert face.band("miss").text.endswith("Pay the Price.")
    assert "ds_starforged_fate_pay_the_price" in face.refs
    decisive = move(shape, "Take Decisive Action")
    assert "[the Take Decisive Action table]" in decisive.band("weak").text
    assert "starforged_lose_momentum" in move(shape, "Check Your Gear").refs  # hearthroll's own
    words = [
        text for m in imported(shape) for text in (m.trigger, m.text, *(b.text for b in m.bands))
    ]
    words += [r.text for t in tables(shape) for r in t.rows]
    assert not [w for w in words if re.search(r"\]\(|datasworn:|\{\{|__", w)]


@BOTH
def test_a_move_without_a_roll_rolls_its_own_table(shape: str) -> None:
    price = move(shape, "Pay the Price")
    assert price.roll.mechanic == "none"
    (roll,) = price.effects
    assert roll.kind == "table" and roll.table in price.refs
    assert starforged(shape).table(str(roll.table)).name == "Pay the Price"
    ask = move(shape, "Ask the Oracle")  # five tables of its own: the GM picks the odds
    assert ask.effects == () and len([r for r in ask.refs if "ask_the_oracle" in r]) == 5


@BOTH
def test_every_item_keeps_its_source_and_licence(shape: str) -> None:
    for item in [*imported(shape), *tables(shape)]:
        source = item.source
        assert source is not None, item.id
        assert (source.authors, source.license) == (("Shawn Tomkin",), "CC BY 4.0"), item.id
        assert source.license_url == "https://creativecommons.org/licenses/by/4.0"
    assert move(shape, "Face Danger").source.page == 147  # type: ignore[union-attr]


# --- assets and foes -------------------------------------------------------------------------


@BOTH
def test_assets_read_as_cards_with_their_abilities_and_meters(shape: str) -> None:
    banshee = move(shape, "Banshee")
    assert banshee.roll.mechanic == "none" and {"asset", "companion"} <= set(banshee.tags)
    lines = banshee.text.splitlines()
    assert lines[0].startswith("● Your banshee companion")  # marked at the start
    assert lines[1].startswith("○ ") and "Health: 0–4" in lines
    assert "ds_starforged_exploration_set_a_course" in banshee.refs


@BOTH
def test_a_companion_or_vehicle_card_says_how_it_joins_a_sheet_and_that_way_works(
    shape: str, tmp_path: Path
) -> None:
    banshee, starship = move(shape, "Banshee"), move(shape, "Starship")
    assert banshee.text.splitlines()[-1] == (
        "To take it: C, then companion Banshee / 4; "
        "or hearthroll asset FILE companion Banshee --max 4"
    )
    assert starship.text.splitlines()[-1] == (
        "To take it: C, then vehicle Starship / 5 command; "
        "or hearthroll asset FILE vehicle Starship --max 5 --type command"
    )
    assert "To take it" not in move(shape, "Shields").text  # a module: no sheet asset
    _campaign(tmp_path, SHAPES[shape])
    said = banshee.text.splitlines()[-1].partition("; or hearthroll ")[2]
    took = run_cli(*said.replace("FILE", "sf.toml").split(), cwd=tmp_path)
    assert took.returncode == 0, took.stderr
    assert "Banshee (companion) joins Kael: 4/4" in took.stdout


@BOTH
def test_foes_read_as_cards_with_their_rank_and_features(shape: str) -> None:
    chiton = move(shape, "Chiton")
    assert chiton.trigger == "A foe (dangerous, monster): Insectoid horde."
    assert {"foe", "dangerous"} <= set(chiton.tags)
    assert chiton.text.startswith("Features: Arachnid monsters with blade-like limbs;")
    assert "Variant: Chiton queen (extreme)." in chiton.text


# --- an expansion ----------------------------------------------------------------------------


def test_an_expansion_s_replaces_wins_over_the_core_item() -> None:
    both = load_catalog([SHAPES["0.1"], EXPANSION], with_user=False).ruleset("starforged")
    faces = [m for m in both.moves if m.name == "Face Danger"]
    assert [m.id for m in faces] == ["ds_starforged_adventure_face_danger"]  # its place, its id
    assert faces[0].trigger == "When you dare something perilous..."
    assert faces[0].roll.stat_choice == ("edge", "iron")
    action = both.table("ds_starforged_core_action")
    assert (action.die, action.row_for(1).text) == (10, "Wander")
    role = both.table("ds_starforged_character_role")  # what rolled the old one rolls the new
    assert role.row_for(93).effects[0].table == "ds_starforged_core_action"
    breath = both.move("ds_gm_extras_adventure_catch_your_breath")
    assert "ds_starforged_core_action" in breath.refs


def test_an_expansion_read_alone_says_what_it_cannot_replace() -> None:
    from hearthroll.store.datasworn import read_packages
    from hearthroll.store.rulesets import shipped_file

    read = read_packages([EXPANSION], shipped_file())
    said = [str(w) for w in read.warnings]
    assert any(
        "moves.adventure.contents.face_danger.replaces: replaces move:starforged/adventure/"
        "face_danger, which is not among the packages read" in w
        for w in said
    )


# --- at the table ----------------------------------------------------------------------------


def _campaign(folder: Path, package: Path) -> None:
    made = run_cli(
        "new", "sf.toml", "--ruleset", "starforged", "--demo", "--moves", str(package), cwd=folder
    )
    assert made.returncode == 0, made.stderr


@BOTH
def test_face_danger_rolled_with_typed_dice_gives_the_band_the_rules_give(
    shape: str, tmp_path: Path
) -> None:
    _campaign(tmp_path, SHAPES[shape])
    bands = {"6,3,7": "Strong hit", "5,3,7": "Weak hit", "1,3,7": "Miss"}  # Kael's edge is +2
    for dice, band in bands.items():
        made = run_cli(
            "move", "sf.toml", "Face Danger", "--stat", "edge", "--dice", dice,
            "--moves", str(SHAPES[shape]), cwd=tmp_path,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        assert f"[{dice.replace(',', ', ')}] → {band}" in made.stdout


def test_a_roll_on_an_imported_table_makes_the_rolls_its_row_makes(tmp_path: Path) -> None:
    _campaign(tmp_path, SHAPES["0.1"])
    made = run_cli(
        "move", "sf.toml", "Pay the Price", "--effect-dice", "97,37,20",
        "--moves", str(SHAPES["0.1"]), cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "Pay the Price d100 = 97: Roll twice" in made.stdout
    assert "Pay the Price d100 = 37: Something of value is lost or destroyed" in made.stdout
    assert "Pay the Price d100 = 20:" in made.stdout


def test_the_card_credits_the_book_and_its_licence() -> None:
    shown = run_cli("show", "Face Danger", "--moves", str(SHAPES["0.1"]))
    assert shown.returncode == 0, shown.stderr
    card = " ".join(shown.stdout.replace("│", " ").split())
    assert "Source: Ironsworn: Starforged Rulebook p. 147, by Shawn Tomkin; CC BY 4.0" in card


def test_a_table_s_card_shows_its_rows_the_rolls_they_make_and_its_credit() -> None:
    shown = run_cli("show", "Character Role", "--moves", str(SHAPES["0.1"]))
    assert shown.returncode == 0, shown.stderr
    card = [" ".join(line.replace("│", " ").split()) for line in shown.stdout.splitlines()]
    assert "Character Oracles" in card and "Roll: d100" in card
    assert "93–95 Action + Theme → roll on Action, Theme" in card
    assert any(line.startswith("Source: Ironsworn: Starforged Rulebook p. 331") for line in card)


@BOTH
def test_momentum_is_burned_on_a_move_whose_stat_the_player_picked(shape: str) -> None:
    """Burning after the roll judges it again on momentum: the stat the player picked is not
    asked again (it gave way to momentum)."""
    import attrs

    from hearthroll.core.campaign.events import Event
    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.games.demo import starforged_demo
    from hearthroll.core.verbs.session import make_move
    from hearthroll.core.verbs.starforged import burn

    ruleset = starforged(shape)
    face = move(shape, "Face Danger")
    state = starforged_demo(ruleset)
    who = next(iter(state.characters))
    kael = state.characters[who]
    state = attrs.evolve(
        state,
        characters={
            **state.characters,
            who: attrs.evolve(kael, meters={**kael.meters, "momentum": 9}),
        },
    )
    made = make_move(
        state, ruleset, face.id, TypedDice([1, 5, 8]), actor=who, inputs={"stat": "iron"}
    )
    assert made.event.band == "miss"
    log: dict[int, Event] = {made.event.seq: made.event}
    burned = burn(made.state, ruleset, who, log.__getitem__)
    assert burned.event.band == "strong"
    assert "momentum +9 replaces the action score" in " ".join(burned.event.results)
