"""The layer rule: importing the engine never loads Textual, rich or the outer layers."""

import pkgutil
import subprocess
import sys

import hearthroll.core

CORE_MODULES = sorted(
    m.name for m in pkgutil.walk_packages(hearthroll.core.__path__, prefix="hearthroll.core.")
)


def test_core_modules_exist() -> None:
    assert "hearthroll.core.dice.mechanics" in CORE_MODULES


def test_core_imports_neither_textual_rich_nor_outer_layers() -> None:
    code = (
        "import sys\n"
        f"for name in {CORE_MODULES!r}: __import__(name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'icepool')\n"
        "       or m.startswith(('hearthroll.store', 'hearthroll.tui', 'hearthroll.cli'))]\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""
