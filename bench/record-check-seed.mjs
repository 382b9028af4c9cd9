// The collector both record-check benches measure with: 20,000 albums with every detail filled
// (format, catalogue number, barcode, pressing, notes, rating, location, tracklist, release ids) in three
// collections, and 500 wishes, written straight into the database the server uses.

export const ALBUMS = 20_000;
export const WISHES = 500;
const FORMATS = ['LP', '2LP', '7"', '12"', 'CD', 'Box Set'];

/** The GS1 check digit (common/barcode.ts), so every seeded code is a valid EAN-13. */
export function ean13(n) {
  const body = String(500_000_000_000 + n).padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[11 - i]) * (i % 2 === 0 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

const TRACKLIST = JSON.stringify(Array.from({ length: 10 }, (_, i) => ({ position: `A${i + 1}`, title: `Track number ${i + 1}`, duration: '4:05' })));

/** The collector's albums and wishes, written straight into the database the server uses. */
export async function seedCollector(db, userId) {
  const now = new Date().toISOString();
  const collections = await db
    .insertInto('collections')
    .values(['Living room', 'Loft', 'Storage'].map((name) => ({ user_id: userId, name, name_key: name.toLowerCase(), created_at: now })))
    .returning('id')
    .execute();
  const rows = [];
  for (let i = 0; i < ALBUMS; i++) {
    const title = `Album Title Number ${i}`;
    const artist = `Artist ${i % 2000}`;
    rows.push({
      user_id: userId,
      collection_id: collections[i % 3].id,
      title,
      artist,
      title_key: title.toLowerCase(),
      artist_key: artist.toLowerCase(),
      format: FORMATS[i % FORMATS.length],
      catalog_number: `BLP ${4000 + i}`,
      barcode: ean13(i),
      pressing: `${1950 + (i % 70)} reissue, 180 g, matrix BN-${i}`,
      notes: `Bought at the fair, row ${i}\nsecond line of the note`,
      rating: (i % 5) + 1,
      location: `Shelf ${String.fromCharCode(65 + (i % 8))}, row ${i % 12}`,
      tracklist: TRACKLIST,
      discogs_release_id: 100_000 + i,
      musicbrainz_release_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      added_at: now,
      created_at: now,
      updated_at: now,
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('albums').values(rows.slice(i, i + 500)).execute();
  const wishes = [];
  for (let i = 0; i < WISHES; i++) {
    const title = `Wanted Record ${i}`;
    wishes.push({
      user_id: userId,
      title,
      artist: `Artist ${i % 2000}`,
      title_key: title.toLowerCase(),
      artist_key: `artist ${i % 2000}`,
      barcode: ean13(ALBUMS + i),
      priority: (i % 3) + 1,
      max_price_cents: 2500,
      created_at: now,
      updated_at: now,
    });
  }
  await db.insertInto('wish_items').values(wishes).execute();
  // Written behind the server's back: answers kept per data version must not be the empty ones.
  await db.updateTable('users').set((eb) => ({ data_version: eb('data_version', '+', 1) })).where('id', '=', userId).execute();
}

