"use client";
import { useChat } from "ai/react";

export default function Chat() {
  const { messages, input, handleInputChange, handleSubmit } = useChat({ api: "/api/chat" });
  return (
    <div className="chat">
      {messages.map((m) =>
        m.role === "assistant" ? (
          <div key={m.id} className="bubble bot" dangerouslySetInnerHTML={{ __html: m.content }} />
        ) : (
          <div key={m.id} className="bubble user">{m.content}</div>
        ),
      )}
      <form onSubmit={handleSubmit}>
        <input value={input} onChange={handleInputChange} placeholder="Where to?" />
      </form>
    </div>
  );
}
