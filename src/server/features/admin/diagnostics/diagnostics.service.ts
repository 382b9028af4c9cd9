import {
  DIAGNOSTICS_MESSAGES,
  DUPLICATE_GROUP_LIMIT,
  duplicateKey,
  FINDING_ITEM_LIMIT,
  type AlbumInvestigation,
  type DuplicateGroup,
  type DuplicateRemoval,
  type DuplicateReport,
  type Finding,
  type FindingItem,
  type FindingKind,
} from '../../../../common/admin-diagnostics.schemas.js';
import type { AppContext } from '../../../context.js';
import type { Db } from '../../../db/database.js';
import { notFound } from '../../../errors.js';
import { userDataWrite } from '../../../db/data-version.js';
import { collectionNameKey } from '../../collections/collections.repository.js';
import { UNSAVED_IMAGE_TTL_MS } from '../../cover-art/cover-storage.service.js';
import { releaseCovers, storedImageName } from '../../cover-art/image-cleanup.js';
import { diagnosticsRepository, type DuplicateCandidateRow } from './diagnostics.repository.js';

/** The keys albums and collections store (albums.service / collections.repository: trimmed, lower case). */
const storedKey = (text: string) => text.trim().toLowerCase();
const albumLabel = (album: { title: string; artist: string }) => `${album.title} — ${album.artist}`;

/** Each check: its title and what it means, sent with every finding so the answer explains itself. */
const CHECKS: Record<FindingKind, { title: string; explanation: string }> = {
  'album-in-foreign-collection': {
    title: "Albums filed in another user's collection",
    explanation:
      "These albums belong to this user but their collection_id names a collection of another user. They count in the user's total but in none of their collections, and the other user's collection shows them. An album's `collection` name is not stored on the album: the API joins it from this collection row, so the name itself cannot disagree — the owner can.",
  },
  'foreign-album-in-collection': {
    title: "Another user's albums in this user's collections",
    explanation:
      "Albums owned by someone else whose collection_id names one of this user's collections. They are not counted above (the counts are of the user's own albums) and belong to the other user's total.",
  },
  'album-without-collection': {
    title: 'Albums whose collection does not exist',
    explanation:
      'The collection_id names no collection at all. The database refuses this while foreign keys are on; it means rows were written around them (a restore or a manual edit). These albums show in no collection.',
  },
  'album-keys-stale': {
    title: 'Albums whose duplicate keys disagree with their title or artist',
    explanation:
      'title_key and artist_key must be the trimmed, lower-case title and artist: the duplicate check of Add Album compares them. A stale key lets a true duplicate in, or refuses an album that is not one.',
  },
  'collection-key-stale': {
    title: 'Collections whose name key disagrees with their name',
    explanation:
      'name_key must be the trimmed, lower-case name: it enforces unique collection names per user and orders the list. A stale key can let two collections take the same name.',
  },
  'missing-cover-image': {
    title: 'Albums whose stored cover is missing',
    explanation:
      "The album's coverUrl names a stored cover (/api/cover-art/…) that this user has no image of: the album shows the placeholder instead of its cover.",
  },
  'unused-image': {
    title: 'Stored images that no album uses',
    explanation:
      'Uploaded or imported covers that no album of this user names, older than a day (younger ones may belong to an album form still open). The next upload sweeps them; they only take space.',
  },
};

function finding(kind: FindingKind, items: FindingItem[]): Finding {
  return { kind, ...CHECKS[kind], count: items.length, items: items.slice(0, FINDING_ITEM_LIMIT) };
}

async function userOr404(db: Db, userId: number): Promise<{ id: number; username: string }> {
  const user = await diagnosticsRepository.findUser(db, userId);
  if (!user) throw notFound(DIAGNOSTICS_MESSAGES.userNotFound);
  return user;
}

/**
 * The album-count investigation (docs/product/admin.md#diagnostics): the user's total against their
 * collections' counts, and every kind of row that makes them disagree or is otherwise inconsistent in the
 * schema.
 */
