import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import nodemailer from 'nodemailer';
import sharp from 'sharp';
import type { AppContext } from '../../../context.js';
import { migrations } from '../../../db/migrations/index.js';
import { processImage } from '../../cover-art/image-processing.js';
import { paymentProviders } from '../../subscription/payment-providers.js';
import { stripeClient } from '../../subscription/stripe-provider.js';
import { assert, CheckFailed, listSome, type TestSuite } from './test-suite.js';

const TESTS = {
  config: 'Configuration is sane',
  database: 'Database reachable and migrations current',
  mail: 'Mail path ready',
  payments: 'Payment provider reachable',
  covers: 'Cover storage readable and writable',
} as const;

/** Passwords an operator might leave from an example or a tutorial: never acceptable in production. */
const WELL_KNOWN_PASSWORDS = new Set([
  'admin',
  'admin123',
  'adminadmin',
  'administrator',
  'changeme',
  'change-me',
  'password',
  'password1',
  'password123',
  'secret',
  'spindle',
  '12345678',
  '123456789',
  'qwertyui',
]);

/** The problems with the running configuration, as short sentences (empty when sane). */
export function configurationProblems(config: AppContext['config']): string[] {
  const problems: string[] = [];
  const production = config.env === 'production';
  let publicUrl: URL | undefined;
  try {
    publicUrl = new URL(config.publicUrl);
  } catch {
    problems.push('PUBLIC_URL does not parse as a URL');
  }
  if (publicUrl && !['http:', 'https:'].includes(publicUrl.protocol)) problems.push('PUBLIC_URL is not an http(s) address');
  if (publicUrl && (publicUrl.search || publicUrl.hash)) problems.push('PUBLIC_URL carries a query or fragment');
  if (production && config.publicUrlIsDefault) problems.push('PUBLIC_URL is not set: links in mail point at localhost');
  if (config.admin) {
    const password = config.admin.password.toLowerCase();
    if (production && (WELL_KNOWN_PASSWORDS.has(password) || password === config.admin.email.toLowerCase())) {
      problems.push('ADMIN_PASSWORD is a well-known default');
    }
  }
  const stripe = config.stripe;
  if (stripe?.test && !/^(sk|rk)_test_/.test(stripe.test.secretKey))
    problems.push('the Stripe test key is not a test key (sk_test_…)');
  if (stripe?.live && !/^(sk|rk)_live_/.test(stripe.live.secretKey))
    problems.push('the Stripe live key is not a live key (sk_live_…)');
  if (production && stripe) {
    for (const [mode, keys] of Object.entries({ test: stripe.test, live: stripe.live })) {
      if (keys && !keys.webhookSecret) problems.push(`Stripe ${mode} mode has no webhook secret: its events cannot be verified`);
    }
  }
  if (config.mail.smtpUrl) {
    const smtp = new URL(config.mail.smtpUrl);
    if (!['smtp:', 'smtps:'].includes(smtp.protocol)) problems.push('SMTP_URL is not smtp:// or smtps://');
  }
  return problems;
}

/** The core suite (docs/product/admin.md#testing): the running system's configuration and every service it depends on. */
export const coreSuite: TestSuite = {
  id: 'core',
  name: 'Core Application',
  description: 'Configuration, database, mail, payments and cover storage of the running server',
  icon: 'server',
  tests: Object.values(TESTS),
  async run({ ctx, adminUserId }, check) {
    await check(TESTS.config, async () => {
      const problems = configurationProblems(ctx.config);
      assert(problems.length === 0, problems.join('; '));
    });

    await check(TESTS.database, async () => {
      await sql`select 1`.execute(ctx.db);
      const known = await new Migrator({
        db: ctx.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
      }).getMigrations();
      const pending = known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
      assert(pending.length === 0, `migrations not applied: ${listSome(pending)}`);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(ctx.db);
      const unknown = applied.rows.map((row) => row.name).filter((name) => !(name in migrations));
      assert(
        unknown.length === 0,
        `the database has migrations this version does not know (a newer release ran here): ${listSome(unknown)}`,
      );
    });

    await check(TESTS.mail, async () => {
      if (ctx.config.mail.smtpUrl) {
        const transport = nodemailer.createTransport({
          url: ctx.config.mail.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 10_000,
        });
        try {
          await transport.verify();
        } catch (error) {
          throw new CheckFailed(
            `the SMTP server did not accept a connection: ${error instanceof Error ? error.message : String(error)}`,
          );
        } finally {
          transport.close();
        }
      } else {
        await probeWritable(path.join(ctx.config.dataDir, 'outbox'), 'the mail outbox directory');
      }
    });

    await check(TESTS.payments, async () => {
      const providers = paymentProviders(ctx);
      const stripe = ctx.config.stripe;
      if (!stripe) {
        // The demo provider keeps its sessions and subscriptions in these two tables.
        await ctx.db
          .selectFrom('checkout_sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        await ctx.db
          .selectFrom('demo_subscriptions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        return;
      }
      const mode = await providers.mode();
      const keys = stripe[mode];
      assert(keys, `payments are in ${mode} mode but no ${mode} keys are configured`);
      try {
        await stripeClient(keys.secretKey, stripe.apiUrl).prices.list({ limit: 1 });
      } catch (error) {
        throw new CheckFailed(`Stripe (${mode} mode) did not answer: ${error instanceof Error ? error.message : String(error)}`);
      }
    });

    await check(TESTS.covers, async () => {
      // Covers live in the images table: one is encoded, stored and read back, then rolled back.
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#b45309' } })
        .png()
        .toBuffer();
      const image = await processImage(png);
      const name = `selftest-${randomUUID()}.${image.extension}`;
      const rollback = new Error('roll back the probe image');
      await ctx.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('images')
            .values({
              name,
              user_id: adminUserId,
              content_type: image.contentType,
              data: image.data,
              thumb_data: image.thumb,
              width: image.width,
              height: image.height,
              sha256: image.sha256,
              source_url: null,
              created_at: new Date().toISOString(),
            })
            .execute();
          const stored = await trx.selectFrom('images').select(['data']).where('name', '=', name).executeTakeFirst();
          assert(stored && Buffer.from(stored.data).equals(image.data), 'a stored cover did not read back as written');
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      // Kept CSV exports sit beside it on disk.
      await probeWritable(path.join(ctx.config.dataDir, 'exports'), 'the export directory');
    });
  },
};

/** Writes, reads back and removes a small file in `dir`. */
async function probeWritable(dir: string, what: string): Promise<void> {
  const file = path.join(dir, `.selftest-${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(file, 'spindle self-test');
    assert((await readFile(file, 'utf8')) === 'spindle self-test', `${what} did not read back what was written`);
  } catch (error) {
    if (error instanceof CheckFailed) throw error;
    throw new CheckFailed(`${what} (${dir}) is not writable: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await unlink(file).catch(() => undefined);
  }
}
