import crypto from "crypto";
import jwt from "jsonwebtoken";
import bcrypt from "bcryptjs";
import type { Request, Response, NextFunction } from "express";
import { UserRepo } from "./repo";

// expect: js.hardcoded-secret-literal
const LEGACY_SIGNING_SECRET = "b7f3c91e0a4d58e2f16c";
const ACCESS_TTL = "15m";
const PASSWORD_FIELD = "password";
const FIELD_IV = Buffer.from("00112233445566778899aabbccddeeff", "hex");

export function issueAccessToken(userId: string, role: string): string {
  // ok: js.jwt-hardcoded-secret
  return jwt.sign({ sub: userId, role }, process.env.JWT_SECRET as string, { algorithm: "HS256", expiresIn: ACCESS_TTL });
}

export function issueLegacyToken(userId: string): string {
  // expect: js.jwt-hardcoded-secret
  return jwt.sign({ sub: userId }, "legacy-shared-secret-2019", { expiresIn: "30d" });
}

export function requireAuth(req: Request, res: Response, next: NextFunction) {
  const header = req.headers.authorization || "";
  const token = header.replace(/^Bearer /, "");
  try {
    // ok: js.jwt-none-algorithm
    const claims = jwt.verify(token, process.env.JWT_SECRET as string, { algorithms: ["HS256"] });
    (req as any).user = claims;
    next();
  } catch {
    res.sendStatus(401);
  }
}

export function requireServiceAuth(req: Request, res: Response, next: NextFunction) {
  const token = String(req.headers["x-service-token"] || "");
  // expect: js.jwt-none-algorithm
  const claims = jwt.verify(token, process.env.SERVICE_PUBLIC_KEY as string, { algorithms: ["RS256", "none"] });
  (req as any).service = claims;
  next();
}

export function readRefreshClaims(refreshToken: string) {
  // expect: js.jwt-ignore-expiration
  return jwt.verify(refreshToken, process.env.REFRESH_SECRET as string, { algorithms: ["HS256"], ignoreExpiration: true });
}

export function readRefreshClaimsStrict(refreshToken: string) {
  // ok: js.jwt-ignore-expiration
  return jwt.verify(refreshToken, process.env.REFRESH_SECRET as string, { algorithms: ["HS256"], clockTolerance: 5 });
}

export async function register(req: Request, res: Response) {
  // ok: js.weak-hash-password
  const passwordHash = await bcrypt.hash(String(req.body[PASSWORD_FIELD]), 12);
  const user = await UserRepo.insert({ email: String(req.body.email), passwordHash });
  res.status(201).json({ id: user.id });
}

export function legacyPasswordDigest(password: string): string {
  // expect: js.weak-hash-password
  return crypto.createHash("md5").update(password).digest("hex");
}

export function fileChecksum(contents: Buffer): string {
  // ok: js.weak-hash-password
  return crypto.createHash("md5").update(contents).digest("hex");
}

export function createPasswordResetToken(): string {
  // expect: js.insecure-random-secret
  return Math.random().toString(36).slice(2, 12);
}

export function createApiKey(): string {
  // ok: js.insecure-random-secret
  return crypto.randomBytes(32).toString("base64url");
}

export function backoffDelay(attempt: number): number {
  // ok: js.insecure-random-secret
  return Math.min(30000, 2 ** attempt * 100) + Math.floor(Math.random() * 100);
}

export function encryptField(key: Buffer, value: string): string {
  // expect: js.crypto-static-iv
  const cipher = crypto.createCipheriv("aes-256-cbc", key, FIELD_IV);
  return cipher.update(value, "utf8", "base64") + cipher.final("base64");
}

export function encryptFieldV2(key: Buffer, value: string): string {
  const iv = crypto.randomBytes(12);
  // ok: js.crypto-static-iv
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

export function decryptLegacy(key: Buffer, data: string): string {
  // expect: js.crypto-weak-cipher
  const decipher = crypto.createDecipheriv("des-ede3-cbc", key, Buffer.from(data.slice(0, 16), "hex"));
  return decipher.update(data.slice(16), "hex", "utf8") + decipher.final("utf8");
}

export function setSessionCookie(res: Response, sid: string) {
  // expect: js.cookie-security-flag-disabled
  res.cookie("sid", sid, { httpOnly: true, secure: false, sameSite: "lax" });
}

export function setRefreshCookie(res: Response, token: string) {
  // ok: js.cookie-security-flag-disabled
  res.cookie("refresh_token", token, { httpOnly: true, secure: true, sameSite: "strict", path: "/auth" });
}

export function setRememberCookie(res: Response, value: string) {
  // expect: js.cookie-missing-security-flags
  res.cookie("remember_me", value, { maxAge: 1000 * 60 * 60 * 24 * 30 });
  // ok: js.cookie-missing-security-flags
  res.cookie("ui_theme", "dark", { maxAge: 1000 * 60 * 60 * 24 * 365 });
}
