import { AppError } from '../../errors.js';

/** Exports one user may have in flight at once on one instance (docs/product/export.md#api). */
export const MAX_CONCURRENT_EXPORTS = 2;
/** What a refused export is told to wait: a 15,000-album export takes about a second to build. */
export const EXPORT_RETRY_AFTER_SECONDS = 5;

export const tooManyExportsMessage = (max: number) =>
  `You already have ${max} exports in progress. Please wait for one to finish, then try again.`;

/**
 * Counts each user's exports in flight, so one account cannot tie up the server with dozens of
 * simultaneous downloads: beyond the limit an export answers 429 with Retry-After. Per instance:
 * with several instances a user could run this many on each, which still bounds every one of them.
 */
export class ExportSlots {
  private readonly inFlight = new Map<number, number>();

  constructor(private readonly max = MAX_CONCURRENT_EXPORTS) {}

  /** Takes a slot for the user, or throws 429; the returned release may be called more than once. */
  acquire(userId: number): () => void {
    const count = this.inFlight.get(userId) ?? 0;
    if (count >= this.max) {
      throw new AppError('RATE_LIMITED', tooManyExportsMessage(this.max), {
        headers: { 'retry-after': String(EXPORT_RETRY_AFTER_SECONDS) },
        body: { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS },
      });
    }
    this.inFlight.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    };
  }
}
