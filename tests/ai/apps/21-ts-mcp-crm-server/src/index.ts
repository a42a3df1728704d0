import express from "express";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";
import { findContact, logCall } from "./crm.js";

const server = new McpServer({ name: "crm-tools", version: "1.4.0" });

server.tool("find_contact", { query: z.string() }, async ({ query }) => ({
  content: [{ type: "text", text: JSON.stringify(await findContact(query)) }],
}));

server.tool("log_call", { contactId: z.string(), note: z.string().max(2000) }, async ({ contactId, note }) => ({
  content: [{ type: "text", text: JSON.stringify(await logCall(contactId, note)) }],
}));

const app = express();
app.use(express.json());

app.post("/mcp", async (req, res) => {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.on("close", () => transport.close());
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3001, () => console.log("crm-tools MCP listening on :3001"));
