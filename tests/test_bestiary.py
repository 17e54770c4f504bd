"""The bestiary: foes known by name (`2 wolves`, `an ogre`) join the maneuvers fight, each with
its own name, and a malformed foes file is named by file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter import foe_line, make_foe
from hearthroll.core.games.encounter.bestiary import (
    MOST_AT_ONCE,
    Bestiary,
    KnownFoe,
    foe_names,
    known_foe,
    plural_of,
    read_wanted,
    summon,
)
from hearthroll.core.games.encounter.foes import check_scores
from hearthroll.core.verbs import fight
from hearthroll.store.bestiary import (
    BestiaryError,
    parse_bestiary,
    read_bestiary,
    shipped_bestiary,
    shipped_foes_path,
)
from hearthroll.store.rulesets import load_catalog
from hearthroll.store.sources import shipped_path

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
BESTIARY = shipped_bestiary()


def empty() -> Campaign:
    return Campaign(ruleset="maneuvers")


def names(state: Campaign) -> list[str]:
    assert state.encounter is not None
    return list(state.encounter.foes)


# --- the shipped bestiary ------------------------------------------------------------------


def test_the_bestiary_ships_in_the_package_beside_the_moves() -> None:
    assert shipped_foes_path().is_file()
    assert shipped_foes_path().parent == shipped_path().parent


def test_the_bestiary_knows_a_dozen_maneuvers_foes() -> None:
    known = BESTIARY.of("maneuvers")
    assert len(known) >= 12
    wanted = {"wolf", "bandit", "ogre", "goblin", "skeleton", "giant spider", "bear", "troll"}
    assert wanted <= {f.name.lower() for f in known}


@pytest.mark.parametrize("kind", BESTIARY.foes, ids=lambda k: k.name)
def test_each_shipped_foe_is_a_foe_of_its_ruleset(kind: KnownFoe) -> None:
    ruleset = CATALOG.ruleset(kind.ruleset)
    check_scores(ruleset, kind.scores)
    assert set(kind.scores) == {s.id for s in ruleset.stats}
    foe = make_foe(
        kind.name,
        kind.scores,
        kind.health,
        armor=kind.armor,
        weapon=kind.weapon,
        shield=kind.shield,
        huge=kind.huge,
    )
    assert foe.meters == foe.maxima == {"health": kind.health}


def test_a_huge_foe_is_too_big_to_trip_and_a_two_handed_one_is_hard_to_disarm() -> None:
    ogre = known_foe(MANEUVERS, BESTIARY, "ogre")
    assert ogre.huge and ogre.weapon == "two_handed"


# --- finding a foe -------------------------------------------------------------------------


@pytest.mark.parametrize("wanted", ["Wolf", "wolf", "WOLF", "wolves", "Wolves", "  wolf  "])
def test_a_foe_is_found_by_name_or_plural_in_any_case(wanted: str) -> None:
    assert known_foe(MANEUVERS, BESTIARY, wanted).name == "Wolf"


@pytest.mark.parametrize(
    ("wanted", "name"),
    [("bandits", "Bandit"), ("dire rats", "Dire rat"), ("Giant  Spiders", "Giant spider")],
)
def test_a_plural_finds_its_foe(wanted: str, name: str) -> None:
    assert known_foe(MANEUVERS, BESTIARY, wanted).name == name


@pytest.mark.parametrize(
    ("wanted", "read"),
    [
        ("2 wolves", (2, "wolves")),
        ("wolf", (1, "wolf")),
        ("an ogre", (1, "ogre")),
        ("a bandit", (1, "bandit")),
        ("1 troll", (1, "troll")),
    ],
)
def test_how_many_is_read_before_the_name(wanted: str, read: tuple[int, str]) -> None:
    assert read_wanted(wanted) == read


@pytest.mark.parametrize("count", [0, MOST_AT_ONCE + 1])
def test_none_or_a_horde_is_refused(count: int) -> None:
    with pytest.raises(RuleError, match=f"1 to {MOST_AT_ONCE} at a time, not {count}"):
        summon(empty(), MANEUVERS, BESTIARY, f"{count} wolves")


def test_an_unknown_foe_is_refused_naming_the_known_foes() -> None:
    with pytest.raises(NotFound) as refused:
        summon(empty(), MANEUVERS, BESTIARY, "2 dragons")
    message = str(refused.value)
    assert "the bestiary knows no 'dragons'" in message
    assert "known foes: Wolf, Dire rat, Goblin" in message
    assert "Troll" in message


def test_a_ruleset_the_bestiary_has_no_foes_for_is_told_so() -> None:
    house = CATALOG.ruleset("house")
    with pytest.raises(NotFound, match=r"knows no .* foes"):
        summon(Campaign(ruleset="house"), house, BESTIARY, "wolf")
    with pytest.raises(RuleError, match="has no encounters"):
        fight.add_known_foes(Campaign(ruleset="house"), house, BESTIARY, "wolf")


@pytest.mark.parametrize(
    ("name", "plural"),
    [("Bandit", "Bandits"), ("Harpy", "Harpies"), ("Lynx", "Lynxes"), ("Ghost", "Ghosts")],
)
def test_a_plural_follows_the_english_ending(name: str, plural: str) -> None:
    assert plural_of(name) == plural


# --- foes joining the fight ----------------------------------------------------------------


def test_two_wolves_join_as_wolf_1_and_wolf_2_in_one_event() -> None:
    outcome = fight.add_known_foes(empty(), MANEUVERS, BESTIARY, "2 wolves")
    assert names(outcome.state) == ["Wolf 1", "Wolf 2"]
    assert outcome.state.history.events == 1
    assert outcome.event.results[0] == "the encounter opens: round 1"
    assert outcome.event.results[1].startswith(
        "Wolf 1 joins the fight (Str 12 Dex 15, health 12/12"
    )


def test_a_lone_foe_keeps_the_bestiary_s_name() -> None:
    state = fight.add_known_foes(empty(), MANEUVERS, BESTIARY, "an ogre").state
    assert names(state) == ["Ogre"]
    assert state.encounter is not None
    assert "huge" in foe_line(state.encounter.foes["Ogre"])


def test_more_of_a_kind_are_numbered_after_those_in_the_fight() -> None:
    ford = demo_campaign(MANEUVERS)
    state = fight.add_known_foes(ford, MANEUVERS, BESTIARY, "2 bandits").state
    assert names(state) == ["Bandit", "Ogre", "Bandit 2", "Bandit 3"]
    state = fight.add_known_foes(state, MANEUVERS, BESTIARY, "bandit").state
    assert names(state)[-1] == "Bandit 4"


def test_numbering_reads_only_foes_of_that_very_name() -> None:
    state = fight.add_foe(empty(), MANEUVERS, "Wolf pack 7", {"str": 10, "dex": 10}, 5).state
    assert foe_names(state.encounter, "Wolf", 2) == ["Wolf 1", "Wolf 2"]
    assert foe_names(state.encounter, "Wolf", 1) == ["Wolf"]


def test_foes_from_the_bestiary_can_come_attacking_someone() -> None:
    ford = demo_campaign(MANEUVERS)
    foes = summon(ford, MANEUVERS, BESTIARY, "2 goblins", attacking="Wren")
    assert [f.attacking for f in foes] == ["Wren", "Wren"]
    assert all(f.meters["health"] == f.maxima["health"] for f in foes)


def test_the_bestiary_s_foes_fight_like_any_other() -> None:
    state = fight.add_known_foes(demo_campaign(MANEUVERS), MANEUVERS, BESTIARY, "troll").state
    state = fight.hurt_foe(state, "troll", 11).state
    assert state.encounter is not None
    assert state.encounter.foes["Troll"].meters["health"] == 35  # armor 1 takes its share


# --- a malformed bestiary ------------------------------------------------------------------

GOOD = """\
schema_version = 1

