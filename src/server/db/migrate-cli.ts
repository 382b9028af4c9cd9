import { loadConfig, loadDotEnv } from '../config.js';
import { migrateToLatest, openDatabase } from './database.js';

/** `npm run db:migrate`: applies pending migrations and prints what ran. */
loadDotEnv();
const config = loadConfig();
const handle = openDatabase(config);
try {
  const result = await migrateToLatest(handle.db);
  const applied = result.results ?? [];
  console.log(applied.length ? applied.map((r) => `${r.status}: ${r.migrationName}`).join('\n') : 'Database is up to date.');
} finally {
  await handle.close();
}
