import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local stand-in for MusicBrainz's web service (release search, JSON) and the Cover Art Archive
 * (JSON listing, 307 redirect of /release/{mbid}/front-500 to the image), speaking their response
 * formats. Under /web/ it also plays an ordinary image host for the proxy tests. Used by the Vitest
 * tests and by the Playwright journeys (started in e2e/support/global-setup.ts).
 */

export interface FakeRelease {
  id: string;
  title: string;
  artist: string;
  score?: number;
  country?: string;
  date?: string;
  /** What the archive holds: a front cover, only a back cover, or nothing (the listing answers 404). */
  art: 'front' | 'back-only' | 'none';
  /** Whether the search result carries MusicBrainz's `cover-art-archive` summary (lookups do; searches usually not). */
  inlineCoverArtField?: boolean;
  barcode?: string;
  label?: string;
  catalogNumber?: string;
  /** Each medium's format (default one '12" Vinyl'). */
  formats?: string[];
  /**
   * Each medium's tracks, in the order of `formats` (lookups with inc=recordings only). `length` is the
   * track's own length in ms; `recordingLength` the recording's, which MusicBrainz may know when the
   * track's is null.
   */
  tracks?: FakeTrack[][];
  /** The release group's primary type (default Album). */
  primaryType?: string;
  /** The release's own tags (searches carry them too) and the curated genres (lookups only). */
  tags?: { name: string; count: number }[];
  genres?: { name: string; count: number }[];
  /** The release group's genres (lookups with inc=release-groups+genres). */
  groupGenres?: { name: string; count: number }[];
  /** A Discogs release linked to it (answered by /ws/2/url?resource=https://www.discogs.com/release/{id}). */
  discogsReleaseId?: number;
}

