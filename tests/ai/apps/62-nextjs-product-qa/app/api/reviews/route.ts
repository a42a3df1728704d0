import { anthropic } from "@ai-sdk/anthropic";
import { generateObject, generateText } from "ai";
import { z } from "zod";
import { hideReview, publishReview, reviewsFor, saveReviewDigest } from "@/lib/reviews";
import { storeFromRequest } from "@/lib/stores";

const Digest = z.object({
  pros: z.array(z.string().max(120)).max(5),
  cons: z.array(z.string().max(120)).max(5),
  sentiment: z.enum(["positive", "mixed", "negative"]),
});

// A shopper submits a review: the model decides whether it goes live.
export async function POST(req: Request) {
  const store = await storeFromRequest(req);
  const { reviewId, text } = await req.json();
  const { text: reply } = await generateText({
    model: anthropic("claude-3-5-haiku-20241022"),
    maxTokens: 150,
    system: 'Moderate a product review for spam, abuse and personal data. Reply with JSON only: {"publish": boolean, "reason": string}',
    prompt: String(text).slice(0, 5000),
  });
  const verdict = JSON.parse(reply);
  if (verdict.publish) await publishReview(store.id, reviewId);
  else await hideReview(store.id, reviewId, verdict.reason);
  return Response.json(verdict);
}

// The merchant refreshes the pros-and-cons box of a product page.
export async function PUT(req: Request) {
  const store = await storeFromRequest(req);
  const { productId } = await req.json();
  const { object } = await generateObject({
    model: anthropic("claude-sonnet-4-5-20250929"),
    maxTokens: 500,
    schema: Digest,
    prompt: `Summarize these reviews into pros, cons and overall sentiment:\n${(await reviewsFor(store.id, productId)).join("\n")}`,
  });
  await saveReviewDigest(store.id, productId, object);
  return Response.json(object);
}
