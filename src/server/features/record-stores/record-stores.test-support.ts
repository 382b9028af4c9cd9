import type { FastifyInstance } from 'fastify';
import type { RecordStore, RecordStoreRequest } from '../../../common/record-stores.schemas.js';
import { nowIso } from '../../db/database.js';
import type { Client } from '../../test/harness.js';

export const AMOEBA: RecordStoreRequest = {
  name: 'Amoeba Music',
  streetAddress: '6400 Sunset Blvd',
  city: 'Los Angeles',
  state: 'CA',
  zipCode: '90028',
  country: 'USA',
  website: 'amoeba.com',
  notes: 'Go on a weekday',
};

export const ROUGH_TRADE: RecordStoreRequest = {
  name: 'Rough Trade West',
  streetAddress: '130 Talbot Rd',
  city: 'London',
  state: 'England',
  zipCode: 'W11 1JA',
  country: 'UK',
  website: 'https://www.roughtrade.com',
};

/** Adds a store through the API and returns it (fails the test on anything but 201). */
export async function addStore(client: Client, store: RecordStoreRequest): Promise<RecordStore> {
  const response = await client.post('/api/record-stores', store);
  if (response.statusCode !== 201) throw new Error(`add failed: ${response.statusCode} ${response.body}`);
  return response.json<RecordStore>();
}

/** An older store saved with only the combined address line (no separate parts). */
export async function insertOlderStore(app: FastifyInstance, userId: number, name: string, address: string): Promise<number> {
  const row = await app.ctx.db
    .insertInto('record_stores')
    .values({ user_id: userId, name, address, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
