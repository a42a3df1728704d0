// Fallback for users without Ollama: the extension posts the page text here.
import Groq from "groq-sdk";
import { createServer } from "node:http";

const groq = new Groq();

createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const { text } = JSON.parse(body);
  const r = await groq.chat.completions.create({
    model: "llama-3.3-70b-versatile",
    max_tokens: 400,
    messages: [{ role: "user", content: "Summarize in five bullets:\n\n" + String(text).slice(0, 12000) }],
  });
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ summary: r.choices[0].message.content }));
}).listen(8787, "127.0.0.1");
