"""The tables of the page benchmark (tools/bench_page.py): per way a game starts, the marks' min /
median / max and the ratios to the bare page; the bytes of a first visit; what the page computes
(tools/bench_work.py)."""

from __future__ import annotations

import statistics
from typing import Any

import bench_work

LABELS = {"setup": "setup panel, Start pressed", "url": "game from URL", "saved": "saved game",
          "embed": "embedded game", "hello": "bare PyScript hello"}
NETWORKS = {"local": None, "mobile": (20e6, 0.040)}  # bits per second down, round trip in seconds


def spread(values: list[float]) -> dict[str, float]:
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def summarize(results: dict[str, Any]) -> dict[str, Any]:
    """Per row: min / median / max of each mark, how many loads started from the snapshot, and
    the median over rounds of the ratio to the bare page's time to ready in the same round."""
    runs = results["runs"]
    summary: dict[str, Any] = {}
    for key, samples in runs.items():
        site, _, mode, network = key.split()
        row: dict[str, Any] = {}
        for mark in ("first-paint", "first-contentful-paint", "start", "ready", "card"):
            values = [sample[mark] for sample in samples if mark in sample]
            if values:
                row[mark] = spread(values)
        row["boots"] = {boot: sum(1 for s in samples if s.get("boot") == boot) for boot in ("snapshot", "plain")}
        bare = runs.get(f"bare hello {mode} {network}", [])
        for mark in ("start", "card"):
            pairs = [sample[mark] / reference["ready"] for sample, reference in zip(samples, bare, strict=False)
                     if mark in sample and site == "ours"]
            if pairs:
                row[f"{mark}_ratio"] = spread(pairs)
        summary[key] = row
    summary.update(bench_work.summarize(results))
    return summary


def table(results: dict[str, Any], summary: dict[str, Any]) -> str:
    def cell(value: dict[str, float] | None, digits: int = 0) -> str:
        if not value:
            return "-"
        return f"{value['min']:.{digits}f} / {value['median']:.{digits}f} / {value['max']:.{digits}f}"

    def ratio(value: dict[str, float] | None) -> str:
        return f"{value['median']:.2f}x" if value else "-"

    lines: list[str] = []
    for network in NETWORKS:
        rows = [(key, row) for key, row in summary.items() if key.endswith(f" {network}")]
        if not rows:
            continue
        link = NETWORKS[network]
        lines += ["", f"### {network}: " + (f"{link[0] / 1e6:.0f} Mbit/s, {link[1] * 1000:.0f} ms round trip"
                                             if link else "127.0.0.1, no emulation"), "",
                  "| page | visit | first contentful paint | start panel accepts a click | Python ready |"
                  " first card playable | card / bare ready | start / bare ready | snapshot starts |",
                  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
        for key, row in rows:
            site, label, mode, _ = key.split()
            boots = row["boots"]
            started = f"{boots['snapshot']} of {boots['snapshot'] + boots['plain']}" if site == "ours" else "-"
            lines.append(f"| {LABELS[label]} | {mode} | {cell(row.get('first-contentful-paint'))} |"
                         f" {cell(row.get('start'))} | {cell(row.get('ready'))} | {cell(row.get('card'))} |"
                         f" {ratio(row.get('card_ratio'))} | {ratio(row.get('start_ratio'))} | {started} |")
    lines += ["", "Times in ms from navigation, min / median / max. Ratios: median over rounds of the game's time "
              "divided by the bare page's time to Python ready in the same round."]
    transfer = results.get("transfer", {})
    for network in NETWORKS:
        ours, bare = transfer.get(f"ours {network}"), transfer.get(f"bare {network}")
        if ours and bare:
            lines.append(f"First visit ({network}), as sent (gzip where the server compresses): game "
                         f"{ours['bytes'] / 1e6:.2f} MB in {ours['requests']} requests, bare page "
                         f"{bare['bytes'] / 1e6:.2f} MB in {bare['requests']} requests: "
                         f"{ours['bytes'] / bare['bytes'] - 1:+.1%}; sent twice: "
                         f"{', '.join(ours['sent_twice'] + bare['sent_twice']) or 'nothing'}.")
    lines += bench_work.table(summary)
    return "\n".join(lines).strip()
