"""IT helpdesk Slack bot."""
import os
from pathlib import Path

from openai import OpenAI
from slack_bolt import App

SYSTEM = (Path(__file__).parent / "prompts" / "system.md").read_text(encoding="utf-8")

client = OpenAI(timeout=30)
bolt = App(token=os.environ["SLACK_BOT_TOKEN"], signing_secret=os.environ["SLACK_SIGNING_SECRET"])


@bolt.event("app_mention")
def on_mention(event, say):
    r = client.responses.create(
        model="gpt-4.1-2025-04-14",
        instructions=SYSTEM,
        input=event["text"],
        max_output_tokens=500,
    )
    say(r.output_text)


if __name__ == "__main__":
    bolt.start(port=int(os.environ.get("PORT", "3000")))