export interface FakeTrack {
  number: string;
  title: string;
  length?: number | null;
  recordingLength?: number | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeMusicBrainz {
  url: string;
  port: number;
  releases: FakeRelease[];
  requests: RecordedRequest[];
  searchRequests(): RecordedRequest[];
  /** The next `count` searches answer 503 with this Retry-After, as MusicBrainz does when rate-limited. */
  rateLimitNextSearches(count: number, retryAfterSeconds?: number): void;
  /** Every search (null: none) answers this status. */
  failSearchesWith(status: number | null): void;
  /** Every archive listing (null: none) answers this status. */
  failListingsWith(status: number | null): void;
  /** Every release search and lookup answers 200 with exactly this body (null: the real answer): hostile-upstream tests. */
  answerReleasesWith(body: string | null, contentType?: string): void;
  /** Release lookups (/ws/2/release/{mbid}), as recorded. */
  lookupRequests(): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

const uuid = (seed: string) => {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** A small catalogue for the journeys: search "Kind of Blue" by "Miles Davis" and friends. */
export const DEFAULT_FAKE_RELEASES: FakeRelease[] = [
  {
    id: uuid('kind-of-blue-1'),
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    score: 100,
    country: 'US',
    date: '1959-08-17',
    art: 'front',
    label: 'Columbia',
    catalogNumber: 'CL 1355',
    tracks: [
      [
        { number: 'A1', title: 'So What', length: 562_000 },
        { number: 'A2', title: 'Freddie Freeloader', length: 586_000 },
        { number: 'A3', title: 'Blue in Green', length: 337_000 },
        // MusicBrainz often knows only the recording's length; and sometimes neither.
        { number: 'B1', title: 'All Blues', length: null, recordingLength: 693_400 },
        { number: 'B2', title: 'Flamenco Sketches', length: null, recordingLength: null },
      ],
    ],
    tags: [{ name: 'modal jazz', count: 4 }],
    genres: [{ name: 'modal jazz', count: 4 }],
    groupGenres: [
      { name: 'jazz', count: 9 },
      { name: 'cool jazz', count: 3 },
    ],
  },
  {
    id: uuid('kind-of-blue-2'),
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    score: 98,
    country: 'GB',
    date: '1959',
    art: 'none',
    label: 'Fontana',
    catalogNumber: 'TFL 5072',
  },
  {
    id: uuid('kind-of-blue-3'),
    title: 'Kind of Blue',
    artist: 'Miles Davis',
    score: 95,
    country: 'JP',
    date: '1976',
    art: 'front',
    label: 'CBS/Sony',
    catalogNumber: '20AP 1402',
    groupGenres: [{ name: 'jazz', count: 9 }],
  },
  {
    id: uuid('abbey-road-1'),
    title: 'Abbey Road',
    artist: 'The Beatles',
    score: 100,
    country: 'GB',
    date: '1969-09-26',
    art: 'front',
  },
  {
    id: uuid('rumours-1'),
    title: 'Rumours',
    artist: 'Fleetwood Mac',
    score: 100,
    country: 'US',
    date: '1977-02-04',
    art: 'front',
  },
  { id: uuid('rumours-2'), title: 'Rumours', artist: 'Fleetwood Mac', score: 90, country: 'DE', date: '1977', art: 'back-only' },
  // Barcode add: a UPC-A (12 digits) on a double LP, with genres that map (electronic, disco).
  {
    id: uuid('ram-1'),
    title: 'Random Access Memories',
    artist: 'Daft Punk',
    score: 100,
    country: 'XE',
    date: '2013-05-17',
    art: 'front',
    barcode: '888837168618',
    label: 'Columbia',
    catalogNumber: '88883716861',
    formats: ['12" Vinyl', '12" Vinyl'],
    tracks: [
      [
        { number: 'A1', title: 'Give Life Back to Music', length: 274_000 },
        { number: 'B1', title: 'Instant Crush', length: 337_000 },
      ],
      [
        { number: 'C1', title: 'Get Lucky', length: 369_000 },
        { number: 'C2', title: 'Contact', length: 381_000 },
      ],
    ],
    genres: [
      { name: 'disco', count: 5 },
      { name: 'electronic', count: 3 },
    ],
    groupGenres: [{ name: 'french house', count: 2 }],
  },
];

/** Barcodes of DEFAULT_FAKE_RELEASES, and a valid one that nothing carries. */
export const FAKE_BARCODES = { randomAccessMemories: '888837168618', unknown: '5099706418924' } as const;

export const fakeReleaseId = uuid;

const unescapeLucene = (text: string) => text.replace(/\\(.)/g, '$1');

/** `barcode:123 OR barcode:0123`: the barcodes a query asks for (MusicBrainz's barcode field). */
function parseBarcodes(query: string): string[] {
  return [...query.matchAll(/\bbarcode:(\d+)/g)].map((m) => m[1]!);
}

/** `catno:"CL 1355" AND label:"Columbia"`: a catalogue number search, with its label when given. */
function parseCatalogNumber(query: string): { catno: string; label: string | null } | null {
  const catno = /catno:"((?:[^"\\]|\\.)*)"/.exec(query);
  if (!catno) return null;
  const label = /label:"((?:[^"\\]|\\.)*)"/.exec(query);
  const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
  return { catno: unescape(catno[1]!), label: label ? unescape(label[1]!) : null };
}

function parseSearch(query: string): { artist: string; release: string } | null {
  const artist = /artist:"((?:[^"\\]|\\.)*)"/.exec(query);
  const release = /release:"((?:[^"\\]|\\.)*)"/.exec(query);
  if (!artist?.[1] || !release?.[1]) return null;
  return { artist: unescapeLucene(artist[1]), release: unescapeLucene(release[1]) };
}

