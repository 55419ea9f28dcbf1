"""Corrupt and edited saves: every shape is refused with a SaveError naming the problem (or, if
the edit happens to leave a valid save, it loads and verifies) — never another exception, and
nothing on disk is overwritten."""
from __future__ import annotations

import json
import random

import pytest

from botwotr.persistence import save as saves
from helpers import new_game, scenario_spec

RESULTS: dict[str, int] = {}


def spec_for(name):
    if name != scenario_spec().id:
        raise KeyError(name)
    return scenario_spec()


@pytest.fixture(scope="module")
def good():
    g = new_game(11)
    rng = random.Random(11)
    for _ in range(120):
        if g.state["winner"]:
            break
        g.submit(rng.choice(g.legal_commands()))
    return g, saves.dumps(g)


def attempt(tmp_path, text: str, label: str) -> str:
    path = tmp_path / "s.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass") if isinstance(text, str) else path.write_bytes(text)
    before = path.read_bytes()
    try:
        saves.load(path, spec_for)
        outcome = "loaded"
    except saves.SaveError as e:
        assert str(e).startswith(str(path)), e
        outcome = "refused"
    assert path.read_bytes() == before
    RESULTS[f"{label}:{outcome}"] = RESULTS.get(f"{label}:{outcome}", 0) + 1
    return outcome


