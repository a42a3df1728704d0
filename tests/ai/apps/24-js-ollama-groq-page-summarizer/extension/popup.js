// Browser-extension popup: summarize the current tab with the user's local Ollama.
import ollama from "ollama/browser";

async function pageText() {
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  const [{ result }] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: () => document.body.innerText });
  return { title: tab.title, text: result.slice(0, 12000) };
}

document.getElementById("go").addEventListener("click", async () => {
  const { title, text } = await pageText();
  document.getElementById("title").textContent = title;
  const r = await ollama.chat({
    model: "llama3.1",
    messages: [{ role: "user", content: "Summarize as an HTML bullet list:\n\n" + text }],
    options: { num_predict: 300 },
  });
  document.getElementById("summary").innerHTML = r.message.content;
});
