"""Equity research crew: a researcher, an analyst who runs numbers, and a writer."""
import requests
from crewai import LLM, Agent, Crew, Process, Task
from crewai.tools import tool
from crewai_tools import SerperDevTool

llm = LLM(model="gpt-4o", temperature=0.3, max_tokens=2000)


@tool("Company filings search")
def search_filings(ticker: str) -> str:
    """Return the latest 10-K and 10-Q filing index for a ticker."""
    r = requests.get(
        "https://efts.sec.gov/LATEST/search-index",
        params={"q": ticker, "forms": "10-K,10-Q"},
        headers={"User-Agent": "research-bot admin@example.com"},
        timeout=15,
    )
    return r.text[:5000]


researcher = Agent(
    role="Senior Researcher",
    goal="Collect recent news and filings about {ticker}",
    backstory="You track public companies for a long-only fund.",
    tools=[SerperDevTool(), search_filings],
    llm=llm,
)
analyst = Agent(
    role="Quant Analyst",
    goal="Compute valuation ratios for {ticker} from the collected figures",
    backstory="You write short Python scripts to check every number.",
    allow_code_execution=True,
    code_execution_mode="unsafe",
    llm=llm,
)
writer = Agent(
    role="Report Writer",
    goal="Write a two-page research note on {ticker}",
    backstory="You turn analysis into clear prose for portfolio managers.",
    llm=llm,
)

crew = Crew(
    agents=[researcher, analyst, writer],
    tasks=[
        Task(description="Research {ticker}", expected_output="Bullet list of facts with sources", agent=researcher),
        Task(description="Value {ticker}", expected_output="Table of ratios", agent=analyst),
        Task(description="Write the note on {ticker}", expected_output="Markdown report", agent=writer),
    ],
    process=Process.sequential,
)

if __name__ == "__main__":
    print(crew.kickoff(inputs={"ticker": "ACME"}))
