import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { COVER_PATH_PREFIX, sweepUnusedImages } from './image-cleanup.js';
import { processImage } from './image-processing.js';
import { imagesRepository } from './images.repository.js';

/** An upload not saved on an album within a day is dropped. */
export const UNSAVED_IMAGE_TTL_MS = 86_400_000;
const SWEEP_EVERY_MS = 5 * 60_000;
const lastSweep = new WeakMap<Db, number>();

/** 128 random bits: names cannot be guessed, and match storedImageName's pattern. */
const newImageName = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

/** Removes unsaved uploads now and then, on the back of a new upload (cheap, no scheduler needed). */
async function sweepNowAndThen(ctx: AppContext, now: number): Promise<void> {
  if (now - (lastSweep.get(ctx.db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(ctx.db, now);
  try {
    await sweepUnusedImages(ctx.db, new Date(now - UNSAVED_IMAGE_TTL_MS));
  } catch (error) {
    ctx.log.warn({ err: error }, 'sweep of unsaved cover images failed');
  }
}

/**
 * Checks, re-encodes and stores an image for this user; answers its /api/cover-art/{name} URL.
 * The same picture stored twice by one user is kept once (by the hash of the stored bytes).
 */
export async function storeCover(ctx: AppContext, userId: number, bytes: Buffer, sourceUrl: string | null): Promise<string> {
  const image = await processImage(bytes);
  const now = new Date();
  await sweepNowAndThen(ctx, now.getTime());
  const name = await ctx.db.transaction().execute(async (trx) => {
    const existing = await imagesRepository.findOwnedBySha(trx, userId, image.sha256);
    if (existing) {
      // A fresh timestamp keeps it from the sweep while the form that asked for it is open.
      await imagesRepository.touch(trx, existing.id, now.toISOString());
      return existing.name;
    }
    const fresh = newImageName(image.extension);
    await imagesRepository.insert(trx, {
      name: fresh,
      user_id: userId,
      content_type: image.contentType,
      data: image.data,
      thumb_data: image.thumb,
      width: image.width,
      height: image.height,
      sha256: image.sha256,
      source_url: sourceUrl,
      created_at: now.toISOString(),
    });
    return fresh;
  });
  return `${COVER_PATH_PREFIX}${name}`;
}
