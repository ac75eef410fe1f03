import { dictionary } from "@zxcvbn-ts/language-common";
import bcrypt from "bcryptjs";
import { randomBytes, createHash } from "node:crypto";

import { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH } from "../kernel";

const COST = 10;
export { MAX_PASSWORD_BYTES, MIN_PASSWORD_LENGTH };

let common: Set<string> | null = null;
/** The ~49,000 most common passwords (zxcvbn's list), lower-cased. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

export const PASSWORD_MESSAGES = {
  short: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  long: `Use at most ${MAX_PASSWORD_BYTES} bytes (about ${MAX_PASSWORD_BYTES} letters, fewer with accents or other scripts): longer passwords are cut short by the hashing.`,
  common: "This password is among the most common ones: choose another.",
} as const;

/** Why a new password is refused, or null: too short, beyond what bcrypt reads, or among the most common ones. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.short;
  if (Buffer.byteLength(password, "utf8") > MAX_PASSWORD_BYTES) return PASSWORD_MESSAGES.long;
  if (commonPasswords().has(password.toLowerCase())) return PASSWORD_MESSAGES.common;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** A random URL-safe secret (invite tokens, generated passwords). */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
