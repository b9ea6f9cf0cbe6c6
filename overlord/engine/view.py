"""What front ends and computer players may read of a game, and the rules helpers they may call.

A front end (the Textual UI, a computer player, a script) reads three things: the prompt (what is
asked of which side, with what that side may know to answer it: ``overlord.engine.prompts``), the
board through ``Game``'s public methods and properties (below), and the frozen game data
(``game.data``: the map, the order of battle, the charts, the house rules). It answers with an
action. It never reads ``game.state`` (the engine's own record of the game), never a private name
(``game._occupant``, ...), and never changes what it reads; ``tests/test_public_view.py`` checks
``overlord/ai`` and ``overlord/tui`` for that.

The approach: no copies. ``Game`` hands out the engine's own records (computer players read them
in hot loops), typed as the read-only Protocols of this module (``UnitView``, ``BeachView``,
``PoolsView``), so that a type checker flags any write from a front end. The rules themselves
change the records through ``game.state``.

The board (methods and properties of ``Game``):

    game.unit(uid) -> UnitView              a unit: status, position, CP, fatigue, MP, supply, ...
    game.units(side, status, combat)        units in order-of-battle order, filtered
    game.spec(uid), game.side_of(uid)       what never changes about a unit (UnitSpec), its side
    game.occupant(hex), game.occupants()    the combat unit ashore at a position; all of them
    game.depot_at(hex), game.afloat_at(hex) the depot at a position; the units at sea there
    game.coastal_defender(beach)            the coastal defence unit still holding a beach
    game.zoc(side), game.in_enemy_zoc(uid, hex), game.adjacent_units(hex, side)
    game.turn, game.turn_label, game.last_turn, game.is_last_turn, game.turn_of(label)
    game.phase, game.movement_cycle, game.combat_pass
    game.weather, game.pools, game.air_left, game.naval_left, game.interdiction
    game.beaches                            each beach: its marker, the CP landed there, its assault
    game.objectives_taken, game.history, game.final_report
    game.settings, game.seed, game.initial_settings, game.actions, game.over, game.state_hash()

Rules helpers: pure functions of a game that change nothing and draw no chance, gathered here
(``from overlord.engine import view``; ``view.preview(game, ...)``):

    movement:      step_cost (a step's MP, fuel, whether it stops or lands), beach_cleared,
                   infiltration_chance, choosable_units (the units that may be chosen to move), moving_units
                   (the side's units in the movement phase, those done too), held_by_fuel (those that
                   could step but for the fuel),
                   landing_refused (why a beach beside a unit at sea is closed to it),
                   land_step_points (the points of a step on land into a position, into and out of
                   enemy zones of control: the one count the rules and a path finder share)
    routes:        route (a unit's cheapest way on land to a position: each step's points and zone of
                   control, where this phase's points leave it, its supply and side of the naval-range
                   line there, or why there is no way: a Route of RouteSteps), step_refused (why a step
                   on land that way is refused, in words)
    combat:        odds, fought_odds, preview (odds and expected losses at two levels),
                   in_naval_range, max_attack_level, supply_factor, support_unseen (the Allied support
                   given for the attack the German is asked to defend against, not yet his to see),
                   bombardment_seen (the Allied support in a fight whose level the Allies choose, and
                   the Bombardment Losses chart's range for it, which preview leaves out),
                   bombardment_most (the German's: the range for the most they could give),
                   support_most (those most points),
                   support_possible (whether the Allies have the air, or naval and range, to support a
                   fight against a unit: else no support is asked),
                   retreat_losses (the CP a retreating unit loses refusing, and retreating next to an enemy),
                   reaches (whether odds reach a threshold, as the engine judges a forced retreat)
    combat charts: bombardment_row (the Bombardment Losses chart's row for some points),
                   base_losses (the loss model's losses at a pair of levels and odds)
    fatigue:       effectiveness, max_strategy_level, highest_level, tired
    logistics:     fuel_cost, amphibious_cost, combat_supply_cost, general_supply_cost,
                   upkeep_estimate
    supply:        allied_sources, supplied_positions, german_supplied_positions,
                   within_supply_range, source_distance, traced_on
    interdiction:  effective_points, decrease_range
    airborne:      free_zones (the drop zones still free for a division)
    victory:       score, turn_points, objective_holders, hex_scores (whether an objective's position scores
                   this turn: an Allied unit in supply on it, no German unit beside it),
                   ocean_side_points, ocean_side_scores,
                   victory_level (the level of victory a score gives, in a scenario), category_points
                   (the score so far by category and side), turn_start_points (the same when each
                   turn's first question was asked), continent_side_points (what a unit would score a
                   turn at a position), ocean_side_units (the German units scoring on the ocean side)
    supply lines:  beyond_supply_lines (whether a unit at a position would be beyond its supply lines),
                   german_out_of_supply (the German units the next trace cuts off if nothing moves),
                   german_cut_off_at (whether a German unit moved to a position could not trace supply there)
    sides:         enemy (the other side)
    overrun:       overrun (what a German unit entering a position destroys: a beach's marker, a depot)
    set-up:        preset_offered (what a ratings level the set-up offers changes from the historical ratings),
                   settings_words (the scenario and ratings a game is played at, in a sentence),
                   human_german_words (what the charts give the Allies against a person playing the German),
                   which_way (" (sooner)" or " (later)" for a reinforcement arrival changed)
    units:         position_of (the position of a unit on the map, ashore or at sea, never None: for a
                   unit off the map, one to come or eliminated, an error)

A unit's status by its short names (UnitStatus members): PENDING, AFLOAT, ASHORE, COASTAL, ELIMINATED.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .airborne import free_zones
from .combat import (fought_odds, in_naval_range, max_attack_level, odds, preview, reaches, retreat_losses,
                     supply_factor, support_possible)
from .combat_results import base_losses, bombardment_row
from .enums import UnitStatus
from .fatigue import effectiveness, highest_level, max_strategy_level, tired
from .hexgrid import Hex
from .interdiction import decrease_range, effective_points
from .logistics import amphibious_cost, combat_supply_cost, fuel_cost, general_supply_cost, upkeep_estimate
from .landing import beach_cleared
from .losses import overrun
from .prompts import StrategyPrompt
from .movement import (choosable_units, held_by_fuel, infiltration_chance, land_step_points, landing_refused,
                       moving_units, step_cost)
from .routes import Route, RouteStep, route, step_refused
from .setup import PRESET_ORDER, human_german_words, preset_changes, settings_words, which_way
from .state import AFLOAT, ASHORE, COASTAL, ELIMINATED, PENDING, position_of
from .supply import (allied_sources, german_cut_off_at, german_out_of_supply, german_supplied_positions,
                     source_distance, supplied_positions, traced_on, within_supply_range)
from .util import enemy
from .victory import (category_points, continent_side_points, hex_scores, objective_holders, ocean_side_points,
                      ocean_side_scores, ocean_side_units, score, turn_points, turn_start_points, victory_level)

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "AFLOAT", "ASHORE", "COASTAL", "ELIMINATED", "PENDING", "BeachView", "PoolsView", "UnitView",
    "allied_sources", "amphibious_cost", "base_losses", "beach_cleared", "bombardment_row", "combat_supply_cost",
    "decrease_range", "effective_points", "effectiveness", "enemy", "fought_odds", "free_zones", "fuel_cost",
    "general_supply_cost", "german_supplied_positions", "in_naval_range", "infiltration_chance",
    "max_attack_level", "max_strategy_level", "highest_level", "tired", "objective_holders", "ocean_side_points",
    "ocean_side_scores",
    "odds", "preview", "score", "source_distance", "step_cost", "supplied_positions", "supply_factor",
    "traced_on", "turn_points", "upkeep_estimate", "within_supply_range",
    "choosable_units", "moving_units", "held_by_fuel", "landing_refused", "land_step_points", "victory_level", "position_of",
    "category_points", "turn_start_points", "continent_side_points", "ocean_side_units", "beyond_supply_lines",
    "german_out_of_supply", "german_cut_off_at",
    "route", "step_refused", "Route", "RouteStep", "support_unseen", "hex_scores", "preset_offered",
    "bombardment_seen", "bombardment_most", "support_most", "settings_words", "human_german_words", "which_way",
    "retreat_losses", "overrun", "reaches", "support_possible",
]


def preset_offered(game: "Game", option: str) -> str | None:
    """What the ratings level the set-up offers as ``option`` changes from the historical ratings ("transport 7,
    air power 6, ..."); None for an answer of that question that is no level (each rating set by hand)."""
    key = next((k for o, _, k in PRESET_ORDER if o == option), None)
    return None if key is None else preset_changes(game, key)


def support_unseen(game: "Game") -> tuple[int, int]:
    """The Allied naval and air support given for the attack the German is asked to defend against, not yet
    fought: (0, 0) at any other question. Taken from the turn's points as it is given, it is not the German's to
    see until the fight (hot-seat: a front end shows the points as they were before it)."""
    p = game.prompt
    if not isinstance(p, StrategyPrompt) or p.role != "defence" or p.side != "german":
        return 0, 0
    state = game.state
    fight = state.current_movement().assault if p.landing is not None else state.current_combat()
    return (fight.naval, fight.air) if fight is not None else (0, 0)


def bombardment_seen(game: "Game") -> tuple[int, int, int] | None:
    """At a choice of attack or defence level: the Allied naval and air points in the fight as the side asked
    sees them, and the Bombardment Losses chart's range for them: (points, low, high), more German losses when
    the Allies attack, fewer Allied losses when they defend. The expected losses (``preview``) leave it out. None
    where the side asked has not seen them (the German, whose fight's Allied support is told with its result) or
    at any other question."""
    p = game.prompt
    if not isinstance(p, StrategyPrompt) or p.side != "allied":
        return None
    state = game.state
    attacking = p.role == "attack"
    if p.landing is not None:  # (a landing's round: the Allies attack, with the support given for the landing)
        assault = state.current_movement().assault
        if assault is None:
            return None
        points = assault.naval + assault.air
    else:
        combat = state.current_combat()
        if combat is None:
            return None
        points = combat.naval + combat.air if attacking else combat.defence_naval + combat.defence_air
    row = bombardment_row(game.data.charts, points)
    low, high = row.german_extra if attacking else row.allied_reduction
    return points, low, high


def bombardment_most(game: "Game") -> tuple[int, int]:
    """At a German choice of attack or defence level: the Bombardment Losses chart's range for the most support
    the Allies could give in the fight (its naval points only in naval range, each up to the largest answer and
    to the points they had before it), the extra German losses when he defends, the fewer Allied ones when he
    attacks; (0, 0) at any other question. What they gave is not his to see until the result."""
    p = game.prompt
    if not isinstance(p, StrategyPrompt) or p.side != "german":
        return 0, 0
    row = bombardment_row(game.data.charts, support_most(game))
    return row.german_extra if p.role == "defence" else row.allied_reduction


def support_most(game: "Game") -> int:
    """At a German choice of attack or defence level: the most naval and air points the Allies could give in the
    fight (naval only in naval range, each up to the largest answer and to the points they had before it); 0 at
    any other question."""
    p = game.prompt
    if not isinstance(p, StrategyPrompt) or p.side != "german":
        return 0
    state = game.state
    given_naval, given_air = support_unseen(game)  # (given already, when he defends: back in the budgets)
    largest = game.data.rules.answers.largest_number
    naval = min(largest, state.naval_left + given_naval) \
        if in_naval_range(game, position_of(game.unit(p.defender))) else 0  # (the defender's position, as support's)
    return naval + min(largest, state.air_left + given_air)


def beyond_supply_lines(game: "Game", uid: str, hex_: Hex) -> bool:
    """Whether an Allied unit standing at ``hex_`` would be beyond supply lines, traced as they stand now:
    more than the supply range from every intact beachhead marker and in-supply depot of its own nation
    (a depot is not counted as its own source). German units and positions at sea: False."""
    if game.side_of(uid) != "allied" or not game.data.map.is_land(hex_):
        return False
    spec = game.spec(uid)
    sources = allied_sources(game, spec.nation, without=uid if spec.is_depot else None)
    return not within_supply_range(game, hex_, sources)


class UnitView(Protocol):
    """A unit as it stands (state.UnitState, read-only); what never changes is in game.spec(uid)."""

    @property
    def id(self) -> str: ...
    @property
    def status(self) -> UnitStatus: ...
    @property
    def cp(self) -> int: ...
    @property
    def max_cp(self) -> int: ...
    @property
    def leadership(self) -> int: ...
    @property
    def arrival(self) -> int | None: ...  # the turn index it becomes available
    @property
    def position(self) -> Hex | None: ...
    @property
    def fatigue(self) -> int: ...
    @property
    def mp(self) -> int: ...  # movement points left this movement phase
    @property
    def ocean_steps(self) -> int: ...  # moves at sea left this movement phase
    @property
    def moved(self) -> bool: ...
    @property
    def stopped(self) -> bool: ...
    @property
    def acted(self) -> bool: ...
    @property
    def attacks(self) -> int: ...  # attacks made this combat phase
    @property
    def interdicted(self) -> int: ...  # movement points taken by air interdiction this turn
    @property
    def in_supply(self) -> bool: ...
    @property
    def general_supplied(self) -> bool: ...
    @property
    def cadre(self) -> bool: ...
    @property
    def beach(self) -> str | None: ...  # the beach it landed at (Allied) or holds (coastal defence)


class BeachView(Protocol):
    """A beach as it stands (state.BeachState, read-only)."""

    @property
    def name(self) -> str: ...
    @property
    def marker_intact(self) -> bool: ...
    @property
    def landed_cp(self) -> int: ...
    # its assault, as it went: the rounds fought against its coastal defence, the CP each side lost in them,
    # the movement points the first formation ashore had left (None before one lands), and the turn it
    # was cleared (None while its coastal defence holds)
    @property
    def rounds(self) -> int: ...
    @property
    def allied_cp_lost(self) -> int: ...
    @property
    def german_cp_lost(self) -> int: ...
    @property
    def first_mp_left(self) -> int | None: ...
    @property
    def cleared(self) -> str | None: ...


class PoolsView(Protocol):
    """The Allied supply pools (state.Pools, read-only)."""

    @property
    def fuel(self) -> int: ...
    @property
    def general(self) -> int: ...
    @property
    def combat(self) -> int: ...
    @property
    def amphibious(self) -> int: ...
    def as_dict(self) -> dict[str, int]: ...
