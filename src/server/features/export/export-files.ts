import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Temporary files older than this at start-up were left by a process that stopped mid-write. */
const ORPHAN_TEMP_MS = 10 * 60 * 1000;
const TEMP_SUFFIX = '.tmp';
/** Files up to this size are also held in memory while recently used (a repeat export is then a memory send)… */
const MEMORY_FILE_MAX_BYTES = 8 * 1024 * 1024;
/** …up to this much in all. */
const MEMORY_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The last CSV export per user and collection, kept on disk under DATA_DIR/exports whatever its size,
 * so a repeat export of unchanged data is a file stream rather than a rebuild. A file's name carries
 * its slot (user and collection) and what its content depends on (the user's data version and a tag
 * of the format, PUBLIC_URL and the account), so a kept file is only ever served for exactly the data
 * it was built from — also by another instance or after a restart. Writing goes to a temporary file
 * renamed into place when complete, so a reader never sees half a file. Total size is bounded by
 * EXPORT_FILES_MAX_BYTES (plus the file just built, until the next one): least recently used first.
 * Files up to 8 MB are also held in memory while recently used (64 MB in all), as before they were kept on disk.
 */
export class ExportFiles {
  /** File name → size in bytes; Map order is recency (least recent first). */
  private readonly files = new Map<string, number>();
  private readonly building = new Map<string, Promise<void>>();
  private bytes = 0;
  /** Small kept files' bytes by file name; Map order is recency. */
  private readonly recent = new Map<string, Buffer>();
  private recentBytes = 0;

  private constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Opens the directory, indexes the files a previous run kept, and removes orphaned temporary files. */
  static async open(dir: string, maxBytes: number, log: FastifyBaseLogger): Promise<ExportFiles> {
    await mkdir(dir, { recursive: true });
    const files = new ExportFiles(dir, maxBytes, log);
    const found: { name: string; size: number; mtime: number }[] = [];
    for (const name of await readdir(dir)) {
      const info = await stat(path.join(dir, name)).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (name.endsWith(TEMP_SUFFIX)) {
        if (Date.now() - info.mtimeMs > ORPHAN_TEMP_MS) await files.remove(name);
      } else if (name.endsWith('.csv')) {
        found.push({ name, size: info.size, mtime: info.mtimeMs });
      }
    }
    for (const file of found.sort((a, b) => a.mtime - b.mtime)) files.track(file.name, file.size);
    await files.evict();
    return files;
  }

  /**
   * The kept file, or undefined when there is none (or another instance just removed it): from memory
   * when it is small and recently used, else a stream of the file.
   */
  async read(slot: string, version: string): Promise<{ body: Buffer | ReadStream; size: number } | undefined> {
    const name = fileName(slot, version);
    const inMemory = this.recent.get(name);
    if (inMemory) {
      this.recent.delete(name);
      this.recent.set(name, inMemory);
      this.touch(name);
      return { body: inMemory, size: inMemory.length };
    }
    let handle: FileHandle;
    try {
      handle = await open(path.join(this.dir, name), 'r');
    } catch {
      this.untrack(name);
      return undefined;
    }
    // The open handle keeps the content readable even if the file is replaced or evicted meanwhile.
    const { size } = await handle.stat();
    this.track(name, size);
    if (size <= MEMORY_FILE_MAX_BYTES) {
      try {
        const body = await handle.readFile();
        this.remember(name, body);
        return { body, size: body.length };
      } finally {
        await handle.close();
      }
    }
    return { body: createReadStream('', { fd: handle, highWaterMark: 1024 * 1024 }), size };
  }

  /**
   * Builds the slot's file at this version from `produce` unless it is already being built, and
   * resolves once it is in place: requests for the same export at the same time share one build. The
   * build runs at the disk's pace, not a client's, and completes even if the client that started it
   * goes away. Rejects if the file could not be written (nothing partial is left behind).
   */
  build(slot: string, version: string, produce: () => AsyncIterable<Buffer>): Promise<void> {
    const name = fileName(slot, version);
    let pending = this.building.get(name);
    if (!pending) {
      pending = this.write(slot, name, produce).finally(() => this.building.delete(name));
      this.building.set(name, pending);
    }
    return pending;
  }

  private async write(slot: string, name: string, produce: () => AsyncIterable<Buffer>): Promise<void> {
    const temp = `${name}.${process.pid}-${randomBytes(4).toString('hex')}${TEMP_SUFFIX}`;
    const handle = await open(path.join(this.dir, temp), 'w');
    let written = 0;
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of produce()) {
        await handle.write(chunk);
        written += chunk.length;
        if (written <= MEMORY_FILE_MAX_BYTES) chunks.push(chunk);
      }
      await handle.close();
      await rename(path.join(this.dir, temp), path.join(this.dir, name));
    } catch (error) {
      await handle.close().catch(() => undefined);
      await this.remove(temp);
      throw error;
    }
    this.track(name, written);
    if (written <= MEMORY_FILE_MAX_BYTES) this.remember(name, Buffer.concat(chunks, written));
    await this.removeOtherVersions(slot, name);
    await this.evict(name);
  }

  /** Older versions of the slot are stale; a newer one (committed first by a faster build) stays. */
  private async removeOtherVersions(slot: string, keep: string): Promise<void> {
    const prefix = `${slot}--`;
    const ours = dataVersionOf(keep);
    for (const name of [...this.files.keys()]) {
      if (name !== keep && name.startsWith(prefix) && dataVersionOf(name) <= ours) await this.remove(name);
    }
  }

  /** Removes the least recently used files until the total fits, sparing `keep` (just built, about to be sent). */
  private async evict(keep?: string): Promise<void> {
    for (const [name] of [...this.files]) {
      if (this.bytes <= this.maxBytes) break;
      if (name !== keep) await this.remove(name);
    }
  }

  /** Keeps a small file's bytes in memory too (least recently used out first). */
  private remember(name: string, body: Buffer): void {
    this.forget(name);
    this.recent.set(name, body);
    this.recentBytes += body.length;
    for (const [oldest, bytes] of this.recent) {
      if (this.recentBytes <= MEMORY_MAX_BYTES) break;
      this.recent.delete(oldest);
      this.recentBytes -= bytes.length;
    }
  }

  private forget(name: string): void {
    const body = this.recent.get(name);
    if (!body) return;
    this.recent.delete(name);
    this.recentBytes -= body.length;
  }

  /** Marks a kept file as just used. */
  private touch(name: string): void {
    const size = this.files.get(name);
    if (size !== undefined) this.track(name, size);
  }

  private track(name: string, size: number): void {
    this.untrack(name);
    this.files.set(name, size);
    this.bytes += size;
  }

  private untrack(name: string): void {
    const size = this.files.get(name);
    if (size === undefined) return;
    this.files.delete(name);
    this.bytes -= size;
  }

  private async remove(name: string): Promise<void> {
    this.untrack(name);
    this.forget(name);
    await unlink(path.join(this.dir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') this.log.warn({ err: error, file: name }, 'could not remove a kept export');
    });
  }
}

/**
 * `{slot}--{version}.csv`, where the version starts with the user's data version (`12-3f9a…`). Slots
 * and versions are made of [a-z0-9] and single hyphens, so the `--` is unambiguous.
 */
function fileName(slot: string, version: string): string {
  return `${slot}--${version}.csv`;
}

function dataVersionOf(name: string): number {
  return Number.parseInt(name.slice(name.indexOf('--') + 2), 10);
}
