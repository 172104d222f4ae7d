import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import os from "node:os";

/**
 * Password hashing for Better Auth (its `emailAndPassword.password` hooks), in Better Auth 1.7's own
 * format, so every stored hash keeps working: `<salt, 16 bytes as hex>:<scrypt key, 64 bytes as hex>`
 * with N=16384, r=16, p=1 over the NFKC form of the password (node_modules/@better-auth/utils,
 * password.node). Node's asynchronous scrypt runs on the libuv thread pool, off the main thread; at most
 * SCRYPT_CONCURRENCY run at once, so a burst of sign-ins from one client queues here instead of taking
 * every core from the pages (decision 027). Each hash takes 32 MB while it runs, so the bound is a
 * memory bound too.
 */
const PARAMS = { N: 16_384, r: 16, p: 1, keyLength: 64 } as const;
const MAX_MEMORY = 128 * PARAMS.N * PARAMS.r * 2;

/** One core is always left to the event loop. */
export const SCRYPT_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SCRYPT_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next in line; otherwise it is freed.
    if (next) next();
    else running--;
  }
}

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize("NFKC"),
          salt,
          PARAMS.keyLength,
          { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p, maxmem: MAX_MEMORY },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await deriveKey(password, salt)).toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key || !/^[0-9a-f]+$/i.test(key)) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const actual = await deriveKey(password, salt);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** How many hashes are waiting for a slot (for tests and diagnostics). */
export const passwordHashQueue = () => ({ running, waiting: waiting.length });
