import { z } from 'zod';

/** A required text field: trimmed, not empty (the field's own message), at most `max` characters. */
export const requiredText = (message: string, label: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

/** Optional text: trimmed, and an empty value becomes null (docs/product/albums.md#fields). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
