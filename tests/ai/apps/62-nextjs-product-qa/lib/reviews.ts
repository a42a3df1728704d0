import { sql } from "@vercel/postgres";

export async function reviewsFor(storeId: string, productId: string): Promise<string[]> {
  const { rows } = await sql`SELECT body FROM reviews WHERE store_id = ${storeId} AND product_id = ${productId} AND status = 'published' LIMIT 200`;
  return rows.map((r) => String(r.body));
}

export async function publishReview(storeId: string, reviewId: string) {
  await sql`UPDATE reviews SET status = 'published' WHERE store_id = ${storeId} AND id = ${reviewId}`;
}

export async function hideReview(storeId: string, reviewId: string, reason: string) {
  await sql`UPDATE reviews SET status = 'hidden', moderation_note = ${reason} WHERE store_id = ${storeId} AND id = ${reviewId}`;
}

export async function saveReviewDigest(storeId: string, productId: string, digest: object) {
  await sql`UPDATE products SET review_digest = ${JSON.stringify(digest)} WHERE store_id = ${storeId} AND id = ${productId}`;
}
