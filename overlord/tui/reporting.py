"""The reports between turns and at the end: the logistics report, the turn's score, the final report."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..engine import view
from .. import words
from ..engine.data import CATEGORIES, GameData, cached_data
from ..engine.events import CombatResult, Event, LogisticsReport, TurnEnded
from ..engine.game import Game
from ..engine.results import BeachAssault, CategoryPoints, FinalReport


def weather_words(percent: int) -> str:
    """The weather so far against the chart's average, in words: which way the percentage goes (docs/rules.md)."""
    return "the average" if not percent else f"{abs(percent)}% {'better' if percent > 0 else 'worse'} than the average"


def logistics_text(e: LogisticsReport, data: GameData | None = None, game: Game | None = None) -> Text:
    """The logistics report; with ``game`` (the report shown as it happens), what moves the transport off the
    Transport chart's range."""
    data = data or cached_data()
    t = Text()
    t.append(f"LOGISTICS, {e.turn}\n", style="bold")
    t.append(f"Weather: {e.weather}.  Transport: {e.transport} points{transport_note(e, game)}.\n")
    t.append("Arrived:  " + "  ".join(f"{c} +{e.arrived.get(c, 0)}" for c in CATEGORIES) + "\n")
    t.append(f"General supply upkeep paid: {e.upkeep}\n")
    t.append("Pools now: " + "  ".join(f"{c} {e.pools.get(c, 0)}" for c in CATEGORIES) + "\n")
    if e.out_of_supply:
        t.append("Beyond supply lines: " + words.name_list(words.names(data, e.out_of_supply)) + "\n", style="bold")
    if e.deprived:
        t.append("Without general supply: " + words.name_list(words.names(data, e.deprived)) + "\n", style="bold")
    if e.attrition:
        t.append(f"Allied combat points lost to lack of supply: {e.attrition}", style="bold")
        lost = e.attrition * supply_casualty_points()
        t.append(f" ({lost:g} point{'' if lost == 1 else 's'} to the German, counted at once: the top "
                 "line's score already takes them off the end-of-turn score)\n")
    if e.german_cut_off:
        t.append(german_cut_off_words(e, data) + "\n", style="bold")
    if e.reinforcements:
        t.append("Arriving: " + words.name_list(words.names(data, e.reinforcements)) + "\n")
    # (the words first: "-5%, 5% worse" read as a double negative; found by a helper)
    t.append(f"Weather so far: {weather_words(e.weather_percent)} ({e.weather_percent:+d}%).\n")
    return t


def german_cut_off_words(e: LogisticsReport, data: GameData) -> str:
    """The German units cut off from supply this turn and what it cost them."""
    strength = data.rules.german_supply.out_of_supply_strength_percent
    lost = e.german_attrition
    return (f"German units cut off from supply: {words.name_list(words.names(data, e.german_cut_off))}; they lost "
            f"{lost} CP ({words.plural(lost, 'point')} to the Allies) and fight at {strength}% strength "
            "while cut off")


def turn_end_text(e: TurnEnded, game: Game | None = None) -> Text:
    t = Text()
    t.append(f"END OF {e.turn}\n", style="bold")
    p = e.points
    objectives = p.objectives + p.objectives_final
    # to a tenth where there is one: the score is rounded down, and "+72" beside a score one short of the sum misled
    t.append(f"Points for the ground held at the end of the turn: Allied +{_tenth(p.allied)} "
             f"(objectives {_tenth(objectives)}, continent side {_tenth(p.continent_side)}); German "
             f"+{_tenth(p.ocean_side)} (ocean side). Losses were counted as they happened.\n")
    turn = game.turn_of(e.turn) if game is not None else None
    # (which way the percentage goes, and that it decides nothing: a newcomer read +5% as weather against the Allies,
    # and the adjusted score as the one that counts)
    t.append(f"Score at the end of {e.turn}: {words.points(e.score)}{_to_a_tenth(e.score)}. The weather so far has "
             f"been {weather_words(e.weather_percent)}; adjusted for it, the score would be "
             f"{words.points(e.adjusted_score)} (for comparing games only: the level of victory goes by the score "
             f"itself{BELOW_ZERO if e.score < 0 and e.weather_percent else ''}).\n")
    if game is not None and turn is not None and turn < len(game.history):
        t.append(score_steps(e, game, turn) + "\n")
    if game is not None and turn == 0 and not game.settings.german_dday_movement:
        # (a German playing went from the landings to this report, and nothing said why he had not moved)
        t.append("The German had no movement or combat on D-Day: his reserves were held back, as on June 6 (the "
                 "set-up's optional rule \"May the German move on D-Day?\" gives him both).\n")
    if game is None or (turn is not None and turn < game.last_turn - 1):  # (none after the scenario's last)
        t.append("From here the top line's score moves on as points come: the next turn's supply losses first.\n",
                 style="dim")
    elif turn == game.last_turn - 1:  # (the last turn has no logistics: the supply losses promised never came)
        t.append("The next turn is the last: no moves and no supply losses; the ground is scored once more, with the "
                 "objectives' final points.\n", style="dim")
    return t


