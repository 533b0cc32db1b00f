"""The README's fenced blocks, by section: what its tests run as written."""
from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def section(title: str) -> str:
    """The text of the section whose heading is `title` (any level), up to the next heading of the
    same or a higher level."""
    text = README.read_text()
    match = re.search(rf"^(#+) {re.escape(title)}\n", text, re.M)
    assert match, f"README.md has no section {title!r}"
    level = len(match.group(1))
    rest = text[match.end():]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return rest[: end.start()] if end else rest


def blocks(title: str, language: str) -> list[str]:
    """The fenced blocks of `language` in the section `title`, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", section(title), re.M | re.S)


def commands(block: str) -> list[tuple[str, str]]:
    """The command lines of a shell block: (command, comment) with the comment after `  # `."""
    lines = []
    for line in block.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        command, _, comment = line.partition("  #")
        lines.append((command.strip(), comment.strip()))
    return lines
