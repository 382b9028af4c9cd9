import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Client } from '../../test/harness.js';

export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----spindle${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/cover-art/upload with one file (named and typed as given) and optional fields. */
export function upload(
  client: Client,
  file: Buffer,
  options: { filename?: string; contentType?: string; fields?: Record<string, string> } = {},
) {
  const parts: Part[] = Object.entries(options.fields ?? {}).map(([name, value]) => ({ name, value }));
  parts.push({ name: 'file', value: file, filename: options.filename ?? 'cover.jpg', contentType: options.contentType ?? 'image/jpeg' });
  const body = multipart(parts);
  return client.request({ method: 'POST', url: '/api/cover-art/upload', payload: body.payload, headers: body.headers });
}

export function imageCount(app: FastifyInstance, userId?: number): Promise<number> {
  let query = app.ctx.db.selectFrom('images').select((eb) => eb.fn.countAll<number>().as('n'));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.executeTakeFirstOrThrow().then((row) => Number(row.n));
}
