"""Rules fidelity against the 1981 rulebook (issue 16): a still German on D-Day, landings fought as
combats, rangers and commandos at their own beach, Patton's rating by hand, the D-Day landings, and
depots under supply attrition."""

from __future__ import annotations

import pytest

from builders import blank_game, computer_settings, put, start_phase
from overlord.ai import make_player
from overlord.engine import combat
from overlord.engine.events import CombatResult, MarkerDestroyed, Motion, UnitMoved
from overlord.engine.game import Game
from overlord.engine.hexgrid import neighbour


def _play_dday(game: Game, allied: str = "historical", german: str = "ai") -> list:
    players = {"allied": make_player(allied, "allied", 1), "german": make_player(german, "german", 1)}
    events = list(game.opening_events)
    while game.state.turn == 0:
        events.extend(game.apply(players[game.prompt.side].choose(game)))
    return events


def _german(game: Game, uid: str) -> bool:
    return game.side_of(uid) == "german"


# --------------------------------------------------------------------------- 1. the German still on D-Day
@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_without_dday_movement_the_german_neither_moves_attacks_nor_advances(seed):
    """Rulebook, Scenario Selection: "the Germans will not be allowed to move on D-Day"."""
    g = Game.new(computer_settings(), seed)
    events = _play_dday(g)
    phases = {e.phase for e in events if hasattr(e, "phase")}
    assert "german_movement" not in phases and "german_combat" not in phases
    assert not any(isinstance(e, CombatResult) and _german(g, e.attackers[0]) for e in events)
    # no German unit moves of its own accord (a retreat forced by an Allied attack is not a move)
    assert not any(isinstance(e, UnitMoved) and _german(g, e.unit) and e.motion != Motion.RETREAT for e in events)
    assert not any(isinstance(e, MarkerDestroyed) for e in events)


def test_german_combat_phase_is_skipped_on_dday_without_the_option():
    g = blank_game(turn=0)
    put(g, "de-352-inf", (11, 6))
    put(g, "us-1-inf", (12, 6))
    assert not start_phase(g, "german_combat")
    assert g.state.combat is None
    g = blank_game(turn=0, german_dday_movement=True)
    put(g, "de-352-inf", (11, 6))
    put(g, "us-1-inf", (12, 6))
    assert start_phase(g, "german_combat")
    assert g.state.combat.defender == "us-1-inf"


def test_with_dday_movement_the_german_moves_and_fights_on_dday():
    seen = set()
    for seed in (1, 2, 3):
        g = Game.new(computer_settings(german_dday_movement=True), seed)
        for e in _play_dday(g):
            if isinstance(e, UnitMoved) and _german(g, e.unit):
                seen.add("moves")
            if getattr(e, "phase", None) == "german_combat":
                seen.add("combat phase")
    assert seen == {"moves", "combat phase"}


# --------------------------------------------------------------------------- 3. rangers and commandos
def test_a_commando_landing_on_another_beachs_position_fights_that_beach_and_counts_there():
    """Rulebook, Movement: rangers and commandos may land on or beside a marker; a landing position
    held by a coastal defence is that beach's assault area."""
    from overlord.engine import movement
    from overlord.engine.state import AFLOAT
    g = blank_game(turn=0)
    g.state.pools.amphibious = 500
    m = g.data.map
    sword, juno = m.beach("Sword"), m.beach("Juno")
    g.place("bc-1-cdo", sword.marker, AFLOAT)
    g.edited()
    juno_position = juno.positions[1]
    assert movement.landing_beach(g, "bc-1-cdo", juno_position) is juno
    assert movement.landing_beach(g, "bc-1-cdo", sword.positions[0]) is sword
    g.state.beaches["Juno"].marker_intact = False  # a closed beach is closed to commandos too
    assert movement.landing_beach(g, "bc-1-cdo", juno_position) is None


# --------------------------------------------------------------------------- 5. Patton by hand
@pytest.mark.parametrize("preset", ["historical", "novice", "experienced", "expert", "rommels-plan", "patton"])
def test_every_preset_of_the_rulebook_can_be_set_by_hand(preset):
    """Difficulty Levels and Optional Rules: each row's ratings, Patton's US leadership 7 included,
    can be answered one by one after "7 set each rating myself"."""
    from overlord.engine.actions import Answer
    from overlord.engine.settings import Ratings
    from overlord.engine.setup import preset_settings
    wanted = preset_settings(preset)
    g = Game.new(None, seed=1)
    for answer in ("Y", "C", "H", "C", "7"):
        g.apply(Answer(answer))
    while g.prompt.question.startswith("rating:"):
        g.apply(Answer(str(getattr(wanted.ratings, g.prompt.question.split(":")[1]))))
    g.apply(Answer("Y" if wanted.german_dday_movement else "N"))
    g.apply(Answer("3"))
    assert g.state.settings.ratings == wanted.ratings
    assert g.state.settings.german_dday_movement == wanted.german_dday_movement
    assert Ratings.BY_HAND[-1] == "us_leadership"


