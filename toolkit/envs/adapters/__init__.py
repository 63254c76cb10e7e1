"""Adapters translate the five operations to one environment's native API.

Importing this package registers the external kinds (the ``miniwob`` adapter and suite, the ``osworld`` suite,
loaded from ``$GUIGYM_OSWORLD_TASKS``); their modules do
not import the benchmark packages themselves, so a missing ``miniwob`` only makes that suite unavailable
(loading it raises a SpecError naming the package).
"""

from toolkit.envs.adapters import miniwob as _miniwob  # noqa: F401,E402 - registers device and suite "miniwob"

from toolkit.envs.osworld.tasks import build_suite as _osworld_suite  # noqa: E402
from toolkit.tasks.loader import register_suite  # noqa: E402

register_suite("osworld", _osworld_suite)
