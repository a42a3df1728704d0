import { openai } from "@ai-sdk/openai";
import { generateText } from "ai";
import { DEFAULT_MODEL } from "@/lib/models";
import { requireSchool } from "@/lib/session";

export async function POST(req: Request) {
  await requireSchool(req);
  const { topic, count, model } = await req.json();
  const prompt = `Write ${Math.min(Number(count) || 5, 20)} multiple-choice questions about ${String(topic).slice(0, 200)}.`;
  const { text } = await generateText({ model: openai(model ?? DEFAULT_MODEL), maxTokens: 1500, prompt });
  return Response.json({ quiz: text });
}