def score_steps(e: TurnEnded, game: Game, turn: int) -> str:
    """How the score came from the last turn's end to this one's: the ground's points, and the rest, the turn's
    losses net (the report gave the ground's alone, and the score moved by more; found by a helper)."""
    before = game.history[turn - 1].allied_score if turn else 0.0
    since = f"{round(before, 1):g} at the end of {game.history[turn - 1].turn}" if turn else "0 before the drops"
    ground = e.points.allied - e.points.german
    losses = e.score - before - ground
    # The ground's points are given to a tenth, and so is the score: what is left over is the losses' points, a
    # whole number of half points (a casualty 1, a supply loss half a point, a unit 10 or 20), and the tenths'
    # rounding (the last turn, which has none, said "-0.1 for the turn's losses"; found by a helper)
    step = supply_casualty_points()
    rounding = losses - round(losses / step) * step
    losses -= rounding
    rounding_words = f"; {_pts(rounding)} is the tenths' rounding" if round(rounding, 1) else ""
    return (f"From {since}: {_pts(ground)} for the ground held, {_pts(losses)} for the turn's losses "
            f"(casualties, units eliminated and supply losses: the Allies' points less the German's{rounding_words}).")


def transport_note(e: LogisticsReport, game: Game | None) -> str:
    """Why a turn's transport is not a number of the Transport chart's range, if it is not: " (the chart's
    1460-1566, +8% for a human German, -15% for 1 destroyed beachhead marker)"; "" when nothing moves it."""
    if game is None:
        return ""
    data, settings = game.data, game.settings
    span = data.charts.transport.ranges.get(e.turn, {}).get(e.weather)
    rating = round((data.rules.ratings.factor(settings.ratings, "transport") - 1) * 100)
    lost = sum(1 for b in game.beaches.values() if not b.marker_intact)
    parts = [f"{rating:+d}% for the transport rating"] if rating else []
    if settings.german_is_human:
        parts.append(f"+{data.charts.transport.human_german.transport_percent}% for a human German")
    if lost:
        parts.append(f"-{data.rules.transport.marker_destroyed_percent * lost}% for {words.plural(lost, 'destroyed beachhead marker')}")
    if span is None or not parts:
        return ""
    return f" (the chart's {span[0]}-{span[1]}, {', '.join(parts)})"


def supply_casualty_points() -> float:
    """The German's points for each Allied CP lost for lack of supply (the Victory Points chart)."""
    return cached_data().charts.victory_points.casualties.allied_out_of_general_supply


def page_text(e: Event, data: GameData | None = None, game: Game | None = None) -> Text:
    if isinstance(e, LogisticsReport):
        return logistics_text(e, data, game)
    if isinstance(e, TurnEnded):
        return turn_end_text(e, game)
    return Text(f"{words.line(e, data or cached_data())}\n", style="bold" if isinstance(e, CombatResult) else "")


# the Optional Rules' adjustment (Score - Score x Weather%) kept as printed (docs/rules.md): below 0 it moves the score
# the other way, and a German winner in bad weather read his lead made larger (found by a helper)
BELOW_ZERO = ("; below 0 the rulebook's formula, as printed, turns round: worse weather than the average lowers the "
              "score, better raises it")


