"""Models the toolkit builds or loads: a tiny Qwen3-VL for offline tests, and the loader for local checkpoints."""
