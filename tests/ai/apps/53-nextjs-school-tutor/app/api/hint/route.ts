import { openai } from "@ai-sdk/openai";
import { generateText } from "ai";
import { TIER_MODELS } from "@/lib/models";
import { requireSchool } from "@/lib/session";

const TIERS = new Set(Object.keys(TIER_MODELS));

export async function POST(req: Request) {
  await requireSchool(req);
  const { tier, exercise } = await req.json();
  const chosen = TIERS.has(tier) ? tier : "standard";
  const { text } = await generateText({
    model: openai(TIER_MODELS[chosen]),
    maxTokens: 250,
    prompt: `Give one hint, not the solution, for this exercise:\n${String(exercise).slice(0, 2000)}`,
  });
  return Response.json({ hint: text });
}
