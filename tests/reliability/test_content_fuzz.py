"""Property tests: whatever the text or data, the loader answers with a spec or a ContentError."""
from __future__ import annotations

import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from botwotr.content import ContentError, load_scenario
from botwotr.content.yamlio import parse_text

TEST_SCENARIO = Path(__file__).resolve().parents[1] / "data" / "test_scenario"
FILES = ("scenario.yaml", "board.yaml", "units.yaml", "characters.yaml", "cards.yaml",
         "fate.yaml", "positions.yaml")

YAML_BITS = st.sampled_from([": ", "- ", "\n", "  ", "[", "]", "{", "}", ",", "&a ", "*a", "<<",
                             "!!int ", "!!binary ", '"', "'", "#", "|", ">", "? ", "---\n",
                             "key", "1", "true", "~", "\t", "%YAML 1.1\n", "\\x00", "é"])


@settings(max_examples=200, deadline=None)
@given(st.lists(YAML_BITS | st.text(max_size=5), max_size=30).map("".join))
def test_any_text_parses_or_raises_content_error(text):
    try:
        parse_text(text, "x.yaml")
    except ContentError as err:
        assert err.file == "x.yaml"


scalars = st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | \
    st.sampled_from(["fp", "sh", "hold", "orcs", "captain", "plains", "river", "generic", "army",
                     "draw", "wake", "", "x"])
data = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) |
                    st.dictionaries(st.sampled_from(["id", "side", "name", "do", "if", "units",
                                                     "kind", "n", "region", "a", "b", "value",
                                                     "effect", "orcs", "hold", "fp"]) | st.integers(0, 9),
                                    inner, max_size=4), max_leaves=12)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(file=st.sampled_from(FILES), doc=data)
def test_any_document_loads_or_raises_content_error(tmp_path, file, doc):
    folder = tmp_path / "scn"
    if not folder.exists():
        shutil.copytree(TEST_SCENARIO, folder)
    original = (TEST_SCENARIO / file).read_text(encoding="utf-8")
    (folder / file).write_text(yaml.safe_dump(doc), encoding="utf-8")
    try:
        load_scenario(folder)
    except ContentError as err:
        assert err.file and str(err).startswith(err.file)
    finally:
        (folder / file).write_text(original, encoding="utf-8")
