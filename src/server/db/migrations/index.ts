import type { Migration } from 'kysely';
import * as initial from './001-initial.js';
import * as dataVersion from './002-data-version.js';
import * as subscription from './003-subscription.js';
import * as mailOutbox from './004-mail-outbox.js';
import * as adminAlerts from './005-admin-alerts.js';
import * as loanReminders from './006-loan-reminders.js';
import * as paymentGuards from './007-payment-guards.js';
import * as creationBudgets from './008-creation-budgets.js';
import * as upstreamTickets from './009-upstream-tickets.js';
import * as collectorFields from './010-collector-fields.js';
import * as enrichment from './011-enrichment.js';
import * as wishlist from './012-wishlist.js';
import * as recordCheck from './013-record-check.js';

/** Every migration, in order. Add new ones here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-data-version': dataVersion,
  '003-subscription': subscription,
  '004-mail-outbox': mailOutbox,
  '005-admin-alerts': adminAlerts,
  '006-loan-reminders': loanReminders,
  '007-payment-guards': paymentGuards,
  '008-creation-budgets': creationBudgets,
  '009-upstream-tickets': upstreamTickets,
  '010-collector-fields': collectorFields,
  '011-enrichment': enrichment,
  '012-wishlist': wishlist,
  '013-record-check': recordCheck,
};
