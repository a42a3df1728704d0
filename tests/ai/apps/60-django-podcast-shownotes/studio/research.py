"""Guest research agent: reads the guest's website and earlier appearances, writes a prep brief for the host."""
import httpx
from django.conf import settings
from langchain_community.tools.file_management import ReadFileTool
from langchain_community.tools.requests.tool import RequestsGetTool
from langchain_community.utilities.requests import TextRequestsWrapper
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

PODCAST_DIRECTORY = "https://api.podcast-directory.example.org/v1"
llm = ChatOpenAI(model="gpt-4o-2024-08-06", temperature=0.3, max_tokens=1200, timeout=60)


@tool
def guest_appearances(guest_name: str) -> str:
    """Episodes of other shows the guest appeared on, from the public podcast directory."""
    r = httpx.get(f"{PODCAST_DIRECTORY}/people/episodes", params={"name": guest_name, "limit": 20}, timeout=10)
    return r.text[:4000]


transcripts = ReadFileTool(root_dir=str(settings.TRANSCRIPTS_DIR))
guest_site = RequestsGetTool(requests_wrapper=TextRequestsWrapper(headers={"User-Agent": "studio-research/2.0"}), allow_dangerous_requests=True)

researcher = create_react_agent(
    llm,
    tools=[guest_appearances, transcripts, guest_site],
    name="guest_researcher",
    prompt="Prepare a one-page guest brief for the host: background, recent work, good questions and topics the guest already covered at length.",
)
