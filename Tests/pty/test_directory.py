"""An --institutions file loads behind the first frame: the consent pane shows at once, the
search finds the file's names, and a file that cannot be loaded still ends with status 2 and a
message naming it, on a restored terminal, with no session started."""
from __future__ import annotations

from ptyharness import CTRL_C, ENTER, start, strip_escapes


def test_a_large_directory_loads_behind_the_first_frame(spawn, home):
    names = home / "banks.txt"
    # 20,000 names, the one looked for last
    names.write_text("".join(f"Bank Number {i}\n" for i in range(20_000)) + "Zebrafinch Savings\n")
    p = spawn(["--institutions", names, "--events", home / "events.jsonl"])
    start(p)
    p.send(ENTER)
    p.type("zebraf")
    p.wait_for("Zebrafinch Savings")
    p.wait_for("ins_custom_20001")
    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 130 and e.signal is None
    assert not p.restoration_problems()


def test_a_bad_directory_file_is_named_after_the_screen_closes(spawn, home):
    p = spawn(["--institutions", home / "missing.txt", "--events", home / "events.jsonl"])
    e = p.wait_exit()
    assert e.status == 2 and e.signal is None
    assert not p.restoration_problems()
    data = bytes(p.log)
    after = strip_escapes(data[data.rfind(b"\x1b[?1049l"):]) if b"\x1b[?1049l" in data else strip_escapes(data)
    assert "--institutions:" in after and "missing.txt" in after and "No such file" in after, after
    events = home / "events.jsonl"
    assert not events.exists() or events.read_text() == "", "no session starts without its directory"
