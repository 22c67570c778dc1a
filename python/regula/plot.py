"""Figures of regula's experiments (docs/python.md), drawn with matplotlib:
each function takes the DataFrame of regula.records() (several readings
concatenated) or the dict of regula.compare(), and returns the Figure.
Without a display, matplotlib draws with the Agg backend (files only)."""

import math
import os

import matplotlib

if not os.environ.get("DISPLAY") and not os.environ.get("MPLBACKEND"):
    matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

Z95 = 1.959963984540054


def wilson(successes, n, z=Z95):
    """The Wilson score interval (low, high) of successes out of n, as regula's
    summaries give it; (0, 1) for n = 0."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def _groups(df, by):
    return [(name, df[df[by] == name]) for name in dict.fromkeys(df[by])]


def _bars(ax, x, rates, intervals, width, label):
    lows = [r - lo for r, (lo, _) in zip(rates, intervals)]
    highs = [hi - r for r, (_, hi) in zip(rates, intervals)]
    return ax.bar(x, rates, width, yerr=[lows, highs], capsize=3, label=label)


def results(df, by="reading"):
    """Per reading, the share of games each seat won and the share drawn, with
    their Wilson 95% intervals (one bar group per reading, one bar per
    outcome in the order: each seat's wins in seat order, then draws)."""
    groups = _groups(df, by)
    seats = list(dict.fromkeys(s for seats in df["seats"] for s in seats))
    outcomes = [(f"{s} wins", lambda g, s=s: (g["winner"] == s).sum()) for s in seats]
    outcomes.append(("draws", lambda g: g["draw"].sum()))
    fig, ax = plt.subplots(figsize=(2 + 1.5 * len(groups), 4))
    width = 0.8 / len(outcomes)
    for k, (label, count) in enumerate(outcomes):
        x = [i + (k - (len(outcomes) - 1) / 2) * width for i in range(len(groups))]
        rates = [count(g) / len(g) for _, g in groups]
        intervals = [wilson(count(g), len(g)) for _, g in groups]
        _bars(ax, x, rates, intervals, width, label)
    ax.set_xticks(range(len(groups)), [str(name) for name, _ in groups])
    ax.set_ylabel("share of games (95% Wilson interval)")
    ax.set_title("Results by " + by)
    ax.legend()
    fig.tight_layout()
    return fig


def lengths(df, by="reading", bins=30):
    """The distribution of game lengths (plies) per reading, as histograms on
    the same bins (numpy's edges for all the games together)."""
    import numpy as np

    edges = np.histogram_bin_edges(df["plies"], bins=bins)
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, g in _groups(df, by):
        ax.hist(g["plies"], bins=edges, histtype="bar", alpha=0.5, label=str(name))
    ax.set_xlabel("plies")
    ax.set_ylabel("games")
    ax.set_title("Game lengths by " + by)
    ax.legend()
    fig.tight_layout()
    return fig


def first_player(df, by="reading"):
    """Per reading, the share of decisive games that the seat moving first
    won, with its Wilson 95% interval; a line marks one half (no
    advantage)."""
    groups = _groups(df, by)
    wins = [int(g["first_seat_won"].sum()) for _, g in groups]
    decisive = [int(g["winner"].notna().sum()) for _, g in groups]
    rates = [w / d if d else 0.0 for w, d in zip(wins, decisive)]
    intervals = [wilson(w, d) for w, d in zip(wins, decisive)]
    fig, ax = plt.subplots(figsize=(2 + 1.2 * len(groups), 4))
    _bars(ax, range(len(groups)), rates, intervals, 0.6, "first seat")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    ax.set_xticks(range(len(groups)), [str(name) for name, _ in groups])
    ax.set_ylim(0, 1)
    ax.set_ylabel("decisive games won by the first seat (95%)")
    ax.set_title("First-player advantage by " + by)
    fig.tight_layout()
    return fig


def differences(comparison):
    """The moves legal under one reading only, from regula.compare(): counts
    per piece (left) and per rule (right), A's and B's bars side by side,
    labels sorted."""
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, key, title in ((axes[0], "by_piece", "piece"), (axes[1], "by_rule", "rule")):
        a, b = comparison["only_a"][key], comparison["only_b"][key]
        labels = sorted(set(a) | set(b))
        y = range(len(labels))
        ax.barh([i - 0.2 for i in y], [a.get(k, 0) for k in labels], 0.4, label="A only")
        ax.barh([i + 0.2 for i in y], [b.get(k, 0) for k in labels], 0.4, label="B only")
        ax.set_yticks(list(y), labels)
        ax.set_xlabel("moves legal under one reading only")
        ax.set_title("By " + title)
        ax.legend()
    fig.tight_layout()
    return fig
