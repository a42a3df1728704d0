"""Offline fallbacks: a bundled GGUF model, or one fetched from the Hub on first use."""
from llama_cpp import Llama

bundled = Llama(model_path="models/qwen2.5-0.5b-instruct-q4_k_m.gguf", n_ctx=4096, verbose=False)


def hub_model() -> Llama:
    return Llama.from_pretrained(repo_id="Qwen/Qwen2.5-0.5B-Instruct-GGUF", filename="*q4_k_m.gguf", n_ctx=4096)


def classify(text: str, llm: Llama = bundled) -> str:
    out = llm.create_chat_completion(
        messages=[{"role": "user", "content": "Label as question, complaint or praise: " + text}],
        max_tokens=5,
    )
    return out["choices"][0]["message"]["content"].strip().lower()
