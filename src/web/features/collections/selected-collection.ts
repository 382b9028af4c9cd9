/**
 * docs/product/collections.md#selection: the URL's collection if it exists, else the stored one
 * if it exists, else the first; none when there are no collections. Names are unique
 * case-insensitively (docs/product/collections.md#fields), so a name typed in another case still
 * finds its collection; the canonical name is returned.
 */
export function resolveSelectedCollection(names: readonly string[], fromUrl: string | null, stored: string | null): string | null {
  if (names.length === 0) return null;
  return findName(names, fromUrl) ?? findName(names, stored) ?? names[0]!;
}

function findName(names: readonly string[], wanted: string | null): string | undefined {
  if (!wanted) return undefined;
  if (names.includes(wanted)) return wanted;
  const key = wanted.toLocaleLowerCase();
  return names.find((name) => name.toLocaleLowerCase() === key);
}

/**
 * docs/product/collections.md#selection: after deleting a collection the selection falls
 * back to another one (its neighbour in the list: the next, else the previous), or to
 * none.
 */
export function collectionAfterDelete(names: readonly string[], deleted: string): string | null {
  const index = names.indexOf(deleted);
  const rest = names.filter((name) => name !== deleted);
  if (rest.length === 0) return null;
  if (index < 0) return rest[0]!;
  return rest[Math.min(index, rest.length - 1)]!;
}

/** docs/product/collections.md#selection: switching goes to /collection?collection={name}. */
export const collectionHref = (name: string) => `/collection?collection=${encodeURIComponent(name)}`;
