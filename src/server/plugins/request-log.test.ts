import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLogSerializer } from './log-redaction.js';
import { RequestLogController } from './request-log.js';

/** An app logging into memory, whose onResponse hook also logs pino's own line for each request. */
async function loggingApp(level: string) {
  const lines: string[] = [];
  const app = Fastify({
    // The app's own serializer (app.ts), so pino's line below is the line the app would write.
    logger: { level, serializers: { req: requestLogSerializer }, stream: { write: (line: string) => void lines.push(line) } },
    logController: new RequestLogController(),
  });
  app.get('/probe', async () => ({ ok: true }));
  app.get('/api/shared/:token/albums', async () => ({ ok: true }));
  app.get('/missing', async (_request, reply) => reply.status(404).send({ message: 'Not found' }));
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
  await app.ready();
  return { app, lines };
}

// time and responseTime differ between two lines written a moment apart; everything else must not.
const normalised = (line: string) =>
  line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[\d.e-]+/, '"responseTime":0');

describe('the request log line', () => {
  it('is the very line pino writes for the same request: same keys, order, values and escaping', async () => {
    const { app, lines } = await loggingApp('info');
    const url = '/probe?q=%22quoted%22&name=Mot%C3%B6rhead&x="raw"\\';
    for (const [path, host, accept] of [
      [url, 'spindle.example:8443', undefined],
      ['/missing', 'evil"host\\', '2.0'],
    ] as const) {
      lines.length = 0;
      const res = await app.inject({
        url: path,
        headers: { host, ...(accept ? { 'accept-version': accept } : {}) },
        remoteAddress: '203.0.113.9',
      });
      expect([200, 404]).toContain(res.statusCode);
      expect(lines).toHaveLength(2);
      const [pinoLine, ourLine] = lines as [string, string];
      expect(normalised(ourLine)).toBe(normalised(pinoLine));
      const parsed = JSON.parse(ourLine) as Record<string, unknown>;
      expect(Object.keys(parsed)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
      expect(parsed).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: {
          method: 'GET',
          url: expect.stringMatching(/^\/(probe\?q=%22quoted%22|missing)/) as unknown,
          host,
          remoteAddress: '203.0.113.9',
        },
        res: { statusCode: res.statusCode },
      });
      expect(typeof parsed.responseTime).toBe('number');
      expect(ourLine.endsWith('}\n')).toBe(true);
    }
    await app.close();
  });

  it('replaces share tokens, reset tokens and checkout secrets in the URL, in its line and in pino’s alike', async () => {
    const { app, lines } = await loggingApp('debug');
    const token = 'Zx9_sEcReT-t0ken-Value-that-opens-a-collection';
    const cases: [string, string][] = [
      [`/api/shared/${token}/albums?sort=title`, '/api/shared/[token]/albums?sort=title'],
      [`/shared/${token}`, '/shared/[token]'],
      [`/record-stores/shared/${token}`, '/record-stores/shared/[token]'],
      [`/api/record-stores/shared/${token}`, '/api/record-stores/shared/[token]'],
      [`/wishlist/shared/${token}`, '/wishlist/shared/[token]'],
      [`/api/wishlist/shared/${token}`, '/api/wishlist/shared/[token]'],
      [`/API/%53hared/${token}`, '/API/shared/[token]'],
      [`/reset-password?token=${token}&next=%2F`, '/reset-password?token=[redacted]&next=%2F'],
      [`/api/auth/verify-reset-token?%74oken=${token}`, '/api/auth/verify-reset-token?%74oken=[redacted]'],
      [`/demo-checkout/cs_demo_1/${token}`, '/demo-checkout/cs_demo_1/[secret]'],
      ['/demo-checkout/cs_demo_1/pay', '/demo-checkout/cs_demo_1/pay'],
    ];
    for (const [url, logged] of cases) {
      lines.length = 0;
      await app.inject({ url });
      // incoming request (debug), Fastify's "Route … not found" for the paths without a route,
      // pino's own completed line, then ours.
      expect(lines.length, url).toBeGreaterThanOrEqual(3);
      for (const line of lines) {
        expect(line, url).not.toContain(token);
        const { req, msg } = JSON.parse(line) as { req?: { url: string }; msg: string };
        if (req) expect(req.url, url).toBe(logged);
        else expect(msg).toContain(logged);
      }
      expect(normalised(lines.at(-1)!)).toBe(normalised(lines.at(-2)!));
    }
    await app.close();
  });

  it('writes nothing below info', async () => {
    const { app, lines } = await loggingApp('warn');
    expect((await app.inject('/probe')).statusCode).toBe(200);
    expect(lines).toEqual([]);
    await app.close();
  });
});