def final_report(report: FinalReport, scenario: str = "", game: Game | None = None,
                 humans: Collection[str] = ()) -> list[RenderableType]:
    """Renderables for the end-of-game screen; with the finished ``game``, who won and by how much (to
    ``humans``, the sides people played, as "you"), and the objectives held that did not score."""
    out: list[RenderableType] = []
    head = Text()
    head.append(f"{report.victory_level.upper()}\n", style="bold reverse")
    if game is not None:
        head.append_text(verdict(game, report, humans))
    below = BELOW_ZERO if report.allied_score < 0 and report.weather_percent else ""
    head.append(f"\nAllied score {words.points(report.allied_score)}{_to_a_tenth(report.allied_score)}, adjusted for the weather "
                f"({report.weather_percent:+d}%) {words.points(report.adjusted_score)}{_to_a_tenth(report.adjusted_score)} "
                f"(an Optional Rules measure; "
                f"the level is the score's{below}).  "
                f"{report.turns_played} turns played{', ' + scenario if scenario else ''}.\n")
    head.append(f"Formations ashore at the end of D-Day: {report.formations_landed_dday}.\n")
    out.append(head)
    out.append(points_table(report))
    out.append(points_notes(game.data if game is not None else None))
    out.append(losses_text(report, contested_objectives(game) if game is not None else None))
    if report.dday:
        out.append(dday_table(report.dday))

    hist = Table(title="Turn by turn", expand=False)
    # (the Allied units' supply: a German reader took "In supply" for his own; and "Out" said out of what to
    # nobody; found by helpers)
    for col in ("Turn", "Weather", "Transport", "Score", "Weather %", "Allied in supply", "Out of supply"):
        hist.add_column(col, justify="right" if col not in ("Turn", "Weather") else "left")
    for r in report.history:
        hist.add_row(r.turn, r.weather or "-", str(r.transport), words.points(r.allied_score),
                     f"{r.weather_percent:+d}", str(r.units_in_supply), str(r.units_out_of_supply))
    out.append(hist)
    return out


def verdict(game: Game, report: FinalReport, humans: Collection[str] = ()) -> Text:
    """Who won, said to the person who played that side ("you"), and where the score lies on the scenario's
    Victory Conditions: its level's band, and what the level above needed."""
    conditions = game.data.charts.victory_conditions
    minimum = conditions.minimum_score[game.settings.scenario]
    levels = list(conditions.levels)
    level = report.victory_level
    i = levels.index(level)
    winner = "allied" if i < len(levels) // 2 else "german"
    t = Text()
    side = words.ARMY[winner]
    t.append(f"\nThe {side} {'win' if winner == 'allied' else 'wins'}", style="bold")
    if len(humans) == 1:
        t.append(": you win" if winner in humans else ": you lose", style="bold")
    t.append(". ")
    score = math.floor(report.allied_score)  # (as the screens give it: words.points)
    low = minimum.get(level)
    above = minimum[levels[i - 1]] if i > 0 else None
    band = (f"{low} or more" if above is None else f"below {above}" if low is None else f"{low} to {above - 1}")
    scenario = game.data.charts.scenarios[game.settings.scenario].name
    t.append(f"The Allied score, {score}, lies in {level}'s band ({band}, in the {scenario})")
    # what the German needed (a level lower for the Allies): said to a German playing alone, and where no one side
    # is the reader's (hot-seat, the computers' game) when he won ("German Operational needed 0 or more: 573 more"
    # read as a German falling short; found by a helper)
    german_reads = list(humans) == ["german"] or (len(humans) != 1 and winner == "german")
    if german_reads:
        if low is not None:
            t.append(f"; {levels[i + 1]} needed a score below {low}: {score - low + 1} fewer")
    elif above is not None:
        t.append(f"; {levels[i - 1]} needed {above} or more: {above - score} more")
    t.append(".\n")
    return t


