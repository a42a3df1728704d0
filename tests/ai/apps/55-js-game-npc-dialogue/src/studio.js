import { createHash } from "node:crypto";
import pg from "pg";

const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const personas = new Map([
  ["innkeeper", "You are Mara, the innkeeper of the Gilded Goose. Warm, gossipy, never in a hurry."],
  ["blacksmith", "You are Doran, the town blacksmith. Gruff, proud of his work, short sentences."],
]);

export async function studioForKey(key) {
  if (!key) return null;
  const { rows } = await db.query("SELECT tenant_id FROM studio_keys WHERE key_hash = $1", [createHash("sha256").update(key).digest("hex")]);
  return rows[0]?.tenant_id ?? null;
}

export function persona(npcId) {
  return personas.get(npcId) ?? "You are a villager in a fantasy town. Stay in character; answer in one or two sentences.";
}

export async function openShop(tenantId, playerId, shop) {
  await db.query("INSERT INTO ui_events(tenant_id, player_id, kind, arg) VALUES ($1, $2, 'open_shop', $3)", [tenantId, playerId, shop]);
}

export async function grantItem(tenantId, playerId, item, quantity) {
  await db.query("INSERT INTO inventory(tenant_id, player_id, item, quantity) VALUES ($1, $2, $3, $4)", [tenantId, playerId, item, quantity]);
}