[[foes]]
name = "Wolf"
ruleset = "maneuvers"
scores = { str = 12, dex = 15 }
health = 12
"""


def test_a_bad_number_is_named_by_file_line_and_key(tmp_path: Path) -> None:
    path = tmp_path / "foes.toml"
    path.write_text(GOOD.replace("health = 12", "health = 0"), encoding="utf-8")
    with pytest.raises(BestiaryError) as raised:
        read_bestiary(path)
    assert str(raised.value) == f"{path}:7:1: foes[0].health: Wolf's health is 1 or more, not 0"


def test_a_score_out_of_range_names_the_score(tmp_path: Path) -> None:
    with pytest.raises(BestiaryError, match=r"^foes\.toml:6:\d+: foes\[0\]\.scores\.str: "):
        parse_bestiary(GOOD.replace("str = 12", "str = 40"), "foes.toml")


def test_a_wrong_kind_of_value_an_unknown_key_and_a_missing_one_are_all_named() -> None:
    text = GOOD.replace("health = 12", 'health = "twelve"\nhelth = 3') + (
        '\n[[foes]]\nname = "Rat"\nruleset = "maneuvers"\nscores = { str = 5, dex = 14 }\n'
    )
    with pytest.raises(BestiaryError) as raised:
        parse_bestiary(text, "foes.toml")
    said = [str(p) for p in raised.value.problems]
    assert "foes.toml:7:1: foes[0].health: expected a whole number, got text 'twelve'" in said
    assert "foes.toml:8:1: foes[0].helth: unknown key 'helth'; check its spelling" in said
    assert "foes.toml:10:1: foes[1].health: is required but missing" in said


def test_a_weapon_the_foe_rules_do_not_know_is_named() -> None:
    text = GOOD + 'weapon = "halberd"\n'
    with pytest.raises(BestiaryError, match=r"foes\.toml:8:1: foes\[0\]\.weapon: .*'halberd'"):
        parse_bestiary(text, "foes.toml")


def test_two_foes_of_one_name_are_named() -> None:
    text = GOOD + GOOD.removeprefix("schema_version = 1\n")
    clash = r"Wolf is called 'Wolf' already: each maneuvers foe needs its own$"
    with pytest.raises(BestiaryError, match=r"^foes\.toml:10:1: foes\[1\]\.name: " + clash):
        parse_bestiary(text, "foes.toml")


def test_a_toml_syntax_error_names_its_line() -> None:
    with pytest.raises(BestiaryError, match=r"^foes\.toml:7:\d+: TOML syntax: "):
        parse_bestiary(GOOD.replace("health = 12", "health = "), "foes.toml")


def test_a_missing_schema_version_says_how_to_add_it() -> None:
    with pytest.raises(BestiaryError, match="add schema_version = 1 at the top"):
        parse_bestiary(GOOD.removeprefix("schema_version = 1\n"), "foes.toml")


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(BestiaryError, match=r"nowhere\.toml:1:1: cannot be read"):
        read_bestiary(tmp_path / "nowhere.toml")


def test_a_well_formed_file_reads_as_its_foes() -> None:
    assert parse_bestiary(GOOD, "foes.toml") == Bestiary(
        (KnownFoe("Wolf", "maneuvers", {"str": 12, "dex": 15}, 12),)
    )