def contested_objectives(game: Game) -> dict[str, str]:
    """The objectives the Allies hold whose positions did not all score at the end, each with why: a German
    unit beside one, or its holder out of supply."""
    holders = view.objective_holders(game)
    out: dict[str, str] = {}
    for name, hexes in game.data.map.objectives.items():
        unscored = [h for h in hexes if not view.hex_scores(game, h)]
        if holders.get(name) == "allied" and unscored:
            beside = any(game.adjacent_units(h, "german") for h in unscored)
            out[name] = "a German unit beside it" if beside else "its holder out of supply"
    return out


def points_notes(data: GameData | None = None) -> Text:
    """What the table's ground rows score, under it: the German's largest source (the ocean side) and the German
    units eliminated (the coastal defences among them) went unexplained on his victory screen (found by a helper)."""
    vp = (data or cached_data()).charts.victory_points
    ocean, objectives = vp.german_ocean_side, vp.objectives
    t = Text(style="dim")
    t.append(f"Ocean side: each German unit on the ocean side of the naval-range line, not east of Caen, at a turn's "
             f"end, {ocean.first_points} on {ocean.first_turn} and {ocean.increase_per_turn} more each turn after. "
             f"Continent side: each Allied unit beyond that line, its CP / {vp.allied_continent_side.cp_divisor} x its "
             "row. "
             f"Objectives: {', '.join(f'{name} {v.per_turn}' for name, v in objectives.items())} a position a turn, "
             "held in supply with no German beside it, and at the end "
             # ("and more at the end": how much was left to guess; found by a helper)
             f"{', '.join(f'{name} {v.final}' for name, v in objectives.items())} more. Units eliminated: "
             f"{vp.eliminated.german_unit} a German unit (the coastal defences too), {vp.eliminated.allied_unit} an "
             "Allied unit or depot.\n")
    return t


CATEGORY_NAMES = {  # a category of the score (results.AlliedPoints, GermanPoints) as the panel and H name it
    "objectives": "Objectives, each turn", "objectives_final": "Objectives, end points",
    "continent_side": "Continent side", "german_units_eliminated": "German units eliminated",
    "german_casualties": "German casualties", "ocean_side": "Ocean side",
    "allied_units_eliminated": "Allied units eliminated", "allied_casualties": "Allied casualties",
    # ("Allied supply casualties" here, "supply casualties" on H, "supply losses" in the panel: one source, three
    # names; found by a helper)
    "allied_supply_casualties": "Supply losses",
}


def points_table(report: FinalReport) -> Table:
    """The final points by source, for each side (the Victory Points chart's categories)."""
    pts = Table(title="Victory points", expand=False)
    pts.add_column("Allied")
    pts.add_column("", justify="right")
    pts.add_column("German")
    pts.add_column("", justify="right")
    allied = list(report.points.allied.as_dict().items())
    german = list(report.points.german.as_dict().items())
    for i in range(max(len(allied), len(german))):
        a = allied[i] if i < len(allied) else ("", "")
        g = german[i] if i < len(german) else ("", "")
        pts.add_row(CATEGORY_NAMES.get(a[0], ""), f"{a[1]:g}" if a[1] != "" else "",
                    CATEGORY_NAMES.get(g[0], ""), f"{g[1]:g}" if g[1] != "" else "")
    # the sums and their difference, the score: nine numbers, some in tenths, were left for the player to add up
    allied_total, german_total = (round(side.total, 1) for side in (report.points.allied, report.points.german))
    pts.add_section()
    pts.add_row("Total", f"{allied_total:g}", "Total", f"{german_total:g}", style="bold")
    score = round(report.allied_score, 1)  # the score itself: each part above rounded to a tenth may add up to a
    # tenth more or less (-831.7 from the parts of a score of -831.8), which is said rather than a second score shown
    pts.caption = f"Score: Allied {allied_total:g} - German {german_total:g} = {score:g}" + (
        "" if round(allied_total - german_total, 1) == score else " (parts rounded)")
    return pts


