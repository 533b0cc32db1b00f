"""A 1 MiB bracketed paste into the search field: linkterm survives it, takes none of its line
breaks as Enter, and keeps the field (and the SEARCH_INSTITUTION query) to 64 characters."""
from __future__ import annotations

from ptyharness import (CTRL_C, bracketed_paste, measure, read_records, record_name, search_field, start, to_search)

MAX_QUERY = 64


def test_one_mebibyte_paste(spawn, home):
    events = home / "events.jsonl"
    p = spawn(["--events", events, "--log-panel", "off"], rows=50, cols=200)
    start(p)
    to_search(p)
    # every line of the paste is a query with results: an Enter taken from it would select one
    unit = b"first platypus\r\n"
    data = (unit * (2**20 // len(unit) + 1))[:2**20]
    p.send(bracketed_paste(data))

    def searched():
        return [r for r in read_records(events, while_writing=True)
                if record_name(r) == "SEARCH_INSTITUTION"]

    p.wait_until(lambda: searched(), "the SEARCH_INSTITUTION event of the paste", timeout=60)
    assert p.exit is None, "linkterm died of the paste"
    query = searched()[-1]["metadata"]["institution_search_query"]
    measure("1 MiB paste", f"query of {len(query)} characters: {query!r}; CPU so far "
                           f"{p.proc_cpu_seconds():.1f} s")
    assert len(query) <= MAX_QUERY, f"the query has {len(query)} characters"
    assert query.startswith("first platypus first platypus"), query  # line breaks became spaces
    names = [record_name(r) for r in read_records(events, while_writing=True)]
    assert "SELECT_INSTITUTION" not in names, f"an Enter was taken from the paste: {names}"
    p.wait_until(lambda: search_field(p) and search_field(p) in query, "the field to show the query")
    shown = search_field(p)
    assert len(shown) <= MAX_QUERY, f"the field shows {len(shown)} characters"
    assert " Select institution " in p.screen, "not on the search pane any more"
    assert all(len(line) <= 200 for line in p.screen.lines())
    assert any("Search  " in line and line.strip().startswith("\u2502") and line.strip().endswith("\u2502")
               for line in p.screen.lines()), f"the field's line lost its border\n{p.describe()}"
    p.send(CTRL_C)
    e = p.wait_exit()
    assert e.status == 130 and e.signal is None
    names = [record_name(r) for r in read_records(events)]
    assert "SELECT_INSTITUTION" not in names and names[-2:] == ["EXIT", "exit"], names
    assert not p.restoration_problems(), p.restoration_problems()
