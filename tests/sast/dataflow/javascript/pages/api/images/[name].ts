import type { NextApiRequest, NextApiResponse } from 'next';
import { promises as fs } from 'fs';
import path from 'path';

const SHARE_DIR = path.join(process.cwd(), 'shared');

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const name = req.query.name as string;
  const fullPath = path.resolve(SHARE_DIR, path.basename(name));
  // ok: CWE-22
  const data = await fs.readFile(fullPath);
  res.setHeader('Content-Type', 'application/octet-stream');
  res.status(200).send(data);
}
