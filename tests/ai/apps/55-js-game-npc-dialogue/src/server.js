// NPC dialogue service: lines, monologues, barks, rumours and scripted actions for studios' games.
import express from "express";
import OpenAI from "openai";
import { z } from "zod";
import { loreFor, tavernRumours } from "./lore.js";
import { grantItem, openShop, persona, studioForKey } from "./studio.js";

const app = express();
app.use(express.json({ limit: "32kb" }));
const openai = new OpenAI({ timeout: 20_000 });

const NPC_MODEL = "gpt-4o-mini-2024-07-18";
const MAX_LINE_TOKENS = 300;
const BARK_DEFAULTS = { model: NPC_MODEL, max_tokens: 60, temperature: 1.1 };
const Action = z.object({ kind: z.enum(["none", "open_shop"]), shop: z.string().max(40).optional() });

app.use(async (req, res, next) => {
  req.tenantId = await studioForKey(req.get("x-studio-key"));
  return req.tenantId ? next() : res.status(401).end();
});

const say = (npcId, context, text) => [
  { role: "system", content: persona(npcId) },
  { role: "user", content: `Lore:\n${context}\n\nPlayer says: ${text}` },
];

app.post("/npc/:id/line", async (req, res) => {
  const context = await loreFor(req.tenantId, req.body.text);
  const r = await openai.chat.completions.create({ model: NPC_MODEL, max_tokens: Math.min(Number(req.body.maxTokens) || 120, MAX_LINE_TOKENS), messages: say(req.params.id, context, req.body.text) });
  res.json({ line: r.choices[0].message.content });
});

app.post("/npc/:id/monologue", async (req, res) => {
  const context = await loreFor(req.tenantId, req.body.topic);
  const r = await openai.chat.completions.create({ model: NPC_MODEL, max_tokens: Number(req.body.maxTokens), messages: say(req.params.id, context, req.body.topic) });
  res.json({ monologue: r.choices[0].message.content });
});

app.post("/npc/:id/bark", async (req, res) => {
  const r = await openai.chat.completions.create({ ...BARK_DEFAULTS, messages: say(req.params.id, "", req.body.situation) });
  res.json({ bark: r.choices[0].message.content });
});

app.post("/npc/:id/rumour", async (req, res) => {
  const context = await tavernRumours(req.tenantId, req.body.text);
  const r = await openai.chat.completions.create({
    model: "gpt-4o-2024-08-06",
    messages: say(req.params.id, context, req.body.text),
  });
  res.json({ rumour: r.choices[0].message.content });
});

app.post("/npc/:id/act", async (req, res) => {
  const r = await openai.chat.completions.create({ model: NPC_MODEL, max_tokens: 80, response_format: { type: "json_object" },
    messages: say(req.params.id, "", `${req.body.text}\nReply with JSON {"kind": "none"|"open_shop", "shop"?: string}`) });
  const action = Action.parse(JSON.parse(r.choices[0].message.content));
  if (action.kind === "open_shop") await openShop(req.tenantId, req.body.playerId, action.shop);
  res.json(action);
});

app.post("/npc/:id/trade", async (req, res) => {
  const r = await openai.chat.completions.create({ model: NPC_MODEL, max_tokens: 80, response_format: { type: "json_object" },
    messages: say(req.params.id, "", `${req.body.offer}\nReply with JSON {"accept": boolean, "item": string, "quantity": number}`) });
  const deal = JSON.parse(r.choices[0].message.content);
  if (deal.accept) await grantItem(req.tenantId, req.body.playerId, deal.item, deal.quantity);
  res.json(deal);
});

app.listen(8080, "127.0.0.1");
