import pg from "pg";

const db = new pg.Pool({ connectionString: process.env.DATABASE_URL });

export async function restaurantBySlug(slug) {
  const { rows } = await db.query("SELECT id, name FROM restaurants WHERE slug = $1 AND active", [slug]);
  return rows[0] ?? null;
}

export async function bookTable(restaurantId, guestEmail, { date, time, partySize }) {
  const { rows } = await db.query(
    "INSERT INTO bookings(restaurant_id, guest_email, starts_at, party_size) VALUES ($1, $2, ($3 || ' ' || $4)::timestamp, $5) RETURNING ref",
    [restaurantId, guestEmail, date, time, partySize],
  );
  return { ref: rows[0].ref };
}

export async function cancelBooking(restaurantId, ref) {
  await db.query("UPDATE bookings SET status = 'cancelled' WHERE restaurant_id = $1 AND ref = $2", [restaurantId, ref]);
}