def losses_text(report: FinalReport, contested: Mapping[str, str] | None = None) -> Text:
    """Who holds the objectives (those ``contested`` said to score nothing), the casualties, and the units
    eliminated by name (a depot among them said so: it scores for the German as a unit eliminated)."""
    obj = Text("\nObjectives: ")
    taken = report.objectives_taken

    def held(name: str, holder: str) -> str:
        # (who "first held" it was not said, and a German one's points not explained; found by a helper)
        if holder.lower() != "allied":
            first = f" at the end; the Allies took it {taken[name]}" if name in taken else ""
            return f"{name} ({holder.title()}{first})"
        unscored = f", but {contested[name]}: no points at the end" if contested and name in contested else ""
        return f"{name} (Allied, taken {taken[name]}{unscored})" if name in taken else f"{name} (Allied{unscored})"
    obj.append(", ".join(held(name, str(holder)) for name, holder in report.objectives.items()) + ".")
    cas = report.casualties
    elim = report.units_eliminated
    lost = cas.allied + cas.allied_out_of_general_supply
    obj.append(f"\nCasualties: Allied {lost} CP" + (f" ({cas.allied_out_of_general_supply} of them for lack of "
               "supply: beyond supply lines or without general supply)" if cas.allied_out_of_general_supply else "")
               + f", German {cas.german} CP.")
    obj.append(f"\nUnits eliminated: Allied {elim.allied}")
    depots = elim.allied_depots
    if depots:
        points = cached_data().charts.victory_points.eliminated.allied_unit
        what = "a supply depot" if depots == 1 else "supply depots"
        obj.append(f" ({depots} of them {what}: a depot destroyed counts as a unit eliminated, "
                   f"{points} points to the German)")
    obj.append(f", German {elim.german}.")
    for side, names in (("allied", elim.names.allied), ("german", elim.names.german)):
        if names:
            obj.append(f"\n  {side.title()}: " + words.name_list(names))
    obj.append("\n")
    return obj


def dday_table(dday: Mapping[str, BeachAssault]) -> Table:
    """The beaches' assaults, one row a beach: the rounds fought against its coastal defence, the CP each
    side lost in them, the first formation's MP left after landing, and when the beach was cleared."""
    table = Table(title="D-Day, beach by beach", box=box.SIMPLE_HEAD, expand=False,
                  caption="CP lost to the coastal defence; MP left: the first ashore's")
    table.add_column("Beach")
    for head in ("Rounds", "Allied CP", "German CP", "MP left"):
        table.add_column(head, justify="right")
    table.add_column("Cleared")
    for name, b in dday.items():
        mp = "-" if b.first_mp_left is None else str(b.first_mp_left)
        table.add_row(name, str(b.rounds), str(b.allied_cp_lost), str(b.german_cp_lost), mp, b.cleared or "held")
    return table


# --------------------------------------------------------------------------- this turn's points, as it goes
LOSS_ROWS = (  # (row, the Allied points' category, the German points' category): counted as they happen
    ("casualties", "german_casualties", "allied_casualties"),
    ("eliminations", "german_units_eliminated", "allied_units_eliminated"),
    ("supply losses", None, "allied_supply_casualties"),
)
Points = CategoryPoints  # view.category_points: each side's points by category


OTHER_LOSSES = "logistics"  # the row of the losses of a turn's logistics other than supply (units cut off, attrition)


def losses_this_turn(game: Game, starts: Mapping[int, Points]) -> list[tuple[str, float | None, float]]:
    """The points each side has had from losses since the last turn ended: (row, Allied, German). The
    fighting's since this turn's first question; the supply losses of its logistics since the last turn's
    first question (only the logistics take them); whatever else its logistics changed (German units cut
    off, units lost to attrition) in a row of its own."""
    now = view.category_points(game)
    begun = starts[game.turn]
    before = starts.get(game.turn - 1)

    def since(side: str, category: str, then: Points) -> float:
        return float(getattr(now.of(side), category) - getattr(then.of(side), category))
    rows: list[tuple[str, float | None, float]] = [
        (label, since("allied", a, begun) if a else None, since("german", g, begun)) for label, a, g in LOSS_ROWS]
    if before is not None and game.history:
        supply = since("german", "allied_supply_casualties", before)
        rows[-1] = ("supply losses", None, supply)
        other = begun.score - game.history[-1].allied_score + supply
        if abs(other) >= 0.5:  # (the history's score is rounded to a tenth)
            rows.append((OTHER_LOSSES, max(other, 0.0), max(-other, 0.0)))
    return rows


