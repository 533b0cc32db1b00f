"""Fixtures for the README's tests: the pty harness of Tests/pty, and the README's blocks."""
from __future__ import annotations

import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "pty"))
