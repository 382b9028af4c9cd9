import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ALBUM_DETAILS } from '../../../common/album-details.schemas.js';
import { latestIsoDateOnEarth, latestReleaseYear, todayIsoDate, type AlbumRequest } from '../../../common/albums.schemas.js';
import { buildAlbum, signedInCollector, updateUser } from '../../test/factories.js';
import { Client, createTestApp, insertStoredImage, storedImageExists, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALBUM_KEYS = [
  'id',
  'title',
  'artist',
  'collection',
  'purchaseLocation',
  'purchaseDate',
  'price',
  'coverUrl',
  'genre',
  'label',
  'releaseYear',
  'country',
  'mediaCondition',
  'sleeveCondition',
  'isLent',
  'lentTo',
  'lentDate',
  ...Object.keys(NO_ALBUM_DETAILS),
  'addedAt',
].sort();

/** The collector's details of an album that was given none (album-details.test.ts fills them). */
const noDetails = { ...NO_ALBUM_DETAILS, addedAt: expect.any(String) as string };

const fullAlbum = {
  collection: 'Jazz',
  title: 'Kind of Blue',
  artist: 'Miles Davis',
  purchaseLocation: 'Rough Trade East',
  purchaseDate: '2024-03-09',
  price: 24.99,
  coverUrl: 'https://coverartarchive.org/release/abc/front-500',
  genre: 'Jazz',
  label: 'Columbia',
  releaseYear: 1959,
  country: 'US',
  mediaCondition: 'Near Mint (NM)',
  sleeveCondition: 'Very Good Plus (VG+)',
  isLent: false,
  lentTo: null,
  lentDate: null,
} satisfies AlbumRequest;

/** A signed-in user with one collection named Jazz. */
const collector = (collections = ['Jazz']) => signedInCollector(t.app, { collections });

async function albumCount(client: Client) {
  return (await client.get('/api/albums')).json<unknown[]>().length;
}


describe('POST /api/albums', () => {
  it('adds an album with every documented field and answers it (201)', async () => {
    const { client } = await collector();
    const res = await client.post('/api/albums', fullAlbum);
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(Object.keys(album).sort()).toEqual(ALBUM_KEYS);
    expect(album).toEqual({ ...fullAlbum, ...noDetails, id: expect.any(Number) });
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
    // The list leaves out the notes and tracklist (docs/product/albums.md#album-list).
    const { notes: _notes, tracklist: _tracklist, ...listed } = album;
    expect((await client.get('/api/albums')).json()).toEqual([listed]);
  });

  it('stores prices as exact cents and answers a number with at most 2 decimals', async () => {
    const { client } = await collector();
    for (const [price, expected] of [
      [0.1, 0.1],
      [19.99, 19.99],
      [1005.5, 1005.5],
      ['12.50', 12.5],
      // Text is read as the form reads it: a comma may mark the decimals, never a factor of 100.
      ['12,50', 12.5],
      ['1.250,00', 1250],
      ['1,250.00', 1250],
      [0, 0],
    ] as const) {
      const res = await client.post('/api/albums', { ...fullAlbum, title: `Price ${price}`, price });
      expect(res.statusCode).toBe(201);
      expect(res.json().price).toBe(expected);
    }
    const cents = await t.app.ctx.db.selectFrom('albums').select('price_cents').where('title', '=', 'Price 19.99').executeTakeFirstOrThrow();
    expect(cents.price_cents).toBe(1999);
  });

  it('turns empty optional fields into null and trims text', async () => {
    const { client } = await collector();
    const res = await client.post('/api/albums', {
      collection: ' jazz ',
      title: '  A Love Supreme ',
      artist: ' John Coltrane  ',
      purchaseLocation: '',
      purchaseDate: '',
      price: '',
      coverUrl: '',
      genre: '',
      label: '   ',
      releaseYear: '',
      country: '',
      mediaCondition: '',
      sleeveCondition: null,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      collection: 'Jazz',
      title: 'A Love Supreme',
      artist: 'John Coltrane',
      purchaseLocation: null,
      purchaseDate: null,
      price: null,
      coverUrl: null,
      genre: null,
      label: null,
      releaseYear: null,
      country: null,
      mediaCondition: null,
      sleeveCondition: null,
      isLent: false,
      lentTo: null,
      lentDate: null,
      ...noDetails,
    });
  });

  it('accepts a release year sent as text, from 1900 to the current year', async () => {
    const { client } = await collector();
    expect((await client.post('/api/albums', { ...fullAlbum, title: 'Old', releaseYear: '1900' })).json().releaseYear).toBe(1900);
    const year = latestReleaseYear();
    expect((await client.post('/api/albums', { ...fullAlbum, title: 'New', releaseYear: year })).json().releaseYear).toBe(year);
  });

  it.each([
    [{ collection: undefined }, 'collection', 'Please select a collection'],
    [{ collection: '' }, 'collection', 'Please select a collection'],
    [{ collection: '   ' }, 'collection', 'Please select a collection'],
    [{ title: '' }, 'title', 'Title is required'],
    [{ title: undefined }, 'title', 'Title is required'],
    [{ artist: '  ' }, 'artist', 'Artist is required'],
    [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    [{ label: 'x'.repeat(201) }, 'label', 'Label must be at most 200 characters'],
    [{ releaseYear: 1899 }, 'releaseYear', 'Release year must be 1900 or later'],
    [{ releaseYear: latestReleaseYear() + 1 }, 'releaseYear', `Release year cannot be later than ${latestReleaseYear()}`],
    [{ releaseYear: 1999.5 }, 'releaseYear', 'Release year must be a whole number'],
    [{ releaseYear: 'soon' }, 'releaseYear', 'Release year must be a number'],
    [{ price: -1 }, 'price', 'Price cannot be negative'],
    [{ price: 1.234 }, 'price', 'Price can have at most 2 decimals'],
    [{ price: 'cheap' }, 'price', 'Price must be a number'],
    [{ price: 2_000_000 }, 'price', 'Price must be at most 1000000'],
    [{ price: '1,250' }, 'price', 'Is this 1250 or 1.25? Type the price without a thousands separator'],
    [{ price: '1e3' }, 'price', 'Price must be a number'],
    [{ price: '-3' }, 'price', 'Price cannot be negative'],
    [{ purchaseDate: '2099-01-01' }, 'purchaseDate', 'Purchase date cannot be in the future'],
    [{ genre: 'Polka' }, 'genre', 'Please choose a genre from the list'],
    [{ mediaCondition: 'Great' }, 'mediaCondition', 'Please choose a media condition from the list'],
    [{ sleeveCondition: 'VG+' }, 'sleeveCondition', 'Please choose a sleeve condition from the list'],
    [{ purchaseDate: '2024-02-30' }, 'purchaseDate', 'Purchase date must be a date (YYYY-MM-DD)'],
    [{ purchaseDate: '09/03/2024' }, 'purchaseDate', 'Purchase date must be a date (YYYY-MM-DD)'],
    [{ isLent: true, lentTo: '', lentDate: '2024-13-01' }, 'lentDate', 'Lent date must be a date (YYYY-MM-DD)'],
    [{ isLent: true, lentTo: null }, 'lentTo', 'Please enter who the album is lent to'],
    [{ isLent: true, lentTo: '   ' }, 'lentTo', 'Please enter who the album is lent to'],
    [{ isLent: 'yes' }, 'isLent', 'isLent must be true or false'],
    [{ coverUrl: 'javascript:alert(1)' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
    [{ coverUrl: 'data:image/png;base64,AAAA' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
    [{ coverUrl: '/api/cover-art/../../etc/passwd' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
    [{ coverUrl: '/somewhere/else.png' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
    [{ coverUrl: 'ftp://example.com/a.png' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
    [{ coverUrl: 'https://user:pw@example.com/a.png' }, 'coverUrl', 'Cover art must be an http(s) address or an uploaded image'],
  ])('refuses %j with a message on %s and adds nothing', async (change, field, message) => {
    const { client } = await collector();
    const res = await client.post('/api/albums', { ...fullAlbum, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(res.json().errors[field]).toBe(message);
    expect(await albumCount(client)).toBe(0);
  });

  it('takes a purchase date up to today anywhere on Earth (UTC+14), and refuses a later one on POST and PUT', async () => {
    const { client } = await collector();
    const latest = latestIsoDateOnEarth();
    const created = await client.post('/api/albums', { ...fullAlbum, purchaseDate: latest });
    expect(created.statusCode).toBe(201);
    expect(created.json().purchaseDate).toBe(latest);
    const dayAfter = new Date(Date.parse(`${latest}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const res of [
      await client.post('/api/albums', { ...fullAlbum, title: 'Later', purchaseDate: dayAfter }),
      await client.put(`/api/albums/${created.json().id}`, { ...fullAlbum, purchaseDate: dayAfter }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Purchase date cannot be in the future', errors: { purchaseDate: 'Purchase date cannot be in the future' } });
    }
    expect((await client.get(`/api/albums/${created.json().id}`)).json().purchaseDate).toBe(latest);
    expect(await albumCount(client)).toBe(1);
  });

  it('reports every problem of a form at once, the lending one included', async () => {
    const { client } = await collector();
    const res = await client.post('/api/albums', { collection: '', title: '', artist: 'X', isLent: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a collection');
    expect(res.json().errors).toEqual({
      collection: 'Please select a collection',
      title: 'Title is required',
      lentTo: 'Please enter who the album is lent to',
    });
  });

  it('accepts a stored cover path and an http(s) address', async () => {
    const { client } = await collector();
    for (const coverUrl of ['/api/cover-art/0123456789abcdef0123456789abcdef.webp', 'http://example.com/cover.jpg?size=500']) {
      const res = await client.post('/api/albums', { ...fullAlbum, title: coverUrl, coverUrl });
      expect(res.statusCode).toBe(201);
      expect(res.json().coverUrl).toBe(coverUrl);
    }
  });

  it('answers 404 "Collection not found" for a collection the caller does not have', async () => {
    const { client } = await collector();
    const res = await client.post('/api/albums', { ...fullAlbum, collection: 'Nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Collection not found');
  });
});

describe('lending', () => {
  it('stores lentTo and lentDate as null when the album is not lent, whatever was sent', async () => {
    const { client } = await collector();
    const res = await client.post('/api/albums', { ...fullAlbum, isLent: false, lentTo: 'Sam', lentDate: '2024-01-01' });
    expect(res.json()).toMatchObject({ isLent: false, lentTo: null, lentDate: null });
  });

  it('defaults the lent date to today and keeps a given one', async () => {
    const { client } = await collector();
    const today = await client.post('/api/albums', { ...fullAlbum, title: 'A', isLent: true, lentTo: ' Sam ' });
    expect(today.statusCode).toBe(201);
    expect(today.json()).toMatchObject({ isLent: true, lentTo: 'Sam', lentDate: todayIsoDate() });
    const given = await client.post('/api/albums', { ...fullAlbum, title: 'B', isLent: true, lentTo: 'Kim', lentDate: '2023-12-24' });
    expect(given.json()).toMatchObject({ isLent: true, lentTo: 'Kim', lentDate: '2023-12-24' });
  });

  it('clears lending when an album comes back (PUT isLent false)', async () => {
    const { client, user } = await collector();
    const lent = await buildAlbum(t.app, user.id, { ...fullAlbum, isLent: true, lentTo: 'Sam' });
    const back = await client.put(`/api/albums/${lent.id}`, { ...fullAlbum, isLent: false, lentTo: 'Sam', lentDate: lent.lentDate });
    expect(back.json()).toMatchObject({ isLent: false, lentTo: null, lentDate: null });
  });
});

describe('duplicates', () => {
  it('answers 409 for the same title and artist in the same collection, then adds it with allowDuplicate', async () => {
    const { client } = await collector();
    expect((await client.post('/api/albums', fullAlbum)).statusCode).toBe(201);
    const again = { ...fullAlbum, title: '  KIND OF BLUE ', artist: 'miles davis' };
    const res = await client.post('/api/albums', again);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('"KIND OF BLUE" by miles davis is already in "Jazz". Would you like to add it anyway?');
    expect(res.json().message.endsWith('Would you like to add it anyway?')).toBe(true);
    expect(await albumCount(client)).toBe(1);
    const anyway = await client.post('/api/albums', { ...again, allowDuplicate: true });
    expect(anyway.statusCode).toBe(201);
    expect(await albumCount(client)).toBe(2);
  });

  it('is not a duplicate in another collection or with another artist', async () => {
    const { client } = await collector(['Jazz', 'Wish List']);
    expect((await client.post('/api/albums', fullAlbum)).statusCode).toBe(201);
    expect((await client.post('/api/albums', { ...fullAlbum, collection: 'Wish List' })).statusCode).toBe(201);
    expect((await client.post('/api/albums', { ...fullAlbum, artist: 'Miles Davis Quintet' })).statusCode).toBe(201);
  });
});

describe('PUT /api/albums/{id}', () => {
  it('replaces the album’s fields, moves it to another collection and answers the updated album', async () => {
    const { client, user } = await collector(['Jazz', 'Favourites']);
    const album = await buildAlbum(t.app, user.id, fullAlbum);
    const res = await client.put(`/api/albums/${album.id}`, { ...fullAlbum, collection: 'favourites', price: 30, label: '', allowDuplicate: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...fullAlbum, ...noDetails, id: album.id, collection: 'Favourites', price: 30, label: null });
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(res.json());
  });

  it('validates like POST and changes nothing on a bad body', async () => {
    const { client, user } = await collector();
    const album = await buildAlbum(t.app, user.id, fullAlbum);
    const res = await client.put(`/api/albums/${album.id}`, { ...fullAlbum, title: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Title is required');
    const unknown = await client.put(`/api/albums/${album.id}`, { ...fullAlbum, collection: 'Gone' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Collection not found');
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
  });

  it('answers 400 with a message, never 500, for a body that is null, a list, a string or missing (POST and PUT)', async () => {
    const { client, user } = await collector();
    const album = await buildAlbum(t.app, user.id, fullAlbum);
    const json = { 'content-type': 'application/json' };
    const bodies: { what: string; payload?: string; headers?: Record<string, string> }[] = [
      { what: 'null', payload: 'null', headers: json },
      { what: 'a list', payload: '[]', headers: json },
      { what: 'a string', payload: '""', headers: json },
      { what: 'a number', payload: '7', headers: json },
      { what: 'no body at all' },
      { what: 'an empty JSON body', payload: '', headers: json },
    ];
    for (const [method, url] of [
      ['POST', '/api/albums'],
      ['PUT', `/api/albums/${album.id}`],
    ] as const) {
      for (const body of bodies) {
        const res = await client.request({ method, url, ...(body.payload === undefined ? {} : { payload: body.payload }), headers: body.headers ?? {} });
        expect(res.statusCode, `${method} ${body.what}: ${res.body}`).toBe(400);
        expect(res.json<{ message: string }>().message, `${method} ${body.what}`).toMatch(/\w/);
      }
    }
    expect(await albumCount(client)).toBe(1);
    expect((await client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
  });

  it('releases a stored cover the album no longer uses', async () => {
    const { client, user } = await collector();
    const name = 'cccccccccccccccccccccccccccccccc.jpg';
    await insertStoredImage(t.app, user.id, name);
    const album = await buildAlbum(t.app, user.id, { ...fullAlbum, coverUrl: `/api/cover-art/${name}` });
    expect(await storedImageExists(t.app, name)).toBe(true);
    expect((await client.put(`/api/albums/${album.id}`, { ...fullAlbum, coverUrl: 'https://example.com/other.jpg' })).statusCode).toBe(200);
    expect(await storedImageExists(t.app, name)).toBe(false);
  });

  it('answers 404 for an unknown album', async () => {
    const { client } = await collector();
    const res = await client.put('/api/albums/987654', fullAlbum);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Album not found');
  });
});

describe('DELETE /api/albums/{id}', () => {
  it('deletes the album and releases its stored cover', async () => {
    const { client, user } = await collector();
    const name = 'dddddddddddddddddddddddddddddddd.gif';
    await insertStoredImage(t.app, user.id, name);
    const album = await buildAlbum(t.app, user.id, { ...fullAlbum, coverUrl: `/api/cover-art/${name}` });
    const res = await client.delete(`/api/albums/${album.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Album deleted successfully' });
    expect((await client.get(`/api/albums/${album.id}`)).statusCode).toBe(404);
    expect(await storedImageExists(t.app, name)).toBe(false);
    expect((await client.delete(`/api/albums/${album.id}`)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    const { client } = await collector();
    const res = await client.get('/api/albums/12abc');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid album id');
  });
});

describe('ownership', () => {
  it('answers 404 to another user on GET, PUT and DELETE of your album, and changes nothing', async () => {
    const owner = await collector();
    const album = await buildAlbum(t.app, owner.user.id, fullAlbum);
    const intruder = await collector();
    for (const res of [
      await intruder.client.get(`/api/albums/${album.id}`),
      await intruder.client.put(`/api/albums/${album.id}`, { ...fullAlbum, title: 'Hacked' }),
      await intruder.client.delete(`/api/albums/${album.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Album not found', code: 'NOT_FOUND' });
    }
    expect((await owner.client.get(`/api/albums/${album.id}`)).json()).toEqual(album);
    expect((await intruder.client.get('/api/albums')).json()).toEqual([]);
  });

  it('does not let another user add an album to your collection', async () => {
    const owner = await collector(['Private Stash']);
    const intruder = await signedInCollector(t.app);
    const res = await intruder.client.post('/api/albums', { ...fullAlbum, collection: 'Private Stash' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Collection not found');
    expect(await albumCount(owner.client)).toBe(0);
  });
});

describe('access', () => {
  it('answers 401 signed out on every album call', async () => {
    const anon = new Client(t.app);
    for (const res of [
      await anon.get('/api/albums'),
      await anon.get('/api/albums/1'),
      await anon.post('/api/albums', fullAlbum),
      await anon.put('/api/albums/1', fullAlbum),
      await anon.delete('/api/albums/1'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 402 with the payment-required body to a gated user on every album call', async () => {
    const { client, user } = await collector();
    const album = await buildAlbum(t.app, user.id, fullAlbum);
    await updateUser(t.app, user.id, { subscription_status: 'trialing', trial_end_date: '2020-01-01T00:00:00.000Z' });
    for (const res of [
      await client.get('/api/albums'),
      await client.get(`/api/albums/${album.id}`),
      await client.post('/api/albums', { ...fullAlbum, title: 'More' }),
      await client.put(`/api/albums/${album.id}`, fullAlbum),
      await client.delete(`/api/albums/${album.id}`),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({
        message: 'Your free trial has expired. Please subscribe to continue.',
        code: 'PAYMENT_REQUIRED',
        redirectTo: '/subscription',
        userId: user.id,
        username: user.username,
        email: user.username,
      });
    }
  });

  it('limits the free tier to 50 albums per collection, on add and on move', async () => {
    const { client, user } = await signedInCollector(t.app, { collections: ['Jazz', 'Rock'], plan: 'free' });
    for (let i = 0; i < 50; i++) await buildAlbum(t.app, user.id, { ...fullAlbum, title: `Take ${i}` });
    const over = await client.post('/api/albums', { ...fullAlbum, title: 'Take 50' });
    expect(over.statusCode).toBe(402);
    expect(over.json()).toMatchObject({
      message: 'The free plan allows up to 50 albums per collection. Please subscribe to add more to "Jazz".',
      redirectTo: '/subscription',
    });
    const rock = await buildAlbum(t.app, user.id, { ...fullAlbum, collection: 'Rock', title: 'Elsewhere' });
    const move = await client.put(`/api/albums/${rock.id}`, { ...fullAlbum, title: 'Elsewhere' });
    expect(move.statusCode).toBe(402);
    expect((await client.get(`/api/albums/${rock.id}`)).json().collection).toBe('Rock');
    // Editing an album inside a full collection is not adding one.
    const first = (await client.get('/api/albums')).json()[0];
    expect((await client.put(`/api/albums/${first.id}`, { ...fullAlbum, title: 'Renamed' })).statusCode).toBe(200);
    await updateUser(t.app, user.id, { subscription_status: 'active' });
    expect((await client.post('/api/albums', { ...fullAlbum, title: 'Take 50' })).statusCode).toBe(201);
  });
});
