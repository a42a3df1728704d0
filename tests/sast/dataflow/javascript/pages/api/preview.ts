import type { NextApiRequest, NextApiResponse } from 'next';

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const target = req.query.url as string;
  // expect: CWE-918
  const upstream = await fetch(target, { redirect: 'manual' });
  res.status(200).json({ status: upstream.status, type: upstream.headers.get('content-type') });
}
