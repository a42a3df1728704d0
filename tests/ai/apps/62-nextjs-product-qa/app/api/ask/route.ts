import { anthropic } from "@ai-sdk/anthropic";
import { streamText } from "ai";
import { answeredQuestions, productContext } from "@/lib/catalog";
import { storeFromRequest } from "@/lib/stores";

export const maxDuration = 30;

export async function POST(req: Request) {
  const store = await storeFromRequest(req);
  const { productId, question } = await req.json();
  const q = String(question).slice(0, 1000);
  const [docs, earlier] = await Promise.all([productContext(store.id, String(productId), q), answeredQuestions(q)]);
  const result = streamText({
    model: anthropic("claude-3-5-haiku-20241022"),
    system: "You answer shoppers' questions about one product from its description, specs and reviews. Say so when the documents do not cover it.",
    prompt: `Product documents:\n${docs}\n\nSimilar questions answered before:\n${earlier}\n\nQuestion: ${q}`,
  });
  return result.toDataStreamResponse();
}
