"""regula.plot: the figures' bars, intervals and labels against numbers
computed here from the games the test makes up."""

import math
import os
import unittest

import numpy as np
import pandas as pd

import regula.plot as rp

Z = 1.959963984540054


def wilson_roots(k, n):
    """The Wilson interval as the roots of (k/n - p)^2 = z^2 p (1 - p) / n."""
    q = k / n
    a = 1 + Z * Z / n
    b = -(2 * q + Z * Z / n)
    c = q * q
    d = math.sqrt(b * b - 4 * a * c)
    return (-b - d) / (2 * a), (-b + d) / (2 * a)


def games(reading, outcomes, plies):
    """Rows as regula.records makes them: outcomes are 'b' (black won),
    'o' (orange won), 'd' (drawn); black moves first."""
    rows = []
    for i, (o, n) in enumerate(zip(outcomes, plies)):
        winner = {"b": "black", "o": "orange"}.get(o)
        rows.append({"game": i + 1, "reading": reading, "seats": ["black", "orange"],
                     "first_seat": "black", "winner": winner, "draw": o == "d",
                     "first_seat_won": winner == "black", "plies": n})
    return rows


A = games("equal", "bbbbbooodd", [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
B = games("any", "bddd", [15, 25, 35, 100])
DF = pd.DataFrame(A + B)


def error_ends(container):
    """The (low, high) of each bar's error bar."""
    segments = container.errorbar.lines[2][0].get_segments()
    return [(s[0][1], s[1][1]) for s in segments]


class Plot(unittest.TestCase):
    def assertPairs(self, got, want):
        self.assertEqual(len(got), len(want))
        for g, w in zip(got, want):
            self.assertAlmostEqual(g[0], w[0], places=9)
            self.assertAlmostEqual(g[1], w[1], places=9)

    def test_agg_without_a_display(self):
        if not os.environ.get("DISPLAY") and not os.environ.get("MPLBACKEND"):
            self.assertEqual(rp.matplotlib.get_backend().lower(), "agg")

    def test_results(self):
        fig = rp.results(DF)
        ax = fig.axes[0]
        self.assertEqual([t.get_text() for t in ax.get_xticklabels()], ["equal", "any"])
        self.assertEqual([t.get_text() for t in ax.get_legend().get_texts()],
                         ["black wins", "orange wins", "draws"])
        counts = {"black wins": ([5, 1], [10, 4]), "orange wins": ([3, 0], [10, 4]),
                  "draws": ([2, 3], [10, 4])}
        bars = [c for c in ax.containers if hasattr(c, "errorbar")]
        self.assertEqual(len(bars), 3)
        for container, (label, (k, n)) in zip(bars, counts.items()):
            with self.subTest(label=label):
                heights = [p.get_height() for p in container.patches]
                self.assertEqual(heights, [k[0] / n[0], k[1] / n[1]])
                self.assertPairs(error_ends(container),
                                 [wilson_roots(k[0], n[0]), wilson_roots(k[1], n[1])])

    def test_lengths(self):
        fig = rp.lengths(DF, bins=3)
        ax = fig.axes[0]
        # Edges 10, 40, 70, 100 over all 14 games.
        want = {"equal": [3, 3, 4], "any": [3, 0, 1]}
        self.assertEqual([t.get_text() for t in ax.get_legend().get_texts()], ["equal", "any"])
        for container, (name, counts) in zip(ax.containers, want.items()):
            with self.subTest(reading=name):
                self.assertEqual([p.get_height() for p in container.patches], counts)
                self.assertEqual([p.get_x() for p in container.patches], [10, 40, 70])
        self.assertEqual(ax.get_xlabel(), "plies")

    def test_first_player(self):
        fig = rp.first_player(DF)
        ax = fig.axes[0]
        (bars,) = [c for c in ax.containers if hasattr(c, "errorbar")]
        # Decisive games: equal 8 (5 won by black, who moves first), any 1 (1).
        self.assertEqual([p.get_height() for p in bars.patches], [5 / 8, 1.0])
        self.assertPairs(error_ends(bars), [wilson_roots(5, 8), wilson_roots(1, 1)])
        self.assertEqual([t.get_text() for t in ax.get_xticklabels()], ["equal", "any"])
        self.assertEqual(list(ax.lines[-1].get_ydata()), [0.5, 0.5])

    def test_differences(self):
        comparison = {"only_a": {"by_piece": {"rook": 3}, "by_rule": {"slide": 3}},
                      "only_b": {"by_piece": {"princess": 5, "rook": 1},
                                 "by_rule": {"escape": 2, "leap": 4}}}
        fig = rp.differences(comparison)
        piece, rule = fig.axes
        self.assertEqual([t.get_text() for t in piece.get_yticklabels()], ["princess", "rook"])
        self.assertEqual([[p.get_width() for p in c.patches] for c in piece.containers],
                         [[0, 3], [5, 1]])
        self.assertEqual([t.get_text() for t in rule.get_yticklabels()],
                         ["escape", "leap", "slide"])
        self.assertEqual([[p.get_width() for p in c.patches] for c in rule.containers],
                         [[0, 0, 3], [2, 4, 0]])
        self.assertEqual((piece.get_title(), rule.get_title()), ("By piece", "By rule"))

    def test_figures_save(self):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "results.png")
            rp.results(DF).savefig(path)
            with open(path, "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
