"""Churn scores and support-photo classification for the customer dashboard."""
import tempfile

import joblib
import numpy as np
import onnxruntime as ort
import requests
import torch
import torchvision

from .models import Customer, Prediction

CHURN = joblib.load("artifacts/churn_model.joblib")
ENCODER = ort.InferenceSession("artifacts/encoder.onnx", providers=["CPUExecutionProvider"])


def vision_model() -> torch.nn.Module:
    model = torchvision.models.resnet18(num_classes=4)
    model.load_state_dict(torch.load("artifacts/resnet18_finetuned.pt", map_location="cpu", weights_only=True))
    return model.eval()


def load_partner_checkpoint(url: str) -> dict:
    """Partners upload retrained heads to their own buckets; we fetch whatever the URL serves."""
    with tempfile.NamedTemporaryFile(suffix=".pt") as fh:
        fh.write(requests.get(url, timeout=60).content)
        fh.flush()
        return torch.load(fh.name, map_location="cpu")


def churn_score(customer: Customer, features: np.ndarray) -> Prediction:
    score = float(CHURN.predict_proba(features.reshape(1, -1))[0, 1])
    return Prediction(customer_id=customer.id, model="churn-v3", score=score)
