"""The engine's names for sides, nations, phases, combat steps and unit statuses.

Each is a ``StrEnum`` whose values are the strings saves, hashes and JSON have
always used: a member equals its string ("allied" == Side.ALLIED), hashes like
it and is written as it, so old saves load and nothing a front end reads changes.
"""

from __future__ import annotations

from enum import StrEnum


class Side(StrEnum):
    ALLIED = "allied"
    GERMAN = "german"
    NONE = "none"  # who is asked once the game is over: nobody


SIDES = (Side.ALLIED, Side.GERMAN)


class Nation(StrEnum):
    US = "US"  # American
    BC = "BC"  # British Commonwealth
    DE = "DE"  # German


NATIONS = {Side.ALLIED: (Nation.US, Nation.BC), Side.GERMAN: (Nation.DE,)}


class Phase(StrEnum):
    """Where the game stands (Game.apply's docstring gives the order)."""
    QUESTIONS = "questions"  # the scenario questions (only when the game began with them)
    AIRBORNE = "airborne"  # the parachute drops before D-Day
    ALLOCATION = "allocation"
    INTERDICTION = "interdiction"
    ALLIED_MOVEMENT = "allied_movement"
    ALLIED_COMBAT = "allied_combat"
    GERMAN_MOVEMENT = "german_movement"
    GERMAN_COMBAT = "german_combat"
    GAME_OVER = "game_over"


# The phases of a turn that ask something, in order (logistics before them and the
# end-of-turn reckoning after them run by themselves).
TURN_PHASES = (Phase.ALLOCATION, Phase.INTERDICTION, Phase.ALLIED_MOVEMENT, Phase.ALLIED_COMBAT,
               Phase.GERMAN_MOVEMENT, Phase.GERMAN_COMBAT)

# The side whose phase it is. In combat the other side is asked too (its defence level, its
# retreats, an Allied defender's bombardment): the prompt's side says who answers.
PHASE_SIDE = {
    Phase.QUESTIONS: Side.ALLIED,
    Phase.AIRBORNE: Side.ALLIED,
    Phase.ALLOCATION: Side.ALLIED,
    Phase.INTERDICTION: Side.ALLIED,
    Phase.ALLIED_MOVEMENT: Side.ALLIED,
    Phase.ALLIED_COMBAT: Side.ALLIED,
    Phase.GERMAN_MOVEMENT: Side.GERMAN,
    Phase.GERMAN_COMBAT: Side.GERMAN,
    Phase.GAME_OVER: Side.NONE,
}


class CombatStep(StrEnum):
    """What one combat is waiting for, in the order a combat goes through them."""
    DEFENDER = "defender"  # attack this enemy unit?
    ATTACKER = "attacker"  # include this unit in the attack?
    SUPPORT = "support"  # Allied naval and air support for the attack
    ATTACK_LEVEL = "attack_level"
    DEFENCE_SUPPORT = "defence_support"  # Allied bombardment for an Allied defender
    DEFENCE_LEVEL = "defence_level"
    RETREAT = "retreat"
    ADVANCE = "advance"


class UnitStatus(StrEnum):
    PENDING = "pending"  # not yet arrived (or an airborne division not yet dropped)
    AFLOAT = "afloat"  # an Allied formation in the ocean, waiting to land
    ASHORE = "ashore"  # on a land position
    COASTAL = "coastal"  # a German coastal defence unit holding its beach
    ELIMINATED = "eliminated"


class Terrain(StrEnum):
    """The Terrain Effects chart's kinds of ground (map.toml's legend names them)."""
    CLEAR = "clear"
    TOWN = "town"
    BOCAGE = "bocage"
    SWAMP = "swamp"
    RIVER = "river"
    BEACH = "beach"
    OCEAN = "ocean"


class Weather(StrEnum):
    """The Weather chart's four weathers, best first."""
    CLEAR = "clear"
    CLOUDY = "cloudy"
    OVERCAST = "overcast"
    STORM = "storm"


class NavalSide(StrEnum):
    """A position's side of the naval-range line (map.toml's letters): within the ships' range on the ocean
    side, beyond it on the continent side."""
    OCEAN = "o"
    CONTINENT = "c"
    EAST_OF_CAEN = "x"  # the ocean side east of Caen, where German units score nothing


class Infiltration(StrEnum):
    """A unit's infiltration class (the Infiltration chart's rows)."""
    NONE = "none"  # may not infiltrate
    ARMOURED = "armoured"  # the Allied armoured divisions
    MECHANISED = "mechanised"
    INFANTRY = "infantry"


class FuelClass(StrEnum):
    """Which row of the Fuel chart a unit's movement pays."""
    INFANTRY = "infantry"
    MECHANISED = "mechanised"
