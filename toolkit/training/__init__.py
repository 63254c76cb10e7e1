"""Online RL on the shared rollout path: token-in/token-out windows, the GRPO trainer, recipes."""
