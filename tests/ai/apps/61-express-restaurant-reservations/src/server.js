// Reservation assistant embedded in the websites of the restaurants we host.
import Ajv from "ajv";
import express from "express";
import OpenAI from "openai";
import { bookTable, cancelBooking, restaurantBySlug } from "./bookings.js";
import { menuContext } from "./menus.js";

const app = express();
app.use(express.json({ limit: "16kb" }));
const openai = new OpenAI({ timeout: 20_000 });

const CHAT_MODEL = "gpt-4o-mini-2024-07-18";
const MAX_REPLY_TOKENS = 400;
const validateBooking = new Ajv().compile({
  type: "object",
  required: ["date", "time", "partySize"],
  properties: {
    date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    time: { type: "string", pattern: "^\\d{2}:\\d{2}$" },
    partySize: { type: "integer", minimum: 1, maximum: 12 },
  },
  additionalProperties: false,
});

app.use("/r/:slug", async (req, res, next) => {
  req.restaurant = await restaurantBySlug(req.params.slug);
  return req.restaurant ? next() : res.status(404).end();
});

app.post("/r/:slug/chat", async (req, res) => {
  const menu = await menuContext(req.restaurant.id, String(req.body.message));
  const r = await openai.chat.completions.create({
    model: CHAT_MODEL,
    max_tokens: Math.min(Number(req.body.maxTokens) || 250, MAX_REPLY_TOKENS),
    messages: [
      { role: "system", content: `You are the host of ${req.restaurant.name}. Answer questions about the menu, opening hours and bookings. Reply in ${req.body.language ?? "English"}.` },
      { role: "user", content: `Menu:\n${menu}\n\nGuest: ${req.body.message}` },
    ],
  });
  res.json({ reply: r.choices[0].message.content });
});

app.post("/r/:slug/book", async (req, res) => {
  const r = await openai.chat.completions.create({
    model: CHAT_MODEL,
    max_tokens: 120,
    response_format: { type: "json_object" },
    messages: [
      { role: "system", content: 'Extract the booking request. Reply with JSON {"date": "YYYY-MM-DD", "time": "HH:MM", "partySize": number}' },
      { role: "user", content: String(req.body.message) },
    ],
  });
  const booking = JSON.parse(r.choices[0].message.content);
  if (!validateBooking(booking)) return res.status(422).json({ error: "Sorry, I could not read the date, time or party size." });
  res.json(await bookTable(req.restaurant.id, req.body.guestEmail, booking));
});

app.post("/r/:slug/cancel", async (req, res) => {
  const r = await openai.chat.completions.create({
    model: CHAT_MODEL,
    response_format: { type: "json_object" },
    messages: [
      { role: "system", content: 'Does the guest want to cancel a booking? Reply with JSON {"cancel": boolean, "bookingRef": string}' },
      { role: "user", content: String(req.body.message) },
    ],
  });
  const intent = JSON.parse(r.choices[0].message.content);
  if (intent.cancel) await cancelBooking(req.restaurant.id, intent.bookingRef);
  res.json({ cancelled: Boolean(intent.cancel) });
});

app.listen(8080, "127.0.0.1");
