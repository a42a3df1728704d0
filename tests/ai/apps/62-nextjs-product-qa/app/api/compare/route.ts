import { anthropic } from "@ai-sdk/anthropic";
import { generateText } from "ai";
import { productContext } from "@/lib/catalog";
import { storeFromRequest } from "@/lib/stores";

const COMPARE_MODELS = { fast: "claude-3-5-haiku-20241022", thorough: "claude-sonnet-4-5-20250929" } as const;
const MAX_COMPARE_TOKENS = 1200;

export async function POST(req: Request) {
  const store = await storeFromRequest(req);
  const { productIds, tier, maxTokens } = await req.json();
  const modelId = Object.hasOwn(COMPARE_MODELS, tier) ? COMPARE_MODELS[tier as keyof typeof COMPARE_MODELS] : COMPARE_MODELS.fast;
  const docs = await Promise.all((productIds as string[]).slice(0, 4).map((id) => productContext(store.id, String(id), "key specs and price")));
  const { text } = await generateText({
    model: anthropic(modelId),
    maxTokens: Math.min(Number(maxTokens) || 600, MAX_COMPARE_TOKENS),
    prompt: `Compare these products for a shopper in a short table and one recommendation:\n\n${docs.join("\n\n===\n\n")}`,
  });
  return Response.json({ comparison: text });
}
