"""Release-notes bot: Claude drives the GitHub MCP server over stdio."""
import asyncio
import os
import sys

from anthropic import AsyncAnthropic
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

WORKER_MODEL = "claude-sonnet-4-5"
PLANNER_MODEL = "claude-opus-4-6"
MAX_TURNS = 8

claude = AsyncAnthropic()
github = StdioServerParameters(
    command="npx",
    args=["-y", "@modelcontextprotocol/server-github"],
    env={"GITHUB_PERSONAL_ACCESS_TOKEN": os.environ["GITHUB_TOKEN"]},
)


async def plan(repo: str) -> str:
    msg = await claude.messages.create(
        model=PLANNER_MODEL,
        max_tokens=500,
        messages=[{"role": "user", "content": f"List the steps to draft release notes for {repo} from merged PRs."}],
    )
    return msg.content[0].text


async def run(repo: str) -> str:
    steps = await plan(repo)
    async with stdio_client(github) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            listed = await session.list_tools()
            tools = [{"name": t.name, "description": t.description, "input_schema": t.inputSchema} for t in listed.tools]
            messages = [{"role": "user", "content": f"Repository {repo}. Plan:\n{steps}\nDraft the release notes."}]
            for _ in range(MAX_TURNS):
                msg = await claude.messages.create(model=WORKER_MODEL, max_tokens=2048, tools=tools, messages=messages)
                messages.append({"role": "assistant", "content": msg.content})
                calls = [b for b in msg.content if b.type == "tool_use"]
                if not calls:
                    return "".join(b.text for b in msg.content if b.type == "text")
                results = []
                for c in calls:
                    out = await session.call_tool(c.name, c.input)
                    results.append({"type": "tool_result", "tool_use_id": c.id, "content": str(out.content)})
                messages.append({"role": "user", "content": results})
    return "gave up"


if __name__ == "__main__":
    print(asyncio.run(run(sys.argv[1])))
