import express, { Request, Response } from "express";
import OpenAI from "openai";

const app = express();
app.use(express.json({ limit: "64kb" }));

const openai = new OpenAI({ apiKey: "sk-proj-u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL8dKLzdT3BlbkFJocJ2isAjIhKtJ0RlgLKOmxgJTeKdNnFRIBXuDL7D" });

app.post("/api/rewrite", async (req: Request, res: Response) => {
  const { text, tone } = req.body;
  const r = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      { role: "system", content: `Rewrite the user's text in a ${tone} tone. Keep the meaning.` },
      { role: "user", content: text },
    ],
  });
  res.send(`<article class="rewrite">${r.choices[0].message.content}</article>`);
});

app.post("/api/title", async (req: Request, res: Response) => {
  const r = await openai.chat.completions.create({
    model: "gpt-4o-2024-08-06",
    max_tokens: 40,
    messages: [
      { role: "system", content: "Suggest one short title for the text." },
      { role: "user", content: String(req.body.text) },
    ],
  });
  res.json({ title: r.choices[0].message.content });
});

app.listen(8080);
