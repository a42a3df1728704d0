import type { NextApiRequest, NextApiResponse } from 'next';

const DESTINATIONS: Record<string, string> = {
  docs: 'https://docs.example.com/',
  blog: 'https://blog.example.com/',
};

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const key = req.query.to as string;
  const destination = Object.prototype.hasOwnProperty.call(DESTINATIONS, key) ? DESTINATIONS[key] : '/';
  // ok: CWE-601
  res.redirect(307, destination);
}
