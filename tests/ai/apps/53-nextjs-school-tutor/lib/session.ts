import { createHmac, timingSafeEqual } from "node:crypto";

const SECRET = process.env.SESSION_SECRET!;

// The session cookie is "<schoolId>.<hmac>", set by the school's SSO login.
export async function requireSchool(req: Request): Promise<string> {
  const cookie = req.headers.get("cookie")?.match(/(?:^|;\s*)tutor_session=([^;]+)/)?.[1] ?? "";
  const [schoolId, mac] = decodeURIComponent(cookie).split(".");
  const expected = createHmac("sha256", SECRET).update(schoolId ?? "").digest("hex");
  if (!schoolId || !mac || mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) {
    throw new Response("unauthorized", { status: 401 });
  }
  return schoolId;
}
