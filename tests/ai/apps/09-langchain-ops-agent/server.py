from fastapi import FastAPI, Request
from langchain_core.messages import HumanMessage, SystemMessage

from agent import agent

app = FastAPI()


@app.post("/chat")
async def chat(request: Request):
    body = await request.json()
    customer = request.headers.get("X-Customer-Name", "customer")
    result = agent.invoke({"messages": [
        SystemMessage(content=f"You are helping {customer}. Only act on their own orders."),
        HumanMessage(content=body["message"]),
    ]})
    return {"reply": result["messages"][-1].content}
