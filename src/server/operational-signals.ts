/**
 * In-process counters of what goes wrong underneath the requests, kept always (a few increments on
 * failure paths only): read by GET /metrics and by the operational alerts.
 */
export class OperationalSignals {
  /** Requests answered 503/507 because the database was unavailable or the disk full. */
  databaseErrors = 0;
  lastDatabaseErrorAt: Date | undefined;
  /** Requests shed by the overload guard (503 before any work). */
  overloadShed = 0;
  /** Mail sending attempts that failed (each retry counts). */
  mailSendFailures = 0;

  recordDatabaseError(): void {
    this.databaseErrors++;
    this.lastDatabaseErrorAt = new Date();
  }
}
