"""Starforged's verbs at the shell (`cli.starforged`): `track` (list, new, mark, roll, clear,
drop), `asset` (a companion or a vehicle joins a sheet) and `burn` (momentum replaces the
action score) on the starforged demo, each printing its event and saving it; and what each
refuses, here and in a game without them: exit 2, the fix named, nothing saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_verbs import made, refused, run
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def forge(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The starforged demo: Kael (momentum +2, health 5), Rook, the Petrel, two vows."""
    return made(tmp_path, capsys, "starforged")


def saved(path: Path) -> Campaign:
    with CampaignStore.open(path, CATALOG) as store:
        return store.state


def ticks(path: Path) -> dict[str, int]:
    return {t.name: t.ticks for t in saved(path).tracks or ()}


def test_track_list_as_json_names_rank_kind_ticks_and_boxes(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "track", forge, "list", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "tracks": [
            {
                "name": "Find the lost beacon",
                "kind": "vow",
                "rank": "formidable",
                "ticks": 4,
                "boxes": 1,
            },
            {
                "name": "Avenge the Ironhold",
                "kind": "vow",
                "rank": "dangerous",
                "ticks": 8,
                "boxes": 2,
            },
        ]
    }


def test_a_track_is_made_marked_rolled_cleared_and_dropped(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "Reach the Hollow"
    said = [
        run(capsys, "track", forge, *args)[1]
        for args in (
            ("new", name, "--rank", "dangerous", "--kind", "expedition"),
            ("mark", name, "--times", "2"),
            ("roll", name, "--dice", "3,9"),
        )
    ]
    assert said == [
        "#1 track: new dangerous expedition: Reach the Hollow (one mark: 2 boxes)\n",
        "#2 track: Reach the Hollow: +2 boxes ×2, 0 → 4 boxes (ticks 0 → 16)\n",
        "#3 track: Reach the Hollow: progress 4  vs  3 · 9 → weak hit\n",
    ]
    assert ticks(forge)[name] == 16
    assert run(capsys, "track", forge, "clear", name)[1] == (
        "#4 track: Reach the Hollow: −2 boxes, ticks 16 → 8\n"
    )
    assert ticks(forge)[name] == 8
    assert run(capsys, "track", forge, "drop", name)[1] == "#5 track: Reach the Hollow is struck\n"
    assert name not in ticks(forge)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("new", "Foo"), "a new track needs --rank (troublesome, dangerous, ...)"),
        (
            ("new", "Foo", "--rank", "epicish"),
            "a rank is one of troublesome, dangerous, formidable, extreme, epic, not 'epicish'",
        ),
        (("mark",), "track mark needs the track's NAME"),
        (("list", "Foo"), "track list takes no NAME: it lists every track"),
    ],
)
def test_a_track_line_missing_what_it_needs_is_refused(
    forge: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    assert refused(capsys, forge, "track", *args) == said


def test_asset_adds_a_vehicle_with_its_type_and_refuses_what_does_not_fit(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "asset", forge, "vehicle", "Skiff", "--max", "4", "--type", "support") == (
        0,
        "#1 Kael: asset: Skiff (support vehicle) joins Kael: 4/4\n",
        "",
    )
    skiff = (saved(forge).characters["Kael"].assets or ())[-1]
    assert (skiff.name, skiff.kind, skiff.type, skiff.value, skiff.max) == (
        "Skiff", "vehicle", "support", 4, 4,
    )  # fmt: skip
    assert refused(
        capsys, forge, "asset", "companion", "Mote", "--max", "3", "--type", "support"
    ) == ("a companion has no type; drop --type")
    assert refused(capsys, forge, "asset", "companion", "Rook", "--max", "3") == (
        "Kael has an asset named Rook already"
    )
    assert refused(capsys, forge, "asset", "companion", "Mote", "--max", "9") == (
        "a companion's maximum is 2 to 5, not 9"
    )


def test_burn_turns_a_miss_into_a_weak_hit_and_resets_momentum(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, forge, "burn") == "Kael has made no action roll to burn momentum on"
    run(capsys, "set", forge, "Kael.momentum", "6")
    harm = ("endure harm", "--pick", "minor", "--pick", "more_harm", "--roll", "--dice", "1,5,9")
    assert run(capsys, "move", forge, *harm)[0] == 0
    kael = saved(forge).characters["Kael"].meters
    assert (kael["health"], kael["momentum"]) == (3, 6)
    assert refused(capsys, forge, "burn", "--pick", "nope").startswith(
        "Endure Harm has no option 'nope'; its options: embrace_the_pain,"
    )
    assert run(capsys, "burn", forge) == (
        0,
        "#3 Kael: burn (Endure Harm) (Momentum +6) [1, 5, 9] → Weak hit\n"
        "  momentum 6  vs  5 · 9 → weak hit\n"
        "  If not wounded, you may Lose Momentum (−1) for +1 health; otherwise press on.\n"
        "  total 6\n"
        "  momentum +6 replaces the action score 5: miss → weak hit\n"
        "  Momentum 6 → 2 (reset)\n",
        "",
    )
    kael = saved(forge).characters["Kael"].meters
    assert (kael["health"], kael["momentum"]) == (4, 2)  # the miss's −1 health more undone


def test_burn_that_would_not_help_is_refused_with_the_numbers(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "set", forge, "Kael.momentum", "6")
    harm = ("endure harm", "--pick", "minor", "--pick", "more_harm", "--roll", "--dice", "1,9,9")
    run(capsys, "move", forge, *harm)
    assert refused(capsys, forge, "burn") == (
        "Kael cannot burn momentum: momentum +6 against 9 and 9 would not improve the miss"
    )


def test_a_game_without_them_refuses_tracks_assets_and_burning(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    millbrook = made(tmp_path, capsys, "house")
    assert refused(capsys, millbrook, "track", "list") == (
        "a House game campaign keeps no progress tracks"
    )
    assert refused(capsys, millbrook, "asset", "companion", "Dog", "--max", "3") == (
        "House game has no companions"
    )
    assert refused(capsys, millbrook, "burn") == "ruleset 'house' has no momentum to burn"
