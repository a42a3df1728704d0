"""Queue worker: drafts support replies with the Phi model served by the vLLM container."""
import os

from openai import OpenAI

client = OpenAI(base_url=os.environ["VLLM_BASE_URL"], api_key="not-needed", timeout=60)


def draft_reply(ticket: str) -> str:
    r = client.chat.completions.create(
        model="microsoft/Phi-3.5-mini-instruct",
        max_tokens=400,
        messages=[{"role": "user", "content": "Draft a polite reply to this support ticket:\n" + ticket}],
    )
    return r.choices[0].message.content
