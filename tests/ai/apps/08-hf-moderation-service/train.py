"""Fine-tune the offensive-language head on our labelled comments plus public data."""
from datasets import concatenate_datasets, load_dataset
from transformers import AutoModelForSequenceClassification, AutoTokenizer, Trainer, TrainingArguments

BASE = "distilbert/distilbert-base-uncased"

tweets = load_dataset("cardiffnlp/tweet_eval", "offensive", revision="3c9c0c46f3e6e4a5ad1d1ac1b17e3ab3a2b5b0f4")
reviews = load_dataset("stanfordnlp/imdb", split="train[:5%]")
ours = load_dataset("json", data_files="data/comments.jsonl")

tok = AutoTokenizer.from_pretrained(BASE)
model = AutoModelForSequenceClassification.from_pretrained(BASE, num_labels=2)


def encode(batch):
    return tok(batch["text"], truncation=True, padding="max_length", max_length=128)


train = concatenate_datasets([tweets["train"], ours["train"]]).map(encode, batched=True)
args = TrainingArguments(output_dir="out", num_train_epochs=2, per_device_train_batch_size=32)
Trainer(model=model, args=args, train_dataset=train).train()
model.save_pretrained("out/final")
