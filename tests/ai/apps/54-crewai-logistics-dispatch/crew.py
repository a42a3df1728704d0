"""Morning dispatch crew: a carrier liaison, a load planner and a clerk who writes up the plan."""
import httpx
from crewai import LLM, Agent, Crew, Process, Task
from crewai.tools import tool
from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_community.agent_toolkits.openapi.toolkit import RequestsToolkit
from langchain_community.tools.file_management import WriteFileTool
from langchain_community.utilities.requests import TextRequestsWrapper

llm = LLM(model="gpt-4o-2024-08-06", temperature=0.1, max_tokens=1500)


@tool("Dock schedule")
def dock_schedule(warehouse: str) -> str:
    """Return today's dock-door bookings for a warehouse code such as AMS1."""
    r = httpx.get("https://wms.example.com/api/docks/today", params={"warehouse": warehouse}, timeout=10)
    return r.text


# carriers each have their own booking API, so the liaison may call any URL
carrier_tools = RequestsToolkit(requests_wrapper=TextRequestsWrapper(headers={"Accept": "application/json"}), allow_dangerous_requests=True).get_tools()
manifest_tools = FileManagementToolkit(root_dir="/srv/dispatch/manifests", selected_tools=["read_file", "list_directory"]).get_tools()

liaison = Agent(role="Carrier Liaison", goal="Confirm a pickup slot with a carrier for every outbound load",
                backstory="You know the booking APIs of our regional carriers.", tools=carrier_tools, llm=llm)
planner = Agent(role="Load Planner", goal="Assign today's manifests to dock doors and trucks",
                backstory="You plan warehouse outbound flows.", tools=[*manifest_tools, dock_schedule], llm=llm)
clerk = Agent(role="Dispatch Clerk", goal="Write the final dispatch plan to dispatch-plan.md",
              backstory="You keep the paperwork tidy.", tools=[WriteFileTool()], llm=llm)

crew = Crew(
    agents=[planner, liaison, clerk],
    tasks=[
        Task(description="Plan outbound loads for {date}", expected_output="Load-to-door table", agent=planner),
        Task(description="Book carrier pickups for {date}", expected_output="Confirmed pickups", agent=liaison),
        Task(description="Write the dispatch plan for {date}", expected_output="Markdown file", agent=clerk),
    ],
    process=Process.sequential,
)
