"""Comment moderation API: sentiment, offensiveness and embeddings from Hugging Face models."""
import torch
from fastapi import FastAPI
from transformers import AutoModel, AutoModelForSequenceClassification, AutoTokenizer, pipeline

SENTIMENT_REPO = "distilbert/distilbert-base-uncased-finetuned-sst-2-english"
SENTIMENT_REV = "714eb0fa89d2f80546fda750413ed43d93601a13"
OFFENSIVE_REPO = "cardiffnlp/twitter-roberta-base-offensive"

sentiment = pipeline("sentiment-analysis", model=SENTIMENT_REPO, revision=SENTIMENT_REV)
sentiment_tok = AutoTokenizer.from_pretrained(SENTIMENT_REPO, revision="714eb0fa89d2f80546fda750413ed43d93601a13")

off_tok = AutoTokenizer.from_pretrained(OFFENSIVE_REPO)
off_model = AutoModelForSequenceClassification.from_pretrained(OFFENSIVE_REPO, trust_remote_code=False)

embedder = AutoModel.from_pretrained("nomic-ai/nomic-embed-text-v1.5", trust_remote_code=True)
embed_tok = AutoTokenizer.from_pretrained("nomic-ai/nomic-embed-text-v1.5")

app = FastAPI()


@app.post("/moderate")
def moderate(body: dict):
    ids = sentiment_tok(body["text"], truncation=True, max_length=512)["input_ids"]
    text = sentiment_tok.decode(ids, skip_special_tokens=True)
    with torch.no_grad():
        logits = off_model(**off_tok(text, return_tensors="pt", truncation=True)).logits
    offensive = torch.softmax(logits, dim=-1)[0, 1].item()
    return {"sentiment": sentiment(text)[0], "offensive": offensive}


@app.post("/embed")
def embed(body: dict):
    with torch.no_grad():
        out = embedder(**embed_tok(["search_document: " + body["text"]], return_tensors="pt"))
    return {"vector": out.last_hidden_state.mean(dim=1)[0].tolist()}
