import Anthropic from "@anthropic-ai/sdk";
import { readFile } from "node:fs/promises";

const anthropic = new Anthropic();

export async function review(file: string): Promise<void> {
  const script = await readFile(file, "utf8");
  const msg = await anthropic.messages.create({
    model: process.env.REVIEW_MODEL!,
    max_tokens: 800,
    messages: [{ role: "user", content: "Review this shell script for mistakes:\n\n" + script }],
  });
  for (const b of msg.content) if (b.type === "text") console.log(b.text);
}