function searchResult(release: FakeRelease, score: number) {
  const artistId = uuid(`artist:${release.artist}`);
  return {
    id: release.id,
    score,
    'status-id': '4e304316-386d-3409-af2e-78857eec5cfe',
    count: 1,
    title: release.title,
    status: 'Official',
    'text-representation': { language: 'eng', script: 'Latn' },
    'artist-credit': [{ name: release.artist, artist: { id: artistId, name: release.artist, 'sort-name': release.artist } }],
    'release-group': {
      id: uuid(`rg:${release.title}`),
      'type-id': 'f529b476-6e62-324f-b0aa-1f3e33d313fc',
      'primary-type': release.primaryType ?? 'Album',
      title: release.title,
    },
    date: release.date ?? '',
    country: release.country ?? 'XW',
    'release-events': [
      {
        date: release.date ?? '',
        area: {
          id: uuid(`area:${release.country ?? 'XW'}`),
          name: release.country ?? 'XW',
          'iso-3166-1-codes': [release.country ?? 'XW'],
        },
      },
    ],
    'track-count': 5,
    barcode: release.barcode ?? '',
    'label-info':
      release.label || release.catalogNumber
        ? [
            {
              'catalog-number': release.catalogNumber ?? null,
              label: release.label ? { id: uuid(`label:${release.label}`), name: release.label } : null,
            },
          ]
        : [],
    media: (release.formats ?? ['12" Vinyl']).map((format, i) => ({
      format,
      'disc-count': 0,
      'track-count': release.tracks?.[i]?.length ?? 5,
    })),
    ...(release.tags ? { tags: release.tags } : {}),
    ...(release.inlineCoverArtField
      ? {
          'cover-art-archive': {
            artwork: release.art !== 'none',
            count: release.art === 'none' ? 0 : 1,
            front: release.art === 'front',
            back: release.art === 'back-only',
            darkened: false,
          },
        }
      : {}),
  };
}

/** A lookup (/ws/2/release/{mbid}?inc=...): the search's fields plus what the inc parameters ask for. */
function lookupResult(release: FakeRelease, inc: string[]) {
  const { score: _score, ...result } = searchResult(release, 100);
  const group = {
    ...result['release-group'],
    ...(inc.includes('genres') ? { genres: release.groupGenres ?? [] } : {}),
    ...(inc.includes('tags') ? { tags: [] } : {}),
  };
  return {
    ...result,
    'release-group': inc.includes('release-groups') ? group : undefined,
    'artist-credit': inc.includes('artist-credits') ? result['artist-credit'] : undefined,
    'label-info': inc.includes('labels') ? result['label-info'] : undefined,
    media: (release.formats ?? ['12" Vinyl']).map((format, i) => lookupMedium(release, format, i, inc.includes('recordings'))),
    tags: inc.includes('tags') ? (release.tags ?? []) : undefined,
    genres: inc.includes('genres') ? (release.genres ?? []) : undefined,
    'cover-art-archive': {
      artwork: release.art !== 'none',
      count: release.art === 'none' ? 0 : 1,
      front: release.art === 'front',
      back: release.art === 'back-only',
      darkened: false,
    },
  };
}

/** A medium as a lookup answers it: with its tracks and their recordings when inc has recordings. */
function lookupMedium(release: FakeRelease, format: string, index: number, withTracks: boolean) {
  const tracks = release.tracks?.[index] ?? [];
  return {
    position: index + 1,
    title: '',
    format,
    'format-id': uuid(`format:${format}`),
    'track-count': tracks.length,
    'track-offset': 0,
    ...(withTracks
      ? {
          tracks: tracks.map((track, t) => ({
            id: uuid(`track:${release.id}:${index}:${t}`),
            number: track.number,
            position: t + 1,
            title: track.title,
            length: track.length ?? null,
            recording: {
              id: uuid(`recording:${release.id}:${track.title}`),
              title: track.title,
              length: track.recordingLength === undefined ? (track.length ?? null) : track.recordingLength,
              disambiguation: '',
              video: false,
            },
          })),
        }
      : {}),
  };
}

function listing(base: string, release: FakeRelease) {
  const front = release.art === 'front';
  const imageId = Number.parseInt(release.id.slice(0, 8), 16);
  const file = (size: string) => `${base}/images/mbid-${release.id}-${imageId}${size}.jpg`;
  return {
    images: [
      {
        approved: true,
        back: !front,
        comment: '',
        edit: 12345678,
        front,
        id: imageId,
        image: file(''),
        thumbnails: {
          '250': file('_thumb250'),
          '500': file('_thumb500'),
          '1200': file('_thumb1200'),
          large: file('_thumb500'),
          small: file('_thumb250'),
        },
        types: [front ? 'Front' : 'Back'],
      },
    ],
    release: `https://musicbrainz.org/release/${release.id}`,
  };
}

