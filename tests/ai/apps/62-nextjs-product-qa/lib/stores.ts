import { sql } from "@vercel/postgres";

export type Store = { id: string; name: string };

// Every storefront is served on its own domain; the host header says which store the shopper is on.
export async function storeFromRequest(req: Request): Promise<Store> {
  const host = (req.headers.get("host") ?? "").toLowerCase();
  const { rows } = await sql`SELECT id, name FROM stores WHERE domain = ${host} AND active`;
  if (!rows[0]) throw new Response("unknown store", { status: 404 });
  return rows[0] as Store;
}