def ground_rows(game: Game) -> list[tuple[str, float | None, float | None]]:
    """The points the ground held will give at the end of this turn, if the units stay: (row, Allied, German)."""
    end = view.turn_points(game)
    units = len(view.ocean_side_units(game))
    each = view.ocean_side_points(game, game.turn)
    # (units x points each; before the first such turn "ocean side 4x0" went unexplained: its date instead; a helper)
    # (within the name's column: "ocean side, from 6/8" ran on into the Allied one, and its 0 was read as out of line
    # by three helpers)
    ocean = f"ocean side {units}x{each}" if each else \
        f"ocean from {game.data.charts.victory_points.german_ocean_side.first_turn}"
    return [("objectives", end.objectives + end.objectives_final, None),
            ("continent side", end.continent_side, None),
            (ocean, None, end.ocean_side)]


def score_bridge(game: Game, starts: Mapping[int, Points] | None) -> tuple[float | None, float, float]:
    """(the score at the end of the last turn, or None; the score now; the score at the end of this turn
    if the units stay as they are)."""
    end = view.turn_points(game)
    now = view.score(game)
    later = now + end.allied - end.german
    last = game.history[-1].allied_score if game.history and starts is not None else None
    return last, now, later


def last_turn_of_moves(game: Game) -> bool:
    """The scenario's last turn with moves: its last turn has none, but scores the ground once more with the
    objectives' final points."""
    return not game.over and game.turn == game.last_turn - 1


def last_moves(game: Game, starts: Mapping[int, Points] | None) -> tuple[str, float, str] | None:
    """On the last turn of moves: (the scenario's last turn, the final score if the units stay where they are, its
    level); None on any other turn."""
    if not last_turn_of_moves(game):
        return None
    final = view.turn_points(game, game.last_turn)
    score = score_bridge(game, starts)[2] + final.allied - final.german
    level = view.victory_level(game.data.charts, game.settings.scenario, round(score, 1))  # (as the final report)
    return game.data.charts.turns[game.last_turn], score, level


def _to_a_tenth(score: float) -> str:
    """A score's tenth beside its whole points (words.points, rounded down), where it has one: the engine gives
    scores to a tenth."""
    return f" ({score:.1f} to a tenth)" if score != math.floor(score) else ""


def _tenth(value: float) -> str:
    """Points unsigned, a tenth only where there is one."""
    value = round(float(value), 1)
    return f"{value:.0f}" if value.is_integer() else f"{value:.1f}"


def _pts(value: float | None) -> str:
    """Points as the panel shows them: signed, a tenth only where there is one (half points for supply
    losses, the continent side's CP/60 x row)."""
    if value is None:
        return ""
    value = round(float(value), 1)
    if not value:
        return "0"
    return ("+" if value > 0 else "-") + _tenth(abs(value))


