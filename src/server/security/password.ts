import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * Hashes handed to libuv's thread pool at once; the rest wait here. Each one is seconds of CPU and
 * 128 MiB at the production cost, so more than the cores only adds memory, and a full pool starves
 * the file work that shares it. It also bounds shutdown: a process exits only once the pool has run
 * everything handed to it, which with 62 registrations queued there took tens of seconds.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1));
let hashing = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  if (hashing >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await new Promise((resolve, reject) => {
      scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
    });
  } finally {
    // The slot passes straight to the oldest waiter.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt parameters: N=2^17, r=8, p=1 (128 MiB per hash, hence maxmem). */
export const OWASP_SCRYPT: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

const maxmem = (cost: ScryptCost) => 256 * cost.N * cost.r + 1024 * 1024;

/** Hashes a password as `scrypt$N$r$p$salt$key` (base64url), so the cost can rise later. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: maxmem(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scrypt(password.normalize('NFKC'), Buffer.from(saltText, 'base64url'), expected.length, {
    ...cost,
    maxmem: maxmem(cost),
  });
  return timingSafeEqual(actual, expected);
}
