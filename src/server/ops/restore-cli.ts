import { loadConfig, loadDotEnv } from '../config.js';
import { BackupError, restore } from './backup.js';

/** `npm run restore -- FILE [--force]`: restores a backup into DATA_DIR or DATABASE_URL (stop the app first). */
loadDotEnv();
const args = process.argv.slice(2);
const force = args.includes('--force');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run restore -- FILE [--force]');
  process.exit(2);
}
try {
  const config = loadConfig();
  await restore(config, file, { force });
  console.log(`Restored ${file} into ${config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : config.dataDir}`);
} catch (error) {
  console.error(error instanceof BackupError ? `Restore failed: ${error.message}` : error);
  process.exit(1);
}
