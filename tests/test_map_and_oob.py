"""The map against real geography, and the order of battle against the rulebook."""

import json
import subprocess
import sys
from pathlib import Path

from overlord.engine.enums import FuelClass, Infiltration, NavalSide, Terrain, Weather
from overlord.engine.hexgrid import distance

ROOT = Path(__file__).resolve().parents[1]

# shared/reference/normandy-geography.md, typed out independently: place -> (lat, lon)
PLACES = {
    "Cherbourg": (49.64, -1.62), "Caen": (49.18, -0.37), "St-Lo": (49.12, -1.09), "Barfleur": (49.67, -1.26),
    "St-Vaast-la-Hougue": (49.59, -1.27), "Valognes": (49.51, -1.47), "Quineville": (49.51, -1.29),
    "Montebourg": (49.49, -1.38), "Ste-Mere-Eglise": (49.41, -1.32), "Barneville-Carteret": (49.38, -1.75),
    "St-Sauveur-le-Vicomte": (49.39, -1.53), "Pont-l'Abbe": (49.36, -1.40), "La Haye-du-Puits": (49.29, -1.54),
    "Lessay": (49.22, -1.53), "Periers": (49.19, -1.41), "Coutances": (49.05, -1.44), "Carentan": (49.30, -1.25),
    "Isigny-sur-Mer": (49.32, -1.10), "Pointe du Hoc": (49.40, -0.99), "Trevieres": (49.31, -0.91),
    "Port-en-Bessin": (49.35, -0.75), "Bayeux": (49.28, -0.70), "Tilly-sur-Seulles": (49.18, -0.62),
    "Caumont-l'Evente": (49.09, -0.80), "Villers-Bocage": (49.08, -0.66), "Carpiquet": (49.18, -0.45),
    "Ouistreham": (49.28, -0.25), "Benouville / Ranville": (49.24, -0.27), "Troarn": (49.18, -0.18),
    "Cabourg": (49.29, -0.12), "Evrecy": (49.10, -0.50), "Marigny": (49.10, -1.24), "Torigni-sur-Vire": (49.03, -0.98),
    "Aunay-sur-Odon": (49.02, -0.63), "Thury-Harcourt": (48.98, -0.47),
}
BEACHES = {"Utah": (49.42, -1.18), "Omaha": (49.37, -0.88), "Gold": (49.34, -0.58), "Juno": (49.33, -0.45),
           "Sword": (49.29, -0.30)}


def project(lat, lon):
    """The reference projection: row = (49.66 - lat) / 0.063; columns every 0.095 degrees from -1.98."""
    row = round((49.66 - lat) / 0.063)
    col = round((lon + 1.98) / 0.095 - 0.5 * (row % 2))
    return (col, row)


def test_every_reference_place_is_on_the_map_within_one_hex(data):
    m = data.map
    positions = {**m.towns, **m.places}
    for name, (lat, lon) in PLACES.items():
        assert name in positions, f"{name} is missing from the map"
        expected = project(lat, lon)
        assert distance(positions[name], expected) <= 1, (name, positions[name], expected)


def test_cherbourg_on_row_0_and_objectives(data):
    m = data.map
    assert m.towns["Cherbourg"][1] == 0
    assert set(m.objectives) == {"Cherbourg", "Caen", "St-Lo"}
    assert m.towns["Caen"] in m.objectives["Caen"] and m.towns["St-Lo"] in m.objectives["St-Lo"]
    assert m.objectives["Cherbourg"] == (m.towns["Cherbourg"],)
    for hexes in m.objectives.values():
        assert all(m.terrain[h] == "town" for h in hexes)


def test_beaches_west_to_east_near_the_reference(data):
    m = data.map
    assert [b.name for b in m.beaches] == ["Utah", "Omaha", "Gold", "Juno", "Sword"]
    assert [b.nation for b in m.beaches] == ["US", "US", "BC", "BC", "BC"]
    cols = [min(c for c, _ in b.positions) for b in m.beaches]
    assert cols == sorted(cols)
    for b in m.beaches:
        assert min(distance(p, project(*BEACHES[b.name])) for p in b.positions) <= 1, b.name
        assert m.terrain[b.marker] == "ocean"
        assert all(distance(p, b.marker) == 1 and m.is_land(p) for p in b.positions)


