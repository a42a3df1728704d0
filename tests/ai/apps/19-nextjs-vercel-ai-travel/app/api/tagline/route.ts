import { openai } from "@ai-sdk/openai";
import { generateText } from "ai";

export async function POST(req: Request) {
  const { destination } = await req.json();
  const { text } = await generateText({
    model: openai("gpt-4o-mini-2024-07-18"),
    maxTokens: 60,
    prompt: `One-line tagline for a trip to ${String(destination).slice(0, 80)}`,
  });
  return Response.json({ tagline: text });
}
