import { Pool } from "pg";

export const pool = new Pool({ connectionString: process.env.DATABASE_URI });

export async function productBySlug(slug: string) {
  const { rows } = await pool.query("SELECT * FROM products WHERE slug = $1", [slug]);
  return rows[0] ?? null;
}