export async function investigateAlbums(ctx: AppContext, userId: number, now = new Date()): Promise<AlbumInvestigation> {
  const user = await userOr404(ctx.db, userId);
  // One snapshot for every count and check, so an album added meanwhile cannot make them disagree:
  // repeatable read on PostgreSQL; on SQLite (WAL) a read transaction sees one snapshot anyway.
  const snapshot = await ctx.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      totalAlbums: await diagnosticsRepository.albumCount(trx, userId),
      collections: await diagnosticsRepository.collectionsWithOwnAlbumCounts(trx, userId),
      inForeign: await diagnosticsRepository.albumsInForeignCollections(trx, userId),
      foreignIn: await diagnosticsRepository.foreignAlbumsInCollections(trx, userId),
      withoutCollection: await diagnosticsRepository.albumsWithoutCollection(trx, userId),
      albums: await diagnosticsRepository.albumKeysAndCovers(trx, userId),
      images: await diagnosticsRepository.images(trx, userId),
    }));
  const { totalAlbums, collections, inForeign, foreignIn, withoutCollection, albums, images } = snapshot;

  const staleAlbumKeys: FindingItem[] = [];
  const missingCovers: FindingItem[] = [];
  const imageNames = new Set(images.map((image) => image.name));
  const usedNames = new Set<string>();
  for (const album of albums) {
    const wrong = [
      album.title_key !== storedKey(album.title) ? `title_key '${album.title_key}'` : null,
      album.artist_key !== storedKey(album.artist) ? `artist_key '${album.artist_key}'` : null,
    ].filter((part): part is string => part !== null);
    if (wrong.length > 0)
      staleAlbumKeys.push({
        entity: 'album',
        id: album.id,
        label: albumLabel(album),
        detail: `${wrong.join(' and ')} should be '${[storedKey(album.title), storedKey(album.artist)].join("' / '")}'`,
      });
    const name = storedImageName(album.cover_url);
    if (name) {
      usedNames.add(name);
      if (!imageNames.has(name))
        missingCovers.push({ entity: 'album', id: album.id, label: albumLabel(album), detail: `No stored image ${name}` });
    }
  }
  const staleCollectionKeys: FindingItem[] = collections
    .filter((c) => c.name_key !== collectionNameKey(c.name))
    .map((c) => ({
      entity: 'collection',
      id: c.id,
      label: c.name,
      detail: `name_key '${c.name_key}' should be '${collectionNameKey(c.name)}'`,
    }));
  const unusedBefore = new Date(now.getTime() - UNSAVED_IMAGE_TTL_MS).toISOString();
  const unusedImages: FindingItem[] = images
    .filter((image) => !usedNames.has(image.name) && image.created_at < unusedBefore)
    .map((image) => ({
      entity: 'image',
      id: image.id,
      label: image.name,
      detail: `Stored ${image.created_at}, used by no album`,
    }));

  const all: Finding[] = [
    finding(
      'album-in-foreign-collection',
      inForeign.map((a) => ({
        entity: 'album',
        id: a.id,
        label: albumLabel(a),
        detail: `In '${a.collection_name}' of ${a.owner_username}`,
      })),
    ),
    finding(
      'foreign-album-in-collection',
      foreignIn.map((a) => ({
        entity: 'album',
        id: a.id,
        label: albumLabel(a),
        detail: `Owned by ${a.owner_username}, in '${a.collection_name}'`,
      })),
    ),
    finding(
      'album-without-collection',
      withoutCollection.map((a) => ({
        entity: 'album',
        id: a.id,
        label: albumLabel(a),
        detail: `collection_id ${a.collection_id} does not exist`,
      })),
    ),
    finding('album-keys-stale', staleAlbumKeys),
    finding('collection-key-stale', staleCollectionKeys),
    finding('missing-cover-image', missingCovers),
    finding('unused-image', unusedImages),
  ];
  const collectionsTotal = collections.reduce((sum, c) => sum + c.albums_count, 0);
  const findings = all.filter((f) => f.count > 0);
  return {
    user,
    totalAlbums,
    collections: collections.map((c) => ({ id: c.id, name: c.name, albumsCount: c.albums_count })),
    collectionsTotal,
    consistent: findings.length === 0 && collectionsTotal === totalAlbums,
    findings,
    checks: all.map(({ kind, title, count }) => ({ kind, title, count })),
  };
}