def test_beaches_and_ocean_on_the_ocean_side_of_the_naval_line(data):
    m = data.map
    for b in m.beaches:
        for h in (b.marker,) + b.positions:
            assert m.naval_side[h] == "o", (b.name, h)
    for h, t in m.terrain.items():
        if t == "ocean":
            assert m.naval_side[h] == "o"
    for h in m.waiting.values():
        assert m.terrain[h] == "ocean"
    # the area east of Caen that the Victory Points chart excludes lies east of the Orne, beside and below Caen
    caen_col = m.towns["Caen"][0]
    for h, side in m.naval_side.items():
        if side == "x":
            assert h[0] >= caen_col and h[1] >= 6 and m.is_land(h) and h not in m.objectives["Caen"][:1]
    assert any(s == "x" for s in m.naval_side.values())
    assert sum(1 for s in m.naval_side.values() if s == "c") > 60


def test_the_naval_side_is_an_enum_equal_to_the_map_files_letters_and_read_by_its_questions(data):
    m = data.map
    assert {type(s) for s in m.naval_side.values()} == {NavalSide}
    assert [str(s) for s in NavalSide] == ["o", "c", "x"]  # map.toml's letters
    for h, side in m.naval_side.items():
        assert m.on_continent_side(h) == (side == "c")
        assert m.on_scoring_ocean_side(h) == (side == "o")
    caen = m.towns["Caen"]  # on the ocean side, where the German scores; Aunay on the continent side
    assert m.on_scoring_ocean_side(caen) and not m.on_continent_side(caen)
    assert m.on_continent_side(m.towns["Aunay-sur-Odon"]) and not m.on_scoring_ocean_side(m.towns["Aunay-sur-Odon"])
    east = next(h for h, side in m.naval_side.items() if side == NavalSide.EAST_OF_CAEN)
    assert not m.on_continent_side(east) and not m.on_scoring_ocean_side(east)


def test_terrain_weather_and_infiltration_are_enums_equal_to_the_data_files_words(data):
    assert {type(t) for t in data.map.terrain.values()} == {Terrain}
    assert {type(u.infiltration) for u in data.units.values()} == {Infiltration}
    assert {type(u.fuel_class) for u in data.units.values()} == {FuelClass}
    assert data.charts.weather.weathers == tuple(Weather) == ("clear", "cloudy", "overcast", "storm")
    assert data.charts.terrain[Terrain.BOCAGE] is data.charts.terrain["bocage"]


def test_terrain_regions_and_rivers(data):
    m = data.map
    counts = {t: sum(1 for x in m.terrain.values() if x == t) for t in set(m.terrain.values())}
    assert counts["bocage"] >= 50  # the bocage belt is the defining terrain
    assert counts["swamp"] >= 10 and counts["river"] >= 15 and counts["clear"] >= 25
    assert set(m.rivers) == {"Douve", "Merderet", "Taute", "Vire", "Aure", "Seulles", "Orne", "Odon", "Dives"}
    assert m.towns["St-Lo"] in m.rivers["Vire"] and m.towns["Caen"] in m.rivers["Orne"]
    assert m.towns["Carentan"] in m.rivers["Douve"] and m.towns["Troarn"] in m.rivers["Dives"]
    for chain in m.rivers.values():
        assert all(distance(a, b) == 1 for a, b in zip(chain, chain[1:]))
    assert all(m.terrain[h] == "swamp" for hs in m.flooded.values() for h in hs)


def test_drop_zones_and_entries(data):
    m = data.map
    assert list(m.drop_zones) == ["us-82-abn", "us-101-abn", "bc-6-abn"]
    assert m.drop_zones["us-82-abn"][0] == m.towns["Ste-Mere-Eglise"]
    assert distance(m.drop_zones["us-101-abn"][0], m.towns["Carentan"]) <= 1
    assert m.drop_zones["bc-6-abn"][0] == m.places["Benouville / Ranville"]
    for zones in m.drop_zones.values():
        assert len(zones) >= 3 and all(m.is_land(z) for z in zones)
    for h in m.entry.values():
        assert m.grid.on_edge(h) and m.is_land(h)


