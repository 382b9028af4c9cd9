import type { AlbumRequest } from '../../../common/albums.schemas.js';
import type { ShareResponse } from '../../../common/sharing.schemas.js';
import type { Client } from '../../test/harness.js';

/**
 * What a shared collection must never show (docs/product/sharing.md: only title, artist and cover): the
 * tests give their albums all of it, and look for it in every public answer.
 */
export const PRIVATE_FIELDS = {
  price: 25.99,
  purchaseLocation: 'Secret Records, 1 Private Lane',
  purchaseDate: '2024-01-02',
  genre: 'Jazz',
  isLent: true,
  lentTo: 'Private Borrower',
  lentDate: '2024-03-04',
} satisfies Partial<AlbumRequest>;

/** Shares the collection through the API and returns the token. */
export async function share(client: Client, collectionId: number): Promise<string> {
  const response = await client.post(`/api/collections/${collectionId}/share`);
  if (response.statusCode !== 200) throw new Error(`share failed: ${response.statusCode} ${response.body}`);
  return response.json<ShareResponse>().shareToken;
}
