import React, { useEffect, useState } from "react";
import DOMPurify from "dompurify";
import { marked } from "marked";

interface Comment {
  id: string;
  author: string;
  bodyMarkdown: string;
  signatureHtml?: string;
}

const EMPTY_STATE_HTML = "<em>No comments yet</em>";

function renderMarkdown(text: string): string {
  return marked.parse(text, { async: false }) as string;
}

export function CommentBody({ comment }: { comment: Comment }) {
  const html = renderMarkdown(comment.bodyMarkdown);
  return (
    <div
      className="comment-body"
      // expect: js.react-dangerously-set-inner-html
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function CommentSignature({ comment }: { comment: Comment }) {
  if (!comment.signatureHtml) return null;
  return (
    <div
      className="signature"
      // ok: js.react-dangerously-set-inner-html
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(comment.signatureHtml) }}
    />
  );
}

export function EmptyState() {
  // ok: js.react-dangerously-set-inner-html
  return <p className="empty" dangerouslySetInnerHTML={{ __html: "<em>No comments yet</em>" }} />;
}

export function CommentThread({ threadId }: { threadId: string }) {
  const [comments, setComments] = useState<Comment[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch(`/api/threads/${encodeURIComponent(threadId)}/comments`)
      .then((r) => r.json())
      .then((data: Comment[]) => setComments(data))
      .catch((e: Error) => setError(e.message));
  }, [threadId]);

  if (error) {
    return <p className="error">{error}</p>;
  }
  if (!comments.length) {
    return <div className="thread" title={EMPTY_STATE_HTML.length > 0 ? "empty" : ""} />;
  }
  return (
    <ul className="thread">
      {comments.map((c) => (
        <li key={c.id}>
          <strong>{c.author}</strong>
          <CommentBody comment={c} />
          <CommentSignature comment={c} />
        </li>
      ))}
    </ul>
  );
}
