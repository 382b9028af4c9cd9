import { loadConfig, loadDotEnv } from '../config.js';
import { backup, BackupError } from './backup.js';

/** `npm run backup [-- --dir DIR]`: a timestamped backup of the configured database (default dir ./backups). */
loadDotEnv();
const args = process.argv.slice(2);
const dirIndex = args.indexOf('--dir');
const dir = dirIndex >= 0 ? args[dirIndex + 1] : './backups';
if (!dir) {
  console.error('usage: npm run backup -- [--dir DIR]');
  process.exit(2);
}
try {
  const file = await backup(loadConfig(), dir);
  console.log(`Backup written: ${file}`);
} catch (error) {
  console.error(error instanceof BackupError ? `Backup failed: ${error.message}` : error);
  process.exit(1);
}
