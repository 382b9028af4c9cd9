/**
 * How the stored `*_key` columns (a collection's `name_key`, an album's `title_key` and `artist_key`)
 * are derived: names and titles compare trimmed and case-insensitively (docs/product/collections.md).
 */
export const textKey = (value: string): string => value.trim().toLowerCase();
