"""Every rule case in tests/rules/ (one file per rule id, e.g. R-13.1_rally.yaml) is a test named
after its file. A case reaches its position through the `setup:` start option, plays its steps
through `Game.submit`, and checks its `expect:` assertions and `refused:` codes
(docs/commands.md, "Rule cases"). Besides, after every step the core's invariants hold, and the
finished game saves and replays to the same state."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from botwotr.catalog import spec_for
from botwotr.core.invariants import check
from botwotr.persistence.save import from_dict, to_dict
from botwotr.script import case_list, problems, read_script, run_case

HERE = Path(__file__).resolve().parent
FILES = sorted(p for p in HERE.iterdir() if p.suffix in (".yaml", ".yml", ".json"))


def test_every_rule_case_file_names_its_rule():
    """Each file's name starts with the rule id it states (`rule:`), so a failure names the rule."""
    assert FILES, "no rule cases found"
    for path in FILES:
        data = read_script(path)
        assert data.get("rule") and path.name.startswith(f"{data['rule']}_"), path.name


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_rule_case(path):
    data = read_script(path)
    spec = spec_for(data["scenario"])
    lines = []
    for name, case in case_list(data):
        game, rep = run_case(case, spec, where=f"{path.name}: {name}", after_step=check)
        lines += [f"{name}: {line}" for line in problems(rep)]
        assert rep.get("checked"), f"{name}: the case asserts nothing"
        saved = json.loads(json.dumps(to_dict(game)))
        again = from_dict(saved, spec)
        assert again.state == game.state, f"{name}: the save does not replay to the same state"
    assert not lines, "\n".join(lines)