def points_panel(game: Game, starts: Mapping[int, Points] | None) -> Text:
    """This turn's points for the side panel (29 columns, its narrowest): first the two sides' points so far
    this turn and those the ground held will add at its end, and the score; then the same by source (the
    rows of the losses that are not 0), as far as the panel has room."""
    label = 15
    t = Text(no_wrap=True, overflow="ellipsis")

    def row(name: str, allied: float | None, german: float | None) -> None:
        if allied is None:  # a German row's name may run on into the Allied column ("ocean side 11x13")
            t.append(f" {name:<{label + 6}}{_pts(german):>7}\n")
        else:
            t.append(f" {name:<{label - 1}}{_pts(allied):>7}{_pts(german):>7}\n")
    report = game.final_report
    if game.over and report is not None:  # the game's points, all counted: nothing more at a turn's end
        # the score and level first, where a short panel still shows them; the points by source below
        t.append(f"FINAL SCORE {words.points(report.allied_score)}\n", style="bold")
        t.append(f"{report.victory_level}\n")
        t.append(f"{'points':<{label}}{'Allied':>7}{'German':>7}\n", style="bold")
        rows: dict[str, list[float | None]] = {}  # the panel's row (a loss row's name, for both sides) -> points
        for column, side in enumerate(("allied", "german")):
            for name, categories, loss in SOURCES[side]:  # (whole points: four figures and a tenth overran the column)
                rows.setdefault(loss or name, [None, None])[column] = round(
                    sum(getattr(report.points.of(side), c) for c in categories))
        held = {name for sources in SOURCES.values() for name, _, loss in sources if loss is None}
        for name in sorted(rows, key=lambda n: n not in held):  # the ground's rows first, as the panel has them
            row(name, *rows[name])
        t.rstrip()
        return t
    ground = ground_rows(game)
    losses = losses_this_turn(game, starts) if starts is not None else None
    t.append(f"{'POINTS, ' + game.turn_label:<{label}}{'Allied':>7}{'German':>7}\n", style="bold")
    if losses is not None:
        row("losses so far", sum(r[1] or 0 for r in losses), sum(r[2] for r in losses))
    # (added at the turn's end: "ground held" under "losses so far", the same figure as the turn before had scored,
    # read as counted already; found by a helper)
    row("ground if held", sum(r[1] or 0 for r in ground), sum(r[2] or 0 for r in ground))
    last, now, later = score_bridge(game, starts)
    t.append(f"Score {words.points(now)}; {words.points(later)} at turn end\n")
    if last is not None:
        t.append(f"({words.points(last)} at the end of {game.history[-1].turn})\n")
    ending = last_moves(game, starts)
    if ending is not None:
        final_turn, final, level = ending
        t.append("LAST TURN OF MOVES\n", style="bold reverse")
        t.append(f"{final_turn} scores the ground again\n")
        t.append(f"final {words.points(final)} if held:\n{level}\n", style="bold")
    t.append(f"at the end of {game.turn_label}, if held:\n", style="dim")
    for name, allied, german in ground:
        row(name, allied, german)
    if losses is not None:
        t.append("so far this turn:\n", style="dim")
        shown = [r for r in losses if round(r[1] or 0, 1) or round(r[2], 1)]
        for name, allied, german in shown:
            row(name, allied, german)
        if not shown:
            t.append(" no losses yet\n")
    t.rstrip()
    return t


SOURCES = {  # side -> (the Victory Points chart's source, its categories in category_points, its loss row)
    "allied": (("objectives", ("objectives", "objectives_final"), None),
               ("continent side", ("continent_side",), None),
               ("German casualties", ("german_casualties",), "casualties"),
               ("German units eliminated", ("german_units_eliminated",), "eliminations")),
    "german": (("ocean side", ("ocean_side",), None),
               ("Allied casualties", ("allied_casualties",), "casualties"),
               ("Allied units eliminated", ("allied_units_eliminated",), "eliminations"),
               ("supply losses", ("allied_supply_casualties",), "supply losses")),
}


def points_tables(game: Game, starts: Mapping[int, Points] | None) -> list[RenderableType]:
    """This turn's points by source, for each side, beside the game's so far (the H screen): the ground's
    at the end of the turn if the units stay, the losses' as they came."""
    now = view.category_points(game)
    end = view.turn_points(game)
    end_of_turn = {"objectives": end.objectives + end.objectives_final, "continent side": end.continent_side,
                   "ocean side": end.ocean_side}
    losses = {name: (allied, german) for name, allied, german in losses_this_turn(game, starts)} if starts else {}
    out: list[RenderableType] = []
    for side, title in (("allied", "Points for the Allies"), ("german", "Points for the German")):
        table = Table(box=box.SIMPLE_HEAD, expand=False)
        table.add_column(title, min_width=38)
        table.add_column("this turn", justify="right", min_width=9)
        table.add_column("in the score", justify="right", min_width=12)
        column = 0 if side == "allied" else 1
        for name, categories, loss in SOURCES[side]:
            turn = end_of_turn.get(name) if loss is None else (losses[loss][column] if loss in losses else None)
            table.add_row(name + (" (at the turn's end)" if loss is None else ""), "-" if turn is None else _pts(turn),
                          _pts(sum(getattr(now.of(side), c) for c in categories)).lstrip("+"))
        other = losses.get(OTHER_LOSSES)
        if other and other[column]:
            # (its name within the column's width: a longer one set the two tables' columns apart; found by a helper)
            table.add_row("losses in this turn's logistics", _pts(other[column]), "in rows above")
        out.append(table)
    points = game.data.charts.victory_points.eliminated.allied_unit
    out.append(Text("This turn: the ground's points if the units stay where they are at the turn's end, the losses' "
                    "since the turn began, those of its logistics (units cut off, attrition) in a row of their own; "
                    "in the score they are in the rows above. In the score: everything counted so far, this turn's "
                    "losses with it but not yet its ground.\n", style="dim"))
    out.append(Text(f"A supply depot destroyed counts as an Allied unit eliminated ({points} points).\n", style="dim"))
    return out


