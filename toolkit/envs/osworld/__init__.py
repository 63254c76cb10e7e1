"""OSWorld: task files in OSWorld's JSON format, a docker backend for its VM image, and the ``osworld`` adapter.

It cannot run without a Docker engine, the VM image and its disk: ``guigym doctor`` lists what is missing.
"""

from toolkit.envs.osworld.adapter import OSWorldAdapter
from toolkit.envs.osworld.docker_backend import DockerBackend, OSWorldInstance, requirements
from toolkit.envs.osworld.setup import SetupError, UnsupportedSetupStep
from toolkit.envs.osworld.tasks import OSWorldTask, load_osworld_folder, load_osworld_task, to_task_spec

__all__ = ["DockerBackend", "OSWorldAdapter", "OSWorldInstance", "OSWorldTask", "SetupError", "UnsupportedSetupStep",
           "load_osworld_folder", "load_osworld_task", "requirements", "to_task_spec"]