def test_truncated_saves(tmp_path, good):
    _, text = good
    cuts = sorted(set(range(0, len(text), max(1, len(text) // 60))))
    for n in cuts:
        assert attempt(tmp_path, text[:n], "truncated") == "refused"


def test_random_byte_flips(tmp_path, good):
    _, text = good
    raw = text.encode()
    rng = random.Random(3)
    for _ in range(150):
        b = bytearray(raw)
        i = rng.randrange(len(b))
        b[i] = (b[i] + rng.randrange(1, 256)) % 256  # always a different byte
        assert attempt(tmp_path, bytes(b), "byte flip") == "refused"


def test_wrong_types_everywhere(tmp_path, good):
    g, text = good
    data = json.loads(text)
    for key in data:
        for bad in (None, "x", 3, [], {}, True):
            if bad == data[key] or type(bad) is type(data[key]) and key not in ("version",):
                continue
            assert attempt(tmp_path, json.dumps({**data, key: bad}), "wrong type") == "refused"
    for i in range(0, len(data["log"]), 7):
        d = json.loads(text)
        d["log"][i] = "not an entry"
        assert attempt(tmp_path, json.dumps(d), "wrong type") == "refused"
        d = json.loads(text)
        d["log"][i]["cmd"] = ["x"]
        assert attempt(tmp_path, json.dumps(d), "wrong type") == "refused"


def test_edited_results_and_spliced_commands(tmp_path, good):
    g, text = good
    data = json.loads(text)
    edited = 0
    for i, entry in enumerate(data["log"]):
        for j, e in enumerate(entry["events"]):
            if e["e"] in ("DiceRolled", "CombatRolled", "RallyRolled", "FateTileDrawn", "CardsDrawn"):
                d = json.loads(text)
                ev = d["log"][i]["events"][j]
                key = {"DiceRolled": "results", "CombatRolled": "dice", "RallyRolled": "dice",
                       "FateTileDrawn": "tile", "CardsDrawn": "cards"}[e["e"]]
                ev[key] = ([7] if isinstance(ev[key], list) else "edited")
                assert attempt(tmp_path, json.dumps(d), "edited result") == "refused"
                edited += 1
    assert edited > 5
    for i in range(1, len(data["log"]), 9):
        d = json.loads(text)
        d["log"].insert(i, {"cmd": {"cmd": "pass", "side": "fp"}, "events": []})
        assert attempt(tmp_path, json.dumps(d), "spliced command") == "refused"
        d = json.loads(text)
        del d["log"][i]
        assert attempt(tmp_path, json.dumps(d), "removed command") == "refused"


def test_versions_and_content(tmp_path, good):
    _, text = good
    data = json.loads(text)
    assert attempt(tmp_path, json.dumps({**data, "version": 2}), "newer version") == "refused"
    assert attempt(tmp_path, json.dumps({**data, "version": 0}), "older version") == "refused"
    # other content: loaded when every entry still gives its recorded events (a GameStarted's own
    # content version aside), refused when one does not
    assert attempt(tmp_path, json.dumps({**data, "content_version": "other"}), "other content, same events") == "loaded"
    edited = json.loads(text)
    edited["content_version"] = "other"
    edited["log"][0]["events"][0]["seed"] = -1 if edited["log"][0]["events"][0].get("seed") != -1 else 0
    assert attempt(tmp_path, json.dumps(edited), "other content, other events") == "refused"
    assert attempt(tmp_path, json.dumps({**data, "format": "other"}), "not a save") == "refused"
    assert attempt(tmp_path, "", "empty file") == "refused"
    assert attempt(tmp_path, text, "untouched") == "loaded"


def test_report_counts():
    """Prints the tally used in docs/reliability.md."""
    total = sum(RESULTS.values())
    print(f"\ncorrupt-save shapes tried: {total}")
    for k in sorted(RESULTS):
        print(f"  {k}: {RESULTS[k]}")
    assert total > 300


# -- the shapes of issue 9, through the API with the real scenario catalogue -----------------------

import bad_save_shapes as shapes  # noqa: E402


@pytest.fixture(scope="module")
def rohan_good():
    from botwotr.catalog import spec_for as catalog_spec_for
    return shapes.make_good(catalog_spec_for("rohan"))


@pytest.mark.parametrize("shape", list(shapes.SHAPES))
def test_issue9_shapes_are_refused_naming_the_file_and_the_problem(tmp_path, rohan_good, shape):
    """Each is a SaveError (never ValueError, RecursionError, OSError, a hang or a memory blow-up)
    whose message starts with the file and says the problem; the file is left as it was."""
    from botwotr.catalog import spec_for as catalog_spec_for
    path = tmp_path / "bad.json"
    shapes.write(shape, path, rohan_good)
    before = shapes.snapshot(path)
    with pytest.raises(saves.SaveError) as err:
        saves.load(path, catalog_spec_for)
    msg = str(err.value)
    assert msg.startswith(str(path) + ": "), msg
    assert shapes.words(shape) in msg, msg
    assert "\x00" not in msg and not any(0xD800 <= ord(c) <= 0xDFFF for c in msg)  # printable as is
    assert shapes.snapshot(path) == before
    RESULTS["issue 9 shape:refused"] = RESULTS.get("issue 9 shape:refused", 0) + 1


def test_the_good_rohan_save_loads(tmp_path, rohan_good):
    from botwotr.catalog import spec_for as catalog_spec_for
    path = tmp_path / "good.json"
    path.write_text(rohan_good.text, encoding="utf-8")
    g = saves.load(path, catalog_spec_for)
    assert saves.dumps(g) == rohan_good.text


def test_a_log_at_the_bound_is_replayed_and_one_more_is_refused_before_replay(tmp_path, rohan_good):
    """MAX_LOG_ENTRIES entries load (bounded time and memory, measured in bench/save_load.py);
    one more is refused before any command is replayed."""
    from botwotr.catalog import spec_for as catalog_spec_for
    calls = []

    def counting_spec_for(name):
        calls.append(name)
        return catalog_spec_for(name)
    d = json.loads(rohan_good.text)
    d["log"] += [{"cmd": {"cmd": "adjust_fate", "side": "players", "to": 0}, "events": []}] * \
        (saves.MAX_LOG_ENTRIES + 1 - len(d["log"]))
    path = tmp_path / "long.json"
    path.write_text(json.dumps(d))
    with pytest.raises(saves.SaveError, match="more than the 10,000"):
        saves.load(path, counting_spec_for)
    assert calls == []  # refused before the scenario was even looked up
