import type { NextApiRequest, NextApiResponse } from 'next';

export default function handler(req: NextApiRequest, res: NextApiResponse) {
  const destination = req.query.to as string;
  // expect: CWE-601
  res.redirect(307, destination);
}
