"""Generate a data folder with the map tiled 2 x 2 (four times the positions) and four times the units.

Used by benchmarks/perf.py to see how engine time grows with the size of the game.
"""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path


def _hex(h, dc, dr):
    return [h[0] + dc, h[1] + dr]


def generate(src: Path, dest: Path) -> Path:
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    rows = [line for line in (src / "map.txt").read_text().splitlines() if line.startswith("row")]
    cells = [line.split()[2:] for line in rows]
    cols, nrows = len(cells[0]), len(cells)
    out = ["# generated: the Normandy map tiled 2 x 2"]
    for r in range(2 * nrows):
        row = cells[r % nrows] * 2
        out.append(f"row {r:2d}  " + " ".join(row))
    (dest / "map.txt").write_text("\n".join(out) + "\n")
    shifts = [(0, 0, ""), (cols, 0, "-b"), (0, nrows, "-c"), (cols, nrows, "-d")]

    meta = tomllib.loads((src / "map.toml").read_text())
    lines = ["[legend]"] + [f'"{k}" = "{v}"' for k, v in meta["legend"].items()]
    for table in ("towns", "places", "entry"):
        lines.append(f"\n[{table}]")
        for name, h in meta[table].items():
            for dc, dr, suffix in shifts:
                lines.append(f'"{name}{suffix}" = {_hex(h, dc, dr)}')
    # The waiting boxes are one per nation (map.toml keys them by nation): every copy's formations
    # wait in the first copy's boxes, and sail from there.
    lines.append("\n[waiting]")
    lines += [f'"{nation}" = {h}' for nation, h in meta["waiting"].items()]
    lines.append("\n[objectives]")
    for name, hexes in meta["objectives"].items():
        lines.append(f'"{name}" = {[_hex(h, dc, dr) for dc, dr, _ in shifts for h in hexes]}')
    for table in ("rivers", "flooded", "drop_zones"):
        lines.append(f"\n[{table}]")
        for name, hexes in meta[table].items():
            for dc, dr, suffix in shifts:
                lines.append(f'"{name}{suffix}" = {[_hex(h, dc, dr) for h in hexes]}')
    for b in meta["beach"]:
        for dc, dr, suffix in shifts:
            lines += ["\n[[beach]]", f'name = "{b["name"]}{suffix}"', f'nation = "{b["nation"]}"',
                      f"marker = {_hex(b['marker'], dc, dr)}", f"positions = {[_hex(p, dc, dr) for p in b['positions']]}"]
    naval = [r * 2 for r in meta["naval_range"]["rows"]] * 2
    lines.append("\n[naval_range]\nrows = [\n" + "\n".join(f'  "{r}",' for r in naval) + "\n]")
    (dest / "map.toml").write_text("\n".join(lines) + "\n")

    text = (src / "oob.toml").read_text()
    head, _, _ = text.partition("\n[[unit]]")
    oob = tomllib.loads(text)
    units = []
    for u in oob["unit"]:
        for dc, dr, suffix in shifts:
            c = dict(u, id=u["id"] + suffix)
            if "start" in c:
                c["start"] = _hex(c["start"], dc, dr)
            if "entry" in c:
                c["entry"] = c["entry"] + suffix
            if "beach" in c:
                c["beach"] = c["beach"] + suffix
            units.append(c)

    def value(v):
        return f'"{v}"' if isinstance(v, str) else str(v).lower() if isinstance(v, bool) else str(v)
    body = ["\n[[unit]]\n" + "\n".join(f"{k} = {value(v)}" for k, v in u.items()) for u in units]
    (dest / "oob.toml").write_text(head + "\n" + "\n".join(body) + "\n")
    return dest
