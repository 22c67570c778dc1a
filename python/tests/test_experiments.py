"""regula.match and regula.compare against `regula match --json` and
`regula compare --json` on the same seeds, and regula.records against the
per-game records `regula selfplay --games-out` writes.

Run by ctest with PYTHONPATH at the build's python/ directory and REGULA_BIN
naming the build's regula command."""

import json
import os
import subprocess
import tempfile
import unittest

import regula

REGULA_BIN = os.environ.get("REGULA_BIN", "regula")


def cli_json(*args):
    out = subprocess.run([REGULA_BIN, *args, "--json", "--quiet"], check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


# What a run's report says that depends on the machine, not on the games.
TIMINGS = ("millis", "nps", "threads")


def without_timings(report):
    report = {k: v for k, v in report.items() if k not in TIMINGS}
    report["players"] = [{k: v for k, v in p.items() if k not in TIMINGS}
                         for p in report["players"]]
    return report


def as_json(value):
    """Tuples as lists, as JSON has them."""
    return json.loads(json.dumps(value))


class Match(unittest.TestCase):
    ARGS = dict(name="jetan/burroughs", players="alphabeta:depth=1,random", games=6, seed=3,
                max_plies=120)

    def test_same_report_as_the_command(self):
        a = self.ARGS
        cli = cli_json("match", a["name"], "--players", a["players"], "-n", str(a["games"]),
                       "--seed", str(a["seed"]), "--max-plies", str(a["max_plies"]),
                       "--threads", "2")
        py = regula.match(**a)
        games = py.pop("game_results")
        self.assertEqual(as_json(without_timings(py)), without_timings(cli))
        self.assertEqual([p["player"] for p in py["players"]], ["alphabeta:depth=1", "random"])
        self.assertEqual(len(games), 6)
        self.assertEqual([g["game"] for g in games], [1, 2, 3, 4, 5, 6])
        # The players change seats every game.
        self.assertEqual([g["player_of_seat"] for g in games], [[0, 1], [1, 0]] * 3)
        self.assertEqual(sum(g["score"] == "1/2-1/2" or g["score"] == "*" for g in games),
                         sum(p["draws"] for p in py["players"]) // 2)

    def test_every_core_by_default_and_the_same_games_on_one_thread(self):
        a = dict(self.ARGS, games=4)
        every = regula.match(**a)
        one = regula.match(**a, threads=1)
        self.assertEqual(every["threads"], os.cpu_count())
        self.assertEqual(one["threads"], 1)
        self.assertEqual(every["game_results"], one["game_results"])

    def test_players_as_a_list(self):
        py = regula.match("chess/orthodox", ["random", "random"], games=2, seed=1, max_plies=10)
        self.assertEqual(py["unfinished"], 2)
        self.assertEqual(py["reasons"], {"unfinished (max plies)": 2})
        self.assertEqual(py["mean_plies"], 10.0)

    def test_bad_input(self):
        with self.assertRaisesRegex(ValueError, "at least two players"):
            regula.match("chess/orthodox", "random,nosuchplayer", games=2)
        with self.assertRaisesRegex(ValueError, "nosuch"):
            regula.match("chess/orthodox", "alphabeta:nosuch=1,random", games=2)
        with self.assertRaisesRegex(ValueError, "threads"):
            regula.match("chess/orthodox", "random,random", games=2, threads=-1)
        with self.assertRaisesRegex(ValueError, "games"):
            regula.match("chess/orthodox", "random,random", games=0)


class Compare(unittest.TestCase):
    def test_same_report_as_the_command(self):
        cli = cli_json("compare", "jetan/burroughs", "jetan/cazaux", "-n", "5", "--seed", "2",
                       "--max-plies", "60")
        py = as_json(regula.compare("jetan/burroughs", "jetan/cazaux", games=5, seed=2,
                                    max_plies=60))
        self.assertEqual(py.pop("threads"), min(os.cpu_count(), 5))
        for key in ("run_games", "shard", "source"):
            cli.pop(key)
        py.pop("source")
        self.assertEqual(py, cli)
        self.assertEqual(py["games_with_difference"], 5)
        self.assertEqual(list(py["only_b"]["by_piece"]), ["princess"])

    def test_one_script_under_two_options_on_one_thread(self):
        cli = cli_json("compare", "jetan/burroughs", "--option-a", "array=point",
                       "--option-b", "array=manator", "-n", "3", "--seed", "4",
                       "--max-plies", "30")
        py = as_json(regula.compare("jetan/burroughs", options_a={"array": "point"},
                                    options_b={"array": "manator"}, games=3, seed=4,
                                    max_plies=30, threads=1))
        for key in ("positions", "differing_positions", "games_with_difference",
                    "first_differences", "only_a", "only_b", "differences"):
            self.assertEqual(py[key], cli[key], key)

    def test_bad_input(self):
        with self.assertRaisesRegex(ValueError, "second script"):
            regula.compare("jetan/burroughs")
        with self.assertRaisesRegex(ValueError, "nosuch"):
            regula.compare("jetan/burroughs", "jetan/nosuch")


class Records(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.paths = {}
        for fmt in ("jsonl", "csv"):
            path = os.path.join(cls.dir.name, "games." + fmt)
            subprocess.run([REGULA_BIN, "selfplay", "jetan/burroughs", "-n", "5", "--seed", "5",
                            "--option", "first=orange", "--max-plies", "200", "--games-out", path, "--quiet"],
                           check=True, capture_output=True)
            cls.paths[fmt] = path

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_rows_of_the_records(self):
        df = regula.records(self.paths["jsonl"])
        self.assertEqual(list(df["game"]), [1, 2, 3, 4, 5])
        self.assertEqual(list(df["seed"]), [7134611160154358618, 13877614986023876344,
                                            4292726422858613063, 1832488697174800709,
                                            3467252261107883461])
        self.assertEqual(set(df["reading"]),
                         {"jetan/burroughs array=point first=orange draw-values=equal"})
        self.assertEqual(df["options"][0],
                         {"array": "point", "first": "orange", "draw-values": "equal"})
        self.assertEqual(df["players"][0], {"black": "random", "orange": "random"})
        self.assertEqual(list(df["first_seat"]), ["orange"] * 5)
        self.assertEqual(df["seats"][0], ["black", "orange"])
        self.assertEqual(list(df["max_plies"]), [200] * 5)
        for column in ("winner", "draw", "finished", "first_seat_won", "reason", "plies"):
            self.assertEqual(list(df[column]), EXPECTED[column], column)

    def test_csv_reads_as_json_lines(self):
        a = regula.records(self.paths["jsonl"], reading="B")
        b = regula.records(self.paths["csv"], reading="B")
        self.assertEqual(a.to_dict("records"), b.to_dict("records"))
        self.assertEqual(set(a["reading"]), {"B"})

    def test_match_records_as_the_match_played_them(self):
        path = os.path.join(self.dir.name, "match.txt")
        args = ["alphabeta:depth=1,random", "-n", "4", "--seed", "3", "--max-plies", "120"]
        subprocess.run([REGULA_BIN, "match", "jetan/burroughs", "--players", *args,
                        "--records", path, "--quiet"], check=True, capture_output=True)
        df = regula.records(path)
        played = regula.match("jetan/burroughs", "alphabeta:depth=1,random", games=4, seed=3,
                              max_plies=120)["game_results"]
        self.assertEqual(list(df["game"]), [1, 2, 3, 4])
        self.assertEqual(list(df["plies"]), [g["plies"] for g in played])
        self.assertEqual(list(df["players"]), [g["players"] for g in played])
        self.assertEqual(list(df["reason"]), [g["reason"] for g in played])
        self.assertEqual(set(df["reading"]),
                         {"jetan/burroughs array=point first=black draw-values=equal"})
        self.assertEqual(list(df["seed"].isna()), [True] * 4)
        self.assertEqual(list(df["first_seat"]), ["black"] * 4)
        winners = [{"1-0": "black", "0-1": "orange"}.get(g["score"]) for g in played]
        self.assertEqual(list(df["winner"]), winners)

    def test_not_records(self):
        path = os.path.join(self.dir.name, "bad.txt")
        with open(path, "w") as f:
            f.write("hello\n")
        with self.assertRaisesRegex(ValueError, "bad.txt: not per-game records"):
            regula.records(path)
        with open(path, "w") as f:
            f.write("[Rules \"jetan/nosuch\"]\n\n1. a1a2 *\n")
        with self.assertRaisesRegex(ValueError, "bad.txt: .*jetan/nosuch"):
            regula.records(path)
        with open(path, "w") as f:
            f.write("{\"game\": 1, \"script\": \"jetan/burroughs\"}\n{oops\n")
        with self.assertRaisesRegex(ValueError, "bad.txt:2: not a JSON record"):
            regula.records(path)


# The five games of `regula selfplay jetan/burroughs -n 5 --seed 5 --option
# first=orange --max-plies 200`, as its records say: orange moves first.
CHIEF = "Chief captured by a piece other than the enemy Chief"
EXPECTED = {
    "winner": [None, None, None, "black", "black"],
    "draw": [True, True, False, False, False],
    "finished": [True, True, False, True, True],
    "first_seat_won": [False] * 5,
    "reason": [CHIEF, CHIEF, "unfinished (max plies)", "Princess captured", "Chief takes Chief"],
    "plies": [43, 37, 200, 144, 84],
}


if __name__ == "__main__":
    unittest.main()
