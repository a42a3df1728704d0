import { openai } from "@ai-sdk/openai";
import { Pinecone } from "@pinecone-database/pinecone";
import { embed, streamText } from "ai";
import { requireSchool } from "@/lib/session";

const pc = new Pinecone({ apiKey: process.env.PINECONE_API_KEY! });
const lessons = pc.index("lesson-notes");

export const maxDuration = 60;

export async function POST(req: Request) {
  const tenantId = await requireSchool(req);
  const { messages } = await req.json();
  const question = String(messages.at(-1)?.content ?? "").slice(0, 2000);
  const { embedding } = await embed({ model: openai.embedding("text-embedding-3-small"), value: question });
  const hits = await lessons.namespace(tenantId).query({ vector: embedding, topK: 4, includeMetadata: true });
  const notes = hits.matches.map((m) => String(m.metadata?.text ?? "")).join("\n---\n");
  const result = streamText({
    model: openai("gpt-4o-2024-08-06"),
    system: "You are a patient tutor. Guide the student towards the answer one step at a time.",
    messages: [{ role: "user", content: `Class notes for reference:\n${notes}` }, ...messages],
  });
  return result.toDataStreamResponse();
}
