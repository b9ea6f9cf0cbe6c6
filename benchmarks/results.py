"""Writing a benchmark's results into its document, between two marker comments."""

from __future__ import annotations

from pathlib import Path


def write_results(doc: Path, name: str, text: str) -> None:
    """Replace what lies between ``<!-- name -->`` and ``<!-- /name -->`` in ``doc`` with ``text``."""
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    body = doc.read_text()
    if start not in body or end not in body:
        raise SystemExit(f"{doc}: the markers {start} and {end} are missing; results not written")
    head, rest = body.split(start, 1)
    _, tail = rest.split(end, 1)
    doc.write_text(f"{head}{start}\n{text}\n{end}{tail}")
    print(f"\nwritten to {doc}")