# --------------------------------------------------------------------------- depots and supply attrition
def test_a_depot_beyond_supply_lines_is_not_worn_away_nor_scored():
    """Logistics: units beyond supply lines "suffer strength loss and fatigue"; a depot has no strength
    to lose (0 CP): it simply supplies nothing until it is back in supply. Only the German destroys
    depots, by entering their position."""
    from overlord.engine import logistics
    from overlord.engine.state import ASHORE
    g = blank_game(turn=_turn("6/10"))
    put(g, "us-depot-1", (3, 10))  # far from every beach: beyond supply lines
    put(g, "us-1-inf", (4, 10))
    logistics.start_turn(g, [])
    assert g.unit("us-depot-1").status == ASHORE and not g.unit("us-depot-1").in_supply
    assert g.state.tally.allied_eliminated == 0
    assert g.unit("us-1-inf").cp < g.unit("us-1-inf").max_cp  # the combat unit does suffer


def _turn(label: str) -> int:
    return Game.new(computer_settings(), 1).turn_of(label)


# --------------------------------------------------------------------------- 2. landings fought as combats
def _landing_game(uid: str, beach: str, seed: int = 1, **settings):
    from overlord.engine.state import AFLOAT
    g = blank_game(turn=0, seed=seed, **settings)
    g.state.weather = "clear"
    g.state.pools.amphibious = 500
    g.state.air_left, g.state.naval_left = 200, 150
    g.place(uid, g.data.map.beach(beach).marker, AFLOAT)
    assert start_phase(g, "allied_movement")
    return g


def test_a_landing_round_is_a_combat_with_support_levels_and_combat_supply():
    """Movement: "the unit will be required to attack the German unit again until one or the other is
    eliminated (see combat)"; Combat: support, then the attack level, then the defence level."""
    from overlord.engine import EndPhase, Move
    from overlord.engine.actions import ChooseStrategy, Support
    from overlord.engine.prompts import StrategyPrompt, SupportPrompt
    g = _landing_game("us-1-inf", "Omaha", german_player="human")
    coastal = g.coastal_defender("Omaha").id
    stock = g.state.pools.combat
    g.apply(Move("us-1-inf", g.prompt.landing[0]))
    assert g.state.pools.amphibious == 400 and g.state.pools.combat == stock + 40  # its supplies came with it
    p = g.prompt
    assert isinstance(p, SupportPrompt) and p.side == "allied" and p.landing == "Omaha"
    assert p.defender == coastal and p.attackers == ("us-1-inf",) and (p.naval_max, p.air_max) == (99, 99)
    assert EndPhase() not in g.legal_actions()  # no way out: the fight goes on until one side is eliminated
    g.apply(Support(30, 20))
    assert (g.state.naval_left, g.state.air_left) == (120, 180)
    p = g.prompt
    assert isinstance(p, StrategyPrompt) and p.role == "attack" and p.side == "allied" and p.landing == "Omaha"
    g.apply(ChooseStrategy(3))
    p = g.prompt
    assert isinstance(p, StrategyPrompt) and p.role == "defence" and p.side == "german"  # the human German answers
    mp = g.unit("us-1-inf").mp
    events = g.apply(ChooseStrategy(4))
    result = next(e for e in events if isinstance(e, CombatResult))
    assert (result.attack_level, result.defence_level) == (3, 4)
    assert result.combat_supply == 31 and g.state.pools.combat == stock + 40 - 31  # the chart's 3 vs 4, 100 CP
    assert g.unit("us-1-inf").mp == mp - 1  # 1 movement point a round
    assert result.defender_losses >= 1  # 50 air and naval points: at least 1 more German loss


def test_the_lander_attacks_from_the_ocean_halved_but_rangers_and_commandos_are_not():
    """Terrain Effects chart: ocean attack .5; "Rangers and commandos are not halved when attacking from ocean";
    and "the ranger and commandos have increased strength attacking the beaches" (Allied Forces): three times."""
    from overlord.engine import Move, fatigue
    troops = Game.new(computer_settings(), 1).data.rules.landing.assault_troops_strength
    assert troops == 3.0
    for uid, beach, modifier in (("us-1-inf", "Omaha", 0.5), ("us-rangers", "Omaha", troops), ("bc-4-cdo", "Juno", troops)):
        g = _landing_game(uid, beach)
        g.apply(Move(uid, next(d for d in g.prompt.landing
                               if g.data.map.beach_of_position(neighbour(g.unit(uid).position, d)))))
        u, coastal = g.unit(uid), g.coastal_defender(beach)
        expected = (u.cp * fatigue.effectiveness(g, u) * modifier
                    / (coastal.cp * fatigue.effectiveness(g, coastal)
                       * g.data.charts.terrain[g.data.map.terrain[coastal.position]].defence))
        assert combat.odds(g, [uid], coastal.id) == pytest.approx(expected)


