import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { deleteUserAndData } from '../users/user-deletion.js';
import { assert, CheckFailed, type TestSuite } from './test-suite.js';

const TESTS = {
  register: 'Register a throwaway user',
  login: 'Log in',
  collection: 'Create a collection',
  album: 'Add an album',
  share: 'Share the collection',
  unshare: 'Unshare the collection',
  export: 'Export the albums',
  delete: 'Delete the throwaway user and its data',
} as const;

/**
 * The throwaway account's address: a random name under a reserved domain (RFC 2606 `.invalid`), so it
 * never collides with a real account and no mail to it can be delivered.
 */
export const SELF_TEST_DOMAIN = 'selftest.spindle.invalid';

/**
 * The client address of the throwaway user's requests: TEST-NET-1 (RFC 5737), which no real client
 * has, so the per-address limits (login, registration) of real users and of the self-test never meet.
 */
export const SELF_TEST_ADDRESS = '192.0.2.1';

/** Requests through the app's real routes (app.inject), keeping the session cookie like a browser. */
class Browser {
  private cookie = '';
  constructor(private readonly app: FastifyInstance) {}

  async send(options: InjectOptions): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      ...options,
      remoteAddress: SELF_TEST_ADDRESS,
      headers: { ...options.headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const [name, value = ''] = pair.split('=');
      if (name === 'spindle_session') this.cookie = value && !/max-age=0|expires=thu, 01 jan 1970/i.test(line) ? pair : '';
    }
    return response;
  }
}

/** Fails with the route's own answer when the status is not the expected one. */
function expectStatus(response: LightMyRequestResponse, status: number, what: string): void {
  if (response.statusCode === status) return;
  let message = response.body.slice(0, 200);
  try {
    message = (response.json<{ message?: string }>().message ?? message).slice(0, 200);
  } catch {
    // not JSON: the body's start is the reason
  }
  throw new CheckFailed(`${what} answered ${response.statusCode} instead of ${status}: ${message}`);
}

/**
 * The workflows suite (docs/product/admin.md#testing): a throwaway user goes through the main journey on the
 * real HTTP routes, and is deleted with everything it made whatever happened (try/finally). Its events are
 * quieted (no alert, no mail to administrators about it) and its login attempts are given back, so it trips
 * nothing meant for real users.
 */
export const workflowsSuite: TestSuite = {
  id: 'workflows',
  name: 'User Workflows',
  description: 'A throwaway user registers, logs in, collects, shares, exports and is deleted',
  icon: 'users',
  tests: Object.values(TESTS),
  async run({ app, ctx }, check) {
    const username = `selftest-${randomUUID()}@${SELF_TEST_DOMAIN}`;
    const password = randomBytes(18).toString('base64url');
    const unquiet = ctx.events.quiet(username);
    const browser = new Browser(app);
    let ok = true;
    /** Runs a step only while every step before it passed; otherwise reports it as skipped. */
    const step = async (name: string, run: () => Promise<void>) => {
      ok = ok
        ? await check(name, run)
        : await check(name, () => Promise.reject(new CheckFailed('skipped: an earlier step failed')));
    };
    let collectionId = 0;
    let shareToken = '';
    const album = { title: 'Self-Test Pressing', artist: 'The Built-in Suite' };
    try {
      await step(TESTS.register, async () => {
        const response = await browser.send({
          method: 'POST',
          url: '/api/register',
          payload: { username, password, firstName: 'Spindle', lastName: 'Self-test' },
        });
        expectStatus(response, 201, 'POST /api/register');
        assert(
          response.json<{ username?: string }>().username === username,
          'the new account did not come back with its username',
        );
      });
      await step(TESTS.login, async () => {
        expectStatus(await browser.send({ method: 'POST', url: '/api/logout' }), 200, 'POST /api/logout');
        expectStatus(await browser.send({ method: 'GET', url: '/api/user' }), 401, 'GET /api/user after logging out');
        expectStatus(
          await browser.send({ method: 'POST', url: '/api/login', payload: { username, password } }),
          200,
          'POST /api/login',
        );
        const user = await browser.send({ method: 'GET', url: '/api/user' });
        expectStatus(user, 200, 'GET /api/user');
        assert(user.json<{ username?: string }>().username === username, 'GET /api/user named someone else');
      });
      await step(TESTS.collection, async () => {
        const response = await browser.send({ method: 'POST', url: '/api/collections', payload: { name: 'Self-test shelf' } });
        expectStatus(response, 201, 'POST /api/collections');
        collectionId = response.json<{ id: number }>().id;
      });
      await step(TESTS.album, async () => {
        const response = await browser.send({
          method: 'POST',
          url: '/api/albums',
          payload: { collection: 'Self-test shelf', ...album },
        });
        expectStatus(response, 201, 'POST /api/albums');
        const read = await browser.send({ method: 'GET', url: `/api/albums/${response.json<{ id: number }>().id}` });
        expectStatus(read, 200, 'GET /api/albums/{id}');
        assert(read.json<{ title?: string }>().title === album.title, 'the album read back with another title');
      });
      await step(TESTS.share, async () => {
        const response = await browser.send({ method: 'POST', url: `/api/collections/${collectionId}/share` });
        expectStatus(response, 200, 'POST /api/collections/{id}/share');
        shareToken = response.json<{ shareToken: string }>().shareToken;
        const shared = await app.inject({
          remoteAddress: SELF_TEST_ADDRESS,
          method: 'GET',
          url: `/api/shared/${encodeURIComponent(shareToken)}/albums`,
        });
        expectStatus(shared, 200, 'GET /api/shared/{token}/albums (signed out)');
        assert(shared.body.includes(album.title), 'the shared link did not show the album');
      });
      await step(TESTS.unshare, async () => {
        expectStatus(
          await browser.send({ method: 'DELETE', url: `/api/collections/${collectionId}/share` }),
          200,
          'DELETE /api/collections/{id}/share',
        );
        expectStatus(
          await app.inject({
            remoteAddress: SELF_TEST_ADDRESS,
            method: 'GET',
            url: `/api/shared/${encodeURIComponent(shareToken)}`,
          }),
          404,
          'the unshared link',
        );
      });
      await step(TESTS.export, async () => {
        const response = await browser.send({ method: 'GET', url: '/api/export/albums' });
        expectStatus(response, 200, 'GET /api/export/albums');
        assert(
          String(response.headers['content-type']).startsWith('text/csv'),
          `the export came as ${String(response.headers['content-type'])}`,
        );
        assert(response.body.includes(album.title) && response.body.includes(album.artist), 'the export did not hold the album');
      });
    } finally {
      // Always, even after a failed step: found by its unique name, so a half-made account goes too.
      await check(TESTS.delete, async () => {
        try {
          const user = await ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
          if (!user) {
            assert(!ok, 'the throwaway user was not found to delete');
            return;
          }
          await deleteUserAndData(ctx.db, user.id, { exportsDir: path.join(ctx.config.dataDir, 'exports') });
          const left = await ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst();
          assert(!left, 'the throwaway user is still there');
          if (ok) expectStatus(await browser.send({ method: 'GET', url: '/api/user' }), 401, 'GET /api/user after the deletion');
        } finally {
          unquiet();
        }
      });
    }
  },
};
