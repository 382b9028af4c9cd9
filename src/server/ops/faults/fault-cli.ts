import { loadDotEnv } from '../../config.js';
import { diskFull } from './disk-full.js';
import { kill9DuringImport } from './kill9.js';
import { pgOutage } from './pg-outage.js';
import { sigtermUnderLoad } from './sigterm.js';

/**
 * `npm run fault:<name>`: runs one fault scenario against the built server (as its own process) and
 * prints what it measured as JSON. Exit 1 when the app did not behave as docs/operations.md#faults-what-happens-measured
 * says it does.
 */
loadDotEnv();
const name = process.argv[2];
const scenarios: Record<string, () => Promise<{ report: object; ok: boolean }>> = {
  kill9: async () => {
    const report = await kill9DuringImport();
    return { report, ok: report.lostAfterRestart === 0 && report.integrity === 'ok' && report.completedAfterRestart };
  },
  'disk-full': async () => {
    const report = await diskFull();
    const ok =
      report.whenFull.status === 507 &&
      report.serverAliveWhileFull &&
      report.afterSpaceReturns === 201 &&
      report.acknowledgedLost === 0 &&
      report.integrity === 'ok';
    return { report, ok };
  },
  sigterm: async () => {
    const report = await sigtermUnderLoad();
    return { report, ok: report.exitCode === 0 && report.inFlightFinished === report.inFlightAtSigterm };
  },
  'pg-outage': async () => {
    // The shared server is never stopped: a proxy in front of it is cut (see pg-outage.ts).
    const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!baseUrl) throw new Error('pg-outage needs TEST_DATABASE_URL (or DATABASE_URL) naming a PostgreSQL server');
    const report = await pgOutage(baseUrl);
    const down = [report.stopped, report.unreachable];
    const ok =
      report.exitCode === 0 && report.recoveryMs >= 0 && down.every((phase) => !phase.statuses['500'] && !phase.statuses.none);
    return { report, ok };
  },
};

const scenario = name ? scenarios[name] : undefined;
if (!scenario) {
  console.error(`usage: npm run fault:<${Object.keys(scenarios).join('|')}>`);
  process.exit(2);
}
const { report, ok } = await scenario();
console.log(JSON.stringify(report, null, 2));
console.log(ok ? `fault ${name}: behaved as expected` : `fault ${name}: FAILED`);
process.exit(ok ? 0 : 1);
