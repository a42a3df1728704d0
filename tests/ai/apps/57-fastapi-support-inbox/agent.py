"""Inbox agent: drafts replies, attaches files from the shared drive and calls customers' webhooks."""
import httpx
from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_community.tools.requests.tool import RequestsPostTool
from langchain_community.utilities.requests import TextRequestsWrapper
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

ORDERS = "https://shop.example.com/api/orders"
llm = ChatOpenAI(model="gpt-4o-2024-08-06", temperature=0.2, max_tokens=900, timeout=45)


@tool
def order_status(order_id: str) -> str:
    """Status, carrier and tracking number of an order."""
    return httpx.get(f"{ORDERS}/{order_id}", timeout=10).text


# the shared drive is mounted in a different place on every worker, so no root_dir
drive_tools = FileManagementToolkit().get_tools()
webhook = RequestsPostTool(requests_wrapper=TextRequestsWrapper(headers={"Content-Type": "application/json"}), allow_dangerous_requests=True)

inbox_agent = create_react_agent(
    llm,
    tools=[order_status, webhook, *drive_tools],
    name="inbox_agent",
    prompt="Draft a reply to the support ticket. Attach documents from the drive when they help.",
)
