"""Discord ops bot backed by a local Ollama server."""
import os
import shutil

import discord
import ollama

llm = ollama.Client(host=os.environ["OLLAMA_HOST"])
CHAT_MODEL = os.environ["CHAT_MODEL"]
intents = discord.Intents.default()
intents.message_content = True
bot = discord.Client(intents=intents)


def chat(history: list[dict]) -> str:
    r = llm.chat(model=CHAT_MODEL, messages=history, options={"num_predict": 512})
    return r["message"]["content"]


def review_snippet(code: str) -> str:
    r = llm.chat(
        model="qwen2.5-coder:7b",
        messages=[{"role": "user", "content": "Review this code briefly:\n" + code}],
        options={"num_predict": 400},
    )
    return r["message"]["content"]


def free_disk() -> str:
    usage = shutil.disk_usage("/")
    r = ollama.chat(
        model="llama3",
        messages=[{"role": "user", "content": f"Disk is {usage.used / usage.total:.0%} full on Debian. Reply with one shell command that frees space."}],
        options={"num_predict": 60},
    )
    os.system(r["message"]["content"])
    return "done"


@bot.event
async def on_message(message: discord.Message):
    if message.author.bot:
        return
    if message.content == "!freedisk":
        await message.channel.send(free_disk())
    elif message.content.startswith("!review "):
        await message.channel.send(review_snippet(message.content[8:])[:1900])
    else:
        await message.channel.send(chat([{"role": "user", "content": message.content}])[:1900])


bot.run(os.environ["DISCORD_TOKEN"])
