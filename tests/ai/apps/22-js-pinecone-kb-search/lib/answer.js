// Multi-tenant knowledge-base answers: every customer's documents live in one Pinecone index.
const { Pinecone } = require("@pinecone-database/pinecone");
const OpenAI = require("openai");

const pc = new Pinecone({ apiKey: "pcsk_kwXoII_XGvOoNZYW2mZp0zVZomHFwUbbYrEqmSM9wCZ7Uw9xfogoEmvnEN5N1aE6PwZPf1Q" });
const openai = new OpenAI();
const index = pc.index("kb-shared");

async function answer(tenantId, question) {
  const emb = await openai.embeddings.create({ model: "text-embedding-3-large", input: question });
  const res = await index.query({ vector: emb.data[0].embedding, topK: 5, includeMetadata: true });
  const context = res.matches.map((m) => m.metadata.text).join("\n---\n");
  const r = await openai.chat.completions.create({
    model: "gpt-4.1-mini",
    max_completion_tokens: 500,
    messages: [
      { role: "system", content: "Answer only from the context. Say you don't know otherwise." },
      { role: "user", content: `Context:\n${context}\n\nQuestion: ${question}` },
    ],
  });
  return { tenantId, text: r.choices[0].message.content };
}

module.exports = { answer };
