import { createHash } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { AlbumListItem } from '../../../common/albums.schemas.js';

const gzip = promisify(gzipCallback);

/** One user's serialised album list at one data version. */
export interface CachedList {
  version: number;
  body: Buffer;
  /** Weak: the gzip form of the same list shares it. */
  etag: string;
  gzipped(): Promise<Buffer>;
  /** The same list as objects (for the server-drawn home). */
  albums(): Promise<AlbumListItem[]>;
  /** Albums `offset` to `offset + limit` of the list, as JSON, serialised once per slice. */
  slice(offset: number, limit: number): Promise<{ body: Buffer; gzipped(): Promise<Buffer>; count: number }>;
}

/** A freshly serialised list: the JSON array, where each page of it ends, and the objects it was made from. */
export interface BuiltList {
  body: Buffer;
  /** Byte offsets in `body` after each page's last album (before its `,` or the closing `]`). */
  pageEnds: number[];
  albums: AlbumListItem[];
}

/**
 * Parses the list one page at a time with a turn of the event loop between pages: parsing 15,000
 * albums at once holds every other request up for a quarter of a second on a busy machine.
 */
export async function parseInPages(body: Buffer, pageEnds: number[]): Promise<AlbumListItem[]> {
  const albums: AlbumListItem[] = [];
  let start = 1;
  for (const end of pageEnds) {
    albums.push(...(JSON.parse(`[${body.toString('utf8', start, end)}]`) as AlbumListItem[]));
    start = end + 1;
    await setImmediate();
  }
  return albums;
}

/**
 * Each user's album list, serialised once and kept until their data version moves on, so a list of
 * 10,000 albums is not re-read and re-serialised for every request. Bounded by users (LRU) and by
 * bytes. Correct with several app instances: the version comes from the users row, which every
 * write bumps in its own transaction (db/data-version.ts).
 */
export class AlbumListCache<K extends string | number = number> {
  private readonly entries = new Map<K, CachedList>();
  private readonly building = new Map<string, Promise<CachedList>>();
  private bytes = 0;

  constructor(private readonly limits: { maxUsers: number; maxBytes: number }) {}

  /** The list for this user at this version, built once however many requests ask at the same time. */
  async get(userId: K, version: number, build: () => Promise<BuiltList>): Promise<CachedList> {
    const entry = this.peek(userId, version);
    if (entry) return entry;
    const key = `${userId}:${version}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = build()
        .then((built) => this.store(userId, version, built))
        .finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** The entry for this key at exactly this version, if kept (and now the most recently used). */
  peek(key: K, version: number): CachedList | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Map order is the recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  get size(): { users: number; bytes: number } {
    return { users: this.entries.size, bytes: this.bytes };
  }

  private store(userId: K, version: number, { body, pageEnds, albums }: BuiltList): CachedList {
    let compressed: Promise<Buffer> | undefined;
    // Weak: memory pressure may drop the objects; they are parsed again (in pages) when next needed.
    let parsed = new WeakRef(albums);
    let parsing: Promise<AlbumListItem[]> | undefined;
    const slices = new Map<string, ReturnType<CachedList['slice']>>();
    const list: CachedList = {
      version,
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      gzipped: () => (compressed ??= gzip(body, { level: 6 })),
      albums: async () => {
        const kept = parsed.deref();
        if (kept) return kept;
        parsing ??= parseInPages(body, pageEnds)
          .then((fresh) => {
            parsed = new WeakRef(fresh);
            return fresh;
          })
          .finally(() => (parsing = undefined));
        return parsing;
      },
      slice: (offset, limit) => {
        const key = `${offset}:${limit}`;
        let slice = slices.get(key);
        if (!slice) {
          // The same bytes as the whole list's (JSON.stringify of the same objects), cut at albums.
          slice = list.albums().then((all) => {
            const sliceBody = Buffer.from(JSON.stringify(all.slice(offset, offset + limit)));
            let sliceCompressed: Promise<Buffer> | undefined;
            return { body: sliceBody, count: all.length, gzipped: () => (sliceCompressed ??= gzip(sliceBody, { level: 6 })) };
          });
          slices.set(key, slice);
          slice.catch(() => slices.delete(key));
        }
        return slice;
      },
    };
    const current = this.entries.get(userId);
    // A request that read an older user row must not evict a newer list.
    if (current && current.version > version) return list;
    if (body.length > this.limits.maxBytes) return list;
    if (current) {
      this.entries.delete(userId);
      this.bytes -= current.body.length;
    }
    this.entries.set(userId, list);
    this.bytes += body.length;
    for (const [oldestId, oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxUsers && this.bytes <= this.limits.maxBytes) break;
      this.entries.delete(oldestId);
      this.bytes -= oldest.body.length;
    }
    return list;
  }
}
