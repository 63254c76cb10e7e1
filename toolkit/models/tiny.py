"""Build a tiny, randomly initialised Qwen3-VL with its processor, fully offline.

Used by tests, the CPU training recipe and the device smoke script: a real
``Qwen3VLForConditionalGeneration`` (about 0.3 M parameters) with a byte-level BPE tokenizer
trained in memory on the harness's own prompt text, TRL's verbatim ``qwen3_vl.jinja`` chat
template, and a PIL image processor (torchvision is not needed). Nothing is downloaded.
"""

from __future__ import annotations

import json
from pathlib import Path

#: Qwen's special tokens, in the order their ids are assigned.
SPECIALS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|vision_start|>", "<|vision_end|>", "<|image_pad|>",
            "<|video_pad|>"]
#: Added as normal tokens so they survive decoding (tool-call parsing needs them).
PLAIN_ADDED = ["<tool_call>", "</tool_call>", "<think>", "</think>"]


def _corpus() -> list[str]:
    from toolkit.harness.formats import FORMATS, get_format
    from toolkit.harness.harness import SYSTEM_PROMPT

    lines = [SYSTEM_PROMPT] + [get_format(name).describe() for name in FORMATS]
    lines += ["Thought: the button is at the bottom.\nAction: click(x=500, y=940)",
              "Action: type(text='hello world 0123456789')", "Action: terminate(status='success')",
              "Task: open the contacts app and change the phone number of Ada Marlow to 555-0100.",
              "Step 1: [screenshot omitted] Note: type: no text field has focus; tap a field first"]
    return lines * 4


def build_tokenizer():
    """Return a PreTrainedTokenizerFast (byte-level BPE, ~600 tokens) with Qwen's special tokens."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=SPECIALS, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(_corpus(), trainer=trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|im_end|>", pad_token="<|endoftext|>",
                                   padding_side="left")
    fast.add_tokens(PLAIN_ADDED)
    return fast


def _processor_class():
    from transformers import Qwen3VLProcessor

    class TinyQwen3VLProcessor(Qwen3VLProcessor):
        """Qwen3-VL's processor without a video processor (PyPI torchvision does not load beside torch 2.13)."""

        def check_argument_for_proper_class(self, argument_name, argument):  # noqa: D401 - HF hook
            if argument_name == "video_processor" and argument is None:
                return None
            return super().check_argument_for_proper_class(argument_name, argument)

    return TinyQwen3VLProcessor


def load_processor(path: str | Path):
    """Load a processor saved by :func:`build_tiny_qwen3vl` (or any Qwen-VL processor) from ``path``, offline."""
    from transformers import AutoTokenizer
    from transformers.models.qwen2_vl import Qwen2VLImageProcessorPil

    path = Path(path)
    tok = AutoTokenizer.from_pretrained(path)
    image_processor = Qwen2VLImageProcessorPil.from_pretrained(path)
    template = (path / "chat_template.jinja").read_text() if (path / "chat_template.jinja").exists() else tok.chat_template
    return _processor_class()(image_processor=image_processor, tokenizer=tok, video_processor=None, chat_template=template)


def build_tiny_qwen3vl(out_dir: str | Path, seed: int = 0, init_std: float = 0.15, max_pixels: int = 64 * 64 * 4) -> Path:
    """Build, save and return the path of a tiny random Qwen3-VL (model + processor) under ``out_dir``.

    ``init_std`` > the usual 0.02 so that log-probs depend on text and pixels (a near-uniform model hides mismatches).
    ``max_pixels`` bounds each screenshot's patch count (64·64·4 px → 16 visual tokens per image).
    """
    import torch
    import trl
    from transformers import Qwen3VLConfig, Qwen3VLForConditionalGeneration
    from transformers.models.qwen2_vl import Qwen2VLImageProcessorPil

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    torch.manual_seed(seed)
    tok = build_tokenizer()
    template = (Path(trl.__file__).parent / "chat_templates" / "qwen3_vl.jinja").read_text()
    tok.chat_template = template
    ids = {t: tok.convert_tokens_to_ids(t) for t in SPECIALS}
    config = Qwen3VLConfig(
        text_config=dict(vocab_size=len(tok), hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4,
                         num_key_value_heads=2, head_dim=8, max_position_embeddings=4096,
                         rope_parameters={"rope_type": "default", "rope_theta": 10000.0, "mrope_section": [2, 1, 1],
                                          "mrope_interleaved": True},
                         bos_token_id=ids["<|endoftext|>"], eos_token_id=ids["<|im_end|>"], pad_token_id=ids["<|endoftext|>"]),
        vision_config=dict(depth=2, hidden_size=16, intermediate_size=32, num_heads=2, out_hidden_size=32, patch_size=16,
                           spatial_merge_size=2, temporal_patch_size=2, num_position_embeddings=64, deepstack_visual_indexes=[]),
        image_token_id=ids["<|image_pad|>"], video_token_id=ids["<|video_pad|>"],
        vision_start_token_id=ids["<|vision_start|>"], vision_end_token_id=ids["<|vision_end|>"], tie_word_embeddings=True,
    )
    model = Qwen3VLForConditionalGeneration(config)
    with torch.no_grad():
        for name, param in model.named_parameters():
            if param.dim() > 1:
                param.normal_(0.0, init_std)
    model.generation_config.eos_token_id = ids["<|im_end|>"]
    model.generation_config.pad_token_id = ids["<|endoftext|>"]
    # Keeps plain ``generate()`` from sampling vision/special tokens as text. guigym's own sampler ignores
    # checkpoint processors (its log-probs must describe raw logits), so rollouts may still draw one (all but
    # <|image_pad|>, which it never samples: toolkit/models/batching.py).
    model.generation_config.suppress_tokens = [ids[t] for t in SPECIALS if t not in ("<|im_end|>",)]
    model.save_pretrained(out)
    image_processor = Qwen2VLImageProcessorPil(patch_size=16, merge_size=2, temporal_patch_size=2,
                                               min_pixels=32 * 32, max_pixels=max_pixels)
    image_processor.save_pretrained(out)
    tok.save_pretrained(out)
    (out / "chat_template.jinja").write_text(template)
    (out / "guigym_tiny.json").write_text(json.dumps({"seed": seed, "init_std": init_std, "max_pixels": max_pixels}))
    return out
