#!/usr/bin/env bash
# GPU smoke of the training stack, end to end, on one GPU in under 8 minutes, with a tiny model built on the spot:
#   1. build a tiny randomly initialised Qwen3-VL (no download);
#   2. check that `trl vllm-serve` starts on it, then evaluate it through vLLM's OpenAI-compatible server on mocked-app
#      tasks (the same harness as every evaluation); vLLM serves evaluation only, training never uses it;
#   3. train it with recipes/grpo-mobile.yaml (the GPU recipe) under accelerate for 2 optimizer steps on real episodes
#      (rollouts: Hugging Face generate() on the trainer's weights), the model swapped for the tiny one, the pool cut
#      to train-split tasks and the sizes shrunk (everything else as the recipe says);
#   4. load the final checkpoint with `guigym eval --agent hf` and run it.
# Needs: a CUDA GPU, the GPU environment (environment-gpu.yml: the train + gpu extras), Debian chromium, node.
# Prints one JSON line per phase with its wall time; the last line sums them. Exit status 0 only if every phase passed.
#   bash recipes/device_smoke.sh [WORKDIR]        (default WORKDIR: /tmp/guigym-device-smoke)
set -euo pipefail
cd "$(dirname "$0")/.."
WORK="${1:-/tmp/guigym-device-smoke}"
PORT="${GUIGYM_SMOKE_PORT:-8011}"
TASKS="${GUIGYM_SMOKE_TASKS:-contacts.favorite,contacts.edit_phone}"
PY="${PYTHON:-python}"
mkdir -p "$WORK"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 RAY_USAGE_STATS_ENABLED=0
T0=$(date +%s)
phase() { # phase NAME START: print the phase's wall time as JSON
  echo "{\"phase\": \"$1\", \"seconds\": $(( $(date +%s) - $2 ))}"
}

"$PY" - <<'PY'
import torch, sys
if not torch.cuda.is_available():
    sys.exit("device_smoke: no CUDA GPU visible to torch")
import vllm, trl  # noqa: F401  (the gpu and train extras)
print(f"{{\"gpu\": \"{torch.cuda.get_device_name(0)}\", \"vllm\": \"{vllm.__version__}\", \"trl\": \"{trl.__version__}\"}}")
PY

t=$(date +%s)
"$PY" -c "from toolkit.models.tiny import build_tiny_qwen3vl; print(build_tiny_qwen3vl('$WORK/tiny', max_pixels=128*128*4))" >/dev/null
phase build_tiny "$t"

t=$(date +%s)
trl vllm-serve --model "$WORK/tiny" --port "$PORT" --gpu-memory-utilization 0.3 --max-model-len 8192 \
  >"$WORK/vllm.log" 2>&1 &
VLLM=$!
trap 'kill $VLLM 2>/dev/null || true' EXIT
for _ in $(seq 1 180); do
  curl -sf "http://127.0.0.1:$PORT/health/" >/dev/null 2>&1 && break
  kill -0 $VLLM 2>/dev/null || { tail -50 "$WORK/vllm.log"; exit 1; }
  sleep 1
done
phase vllm_up "$t"

# Evaluation through TRL's server: trl vllm-serve speaks its own protocol, so the harness talks to vLLM's
# OpenAI-compatible server for evaluation (same engine, same weights).
t=$(date +%s)
kill $VLLM; wait $VLLM 2>/dev/null || true
"$PY" -m vllm.entrypoints.openai.api_server --model "$WORK/tiny" --served-model-name tiny --port "$PORT" \
  --gpu-memory-utilization 0.3 --max-model-len 8192 >"$WORK/vllm-openai.log" 2>&1 &
VLLM=$!
for _ in $(seq 1 180); do
  curl -sf "http://127.0.0.1:$PORT/v1/models" >/dev/null 2>&1 && break
  kill -0 $VLLM 2>/dev/null || { tail -50 "$WORK/vllm-openai.log"; exit 1; }
  sleep 1
done
guigym eval --agent openai --model "http://127.0.0.1:$PORT/v1" --model-name tiny --suite mobile-core --tasks "$TASKS" \
  --trials 2 --parallel 4 --out "$WORK/runs" --json | tail -1 > "$WORK/eval-openai.json"
kill $VLLM; wait $VLLM 2>/dev/null || true
phase eval_openai "$t"

t=$(date +%s)
"$PY" - "$WORK" <<'PY'
import sys, yaml
work = sys.argv[1]
recipe = yaml.safe_load(open("recipes/grpo-mobile.yaml"))
recipe["model"]["checkpoint"] = f"{work}/tiny"
recipe["tasks"]["pools"] = [{"suite": "mobile-core", "tasks": ["contacts.favorite"], "split": "train",
                             "env": {"apps": ["contacts"]}}]
recipe["algorithm"].update(group_size=4)
recipe["rollout"].update(concurrency=4, max_turns=3, max_new_tokens=32, max_total_length=8192)
recipe["trainer"].update(tasks_per_step=1, steps_per_generation=1, max_steps=2, save_steps=2, k3_threshold=1.0e-1)
yaml.safe_dump(recipe, open(f"{work}/grpo-mobile-smoke.yaml", "w"), sort_keys=False)
PY
accelerate launch --config_file recipes/accelerate/single_gpu.yaml recipes/train_grpo.py \
  --config "$WORK/grpo-mobile-smoke.yaml" --max_steps 2 --output_dir "$WORK/train" --overwrite_output_dir | tail -1 \
  > "$WORK/train.json"  # a rerun in the same WORKDIR replaces its earlier training run
test -d "$WORK/train/final"
phase train_grpo "$t"

t=$(date +%s)
guigym eval --agent hf --model "$WORK/train/final" --suite mobile-core --tasks "${TASKS%%,*}" --trials 1 \
  --out "$WORK/runs" --json | tail -1 > "$WORK/eval-hf.json"
phase eval_checkpoint "$t"

echo "{\"device_smoke\": \"passed\", \"seconds\": $(( $(date +%s) - T0 )), \"train\": $(cat "$WORK/train.json"), \"eval_openai\": $(cat "$WORK/eval-openai.json"), \"eval_checkpoint\": $(cat "$WORK/eval-hf.json")}"
