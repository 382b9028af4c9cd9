import { describe, expect, it } from 'vitest';
import { enrichmentStatusSchema } from '../../../common/enrichment.schemas';
import { plainEnrichmentStatus } from './status-answer';

const usual = { state: 'idle', done: 0, total: 0, matched: 0, unmatched: 0 };

describe('the progress answer checked without zod', () => {
  it.each([
    usual,
    { state: 'running', done: 12, total: 400, matched: 10, unmatched: 2 },
    { state: 'paused', done: 3, total: 9, matched: 3, unmatched: 0 },
    { ...usual, extra: 'dropped, as the schema drops it' },
    { ...usual, done: Number.MAX_SAFE_INTEGER },
  ])('accepts what the schema accepts, with the same fields: %o', (answer) => {
    expect(plainEnrichmentStatus(answer)).toEqual(enrichmentStatusSchema.parse(answer));
  });

  it.each([
    null,
    'idle',
    [usual],
    { ...usual, state: 'stopped' },
    { ...usual, state: undefined },
    { ...usual, done: '1' },
    { ...usual, total: 1.5 },
    { ...usual, matched: Number.MAX_SAFE_INTEGER + 1 },
    { ...usual, unmatched: Number.NaN },
    { state: 'idle', done: 0, total: 0, matched: 0 },
  ])('leaves to the schema what it would refuse: %o', (answer) => {
    expect(plainEnrichmentStatus(answer)).toBeUndefined();
    expect(enrichmentStatusSchema.safeParse(answer).success).toBe(false);
  });
});
