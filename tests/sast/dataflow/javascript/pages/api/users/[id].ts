import type { NextApiRequest, NextApiResponse } from 'next';
import { Pool } from 'pg';

const pool = new Pool({ connectionString: process.env.DATABASE_URL });

export default async function handler(req: NextApiRequest, res: NextApiResponse) {
  const { id } = req.query;
  // expect: CWE-89
  const { rows } = await pool.query(`SELECT id, name, avatar_url FROM users WHERE id = '${id}'`);
  res.status(200).json(rows[0] ?? null);
}
