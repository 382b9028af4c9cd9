import { z } from 'zod';
import { LOAN_REMINDER_MAX_DAYS, LOAN_REMINDER_MESSAGES, LOAN_REMINDER_MIN_DAYS, type LoanReminders } from './loans.js';

/*
 * The loan reminders' schemas, apart from loans.ts: the collection home counts overdue loans with
 * loans.ts as it starts, and a schema there brought zod's code into the home's first evaluation.
 */

/** The user's setting as the API shows it with the user: the days, and the day the server counts from. */
export const loanRemindersSchema: z.ZodType<LoanReminders> = z.object({
  days: z.number().int(),
  /** YYYY-MM-DD: the server's UTC date when the user was read. */
  today: z.string(),
});

/**
 * PUT /api/user/loan-reminders `{days}`: a whole number of days, sent as a number or as the text of a
 * form field ("45"). "12,50", "1e3", negative, zero, huge, fractional → a clear message, nothing changed.
 */
export const loanRemindersUpdateSchema = z.object({
  days: z.union([z.number(), z.string()], { error: LOAN_REMINDER_MESSAGES.wholeNumber }).transform((value, ctx): number => {
    const text = typeof value === 'string' ? value.trim() : null;
    // Digits only (an optional minus, so "-5" gets the "at least" message): no commas, points or exponents.
    if (text !== null && !/^-?\d{1,9}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: LOAN_REMINDER_MESSAGES.wholeNumber });
      return z.NEVER;
    }
    const days = text !== null ? Number(text) : (value as number);
    if (!Number.isFinite(days) || !Number.isInteger(days)) {
      ctx.addIssue({ code: 'custom', message: LOAN_REMINDER_MESSAGES.wholeNumber });
      return z.NEVER;
    }
    if (days < LOAN_REMINDER_MIN_DAYS) {
      ctx.addIssue({ code: 'custom', message: LOAN_REMINDER_MESSAGES.tooSmall });
      return z.NEVER;
    }
    if (days > LOAN_REMINDER_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', message: LOAN_REMINDER_MESSAGES.tooLarge });
      return z.NEVER;
    }
    return days;
  }),
});
export type LoanRemindersUpdate = z.input<typeof loanRemindersUpdateSchema>;

export const overdueLoansSummarySchema = z.object({ count: z.number().int() });
export type OverdueLoansSummary = z.infer<typeof overdueLoansSummarySchema>;
