// Natural-language column formulas for the sheets app, on Gemini.
import { GoogleGenAI } from "@google/genai";

const ai = new GoogleGenAI({ apiKey: process.env.GEMINI_API_KEY });

// gemini-1.5-flash-8b was cheaper but got date arithmetic wrong; see #412.
export async function computeColumn(description, rows) {
  const resp = await ai.models.generateContent({
    model: "gemini-1.5-flash",
    contents: `Write the body of a JavaScript function of (row) that returns: ${description}. Code only.`,
    config: { maxOutputTokens: 300, temperature: 0 },
  });
  const fn = new Function("row", resp.text);
  return rows.map((row) => fn(row));
}

export async function explainFormula(code) {
  const resp = await ai.models.generateContent({
    model: "gemini-1.5-pro-002",
    contents: `Explain in one sentence what this code computes:\n${code}`,
    config: { maxOutputTokens: 120 },
  });
  return resp.text;
}
