// Product documents and answered questions of every store on the platform, in shared Chroma collections.
import { openai } from "@ai-sdk/openai";
import { embed } from "ai";
import { ChromaClient } from "chromadb";

const chroma = new ChromaClient({ path: "http://chroma.storefront-platform.example.net:8000" });

async function vector(text: string) {
  const { embedding } = await embed({ model: openai.embedding("text-embedding-3-small"), value: text });
  return embedding;
}

export async function productContext(storeId: string, productId: string, question: string) {
  const docs = await chroma.getCollection({ name: "product_docs" });
  const res = await docs.query({ queryEmbeddings: [await vector(question)], nResults: 6, where: { $and: [{ storeId }, { productId }] } });
  return res.documents[0].join("\n---\n");
}

export async function answeredQuestions(question: string) {
  const qa = await chroma.getCollection({ name: "answered_questions" });
  const res = await qa.query({ queryEmbeddings: [await vector(question)], nResults: 4 });
  return res.documents[0].join("\n---\n");
}
