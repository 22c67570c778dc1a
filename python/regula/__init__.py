"""regula's rules and positions from Python, with OpenSpiel's names
(docs/python.md): the extension regula._regula (loading scripts, games and
states, perft, selfplay, match, compare), records() to read per-game records
into pandas, and the figures of regula.plot (imported on its own, since it
needs matplotlib)."""

import os as _os

try:
    # An installed module (lib/python3/dist-packages/regula) reads the bundled
    # rules where the install put them, unless REGULA_RULES_DIR says otherwise.
    from ._install import RULES as _RULES

    _os.environ.setdefault(
        "REGULA_RULES_DIR", _os.path.normpath(_os.path.join(_os.path.dirname(__file__), _RULES)))
except ImportError:
    pass

from ._regula import *  # noqa: E402,F401,F403
from ._records import records  # noqa: E402,F401
