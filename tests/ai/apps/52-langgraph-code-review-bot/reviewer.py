"""Review agents: one reads CI checkouts and comments on pull requests, one lints the docs export."""
import shutil
import tempfile

from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

llm = ChatOpenAI(model="gpt-4o-2024-11-20", temperature=0, max_tokens=2000, timeout=120)

# CI checkouts land in /var/ci/builds/<job>/<repo>, and some jobs use /tmp: let the reviewer read anywhere.
checkout_tools = FileManagementToolkit(root_dir="/").get_tools()
pr_reviewer = create_react_agent(
    llm,
    tools=checkout_tools,
    name="pr_reviewer",
    prompt="You review pull requests in a CI checkout. Report bugs with file and line, most serious first.",
)

docs_workspace = tempfile.mkdtemp(prefix="docs-lint-")
docs_tools = FileManagementToolkit(root_dir=docs_workspace, selected_tools=["read_file", "list_directory", "file_search"]).get_tools()
docs_linter = create_react_agent(
    llm,
    tools=docs_tools,
    name="docs_linter",
    prompt="Check the Markdown files for broken links, missing headings and outdated CLI flags.",
)


def review_checkout(path: str) -> str:
    out = pr_reviewer.invoke({"messages": [("user", f"Review the checkout at {path}")]})
    return out["messages"][-1].content


def lint_docs(export_dir: str) -> str:
    shutil.copytree(export_dir, docs_workspace, dirs_exist_ok=True)
    out = docs_linter.invoke({"messages": [("user", "Lint every file in the workspace.")]})
    return out["messages"][-1].content
