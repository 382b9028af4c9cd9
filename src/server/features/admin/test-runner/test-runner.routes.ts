import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formatTestLine,
  runTestsRequestSchema,
  TEST_RUN_BUSY_MESSAGE,
  TEST_SUITE_IDS,
  testSuiteListSchema,
} from '../../../../common/admin-testing.schemas.js';
import { conflict } from '../../../errors.js';
import { currentUser } from '../../../plugins/guards.js';
import { acquireTestRunLease } from './run-lease.js';
import { runSuite } from './suite-runner.js';
import { describeSuite, TEST_SUITES } from './test-suites.js';
import { errorSchema } from '../../../http/error-schema.js';

/**
 * The built-in test runner (docs/product/admin.md#testing). GET /test-suites lists each suite's tests (the cards show
 * them before a run); POST /run-tests {suiteId} streams text/plain, one line per test as it ends.
 * One run at a time across instances (a lease row in `settings`): 409 otherwise. Registered inside the
 * guarded admin scope (admin.routes.ts).
 */
export const testRunnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const running = new Set<Promise<void>>();
  // A run outlives a client that goes away (its cleanup must finish); the app waits for it on close.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.get('/test-suites', { schema: { response: { 200: testSuiteListSchema } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { suites: TEST_SUITE_IDS.map((id) => describeSuite(TEST_SUITES[id])) };
  });

  app.post(
    '/run-tests',
    {
      schema: {
        body: runTestsRequestSchema,
        response: {
          200: z.string().describe('text/plain; charset=utf-8, one line per test'),
          400: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const suite = TEST_SUITES[request.body.suiteId];
      const adminUserId = currentUser(request).id;
      const lease = await acquireTestRunLease(app.ctx.db);
      if (!lease) throw conflict(TEST_RUN_BUSY_MESSAGE);

      const stream = new PassThrough();
      // A client that goes away destroys the stream; the run goes on to its cleanup regardless.
      stream.on('error', (error) => request.log.debug({ err: error }, 'test run output closed early'));
      const run = (async () => {
        try {
          const results = await runSuite(suite, { app, ctx: app.ctx, adminUserId }, (result) => {
            if (!stream.destroyed) stream.write(`${formatTestLine(result)}\n`);
          });
          const failed = results.filter((result) => !result.passed).map((result) => result.name);
          request.log.info({ suite: suite.id, passed: results.length - failed.length, failed }, 'built-in test run ended');
        } finally {
          await lease.release().catch((error: unknown) => app.log.error({ err: error }, 'could not release the test run lease'));
          if (!stream.destroyed) stream.end();
        }
      })();
      running.add(run);
      void run.finally(() => running.delete(run));
      request.log.info({ suite: suite.id }, 'built-in test run started');
      return (
        reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          // A reverse proxy passes each line on as it comes instead of holding the answer back.
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
  );
};
