"""Incident responder agent: reads runbooks, checks recent deploys and dashboards, drafts the postmortem."""
import chromadb
import httpx
from langchain_chroma import Chroma
from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_community.agent_toolkits.load_tools import load_tools
from langchain_community.tools.file_management import WriteFileTool
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI, OpenAIEmbeddings
from langgraph.prebuilt import create_react_agent

DEPLOYS_API = "https://deploys.example.com/api/v1"
llm = ChatOpenAI(model="gpt-4.1-2025-04-14", temperature=0, max_tokens=1500, timeout=90)
postmortems = Chroma(
    client=chromadb.PersistentClient(path="/var/lib/responder/postmortems"),
    collection_name="postmortems",
    embedding_function=OpenAIEmbeddings(model="text-embedding-3-small"),
)


@tool
def recent_deploys(service: str) -> str:
    """Deploys of a service in the last 24 hours, newest first."""
    return httpx.get(f"{DEPLOYS_API}/services/{service}/deploys", params={"since": "24h"}, timeout=10).text


@tool
def similar_incidents(summary: str) -> str:
    """Postmortems of past incidents that look like this one."""
    return "\n---\n".join(d.page_content[:1500] for d in postmortems.similarity_search(summary, k=3))


runbooks = FileManagementToolkit(root_dir="/srv/runbooks", selected_tools=["read_file", "list_directory", "file_search"]).get_tools()
# Grafana, the status page and the vendors' status APIs all live on different hosts
http_tools = load_tools(["requests_get", "requests_post"], allow_dangerous_tools=True)
draft_writer = WriteFileTool()

responder = create_react_agent(
    llm,
    tools=[recent_deploys, similar_incidents, *runbooks, *http_tools, draft_writer],
    name="incident_responder",
    prompt="Help the on-call engineer: find the likely cause, follow the runbook, save a postmortem draft as postmortem-<incident>.md.",
)
