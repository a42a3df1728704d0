import type { NextApiRequest, NextApiResponse } from 'next';
import escapeHtml from 'escape-html';

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const ref = String(req.query.ref ?? 'friend');
  const html = `<!doctype html><html><body><p>Invited by ${escapeHtml(ref)}</p></body></html>`;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  // ok: CWE-79
  res.status(200).send(html);
}