const imageCache = new Map<string, Promise<Buffer>>();
function coverJpeg(seed: string, side = 500): Promise<Buffer> {
  const key = `${seed}:${side}`;
  let image = imageCache.get(key);
  if (!image) {
    const h = createHash('sha1').update(seed).digest();
    image = sharp({ create: { width: side, height: side, channels: 3, background: { r: h[0]!, g: h[1]!, b: h[2]! } } })
      .jpeg()
      .toBuffer();
    imageCache.set(key, image);
  }
  return image;
}

async function webImage(kind: string): Promise<{ type: string; body: Buffer } | undefined> {
  const base = () => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  switch (kind) {
    case 'cover.png':
      return { type: 'image/png', body: await base().png().toBuffer() };
    case 'cover.jpg':
      return { type: 'image/jpeg', body: await base().jpeg().toBuffer() };
    case 'cover.webp':
      return { type: 'image/webp', body: await base().webp().toBuffer() };
    case 'cover.gif':
      return { type: 'image/gif', body: await base().gif().toBuffer() };
    default:
      return undefined;
  }
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

/** Starts the fake on 127.0.0.1 (port 0: any free port). */
export async function startFakeMusicBrainz(
  options: { port?: number; host?: string; releases?: FakeRelease[] } = {},
): Promise<FakeMusicBrainz> {
  const host = options.host ?? '127.0.0.1';
  const state = {
    releases: [...(options.releases ?? DEFAULT_FAKE_RELEASES)],
    requests: [] as RecordedRequest[],
    rateLimited: 0,
    retryAfter: 1,
    searchStatus: null as number | null,
    listingStatus: null as number | null,
    releasesBody: null as { body: string; type: string } | null,
  };
  let base = '';

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', base);
    state.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      at: Date.now(),
    });
    /** What the web service answers before it looks anything up (search and lookup alike): true when answered. */
    const answeredBeforeLookup = (): boolean => {
      if (state.rateLimited > 0) {
        state.rateLimited--;
        json(
          res,
          503,
          {
            error:
              'Your requests are exceeding the allowable rate limit. Please see http://wiki.musicbrainz.org/XMLWebService for more information.',
          },
          { 'retry-after': String(state.retryAfter) },
        );
        return true;
      }
      if (state.searchStatus) json(res, state.searchStatus, { error: 'Internal server error' });
      else if (url.searchParams.get('fmt') !== 'json') json(res, 400, { error: 'fmt=json expected by this fake' });
      else if (state.releasesBody) {
        res.writeHead(200, { 'content-type': state.releasesBody.type });
        res.end(state.releasesBody.body);
      } else return false;
      return true;
    };
    const path = url.pathname;

    if (path === '/ws/2/release/' || path === '/ws/2/release') {
      if (answeredBeforeLookup()) return;
      const query = url.searchParams.get('query') ?? '';
      const barcodes = parseBarcodes(query);
      const parsed = parseSearch(query);
      const catno = parseCatalogNumber(query);
      if (!parsed && barcodes.length === 0 && !catno) return json(res, 400, { error: 'Invalid query' });
      const matches = state.releases.filter((r) =>
        catno
          ? r.catalogNumber?.toLowerCase() === catno.catno.toLowerCase() && (catno.label === null || r.label?.toLowerCase() === catno.label.toLowerCase())
          : parsed
          ? r.artist.toLowerCase().includes(parsed.artist.toLowerCase()) &&
            r.title.toLowerCase().includes(parsed.release.toLowerCase())
          : r.barcode !== undefined && barcodes.includes(r.barcode),
      );
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const releases = matches.slice(0, limit).map((r, i) => searchResult(r, r.score ?? Math.max(1, 100 - i * 5)));
      return json(res, 200, { created: new Date().toISOString(), count: matches.length, offset: 0, releases });
    }

    if (path === '/ws/2/url' || path === '/ws/2/url/') {
      if (answeredBeforeLookup()) return;
      const discogs = /^https:\/\/www\.discogs\.com\/release\/(\d+)$/.exec(url.searchParams.get('resource') ?? '');
      const release = discogs ? state.releases.find((r) => r.discogsReleaseId === Number(discogs[1])) : undefined;
      if (!release) return json(res, 404, { error: 'Not Found' });
      return json(res, 200, {
        id: uuid(`url:${release.discogsReleaseId}`),
        resource: url.searchParams.get('resource'),
        relations: [{ type: 'discogs', 'target-type': 'release', release: { id: release.id, title: release.title } }],
      });
    }

    const lookup = /^\/ws\/2\/release\/([0-9a-f-]{36})\/?$/.exec(path);
    if (lookup) {
      if (answeredBeforeLookup()) return;
      const release = state.releases.find((r) => r.id === lookup[1]);
      if (!release) return json(res, 404, { error: 'Not Found' });
      return json(res, 200, lookupResult(release, (url.searchParams.get('inc') ?? '').split(/[+ ]/)));
    }

    const caa = /^\/release\/([0-9a-f-]{36})(?:\/(front|back)(?:-(250|500|1200))?)?\/?$/.exec(path);
    if (caa) {
      const release = state.releases.find((r) => r.id === caa[1]);
      if (!caa[2]) {
        if (state.listingStatus) return json(res, state.listingStatus, { error: 'unavailable' });
        if (!release || release.art === 'none') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return res.end('Not Found');
        }
        return json(res, 200, listing(base, release));
      }
      const wanted = caa[2] === 'front' ? 'front' : 'back-only';
      if (!release || release.art !== wanted) {
        res.writeHead(404, { 'content-type': 'text/plain' });
        return res.end('Not Found');
      }
      const size = caa[3] ? `_thumb${caa[3]}` : '';
      res.writeHead(307, {
        location: `${base}/images/mbid-${release.id}-${Number.parseInt(release.id.slice(0, 8), 16)}${size}.jpg`,
      });
      return res.end();
    }

    const image = /^\/images\/mbid-([0-9a-f-]{36})-\d+(?:_thumb(\d+))?\.jpg$/.exec(path);
    if (image) {
      const body = await coverJpeg(image[1]!, Math.min(Number(image[2] ?? 600), 600));
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length });
      return res.end(body);
    }

    // An ordinary web host, for the image proxy and import tests.
    if (path.startsWith('/web/')) {
      const what = path.slice('/web/'.length);
      const known = await webImage(what);
      if (known) {
        res.writeHead(200, { 'content-type': known.type, 'content-length': known.body.length });
        return res.end(known.body);
      }
      if (what === 'page.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<!doctype html><title>x</title><script>alert(1)</script>');
      }
      if (what === 'fake.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end('this is plain text pretending to be a PNG');
      }
      if (what === 'redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        return res.end();
      }
      if (what === 'huge') {
        // 6 MB that starts like a JPEG, streamed without a length: the fetcher must stop reading.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
        const chunk = Buffer.alloc(64 * 1024);
        for (let sent = 0; sent < 6 * 1024 * 1024 && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk)) {
            await new Promise<void>((resolve) => {
              const done = () => {
                res.off('drain', done).off('close', done);
                resolve();
              };
              res.on('drain', done).on('close', done);
            });
          }
        }
        return res.end();
      }
      if (what === 'slow') {
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        res.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
        return; // never ends: the fetcher's time limit must
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not Found');
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host}:${port}`;

  return {
    url: base,
    port,
    get releases() {
      return state.releases;
    },
    set releases(value: FakeRelease[]) {
      state.releases = value;
    },
    get requests() {
      return state.requests;
    },
    searchRequests: () => state.requests.filter((r) => r.path === '/ws/2/release/' || r.path === '/ws/2/release'),
    lookupRequests: () => state.requests.filter((r) => /^\/ws\/2\/release\/[0-9a-f-]{36}/.test(r.path)),
    answerReleasesWith(body, contentType = 'application/json') {
      state.releasesBody = body === null ? null : { body, type: contentType };
    },
    rateLimitNextSearches(count, retryAfterSeconds = 1) {
      state.rateLimited = count;
      state.retryAfter = retryAfterSeconds;
    },
    failSearchesWith(status) {
      state.searchStatus = status;
    },
    failListingsWith(status) {
      state.listingStatus = status;
    },
    reset() {
      state.requests.length = 0;
      state.rateLimited = 0;
      state.searchStatus = null;
      state.listingStatus = null;
      state.releasesBody = null;
      state.releases = [...(options.releases ?? DEFAULT_FAKE_RELEASES)];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
