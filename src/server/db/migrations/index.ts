import type { Migration } from 'kysely';
import * as initial from './001-initial.js';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
};
