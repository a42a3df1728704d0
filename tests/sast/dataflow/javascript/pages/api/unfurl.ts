import type { NextApiRequest, NextApiResponse } from 'next';

const ALLOWED_HOSTS = new Set(['www.youtube.com', 'vimeo.com', 'github.com']);

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const target = req.query.url as string;
  const parsed = new URL(target);
  if (parsed.protocol !== 'https:' || !ALLOWED_HOSTS.has(parsed.hostname)) {
    res.status(400).json({ error: 'host not allowed' });
    return;
  }
  // ok: CWE-918
  const upstream = await fetch(parsed.href, { redirect: 'manual' });
  res.status(200).json({ status: upstream.status, type: upstream.headers.get('content-type') });
}
