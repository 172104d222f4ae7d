/**
 * Seals health data at rest (decision 046): AES-256-GCM from Node's crypto, a random 96-bit IV per
 * value, and the row it belongs to as associated data, so a sealed value copied into another
 * client's row does not open. A sealed value reads `hd1.<key id>.<iv>.<tag>.<ciphertext>` (base64url):
 * the key id says which key opens it, so a new key can take over while old values still open.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { decodeKey, type Env } from "./env.server";

const FORMAT = "hd1";

export type HealthKeyring = {
  /** The key new values are sealed with. */
  current: { id: string; key: Buffer };
  /** Every key that opens values, by id (the current one included). */
  byId: Map<string, Buffer>;
};

/** A key's id: not secret, only tells keys apart (the first 8 bytes of its SHA-256). */
const keyId = (key: Buffer) => createHash("sha256").update(key).digest("base64url").slice(0, 11);

/**
 * The keys from the environment: HEALTH_DATA_KEY, or one derived from AUTH_SECRET (HKDF, its own
 * label, so the secret that signs cookies is never used as this key itself), and any old keys.
 */
export function healthKeyring(env: Pick<Env, "HEALTH_DATA_KEY" | "HEALTH_DATA_OLD_KEYS" | "AUTH_SECRET">) {
  const derived = Buffer.from(hkdfSync("sha256", env.AUTH_SECRET, "sacred-healing", "health-data v1", 32));
  const current = env.HEALTH_DATA_KEY ? decodeKey(env.HEALTH_DATA_KEY) : derived;
  if (!current) throw new Error("HEALTH_DATA_KEY is not a 32-byte key.");
  // The derived key still opens what was sealed before HEALTH_DATA_KEY was set (while AUTH_SECRET stays).
  const keys = [current, ...env.HEALTH_DATA_OLD_KEYS.map((text) => decodeKey(text)).filter((k) => k !== null), derived];
  const ring: HealthKeyring = { current: { id: keyId(current), key: current }, byId: new Map() };
  for (const key of keys) ring.byId.set(keyId(key), key);
  return ring;
}

const cache = new WeakMap<object, HealthKeyring>();

/** The keyring of these settings, made once. */
export function keyringOf(env: Env): HealthKeyring {
  let ring = cache.get(env);
  if (!ring) {
    ring = healthKeyring(env);
    cache.set(env, ring);
  }
  return ring;
}

/** Seals `plain` for the row named by `context` (e.g. `intake:<client id>`). */
export function sealHealthData(ring: HealthKeyring, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    FORMAT,
    ring.current.id,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

export class SealedDataError extends Error {
  override name = "SealedDataError";
}

/** Opens a value sealed for `context`; throws SealedDataError when no key opens it or it was changed. */
export function openHealthData(ring: HealthKeyring, context: string, sealed: string): string {
  const [format, id, iv, tag, body] = sealed.split(".");
  if (format !== FORMAT || !id || !iv || !tag || body === undefined) throw new SealedDataError("Not a sealed value.");
  const key = ring.byId.get(id);
  if (!key)
    throw new SealedDataError(`No key with id ${id} (was HEALTH_DATA_KEY changed without HEALTH_DATA_OLD_KEYS?).`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedDataError("The sealed value does not open: altered, or sealed for another row.");
  }
}
