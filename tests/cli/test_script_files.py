"""`botwotr script FILE` refuses files that are not scripts before reading them: a FIFO (which
would hang the read), a folder, a device, a file over the size limit, bytes that are not UTF-8.
One line on stderr naming the file, exit code 2, no traceback."""
from __future__ import annotations

import os

import pytest

from botwotr.cli import MAX_SCRIPT_BYTES, main


@pytest.mark.parametrize("shape, words", [
    ("fifo", "is a named pipe (FIFO); it was not opened"),
    ("folder", "is a folder; it was not opened"),
    ("device", "not a regular file; it was not opened"),
    ("big", f"more than the {MAX_SCRIPT_BYTES:,} a script may be"),
    ("latin1", "not UTF-8 text"),
    ("missing", "cannot be read"),
])
def test_a_bad_script_file_is_one_clear_line(tmp_path, capsys, shape, words):
    path = tmp_path / "s.yaml"
    if shape == "fifo":
        os.mkfifo(path)
    elif shape == "folder":
        path.mkdir()
    elif shape == "device":
        path.symlink_to("/dev/zero")
    elif shape == "big":
        with open(path, "wb") as f:
            f.truncate(MAX_SCRIPT_BYTES + 1)
    elif shape == "latin1":
        path.write_bytes("scenario: caf\xe9\n".encode("latin-1"))
    assert main(["script", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"botwotr script: {path}") and words in err, err
    assert "Traceback" not in err and err.count("\n") == 1