/** Groups of two or more albums with the same title and artist (duplicateKey) in one collection, oldest first. */
function duplicateGroups(rows: DuplicateCandidateRow[]): { group: DuplicateGroup; extra: DuplicateCandidateRow[] }[] {
  const byKey = new Map<string, DuplicateCandidateRow[]>();
  // rows come oldest first, so each group's first row is the one kept.
  for (const row of rows) {
    const key = JSON.stringify([row.collection_id, duplicateKey(row.title), duplicateKey(row.artist)]);
    const list = byKey.get(key);
    if (list) list.push(row);
    else byKey.set(key, [row]);
  }
  const groups = [...byKey.values()].filter((list) => list.length > 1);
  groups.sort(
    (a, b) =>
      collectionNameKey(a[0]!.collection_name).localeCompare(collectionNameKey(b[0]!.collection_name)) ||
      a[0]!.collection_id - b[0]!.collection_id ||
      duplicateKey(a[0]!.artist).localeCompare(duplicateKey(b[0]!.artist)) ||
      duplicateKey(a[0]!.title).localeCompare(duplicateKey(b[0]!.title)),
  );
  return groups.map((list) => {
    const [kept, ...extra] = list as [DuplicateCandidateRow, ...DuplicateCandidateRow[]];
    return {
      group: {
        collectionId: kept.collection_id,
        collection: kept.collection_name,
        title: kept.title,
        artist: kept.artist,
        keptId: kept.id,
        albums: list.map((row) => ({
          id: row.id,
          title: row.title,
          artist: row.artist,
          collectionId: row.collection_id,
          collection: row.collection_name,
          createdAt: row.created_at,
          kept: row === kept,
        })),
      },
      extra,
    };
  });
}

/** The duplicate album detector (docs/product/admin.md#diagnostics): every group, the oldest of each marked as kept. */
export async function findDuplicates(ctx: AppContext, userId: number): Promise<DuplicateReport> {
  const user = await userOr404(ctx.db, userId);
  const groups = duplicateGroups(await diagnosticsRepository.duplicateCandidates(ctx.db, userId));
  return {
    user,
    groups: groups.slice(0, DUPLICATE_GROUP_LIMIT).map((g) => g.group),
    groupCount: groups.length,
    removable: groups.reduce((sum, g) => sum + g.extra.length, 0),
  };
}

/**
 * Removes all but the oldest album of each duplicate group, in one transaction that bumps the user's
 * data version first (caches refresh; on PostgreSQL its row lock also queues a second removal or an
 * album write of the same user behind this one, which then finds nothing left to remove). Covers
 * that only the removed albums used are released with them.
 */
export async function removeDuplicates(ctx: AppContext, userId: number): Promise<DuplicateRemoval> {
  await userOr404(ctx.db, userId);
  const removed = await userDataWrite(ctx.db, userId, async (trx) => {
    const extra = duplicateGroups(await diagnosticsRepository.duplicateCandidates(trx, userId)).flatMap((g) => g.extra);
    if (extra.length === 0) return 0;
    const count = await diagnosticsRepository.deleteAlbums(
      trx,
      userId,
      extra.map((row) => row.id),
    );
    await releaseCovers(
      trx,
      userId,
      extra.map((row) => row.cover_url),
    );
    return count;
  });
  return {
    removed,
    message:
      removed === 0 ? 'No duplicate albums to remove' : `Removed ${removed} duplicate ${removed === 1 ? 'album' : 'albums'}`,
  };
}
