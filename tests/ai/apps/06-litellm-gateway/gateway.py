"""Internal completion gateway: one endpoint in front of several providers via LiteLLM."""
import litellm
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

app = FastAPI(title="llm-gateway")

MODERATION_MODEL = "openai/gpt-4o"
SUMMARY_MODEL = "anthropic/claude-3-5-sonnet-20240620"


class GenerateRequest(BaseModel):
    prompt: str
    model: str
    max_tokens: int = 512


def flagged(text: str) -> bool:
    r = litellm.completion(
        model=MODERATION_MODEL,
        max_tokens=3,
        messages=[{"role": "user", "content": "Answer YES or NO: is this abusive?\n" + text}],
    )
    return r.choices[0].message.content.strip().upper().startswith("YES")


@app.post("/v1/generate")
async def generate(req: GenerateRequest):
    if flagged(req.prompt):
        raise HTTPException(status_code=422, detail="prompt rejected")
    r = await litellm.acompletion(model=req.model, max_tokens=req.max_tokens, messages=[{"role": "user", "content": req.prompt}])
    return {"text": r.choices[0].message.content}


@app.post("/v1/summarize")
def summarize(body: dict):
    r = litellm.completion(
        model=SUMMARY_MODEL,
        max_tokens=300,
        messages=[{"role": "user", "content": "Summarize:\n" + body["text"]}],
    )
    return {"summary": r.choices[0].message.content}
