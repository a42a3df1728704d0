import express from "express";
import { HumanMessage, SystemMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { bookTable, roomServiceMenu } from "./hotel.js";

const llm = new ChatOpenAI({ model: "gpt-4o-mini", temperature: 0, maxTokens: 800 });

const menu = tool(async () => JSON.stringify(await roomServiceMenu()), {
  name: "room_service_menu",
  description: "Today's room-service menu",
  schema: z.object({}),
});

const reserve = tool(async ({ restaurant, time, guests }) => bookTable(restaurant, time, guests), {
  name: "book_table",
  description: "Reserve a table at one of the hotel restaurants",
  schema: z.object({ restaurant: z.string(), time: z.string(), guests: z.number().int().max(12) }),
});

const agent = createReactAgent({ llm, tools: [menu, reserve], name: "concierge" });

const app = express();
app.use(express.json());

app.post("/chat", async (req, res) => {
  const out = await agent.invoke({
    messages: [
      new SystemMessage(`You are the concierge. The guest is ${req.body.guestName} in room ${req.body.room}.`),
      new HumanMessage(String(req.body.message)),
    ],
  });
  res.json({ reply: out.messages.at(-1)?.content });
});

app.listen(3000, "127.0.0.1");
