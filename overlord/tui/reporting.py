"""The reports between turns and at the end: the logistics report, the turn's score, the final report."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..engine.events import CombatResult, Event, LogisticsReport, TurnEnded
from ..engine.data import CATEGORIES, cached_data


def logistics_text(e: LogisticsReport) -> Text:
    t = Text()
    t.append(f"LOGISTICS, {e.turn}\n", style="bold")
    t.append(f"Weather: {e.weather}.  Transport: {e.transport} points.\n")
    t.append("Arrived:  " + "  ".join(f"{c} +{e.arrived.get(c, 0)}" for c in CATEGORIES) + "\n")
    t.append(f"General supply upkeep paid: {e.upkeep}\n")
    t.append("Pools now: " + "  ".join(f"{c} {e.pools.get(c, 0)}" for c in CATEGORIES) + "\n")
    if e.out_of_supply:
        t.append("Beyond supply lines: " + ", ".join(e.out_of_supply) + "\n", style="bold")
    if e.deprived:
        t.append("Without general supply: " + ", ".join(e.deprived) + "\n", style="bold")
    if e.attrition:
        t.append(f"Allied combat points lost to lack of supply: {e.attrition}\n", style="bold")
    if e.reinforcements:
        t.append("Arriving: " + ", ".join(e.reinforcements) + "\n")
    t.append(f"Weather so far: {e.weather_percent:+d}% against the average.\n")
    return t


def turn_end_text(e: TurnEnded) -> Text:
    t = Text()
    t.append(f"END OF {e.turn}\n", style="bold")
    p = e.points
    allied = p.get("objectives", 0) + p.get("objectives_final", 0) + p.get("continent_side", 0)
    t.append(f"Victory points this turn: Allied +{allied:.0f} (objectives {p.get('objectives', 0) + p.get('objectives_final', 0):.0f}, "
             f"continent side {p.get('continent_side', 0):.0f}); German +{p.get('ocean_side', 0):.0f} (ocean side)\n")
    t.append(f"Score: {e.score:.0f}.  Weather {e.weather_percent:+d}% of the average; adjusted score {e.adjusted_score:.0f}.\n")
    return t


def page_text(e: Event) -> Text:
    if isinstance(e, LogisticsReport):
        return logistics_text(e)
    if isinstance(e, TurnEnded):
        return turn_end_text(e)
    return Text(f"{e.text}\n", style="bold" if isinstance(e, CombatResult) else "")


def final_report(report: Mapping[str, Any], scenario: str = "") -> list:
    """Renderables for the end-of-game screen."""
    out: list = []
    head = Text()
    head.append(f"{report['victory_level'].upper()}\n", style="bold reverse")
    head.append(f"\nAllied score {report['allied_score']:.0f}, adjusted for the weather "
                f"({report['weather_percent']:+d}%) {report['adjusted_score']:.0f}.  "
                f"{report['turns_played']} turns played{', ' + scenario if scenario else ''}.\n")
    head.append(f"Formations ashore at the end of D-Day: {report['formations_landed_dday']}.\n")
    out.append(head)

    pts = Table(title="Victory points", expand=False)
    pts.add_column("Allied")
    pts.add_column("", justify="right")
    pts.add_column("German")
    pts.add_column("", justify="right")
    allied = list(report["points"]["allied"].items())
    german = list(report["points"]["german"].items())
    for i in range(max(len(allied), len(german))):
        a = allied[i] if i < len(allied) else ("", "")
        g = german[i] if i < len(german) else ("", "")
        pts.add_row(a[0].replace("_", " "), f"{a[1]:g}" if a[1] != "" else "", g[0].replace("_", " "),
                    f"{g[1]:g}" if g[1] != "" else "")
    out.append(pts)
    out.append(losses_text(report))
    if report.get("dday"):
        out.append(dday_table(report["dday"]))

    hist = Table(title="Turn by turn", expand=False)
    for col in ("Turn", "Weather", "Transport", "Score", "Weather %", "In supply", "Out"):
        hist.add_column(col, justify="right" if col not in ("Turn", "Weather") else "left")
    for r in report["history"]:
        hist.add_row(r["turn"], r["weather"] or "-", str(r["transport"]), f"{r['allied_score']:.0f}",
                     f"{r['weather_percent']:+d}", str(r["units_in_supply"]), str(r["units_out_of_supply"]))
    out.append(hist)
    return out


def losses_text(report: Mapping[str, Any]) -> Text:
    """Who holds the objectives, the casualties, and the units eliminated by name (a depot among them said so:
    it scores for the German as a unit eliminated)."""
    obj = Text("\nObjectives: ")
    taken = report.get("objectives_taken", {})
    obj.append(", ".join(f"{name} {holder}" + (f" (first held {taken[name]})" if name in taken else "")
                         for name, holder in report["objectives"].items()))
    cas = report["casualties"]
    elim = report["units_eliminated"]
    obj.append(f"\nCasualties: Allied {cas['allied']} CP ({cas['allied_out_of_general_supply']} for lack of "
               f"general supply), German {cas['german']} CP.")
    obj.append(f"\nUnits eliminated: Allied {elim['allied']}")
    depots = elim.get("allied_depots", 0)
    if depots:
        points = cached_data().charts.victory_points.eliminated.allied_unit
        what = "a supply depot" if depots == 1 else "supply depots"
        obj.append(f" ({depots} of them {what}: a depot destroyed counts as a unit eliminated, "
                   f"{points} points to the German)")
    obj.append(f", German {elim['german']}.")
    names = elim.get("names", {})
    for side in ("allied", "german"):
        if names.get(side):
            obj.append(f"\n  {side.title()}: " + ", ".join(names[side]))
    obj.append("\n")
    return obj


def dday_table(dday: Mapping[str, Mapping[str, Any]]) -> Table:
    """The beaches' assaults, one row a beach: the rounds fought against its coastal defence, the CP each
    side lost in them, the first formation's MP left after landing, and when the beach was cleared."""
    table = Table(title="D-Day, beach by beach", box=box.SIMPLE_HEAD, expand=False)
    table.add_column("Beach")
    for head in ("Rounds", "Allied CP lost", "German CP lost", "First MP left"):
        table.add_column(head, justify="right")
    table.add_column("Cleared")
    for name, b in dday.items():
        mp = "-" if b["first_mp_left"] is None else str(b["first_mp_left"])
        table.add_row(name, str(b["rounds"]), str(b["allied_cp_lost"]), str(b["german_cp_lost"]), mp,
                      b["cleared"] or "held")
    return table
