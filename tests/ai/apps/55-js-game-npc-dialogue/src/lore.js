// Lore for every studio on the platform lives in one Chroma collection, tagged with tenantId.
import { ChromaClient } from "chromadb";

const chroma = new ChromaClient({ path: "http://chroma.lore.example.net:8000" });

export async function loreFor(tenantId, text) {
  const col = await chroma.getCollection({ name: "lore" });
  const res = await col.query({ queryTexts: [text], nResults: 3, where: { tenantId } });
  return res.documents[0].join("\n");
}

export async function tavernRumours(tenantId, text) {
  const col = await chroma.getCollection({ name: "lore" });
  const res = await col.query({ queryTexts: [text], nResults: 5 });
  return res.documents[0].join("\n");
}
