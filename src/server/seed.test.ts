import { describe, expect, it } from 'vitest';
import { albumListSchema, albumRequestSchema } from '../common/albums.schemas.js';
import { seed, seedUsers } from './seed.js';
import { Client, createTestApp } from './test/harness.js';

describe('npm run seed', () => {
  it('creates a collector whose albums pass the album rules, and adds more when run again', async () => {
    const t = await createTestApp();
    try {
      const first = await seed(t.app.ctx.db, { albums: 1200, email: ' Demo@Spindle.test ', password: 'seed-password' });
      expect(first.created).toBe(true);
      const client = new Client(t.app);
      expect((await client.post('/api/login', { username: 'demo@spindle.test', password: 'seed-password' })).statusCode).toBe(200);

      const albums = albumListSchema.parse((await client.get('/api/albums')).json());
      expect(albums).toHaveLength(1200);
      // Every seeded album is one the API itself would accept.
      for (const album of albums) expect(albumRequestSchema.safeParse(album).success).toBe(true);
      expect(new Set(albums.map((a) => a.artist)).size).toBeGreaterThan(50);
      expect(albums.some((a) => a.isLent && a.lentTo && a.lentDate)).toBe(true);
      expect(albums.some((a) => a.price !== null && !Number.isInteger(a.price))).toBe(true);
      const collections = (await client.get('/api/collections')).json<{ name: string; albumCount: number }[]>();
      expect(collections.length).toBeGreaterThanOrEqual(5);
      expect(collections.reduce((sum, c) => sum + c.albumCount, 0)).toBe(1200);

      const again = await seed(t.app.ctx.db, { albums: 10, email: 'demo@spindle.test', password: undefined });
      expect(again).toEqual({ created: false, userId: first.userId });
      expect((await client.get('/api/albums')).json()).toHaveLength(1210);
      expect((await client.get('/api/collections')).json()).toHaveLength(collections.length);
    } finally {
      await t.close();
    }
  });

  it('--users: many collectors, each signing in with the shared password and seeing only their own albums', async () => {
    const t = await createTestApp();
    try {
      expect(await seedUsers(t.app.ctx.db, { users: 3, albums: 7, email: 'many@spindle.test', password: 'seed-password' })).toEqual({ created: 3 });
      const ids = new Set<number>();
      for (const username of ['many@spindle.test', 'many+1@spindle.test', 'many+2@spindle.test']) {
        const client = new Client(t.app);
        expect((await client.post('/api/login', { username, password: 'seed-password' })).statusCode).toBe(200);
        const albums = albumListSchema.parse((await client.get('/api/albums')).json());
        expect(albums).toHaveLength(7);
        for (const album of albums) ids.add(album.id);
      }
      expect(ids.size).toBe(21);
    } finally {
      await t.close();
    }
  });
});