def test_allied_forces_by_type_and_nation(data):
    allied = [u for u in data.units.values() if u.side == "allied" and not u.is_depot]
    assert len(allied) == 33
    assert sum(1 for u in allied if u.nation == "US") == 18
    assert sum(1 for u in allied if u.nation == "BC") == 15
    by = lambda t, n: sum(1 for u in allied if u.type == t and u.nation == n)  # noqa: E731
    assert (by("airborne", "US"), by("airborne", "BC")) == (2, 1)
    assert (by("infantry", "US"), by("infantry", "BC")) == (9, 6)
    assert (by("armoured", "US"), by("armoured", "BC")) == (2, 2)
    assert (by("armoured-brigade", "US"), by("armoured-brigade", "BC")) == (0, 4)
    assert (by("armoured-cavalry", "US"), by("armoured-cavalry", "BC")) == (4, 0)
    assert (by("ranger", "US"), by("ranger", "BC")) == (1, 0)
    assert (by("commando", "US"), by("commando", "BC")) == (0, 2)


def test_order_of_battle_rules(data):
    units = data.units.values()
    german_start = [u for u in units if u.side == "german" and u.start]
    divisions = [u for u in german_start if not u.type.endswith("brigade")]
    assert len(divisions) == 7  # "seven divisions in the immediate area"
    # and the 30th Mobile Brigade, on its way from Coutances through St-Lo, holds St-Lo from the start (rules edition 2)
    assert [(u.id, u.start) for u in german_start if u not in divisions] == [("de-30-mob", data.map.objectives["St-Lo"][0])]
    assert sorted(u.beach for u in units if u.is_coastal) == sorted(["Utah", "Omaha", "Gold", "Juno", "Sword"])
    assert any(u.is_depot and u.nation == "US" for u in units) and any(u.is_depot and u.nation == "BC" for u in units)
    for u in units:
        assert u.why.strip()
        if u.side == "allied" and not u.is_depot:
            mech = u.type in ("armoured", "armoured-brigade", "armoured-cavalry")
            assert u.fuel_class == ("mechanised" if mech else "infantry"), u.id
            assert (u.infiltration != "none") == (u.type == "armoured"), u.id
    inf = [u for u in units if u.side == "allied" and u.type == "infantry"]
    assert all(u.cp == 100 for u in inf)  # the 100 CP scale


def test_oob_and_map_json_commands():
    oob = json.loads(subprocess.run([sys.executable, "-m", "overlord", "oob", "--json"], capture_output=True, text=True, cwd=ROOT).stdout)
    assert oob["allied_formations"] == 33 and oob["allied_by_nation"] == {"US": 18, "BC": 15}
    u = next(x for x in oob["units"] if x["id"] == "us-2-arm")
    assert (u["side"], u["nation"], u["type"], u["can_infiltrate"], u["fuel_class"]) == ("allied", "US", "armoured", True, "mechanised")
    assert {x["nation"] for x in oob["units"]} == {"US", "BC", "DE"}
    m = json.loads(subprocess.run([sys.executable, "-m", "overlord", "map", "--json"], capture_output=True, text=True, cwd=ROOT).stdout)
    assert (m["rows"], m["cols"]) == (12, 22) and len(m["hexes"]) == 12 * 22
    caen = next(h for h in m["hexes"] if h["town"] == "Caen")
    assert (caen["col"], caen["row"], caen["terrain"], caen["naval_side"]) == (17, 8, "town", "ocean")
    assert {h["beach"] for h in m["hexes"] if h["beach"]} == {"Utah", "Omaha", "Gold", "Juno", "Sword"}
    text = subprocess.run([sys.executable, "-m", "overlord", "map"], capture_output=True, text=True, cwd=ROOT).stdout
    assert "Cherbourg" in text and "*O" in text