def score_words(game: Game, starts: Mapping[int, Points] | None) -> Text:
    """The score now, at the end of the last turn and at the end of this one, and how the points come."""
    last, now, later = score_bridge(game, starts)
    t = Text()
    t.append(f"Score {words.points(now)} now", style="bold")
    if last is not None:
        t.append(f" ({words.points(last)} at the end of {game.history[-1].turn})")
    t.append(f"; {words.points(later)} at the end of {game.turn_label} if the units stay where they are.\n")
    ending = last_moves(game, starts)
    if ending is not None:
        final_turn, final, level = ending
        t.append(f"{game.turn_label} is the last turn of moves: at the end of {final_turn} the ground held scores "
                 f"once more, with the objectives' final points. If the units stay where they are, the final score "
                 f"is {words.points(final)}: {level}.\n", style="bold")
    t.append("Casualties and eliminations count as they happen; the ground held counts at the end of each turn; "
             "supply losses at the start of a turn, in its logistics.\n", style="dim")
    return t


CONTINENT_NAMED = 8  # the Allied units on the continent side named by what they score, the most first


def continent_side_words(game: Game) -> Text:
    """The Allied units that score on the continent side at the end of this turn, the most first (the Victory
    Points chart: CP / 60 times the position's row), and how much in all."""
    scoring = sorted(((view.continent_side_points(game, u.id, view.position_of(u)), game.spec(u.id).name)
                      for u in game.units("allied", view.ASHORE, combat=True)), key=lambda x: -x[0])
    scoring = [(points, name) for points, name in scoring if points > 0]
    t = Text()
    t.append(f"Allied units on the continent side of the naval-range line ({len(scoring)})", style="bold")
    if not scoring:
        # ("none yet" beside continent-side points already in the score read as "never scored"; found by a helper)
        t.append(": none now. Each would score its CP / 60 times its row (0-11, from the north) a turn.\n")
        return t
    t.append(f": {sum(p for p, _ in scoring):.1f} at the end of {game.turn_label} if they stay (CP / 60 times the "
             "row, 0-11 from the north).\n")
    named = [f"{name} {points:.1f}" for points, name in scoring[:CONTINENT_NAMED]]
    more = len(scoring) - CONTINENT_NAMED
    t.append(", ".join(named) + (f", and {more} more" if more > 0 else "") + "\n")
    return t


def ocean_side_words(game: Game) -> Text:
    """The German units that score on the ocean side, and how much each scores at the end of this turn and
    of the next (the Victory Points chart: its first points on its first turn, more each turn after)."""
    units = view.ocean_side_units(game)
    chart = game.data.charts.victory_points.german_ocean_side
    turns = game.data.charts.turns
    t = Text()
    t.append(f"German units on the ocean side of the naval-range line ({len(units)})", style="bold")
    each, then = view.ocean_side_points(game, game.turn), view.ocean_side_points(game, game.turn + 1)
    if each:
        t.append(f": each scores {each} at the end of {game.turn_label}")
    else:
        t.append(f": they score from the end of {chart.first_turn}, {chart.first_points} each")
    told_next = bool(each and then and game.turn + 1 <= game.last_turn)
    if told_next:  # (before the first: the first said already)
        t.append(f" and {then} at the end of {turns[game.turn + 1]}")
    if game.turn + (2 if told_next else 1) <= game.last_turn:  # (none after the last: "1 more each turn after" there)
        t.append(f", {chart.increase_per_turn} more each turn after")
    t.append(" (none east of Caen).\n")
    t.append(words.name_list(game.spec(uid).name for uid in units) or "none", style="")
    t.append("\n")
    return t
