"""Weekly ops report: a LangGraph agent with the MCP servers listed in agent/mcp.json."""
import asyncio
import json
import pathlib
import sys

from langchain_anthropic import ChatAnthropic
from langchain_mcp_adapters.client import MultiServerMCPClient
from langgraph.prebuilt import create_react_agent

CONFIG = pathlib.Path(__file__).with_name("mcp.json")


def servers() -> dict:
    spec = json.loads(CONFIG.read_text())["mcpServers"]
    return {name: {"transport": "stdio", **entry} for name, entry in spec.items()}


async def main(task: str) -> None:
    client = MultiServerMCPClient(servers())
    tools = await client.get_tools()
    llm = ChatAnthropic(model="claude-3-5-sonnet-latest", max_tokens=2048, timeout=60)
    agent = create_react_agent(llm, tools, name="ops_reporter")
    result = await agent.ainvoke({"messages": [("user", task)]})
    print(result["messages"][-1].content)


if __name__ == "__main__":
    asyncio.run(main(" ".join(sys.argv[1:]) or "Write this week's ops report and post it to #ops."))
