"""Support operations agent: order lookups and refunds, plus a few admin helpers."""
import httpx
from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_community.tools import ShellTool
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

ORDERS_API = "https://orders.example.com/api"

llm = ChatOpenAI(model="gpt-4o-mini", temperature=0, max_tokens=1024, timeout=30)


@tool
def lookup_order(order_id: str) -> str:
    """Return the status and items of an order."""
    return httpx.get(f"{ORDERS_API}/orders/{order_id}", timeout=10).text


@tool
def refund_order(order_id: str, amount: float) -> str:
    """Refund part or all of an order."""
    r = httpx.post(f"{ORDERS_API}/orders/{order_id}/refunds", json={"amount": amount}, timeout=10)
    return "refunded" if r.is_success else f"failed: {r.status_code}"


file_tools = FileManagementToolkit(root_dir="/").get_tools()

agent = create_react_agent(llm, tools=[lookup_order, refund_order, ShellTool(), *file_tools], name="ops_agent")