def test_a_commando_at_the_sword_marker_landing_on_juno_fights_juno_and_counts_for_juno():
    from overlord.engine import Move
    g = _landing_game("bc-4-cdo", "Sword")
    juno = g.data.map.beach("Juno")
    d = next(d for d in g.prompt.landing if neighbour(g.unit("bc-4-cdo").position, d) in juno.positions)
    g.apply(Move("bc-4-cdo", d))
    assert g.state.movement.assault is not None and g.prompt.landing == "Juno"
    assert g.prompt.defender == g.coastal_defender("Juno").id
    g.record(g.prompt.defender).cp = 2  # a worn defence, so that the commandos win the fight
    player = make_player("pass", "allied")
    while g.state.movement is not None and g.state.movement.assault is not None:
        g.apply(player.choose(g))
    assert g.unit("bc-4-cdo").status == "ashore" and g.unit("bc-4-cdo").beach == "Juno"
    assert g.state.beaches["Juno"].landed_cp == g.unit("bc-4-cdo").cp and g.state.beaches["Sword"].landed_cp == 0
    assert g.coastal_defender("Juno") is None and g.coastal_defender("Sword") is not None


# --------------------------------------------------------------------------- 6. D-Day landings
def _dday_sea_formations(g: Game) -> list[str]:
    return [u.id for u in g.units("allied", "afloat")]


def test_dday_shipping_never_carries_the_whole_seaborne_force():
    """Overview: "Depending on the weather, you should be able to land 12-15 of these formations on
    D-Day". The 13 seaborne formations waiting on D-Day do not all fit in D-Day's shipping in any
    weather at historical ratings, so whatever the order at most 12 land by sea, 15 with the three
    airborne divisions; the smallest twelve fit in clear weather, the smallest eleven in cloudy."""
    from overlord.engine.actions import Answer
    g = Game.new(computer_settings(), 1)
    while g.state.phase == "airborne":
        g.apply(Answer("Y"))
    sizes = sorted(g.unit(u).cp for u in _dday_sea_formations(g))
    assert len(sizes) == 13
    stock = g.data.rules.dday.initial_pools["amphibious"]
    for weather, span in g.data.charts.transport.ranges["D-Day"].items():
        if span is None:
            continue
        low, high = span
        assert high + stock < sum(sizes), weather  # never all thirteen: at most 12 + 3 airborne = 15
        fits_at_worst = max(n for n in range(14) if sum(sizes[:n]) <= low + stock)
        assert fits_at_worst + 3 >= (15 if weather == "clear" else 14), weather


class _LandEverything:
    """An Allied player that lands every formation it can, as it is offered, and clears the beach."""

    def __init__(self) -> None:
        self.passer = make_player("pass", "allied")

    def choose(self, g: Game):
        from overlord.ai.paths import ocean_path
        from overlord.engine import FinishUnit, Move
        from overlord.engine.prompts import MovePrompt
        p = g.prompt
        if not isinstance(p, MovePrompt):
            return self.passer.choose(g)
        u, m = g.unit(p.unit), g.data.map
        if not p.afloat:
            off = [d for d in p.directions if m.beach_of_position(neighbour(u.position, d)) is None]
            return Move(p.unit, off[0]) if off and m.beach_of_position(u.position) else FinishUnit(p.unit)
        if p.landing:
            return Move(p.unit, p.landing[0])
        nation = g.spec(p.unit).nation
        free = [b for b in m.beaches if b.nation == nation and any(g.occupant(x) is None for x in b.positions)]
        paths = [ocean_path(g, u.position, b.marker) for b in free]
        paths = [path for path in paths if path]
        if paths and u.ocean_steps > 0:
            return Move(p.unit, min(paths, key=len)[0])
        return FinishUnit(p.unit)


def test_landing_everything_possible_on_dday_lands_at_most_15_formations_in_any_weather():
    counts = {}
    for seed in range(8):
        g = Game.new(computer_settings(), seed)
        players = {"allied": _LandEverything(), "german": make_player("ai", "german", seed)}
        while g.state.turn == 0:
            g.apply(players[g.prompt.side].choose(g))
        counts.setdefault(g.state.weather_history["D-Day"], []).append(g.state.formations_landed_dday)
    assert set(counts) == {"clear", "cloudy"}
    assert all(n <= 15 for ns in counts.values() for n in ns), counts
    assert max(counts["clear"]) == 15  # the bound is reached, not merely respected
