import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../common/cover-art.schemas.js';
import { UPLOAD_MAX_BYTES } from '../../../common/constants.js';
import { AppError, badRequest } from '../../errors.js';

export const NOT_AN_IMAGE_MESSAGE = 'Only JPEG, PNG, WebP and GIF images are allowed';
export const TOO_LARGE_MESSAGE = 'The image is larger than 5 MB';
export const TOO_MANY_PIXELS_MESSAGE = `The image is too large: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are allowed`;
export const UNREADABLE_MESSAGE = 'The image could not be read: the file may be damaged';

/** Stored covers never need more than this on their longest side. */
const MAX_STORED_SIDE = 2000;
const THUMB_SIDE = 300;

const ALLOWED = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' } as const;
type AllowedMime = keyof typeof ALLOWED;

export interface ProcessedImage {
  data: Buffer;
  thumb: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
  sha256: string;
}

/** The image type of these bytes judged by their signature alone, or undefined when not one we accept. */
export async function sniffImageType(bytes: Uint8Array): Promise<AllowedMime | undefined> {
  const type = await fileTypeFromBuffer(bytes);
  return type && type.mime in ALLOWED ? (type.mime as AllowedMime) : undefined;
}

/**
 * Checks an uploaded or fetched file and re-encodes it: the signature must be JPEG, PNG, WebP or
 * GIF (the name and declared type are never trusted), the header's pixel count is checked before
 * anything is decoded, and only decoded pixels are written back, so metadata, comments and any
 * bytes riding along (polyglots) are gone. GIFs become WebP, which keeps animation.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw badRequest('The file is empty: please choose an image');
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE);
  const mime = await sniffImageType(bytes);
  if (!mime) throw badRequest(NOT_AN_IMAGE_MESSAGE);

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
  // libvips must agree with the signature, so no other decoder (SVG, PDF...) is ever reached.
  if (meta.format !== ALLOWED[mime] || !meta.width || !meta.height) throw badRequest(UNREADABLE_MESSAGE);
  const frames = meta.pages ?? 1;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight * frames > MAX_IMAGE_PIXELS) throw badRequest(TOO_MANY_PIXELS_MESSAGE);

  const animated = mime === 'image/gif' && frames > 1;
  const input = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' });
  try {
    const pipeline = input()
      .autoOrient()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      mime === 'image/jpeg'
        ? { image: pipeline.jpeg({ quality: 88 }), contentType: 'image/jpeg' as const, extension: 'jpg' as const }
        : mime === 'image/png'
          ? { image: pipeline.png(), contentType: 'image/png' as const, extension: 'png' as const }
          : { image: pipeline.webp({ quality: 88 }), contentType: 'image/webp' as const, extension: 'webp' as const };
    const { data, info } = await encoded.image.toBuffer({ resolveWithObject: true });
    const thumb = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      data,
      thumb,
      contentType: encoded.contentType,
      extension: encoded.extension,
      width: info.width,
      height: info.pageHeight ?? info.height,
      sha256: createHash('sha256').update(data).digest('hex'),
    };
  } catch {
    throw badRequest(UNREADABLE_MESSAGE);
  }
}
