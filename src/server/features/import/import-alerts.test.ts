import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertConfig, AlertHistoryItem, AlertType } from '../../../common/admin-alerts.schemas.js';
import { Client, createTestApp, signUp, type TestApp } from '../../test/harness.js';
import { settleAlerts } from '../admin/alerts/alerts.service.js';
import { ALBUM_CREATIONS_PER_MINUTE } from '../albums/creation-limit.js';

const ADMIN = { username: 'admin@example.com', password: 'admin-password' };
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { mailWorker: false });
  admin = new Client(t.app);
  expect((await admin.post('/api/login', ADMIN)).statusCode).toBe(200);
});
afterAll(() => t.close());

async function setThreshold(type: AlertType, threshold: number) {
  const configs = (await admin.get('/api/admin/alerts/config')).json<AlertConfig[]>();
  const { id } = configs.find((c) => c.type === type)!;
  expect((await admin.put(`/api/admin/alerts/config/${id}`, { threshold, enabled: true })).statusCode).toBe(200);
}
async function alertsOf(type: AlertType): Promise<AlertHistoryItem[]> {
  await settleAlerts(t.app.ctx);
  return (await admin.get('/api/admin/alerts/history')).json<{ alerts: AlertHistoryItem[] }>().alerts.filter((a) => a.type === type);
}

function importCsv(client: Client, csv: string) {
  const boundary = 'b0undary';
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="d.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return client.request({ method: 'POST', url: '/api/import/albums', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
}
const HEADER = 'Catalog#,Artist,Title,Label,Format,Rating,Released,release_id,CollectionFolder,Date Added,Collection Media Condition,Collection Sleeve Condition,Collection Notes';
const rows = (count: number, folder: (i: number) => string = () => 'Shelf') =>
  [HEADER, ...Array.from({ length: count }, (_, i) => `C,Artist,Title ${i},L,LP,,1990,${i},${folder(i)},,,,`)].join('\r\n');

describe('import and the admin alerts, as creating albums one by one', () => {
  it('an import that crosses the album and collection thresholds fires each alert once, with the count', async () => {
    await setThreshold('album_count', 5);
    await setThreshold('collection_count', 2);
    const { client, user } = await signUp(t.app);
    expect((await importCsv(client, rows(8, (i) => (i % 2 ? 'Odd' : 'Even')))).statusCode).toBe(200);
    expect(await alertsOf('album_count')).toEqual([expect.objectContaining({ username: user.username, details: { count: 8 } })]);
    expect(await alertsOf('collection_count')).toEqual([expect.objectContaining({ username: user.username, details: { count: 2 } })]);
    // Above the thresholds already: a further import fires nothing.
    expect((await importCsv(client, rows(3, () => 'Third'))).statusCode).toBe(200);
    expect(await alertsOf('album_count')).toHaveLength(1);
    expect(await alertsOf('collection_count')).toHaveLength(1);
  });

  it(`counts as one album creation of the ${ALBUM_CREATIONS_PER_MINUTE} a minute, whatever it adds`, async () => {
    const { client } = await signUp(t.app);
    for (let i = 0; i < 3; i++) expect((await importCsv(client, rows(ALBUM_CREATIONS_PER_MINUTE, () => `Shelf ${i}`))).statusCode).toBe(200);
    expect((await client.get('/api/albums')).json()).toHaveLength(3 * ALBUM_CREATIONS_PER_MINUTE);
  });
});
