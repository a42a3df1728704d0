// Menus of every restaurant are embedded into one Qdrant collection, with restaurantId in the payload.
import { QdrantClient } from "@qdrant/js-client-rest";
import OpenAI from "openai";

const qdrant = new QdrantClient({ url: "https://qdrant.tablebot.example.com:6333", apiKey: process.env.QDRANT_API_KEY });
const openai = new OpenAI({ timeout: 10_000 });

export async function menuContext(restaurantId, text) {
  const emb = await openai.embeddings.create({ model: "text-embedding-3-small", input: text.slice(0, 4000) });
  const hits = await qdrant.search("menus", {
    vector: emb.data[0].embedding,
    limit: 6,
    filter: { must: [{ key: "restaurantId", match: { value: restaurantId } }] },
    with_payload: true,
  });
  return hits.map((h) => h.payload.text).join("\n");
}
