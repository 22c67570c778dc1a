"""Tests of the Python module regula (docs/python.md).

Run by ctest with PYTHONPATH at the build's python/ directory and REGULA_BIN
naming the build's regula command, whose `regula moves` the module's action
texts must match line for line.
"""

import json
import os
import random
import subprocess
import unittest
import zlib

import regula

REGULA_BIN = os.environ.get("REGULA_BIN", "regula")

# Plies played from the start of each bundled script, and those after which
# the action texts are compared with `regula moves` (ply 0: the start).
PLIES = 12
CHECKS = (0, 5, 12)


def moves_lines(name, position):
    """The lines `regula moves NAME --position POSITION` prints."""
    out = subprocess.run([REGULA_BIN, "moves", name, "--position", position],
                         check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def cli_texts(game, lines):
    """The move texts of `regula moves` lines: scripts in SAN print the long
    form first, then the SAN, when a turn is one decision."""
    if game.notation == "san" and not game.has_continuations:
        return [line.split()[0] for line in lines]
    return lines


def random_action(state, rng):
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


def check_state(test, game, state):
    """OpenSpiel's conformance checks at one state."""
    text = state.serialize()
    test.assertEqual(str(state), text)
    test.assertEqual(game.deserialize_state(text).serialize(), text)
    if state.is_terminal():
        test.assertEqual(state.legal_actions(), [])
        test.assertEqual(state.current_player(), regula.TERMINAL)
        return
    actions = state.legal_actions()
    test.assertTrue(actions, text)
    if state.is_chance_node():
        test.assertEqual(state.current_player(), regula.CHANCE)
        outcomes = state.chance_outcomes()
        test.assertEqual([a for a, _ in outcomes], actions)
        test.assertAlmostEqual(sum(p for _, p in outcomes), 1.0)
    else:
        test.assertIn(state.current_player(), range(game.num_players()))
    for a in actions:
        child = state.clone()
        child.apply_action(a)
        test.assertEqual(child.history(), state.history() + [a])
        test.assertEqual(state.serialize(), text, "a clone's move changed the original")
        name = state.action_to_string(a)
        test.assertEqual(state.string_to_action(name), a, name)


class BundledScripts(unittest.TestCase):
    def test_actions_match_regula_moves(self):
        names = regula.bundled_scripts()
        self.assertGreater(len(names), 30)
        self.chance_nodes = 0
        compared = 0
        for name in names:
            with self.subTest(script=name):
                compared += self.play_and_compare(name)
        self.assertGreaterEqual(compared, 2 * len(names))
        self.assertGreater(self.chance_nodes, 0, "no throw of the dice was compared")

    def play_and_compare(self, name):
        game = regula.load(name)
        rng = random.Random(zlib.crc32(name.encode()))
        state = game.new_initial_state()
        compared = 0
        for ply in range(PLIES + 1):
            if ply in CHECKS and not state.is_terminal():
                texts = [state.action_to_string(a) for a in state.legal_actions()]
                lines = moves_lines(name, state.serialize())
                self.assertEqual(texts, cli_texts(game, lines), state.serialize())
                check_state(self, game, state)
                compared += 1
                self.chance_nodes += state.is_chance_node()
            if state.is_terminal():
                break
            state.apply_action(random_action(state, rng))
        return compared

    def test_finished_games_return_as_the_game_says(self):
        finished = 0
        for name in regula.bundled_scripts():
            with self.subTest(script=name):
                finished += self.play_out(name)
        self.assertGreaterEqual(finished, 15)

    def play_out(self, name, max_plies=150):
        game = regula.load(name)
        rng = random.Random(zlib.crc32(name.encode()) + 1)
        state = game.new_initial_state()
        for _ in range(max_plies):
            if state.is_terminal():
                break
            state.apply_action(random_action(state, rng))
        if not state.is_terminal():
            return 0
        check_state(self, game, state)
        returns = state.returns()
        self.assertEqual(len(returns), game.num_players())
        self.assertTrue(all(r in (-1.0, 0.0, 1.0) for r in returns), returns)
        if game.num_players() == 2:
            self.assertEqual(sum(returns), 0.0, state.outcome())
        self.assertEqual(state.rewards(), returns)
        return 1


class Chess(unittest.TestCase):
    def setUp(self):
        self.game = regula.load("chess/orthodox")

    def test_game(self):
        g = self.game
        self.assertEqual(g.name, "chess/orthodox")
        self.assertEqual(g.seats, ["white", "black"])
        self.assertEqual(g.num_players(), 2)
        self.assertEqual(g.notation, "san")

    def test_start(self):
        s = self.game.new_initial_state()
        self.assertEqual(s.current_player(), 0)
        self.assertEqual(len(s.legal_actions()), 20)
        self.assertEqual(str(s), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        self.assertFalse(s.is_chance_node())
        self.assertEqual(s.returns(), [0.0, 0.0])

    def test_fools_mate(self):
        s = self.game.new_initial_state()
        for text in ("f2f3", "e7e5", "g2g4", "d8h4"):
            s.apply_action(s.string_to_action(text))
        self.assertTrue(s.is_terminal())
        self.assertEqual(s.current_player(), regula.TERMINAL)
        self.assertEqual(s.returns(), [-1.0, 1.0])
        self.assertEqual(s.outcome()["score"], "0-1")
        self.assertEqual(len(s.history()), 4)
        self.assertIsNone(s.stakes())

    def test_deserialize_with_moves(self):
        s = self.game.deserialize_state("startpos moves e2e4 e7e5")
        self.assertEqual(s.current_player(), 0)
        self.assertEqual(str(s), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        self.assertEqual(s.history(), [])
        with self.assertRaises(ValueError):
            self.game.deserialize_state("startpos moves e2e5")

    def test_san_is_read(self):
        s = self.game.new_initial_state()
        self.assertEqual(s.string_to_action("Nf3"), s.string_to_action("g1f3"))
        with self.assertRaises(ValueError):
            s.string_to_action("e2e5")

    def test_illegal_action(self):
        s = self.game.new_initial_state()
        with self.assertRaises(ValueError):
            s.apply_action(20)

    def test_observation(self):
        g = self.game
        # 6 types x 2 seats, 2 side-to-move planes, 2 counters x 2 seats.
        self.assertEqual(g.observation_tensor_shape(), [18, 64])
        obs = g.new_initial_state().observation_tensor(0)
        flat = obs.ravel().tolist() if hasattr(obs, "ravel") else obs
        # Plane 0: the first type (the pawn) of the first seat, on a2-h2 (sites
        # from a1 along the first rank).
        self.assertEqual([i for i in range(64) if flat[i]], list(range(8, 16)))
        try:
            import numpy
        except ImportError:
            self.assertEqual(len(obs), 18 * 64)
            return
        self.assertIsInstance(obs, numpy.ndarray)
        self.assertEqual(obs.shape, (18, 64))
        self.assertEqual(obs[:12].sum(), 32)
        self.assertEqual(obs[12].sum(), 64)
        self.assertEqual(obs[13].sum(), 0)

    def test_unknown_script(self):
        with self.assertRaises(ValueError):
            regula.load("chess/orthodoxx")


class Perft(unittest.TestCase):
    def test_chess_perft_3(self):
        # The published count (Chess Programming Wiki, "Perft Results").
        self.assertEqual(regula.perft("chess/orthodox", 3), 8902)

    def test_perft_from_a_position(self):
        # Kiwipete, depth 2: 2039 (Chess Programming Wiki, "Perft Results").
        kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
        self.assertEqual(regula.perft("chess/orthodox", 2, position=kiwipete), 2039)


class Selfplay(unittest.TestCase):
    def test_same_games_as_regula_selfplay(self):
        # The same seed plays the same games as `regula selfplay`.
        name, options = "jetan/burroughs", {"draw-values": "any"}
        games = regula.selfplay(name, 4, seed=7, options=options)
        out = subprocess.run(
            [REGULA_BIN, "selfplay", name, "--games", "4", "--seed", "7", "--threads", "1",
             "--option", "draw-values=any", "--games-out", "-"],
            check=True, capture_output=True, text=True).stdout
        records = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(games), 4)
        self.assertEqual(len(records), 4)
        seats = regula.load(name).seats
        points = {"win": 1.0, "loss": -1.0, "draw": 0.0}
        for g, r in zip(games, records):
            self.assertEqual(g["seed"], r["seed"])
            self.assertEqual(g["plies"], r["plies"])
            self.assertEqual(g["reason"], r["reason"])
            self.assertEqual(g["returns"], [points[r["result"][s]] for s in seats])
            self.assertEqual(g["stakes"], [r["stakes"][s] for s in seats])
            self.assertTrue(g["finished"])

    def test_max_plies(self):
        games = regula.selfplay("chess/orthodox", 2, seed=1, max_plies=3)
        self.assertEqual([g["plies"] for g in games], [3, 3])
        self.assertEqual([g["score"] for g in games], ["*", "*"])
        self.assertEqual(games[0]["returns"], [0.0, 0.0])
        self.assertNotIn("stakes", games[0])


if __name__ == "__main__":
    unittest.main()
