"""git-digest: weekly repository digests and commit helpers on Gemini."""
import os
import subprocess

import click
from google import genai
from google.genai import types

client = genai.Client()  # reads GEMINI_API_KEY

# gemini-1.5-flash was tried first and dropped: its summaries missed merge commits.
DIGEST_MODEL = os.environ.get("DIGEST_MODEL")
CAP = types.GenerateContentConfig(max_output_tokens=800, temperature=0.2)


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


@click.group()
def cli():
    pass


@cli.command()
@click.option("--since", default="1 week ago")
def weekly(since: str):
    log = git("log", f"--since={since}", "--stat")
    resp = client.models.generate_content(
        model=DIGEST_MODEL,
        contents="Summarize these commits for the team newsletter:\n" + log,
        config=CAP,
    )
    click.echo(resp.text)


@cli.command()
@click.argument("ref")
def headline(ref: str):
    resp = client.models.generate_content(
        model="gemini-1.5-pro-002",
        contents="One-line headline for this change:\n" + git("show", ref),
        config=CAP,
    )
    click.echo(resp.text.strip())


@cli.command()
def commit():
    diff = git("diff", "--cached")
    resp = client.models.generate_content(
        model="gemini-2.0-flash",
        contents="Reply with a single `git commit -m ...` shell command for this staged diff:\n" + diff,
        config=CAP,
    )
    subprocess.run(resp.text.strip().strip("`"), shell=True, check=True)


if __name__ == "__main__":
    cli()
