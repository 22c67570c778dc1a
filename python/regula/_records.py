"""Per-game records as a pandas DataFrame, one row per game: the JSON lines
or CSV that `regula selfplay --games-out` writes (docs/experiments.md), or
the game records of `regula match --records` (regula's record format)."""

import csv
import json
import os
from urllib.parse import unquote

COLUMNS = ["game", "reading", "rules", "script_hash", "options", "seed", "max_plies",
           "players", "seats", "first_seat", "result", "winner", "draw", "finished",
           "first_seat_won", "reason", "plies", "captures", "decisions", "branches", "stakes"]


def _csv_map(text, numbers=False):
    """A CSV map written key=value;key=value, with %25 %3B %3D %0A %0D escapes."""
    if text == "":
        return {}
    out = {}
    for item in text.split(";"):
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"'{text}' is not a key=value;... map")
        value = unquote(value)
        out[unquote(key)] = int(value) if numbers else value
    return out


def _csv_rows(f):
    for row in csv.DictReader(f):
        rec = {}
        for key, value in row.items():
            if key in ("options", "players", "result"):
                rec[key] = _csv_map(value)
            elif key == "stakes":
                rec[key] = _csv_map(value, numbers=True) if value else None
            elif key in ("script", "script_hash", "reason"):
                rec[key] = value
            elif value is not None and value != "":
                rec[key] = int(value)
        yield rec


def _json_rows(f, path):
    for number, line in enumerate(f, 1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}:{number}: not a JSON record: {e.msg}") from None


_first_seats = {}


def _first_seat(script, options):
    """The seat that moves first from the start under these options, or None
    when the script cannot be loaded here."""
    key = (script, tuple(sorted(options.items())))
    if key not in _first_seats:
        from . import _regula
        try:
            game = _regula.load(script, dict(options))
            player = game.new_initial_state().current_player()
            _first_seats[key] = game.seats[player] if player >= 0 else None
        except ValueError:
            _first_seats[key] = None
    return _first_seats[key]


def _reading(rec):
    options = " ".join(f"{k}={v}" for k, v in rec.get("options", {}).items())
    return rec["script"] + (" " + options if options else "")


def _row(rec, reading):
    result = rec.get("result", {})
    winners = [seat for seat, r in result.items() if r == "win"]
    finished = bool(result) and all(r != "none" for r in result.values())
    first = _first_seat(rec["script"], rec.get("options", {}))
    return {
        "game": rec["game"],
        "reading": reading if reading is not None else _reading(rec),
        "rules": rec["script"],
        "script_hash": rec.get("script_hash"),
        "options": rec.get("options", {}),
        "seed": rec.get("seed"),
        "max_plies": rec.get("max_plies"),
        "players": rec.get("players"),
        "seats": list(result),
        "first_seat": first,
        "result": result,
        "winner": winners[0] if winners else None,
        "draw": finished and not winners,
        "finished": finished,
        "first_seat_won": first is not None and first in winners,
        "reason": rec.get("reason"),
        "plies": rec.get("plies"),
        "captures": rec.get("captures"),
        "decisions": rec.get("decisions"),
        "branches": rec.get("branches"),
        "stakes": rec.get("stakes"),
    }


def _tag_blocks(f):
    """The tags of each game of a record file, in order: a tag line after
    move text begins the next game."""
    games, tags, in_moves = [], None, False
    for line in f:
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            if tags is None or in_moves:
                tags, in_moves = {}, False
                games.append(tags)
            key, _, value = line[1:-1].partition(" ")
            tags[key] = value.strip().strip('"')
        elif line:
            in_moves = True
    return games


def _tag_map(text, sep, kv, numbers=False):
    out = {}
    for item in filter(None, (i.strip() for i in text.split(sep))):
        key, _, value = item.partition(kv)
        out[key.strip()] = int(value) if numbers else value.strip()
    return out


def _game_rows(f, path):
    """Records of `regula match --records`: the tags say who played and how,
    the games replayed by the module what they came to."""
    from . import _regula

    tags = _tag_blocks(f)
    games = _regula._record_games(path)
    if len(tags) != len(games):
        raise ValueError(f"{path}: {len(tags)} games by their tags, {len(games)} replayed")
    for number, (t, g) in enumerate(zip(tags, games), 1):
        yield {
            "game": number,
            "script": t.get("Rules", g["rules"]),
            "options": _tag_map(t.get("Options", ""), ",", "="),
            "players": _tag_map(t["Players"], ";", "=") if "Players" in t else None,
            "result": dict(zip(g["seats"], g["result"])),
            "reason": t.get("Termination", g["reason"]),
            "plies": g["plies"],
            "stakes": _tag_map(t["Stakes"], ",", " ", numbers=True) if "Stakes" in t else None,
        }


def records(path, reading=None):
    """The per-game records of a file `regula selfplay --games-out` wrote
    (JSON lines, or CSV when the file's first line is CSV's header) or of a
    record file (`regula match --records`: a first line that is a tag), one
    row per game in the file's order. `reading` names the rules' reading in every
    row (default: the script's name and its options, "jetan/burroughs
    array=point ...")."""
    import pandas as pd

    with open(path, encoding="utf-8", newline="") as f:
        head = f.readline()
        f.seek(0)
        if head.startswith("game,"):
            recs = list(_csv_rows(f))
        elif head.startswith("["):
            recs = list(_game_rows(f, path))
        elif head.lstrip().startswith("{") or not head.strip():
            recs = list(_json_rows(f, path))
        else:
            raise ValueError(f"{path}: not per-game records (JSON lines or CSV from "
                             "regula selfplay --games-out, or game records)")
    for number, rec in enumerate(recs, 1):
        if "game" not in rec or "script" not in rec:
            raise ValueError(f"{path}: record {number} has no game number or script")
    return pd.DataFrame([_row(rec, reading) for rec in recs], columns=COLUMNS)
