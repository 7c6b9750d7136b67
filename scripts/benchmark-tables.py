#!/usr/bin/env python3
"""Prints the rows of a scene-host-bench JSON file (docs/benchmark-results.json by default) as the
Markdown tables of docs/performance.md: value [min-max], baseline [min-max], ratio, goal, result.
A row with a goal whose ratio or value could not be measured (a baseline of 0) is MISSED, never met.
Usage: scripts/benchmark-tables.py [FILE]"""
import json
import sys


def amount(value, unit):
    if unit == "ns":
        for scale, name in ((1e9, "s"), (1e6, "ms"), (1e3, "µs")):
            if value >= scale:
                return f"{value / scale:.2f} {name}"
        return f"{value:.0f} ns"
    if unit == "bytes":
        for scale, name in ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
            if value >= scale:
                return f"{value / scale:.1f} {name}"
        return f"{value:.0f} B"
    return f"{value:.0f} {unit}"


def spread(value, bounds, unit):
    text = amount(value, unit)
    if bounds and len(bounds) == 2 and bounds[0] > 0:
        low, high = amount(bounds[0], unit), amount(bounds[1], unit)
        return f"{text} [{low} - {high}]"
    return text


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "docs/benchmark-results.json"
    report = json.load(open(path))
    print(f"Run of {report['date']}, {report['machine']}.\n")
    print("| figure | value | baseline | ratio | goal | result |")
    print("| --- | --- | --- | --- | --- | --- |")
    for row in report["rows"]:
        value, baseline, unit = row["value"], row["baseline"], row["unit"]
        measured = value > 0 and baseline > 0
        ratio = value / baseline if measured else None
        goals, met = [], True
        if row.get("bar") is not None:
            minimum = row.get("barIsMinimum") is True
            goals.append(f"{'≥' if minimum else '≤'} {row['bar']:.2f}x")
            met = met and ratio is not None and (ratio >= row["bar"] if minimum else ratio <= row["bar"])
        if row.get("limit") is not None:
            goals.append(f"< {amount(row['limit'], unit)}")
            met = met and value > 0 and value <= row["limit"]
        result = ("met" if met else "**MISSED**") if goals else "—"
        print(f"| {row['name']} | {spread(value, row.get('valueRange'), unit)} | {spread(baseline, row.get('baselineRange'), unit)} | "
              f"{f'{ratio:.2f}x' if ratio is not None else 'not measured'} | {', '.join(goals) or '—'} | {result} |")
    print("\nNotes the run printed:\n\n```")
    for note in report["notes"]:
        print(f"note: {note}")
    print("```")


if __name__ == "__main__":
    main()
