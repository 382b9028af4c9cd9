import Fastify from 'fastify';
import { isResponseSerializationError, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { userSchema } from '../../common/auth.schemas.js';
import { compilePlainSerializer, responseSerializerCompiler } from './response-serializer.js';

const zodWrites = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data));

const user = {
  id: 7,
  username: 'sam@example.com',
  email: 'sam@example.com',
  createdAt: '2026-11-24T19:00:00.000Z',
  isAdmin: false,
  accountStatus: 'active',
  subscriptionStatus: 'trialing',
  firstName: 'Sam',
  lastName: null,
  trialEndDate: '2026-12-24T19:00:00.000Z',
  stripeCustomerId: null,
  trialExpired: false,
  hasHadPaidSubscription: false,
  loanReminders: { days: 30, today: '2026-11-24' },
};

const HOSTILE_STRINGS = [
  '"quoted" and \\backslashed\\',
  '</script><script>alert(1)</script>',
  'line\nbreak\ttab\r\u0000nul\u001fend',
  'separators \u2028 and \u2029',
  'lone surrogates \ud800 and \udfff',
  'Motörhead — Ace of Spades 🂡',
  'x'.repeat(5_000),
];

describe('the compiled response serializer', () => {
  it('writes the user of GET /api/user byte for byte as zod did, dropping keys outside the schema', () => {
    const write = compilePlainSerializer(userSchema)!;
    expect(write).toBeTypeOf('function');
    const withSecrets = { ...user, passwordHash: 'scrypt$secret', password_hash: 'secret', sessions: ['a'] };
    expect(write(withSecrets)).toBe(zodWrites(userSchema, withSecrets));
    expect(write(withSecrets)).not.toContain('secret');
  });

  it('escapes hostile text exactly as JSON.stringify does', () => {
    const schema = z.object({ title: z.string(), note: z.string().nullable(), tags: z.array(z.string()) });
    const write = compilePlainSerializer(schema)!;
    for (const text of HOSTILE_STRINGS) {
      const data = { title: text, note: text, tags: [text, text] };
      expect(write(data)).toBe(zodWrites(schema, data));
      expect(JSON.parse(write(data))).toEqual(JSON.parse(zodWrites(schema, data)));
    }
  });

  it('writes numbers, nulls, enums, constants, optional keys and nested arrays as zod did', () => {
    const schema = z.object({
      ok: z.literal(true),
      count: z.number().int(),
      price: z.number().nullable(),
      status: z.enum(['active', 'paused']),
      items: z.array(z.object({ id: z.number().int(), name: z.string() })),
      note: z.string().optional(),
    });
    const write = compilePlainSerializer(schema)!;
    for (const data of [
      { ok: true, count: -9_007_199_254_740_991, price: 12.5, status: 'paused', items: [], note: 'n' },
      { ok: true, count: 0, price: null, status: 'active', items: [{ id: 1, name: 'a', extra: 'dropped' }] },
      { ok: true, count: 2_147_483_647, price: 0.1 + 0.2, status: 'active', items: [{ id: 2, name: '' }], note: undefined },
    ]) {
      expect(write(data)).toBe(zodWrites(schema, data));
    }
  });

  it('leaves to zod what it cannot write exactly: unions, dates, transforms, records, defaults, optional keys before required ones', () => {
    expect(compilePlainSerializer(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]))).toBeUndefined();
    expect(compilePlainSerializer(z.object({ when: z.date() }))).toBeUndefined();
    expect(compilePlainSerializer(z.object({ n: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(compilePlainSerializer(z.record(z.enum(['a', 'b']), z.number()))).toBeUndefined();
    expect(compilePlainSerializer(z.object({ n: z.number().default(3) }))).toBeUndefined();
    expect(compilePlainSerializer(z.object({ a: z.string().optional(), b: z.string() }))).toBeUndefined();
    expect(compilePlainSerializer(z.object({ loan: z.object({ to: z.string() }).nullable() }))).toBeUndefined();
  });
});

describe('responseSerializerCompiler in an app', () => {
  async function appAnswering(crossCheck: boolean, body: unknown) {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ crossCheck }));
    app.setErrorHandler((error, _request, reply) =>
      reply.status(500).send({ serializationError: isResponseSerializationError(error) }),
    );
    app.get('/user', { schema: { response: { 200: userSchema } } }, async () => body as never);
    await app.ready();
    return app;
  }

  it("in production answers only the schema's keys, through the compiled writer", async () => {
    const app = await appAnswering(false, { ...user, passwordHash: 'scrypt$secret' });
    const res = await app.inject('/user');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(zodWrites(userSchema, user));
    await app.close();
  });

  it('in production still refuses an answer missing a required key (500, nothing partial sent)', async () => {
    const { email: _missing, ...incomplete } = user;
    const app = await appAnswering(false, incomplete);
    const res = await app.inject('/user');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('sam@example.com');
    await app.close();
  });

  it("in the test suites checks every answer with zod as well: one that breaks its schema fails with zod's error", async () => {
    const app = await appAnswering(true, { ...user, id: 'seven' });
    const res = await app.inject('/user');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ serializationError: true });
    await app.close();
  });
});
