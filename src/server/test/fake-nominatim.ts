import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a Nominatim server's /search (format=json/jsonv2), speaking its JSON: an array
 * of places with `lat` and `lon` as strings, best first. Used by the Vitest tests and, on E2E_PORT + 2,
 * by the Playwright journeys (e2e/support/global-setup.ts).
 */

export interface FakePlace {
  /** Matched case-insensitively as a substring of the query's `q`. */
  match: string;
  lat: number;
  lon: number;
  displayName?: string;
}

export interface NominatimRequest {
  path: string;
  query: Record<string, string>;
  userAgent: string | undefined;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeNominatim {
  url: string;
  places: FakePlace[];
  requests: NominatimRequest[];
  searches(): NominatimRequest[];
  /** Every search (null: none) answers this status. */
  failWith(status: number | null): void;
  reset(): void;
  close(): Promise<void>;
}

/** Places the journeys use. */
export const DEFAULT_FAKE_PLACES: FakePlace[] = [
  {
    match: '6400 Sunset Blvd',
    lat: 34.0977,
    lon: -118.3298,
    displayName: 'Amoeba Music, 6400, Sunset Boulevard, Hollywood, Los Angeles, California, 90028, United States',
  },
  {
    match: '130 Talbot Rd',
    lat: 51.5159,
    lon: -0.2031,
    displayName: 'Rough Trade West, 130, Talbot Road, London, W11 1JA, United Kingdom',
  },
  {
    match: '1060 W Addison',
    lat: 41.9484,
    lon: -87.6553,
    displayName: 'Wrigley Field, 1060, West Addison Street, Chicago, Illinois, 60613, United States',
  },
];

export async function startFakeNominatim(options: { port?: number; places?: FakePlace[] } = {}): Promise<FakeNominatim> {
  const state = {
    places: [...(options.places ?? DEFAULT_FAKE_PLACES)],
    requests: [] as NominatimRequest[],
    status: null as number | null,
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    state.requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: req.headers['user-agent'],
      at: Date.now(),
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/search') return send(404, { error: 'not found' });
    if (state.status) return send(state.status, { error: { code: state.status, message: 'unavailable' } });
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const found = state.places.filter((place) => q.includes(place.match.toLowerCase())).slice(0, limit);
    send(
      200,
      found.map((place, i) => ({
        place_id: 1000 + i,
        licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
        osm_type: 'node',
        osm_id: 5000 + i,
        lat: String(place.lat),
        lon: String(place.lon),
        category: 'shop',
        type: 'music',
        place_rank: 30,
        importance: 0.5,
        addresstype: 'shop',
        name: place.displayName?.split(',')[0] ?? '',
        display_name: place.displayName ?? place.match,
        boundingbox: [String(place.lat - 0.001), String(place.lat + 0.001), String(place.lon - 0.001), String(place.lon + 0.001)],
      })),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get places() {
      return state.places;
    },
    requests: state.requests,
    searches: () => state.requests.filter((r) => r.path === '/search'),
    failWith(status) {
      state.status = status;
    },
    reset() {
      state.requests.length = 0;
      state.status = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
