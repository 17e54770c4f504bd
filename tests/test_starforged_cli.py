"""The starforged shell verbs as a GM types them: burn re-judges the roll's options."""

from __future__ import annotations

from pathlib import Path

from cli_run import run_cli
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


def _meters(path: Path) -> dict[str, int]:
    with CampaignStore.open(path, CATALOG) as store:
        return dict(store.state.characters["Kael"].meters)


def test_burn_asks_the_new_bands_pick_and_undoes_the_old_ones(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    path = tmp_path / "sf.toml"
    assert run_cli("set", "sf.toml", "Kael.momentum", "7", cwd=tmp_path).returncode == 0
    # minor harm: health 4; 2 + 4 = 6 against 3 and 6, a weak hit; the trade taken
    made = run_cli(
        "move", "sf.toml", "endure harm", "--pick", "minor", "--pick", "trade", "--roll",
        "--dice", "2,3,6", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert (_meters(path)["health"], _meters(path)["momentum"]) == (5, 6)
    short = run_cli("burn", "sf.toml", cwd=tmp_path)
    assert short.returncode != 0 and "--pick embrace_the_pain" in short.stderr
    burned = run_cli("burn", "sf.toml", "--pick", "embrace_the_pain", cwd=tmp_path)
    assert burned.returncode == 0, burned.stderr
    assert "momentum +7 replaces the action score 6: weak hit → strong hit" in burned.stdout
    assert (_meters(path)["health"], _meters(path)["momentum"]) == (4, 3)  # trade undone
    assert run_cli("undo", "sf.toml", cwd=tmp_path).returncode == 0
    assert (_meters(path)["health"], _meters(path)["momentum"]) == (5, 6)


def test_move_next_plays_the_move_a_table_row_offers_with_its_harm(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    none = run_cli("move", "sf.toml", "next", cwd=tmp_path)
    assert none.returncode != 0 and "no move is offered next" in none.stderr
    table = run_cli("move", "sf.toml", "withstand damage table", "--dice", "90", cwd=tmp_path)
    assert "next: Sacrifice Resources, serious (Serious: −2 supply)" in table.stdout
    played = run_cli("move", "sf.toml", "next", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Sacrifice Resources" in played.stdout
    assert _meters(tmp_path / "sf.toml")["supply"] == 3
    again = run_cli("move", "sf.toml", "next", cwd=tmp_path)
    assert again.returncode != 0  # the offer was taken up


def test_move_next_after_a_rough_ride_asks_which_of_its_moves(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    table = run_cli("move", "sf.toml", "withstand damage table", "--dice", "80", cwd=tmp_path)
    assert "next: Companion Takes a Hit, serious (Serious: −2 health)" in table.stdout
    asked = run_cli("move", "sf.toml", "next", cwd=tmp_path)
    assert asked.returncode != 0
    assert (
        "several moves are offered next: Kael: Endure Harm, serious; Kael: Endure Stress, "
        "serious; Rook: Companion Takes a Hit, serious; say which after next, e.g. `move FILE "
        'next "endure stress" --as Kael`'
    ) in asked.stderr
    wrong = run_cli("move", "sf.toml", "next", "heal", cwd=tmp_path)
    assert wrong.returncode != 0 and "'heal' is not offered next" in wrong.stderr
    stray = run_cli("move", "sf.toml", "endure", "harm", cwd=tmp_path)
    assert stray.returncode != 0 and "goes after `next` only" in stray.stderr
    # Rook 3 → 1, resisted: 4 + 1 = 5 against 2 and 9, a weak hit
    hit = run_cli(
        "move", "sf.toml", "next", "companion takes a hit", "--roll", "--dice", "4,2,9",
        cwd=tmp_path,
    )  # fmt: skip
    assert hit.returncode == 0, hit.stderr
    assert "Kael: Companion Takes a Hit (Rook's health +1) [4, 2, 9] → Weak hit" in hit.stdout
    assert "action die 4 + Rook's health 1 = 5  vs  2 · 9 → weak hit" in hit.stdout
    with CampaignStore.open(tmp_path / "sf.toml", CATALOG) as store:
        (rook, _) = store.state.characters["Kael"].assets or ()
    assert rook.value == 1
    assert "aboard, still to pay their part: Kael" in hit.stdout
    kael = run_cli("move", "sf.toml", "next", "endure harm", cwd=tmp_path)  # still Kael's
    assert kael.returncode == 0, kael.stderr
    assert "Health 5 → 3" in kael.stdout and "everyone aboard has paid their part" in kael.stdout
    again = run_cli("move", "sf.toml", "next", "endure harm", cwd=tmp_path)
    assert again.returncode != 0 and "no move is offered next" in again.stderr


def test_the_gm_lets_the_rest_aboard_off_from_the_shell(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    run_cli("move", "sf.toml", "withstand damage table", "--dice", "80", cwd=tmp_path)
    paid = run_cli("move", "sf.toml", "next", "endure stress", cwd=tmp_path)
    assert "aboard, still to pay their part: Rook" in paid.stdout
    rook = run_cli("move", "sf.toml", "next", "--as", "Rook", cwd=tmp_path)  # Rook's one move
    assert rook.returncode == 0, rook.stderr
    assert run_cli("undo", "sf.toml", cwd=tmp_path).returncode == 0
    off = run_cli("move", "sf.toml", "next", "--let-off", cwd=tmp_path)
    assert off.returncode == 0, off.stderr
    assert "let off: the rest aboard owe nothing more: Rook" in off.stdout
    none = run_cli("move", "sf.toml", "next", cwd=tmp_path)
    assert none.returncode != 0 and "no move is offered next" in none.stderr


def test_typed_dice_for_a_harm_that_rolls_nothing_name_roll(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    made = run_cli(
        "move", "sf.toml", "endure harm", "--pick", "minor", "--dice", "2,7,8", cwd=tmp_path
    )
    assert made.returncode != 0
    assert "Endure Harm made no roll" in made.stderr and "--roll" in made.stderr
    assert "too many typed dice" not in made.stderr
    assert _meters(tmp_path / "sf.toml")["health"] == 5  # nothing saved
    resisted = run_cli(
        "move", "sf.toml", "endure harm", "--pick", "minor", "--pick", "momentum",
        "--dice", "2,7,8", "--roll", cwd=tmp_path,
    )  # fmt: skip
    assert resisted.returncode == 0, resisted.stderr
    assert _meters(tmp_path / "sf.toml")["health"] == 4


def test_burn_after_a_note_and_a_vow_then_undo_and_redo(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    path = tmp_path / "sf.toml"
    assert run_cli("set", "sf.toml", "Kael.momentum", "7", cwd=tmp_path).returncode == 0
    made = run_cli(
        "move", "sf.toml", "endure harm", "--pick", "minor", "--roll", "--dice", "2,3,6",
        cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert run_cli("note", "sf.toml", "the hull groans", cwd=tmp_path).returncode == 0
    vow = run_cli("track", "sf.toml", "new", "Beacon", "--rank", "dangerous", cwd=tmp_path)
    assert vow.returncode == 0, vow.stderr
    burned = run_cli("burn", "sf.toml", "--pick", "embrace_the_pain", cwd=tmp_path)
    assert burned.returncode == 0, burned.stderr
    assert (_meters(path)["health"], _meters(path)["momentum"]) == (4, 3)
    assert run_cli("undo", "sf.toml", cwd=tmp_path).returncode == 0
    assert (_meters(path)["health"], _meters(path)["momentum"]) == (4, 7)
    assert run_cli("redo", "sf.toml", cwd=tmp_path).returncode == 0
    assert (_meters(path)["health"], _meters(path)["momentum"]) == (4, 3)
    with CampaignStore.open(path, CATALOG) as store:
        assert [t.name for t in store.state.tracks or ()][-1] == "Beacon"
    lost = run_cli("move", "sf.toml", "sacrifice resources", "--pick", "minor", cwd=tmp_path)
    assert lost.returncode == 0, lost.stderr
    assert run_cli("undo", "sf.toml", cwd=tmp_path).returncode == 0  # the supply lost
    assert run_cli("undo", "sf.toml", cwd=tmp_path).returncode == 0  # the burn
    again = run_cli("move", "sf.toml", "sacrifice resources", "--pick", "minor", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    refused = run_cli("burn", "sf.toml", "--pick", "embrace_the_pain", cwd=tmp_path)
    assert refused.returncode != 0
    assert "Kael's Sacrifice Resources (event" in refused.stderr
    assert "changed their sheet (undo it first)" in refused.stderr


def test_track_list_prints_each_track_as_state_does_and_writes_nothing(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    assert run_cli("track", "sf.toml", "mark", "beacon", cwd=tmp_path).returncode == 0
    before = (tmp_path / "sf.toml").read_bytes()
    listed = run_cli("track", "sf.toml", "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout == (
        "tracks\n"
        "  Find the lost beacon · formidable vow · ■■□□□□□□□□ 2/10 · 8 ticks\n"
        "  Avenge the Ironhold · dangerous vow · ■■□□□□□□□□ 2/10 · 8 ticks\n"
    )
    assert listed.stdout in run_cli("state", "sf.toml", cwd=tmp_path).stdout
    as_json = run_cli("track", "sf.toml", "list", "--json", cwd=tmp_path)
    assert '"name": "Find the lost beacon", "kind": "vow", "rank": "formidable", "ticks": 8' in (
        as_json.stdout
    )
    assert (tmp_path / "sf.toml").read_bytes() == before
    unnamed = run_cli("track", "sf.toml", "mark", cwd=tmp_path)
    assert unnamed.returncode != 0 and "track mark needs the track's NAME" in unnamed.stderr
    assert run_cli("new", "h.toml", "--demo", cwd=tmp_path).returncode == 0
    house = run_cli("track", "h.toml", "list", cwd=tmp_path)
    assert house.returncode != 0 and "keeps no progress tracks" in house.stderr
