/**
 * A rating is 1 to 5 stars (docs/product/albums.md, Pressing & details). Here, apart from the schemas,
 * because the collection home's rating filter needs the bounds as it starts, and the schemas bring
 * zod's code with them.
 */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
