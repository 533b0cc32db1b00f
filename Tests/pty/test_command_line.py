"""The command line as a newcomer meets it: LINKTERM_DEFAULT_OPTS (the command line wins, a bad
value is refused naming the variable, subcommands untouched), `token --flavor mesh` (a Mesh token
that `--flavor mesh --token` accepts), `replay --flavor mesh` on a file that does not say so, `help
replay` listing every step the parser takes (both flavors), and help without doubled defaults."""
from __future__ import annotations

import base64
import re
import subprocess

import pytest

from ptyharness import CONSENT_TITLE, CTRL_C, base_env

MESH_TITLE = "Select an exchange, brokerage or wallet"


def run(binary, *args, env=None, stdin=None):
    return subprocess.run([binary, *map(str, args)], capture_output=True, text=True, env=env or base_env(),
                          input=stdin, stdin=None if stdin is not None else subprocess.DEVNULL, timeout=60)


def with_defaults(value: str, home) -> dict:
    return {**base_env(home=str(home / "home")), "LINKTERM_DEFAULT_OPTS": value}


def test_default_opts_apply_to_a_session(spawn, home):
    p = spawn(extra_env={"LINKTERM_DEFAULT_OPTS": "--flavor mesh"})
    p.wait_for(MESH_TITLE)
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


def test_the_command_line_wins_over_default_opts(spawn, home):
    p = spawn(["--flavor", "plaid"], extra_env={"LINKTERM_DEFAULT_OPTS": "--flavor mesh --latency 5"})
    p.wait_for(CONSENT_TITLE)
    p.send(CTRL_C)
    assert p.wait_exit().status == 130


def test_default_opts_keep_quoted_words_together(binary, home):
    # the quoted path holds a space: one word, so the missing file is named whole
    done = run(binary, env=with_defaults("--theme '/no such/theme.json'", home))
    assert done.returncode == 2
    assert "/no such/theme.json" in done.stderr, done.stderr


@pytest.mark.parametrize("value, message", [
    ("--theme 'light", "linkterm: LINKTERM_DEFAULT_OPTS: a ' quote is not closed"),
    ("--seed 4\\", "linkterm: LINKTERM_DEFAULT_OPTS: it ends with a backslash"),
    ("--no-such-option", "linkterm: LINKTERM_DEFAULT_OPTS: Error: Unknown option '--no-such-option'"),
    ("--latency soon", "linkterm: LINKTERM_DEFAULT_OPTS: Error: The value 'soon' is invalid for '--latency <ms>'"),
])
def test_a_bad_default_opts_is_refused_naming_the_variable(binary, home, value, message):
    done = run(binary, env=with_defaults(value, home))
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(message), done.stderr
    assert done.stdout == ""


def test_default_opts_that_clash_with_the_command_line_say_so(binary, home):
    done = run(binary, "--flavor", "mesh", env=with_defaults("--sdk v1", home))
    assert done.returncode == 2
    assert done.stderr.startswith("linkterm: LINKTERM_DEFAULT_OPTS: with the command line's options: "), done.stderr


def test_default_opts_leave_subcommands_alone(binary, home, tmp_path):
    scenario = tmp_path / "s.txt"
    scenario.write_text("continue\nquit\n")
    done = run(binary, "replay", scenario, env=with_defaults("--theme light --log-panel right", home))
    assert done.returncode == 0, done.stderr
    assert '"type":"exit"' in done.stdout


def test_token_for_mesh_is_a_mesh_link_token_the_session_takes(binary, spawn):
    token = run(binary, "token", "--flavor", "mesh")
    assert token.returncode == 0, token.stderr
    link = base64.b64decode(token.stdout.strip(), validate=True).decode()
    assert link.startswith("https://web.meshconnect.com/") and "transfer_token" not in link, link
    transfer = base64.b64decode(run(binary, "token", "--flavor", "mesh", "--transfer").stdout.strip()).decode()
    assert "transfer_token=" in transfer, transfer
    to = base64.b64decode(run(binary, "token", "--flavor", "mesh", "--transfer-to", "USDC:Solana").stdout.strip()).decode()
    assert "to_symbol=USDC" in to and "to_network=" in to, to
    p = spawn(["--flavor", "mesh", "--token", token.stdout.strip()])
    p.wait_for(MESH_TITLE)
    p.send(CTRL_C)
    assert p.wait_exit().status == 130
    plaid = run(binary, "token")
    assert re.fullmatch(r"link-sandbox-[0-9a-f-]{36}\n", plaid.stdout), plaid.stdout


@pytest.mark.parametrize("args, message", [
    (["token", "--flavor", "mesh", "--update-item", "ins_109508"], "--update-item goes with --flavor plaid"),
    (["token", "--flavor", "mesh", "--transfer-to", "USDC:Nowhere"], "--transfer-to takes ASSET:NETWORK"),
    (["token", "--transfer"], "--transfer goes with --flavor mesh"),
])
def test_token_refuses_options_of_the_other_flavor(binary, args, message):
    done = run(binary, *args)
    assert done.returncode == 2 and message in done.stderr, done.stderr


def test_replay_flavor_mesh_plays_a_file_that_does_not_say_so(binary, tmp_path):
    scenario = tmp_path / "mesh.txt"
    scenario.write_text("integration coinbase\noauth approve\ndone\n")
    done = run(binary, "replay", "--flavor", "mesh", scenario)
    assert done.returncode == 0, done.stderr
    assert '"type":"integration_connected"' in done.stdout
    plaid = run(binary, "replay", scenario)
    assert plaid.returncode == 2
    assert '"integration" is a Mesh step: a Mesh scenario says `option flavor mesh`' in plaid.stderr, plaid.stderr


@pytest.mark.parametrize("flavor_line", ["", "option flavor mesh\n"])
def test_help_replay_lists_every_step_and_option_the_parser_takes(binary, tmp_path, flavor_line):
    # the parser names its steps and options when it meets one it does not know
    bad_step = tmp_path / "step.txt"
    bad_step.write_text(flavor_line + "no-such-step\n")
    steps = run(binary, "replay", bad_step).stderr
    # (an error line is cut at 400 characters, with an ellipsis: a cut name is left out)
    names = [name for name in re.search(r"steps are: (.*)$", steps, re.M).group(1).split(", ") if not name.endswith("\u2026")]
    assert len(names) >= 19, names
    bad_option = tmp_path / "option.txt"
    bad_option.write_text(flavor_line + "option no-such-option\n")
    options = run(binary, "replay", bad_option).stderr
    help_text = run(binary, "help", "replay").stdout
    section = help_text.split("Mesh steps and options")[1 if flavor_line else 0]
    listed = re.findall(r"^  ([a-z-]+)", section, re.M)
    assert set(names) - {"expect", "option"} <= set(listed), (names, listed)
    assert {"expect", "option"} <= set(listed)
    option_names = re.findall(r"^  option ([a-z-]+)", section, re.M)
    for name in option_names:
        assert name in options, (name, options)
    assert len(option_names) >= 6
    assert all(len(line) <= 80 for line in help_text.splitlines()), "help replay lines wider than 80 columns"


@pytest.mark.parametrize("command", [[], ["search"], ["replay"], ["walk"], ["token"], ["serve"]])
def test_help_gives_each_default_once(binary, command):
    text = " ".join(run(binary, *command, "--help").stdout.split())
    assert not re.search(r"\(default \w+[^)]*\)\.? \(default: ", text), text
