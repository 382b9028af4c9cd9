import { expect, test } from '@playwright/test';

test('the API answers health through the e2e server', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: 'ok', database: 'sqlite' });
});
