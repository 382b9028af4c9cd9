// The attempt limits that sign-in, registration and the profile forms share (plugins/attempt-limiter.ts
// counts them). Here, below the features, because auth and users both check passwords and e-mails.

export const EMAIL_TAKEN = 'An account with this email already exists';
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Answers that an e-mail already has an account (409 from registration or a profile change), per client
 * address in the window: the message stays (the form needs it), but it no longer answers without limit.
 */
const MAX_EMAIL_TAKEN_PER_ADDRESS = 10;
export const emailProbeRule = (clientIp: string) => ({ bucket: `email-taken-ip:${clientIp}`, max: MAX_EMAIL_TAKEN_PER_ADDRESS });

export const loginAccountBucket = (username: string) => `login-account:${username}`;

/**
 * The limits on guessing a password, per account and per client address. Every form that checks a
 * password (sign-in, changing it while signed in) counts in the same buckets, so one cannot be used to
 * go on guessing once the other refuses.
 */
export const passwordGuessRules = (username: string, clientIp: string) => [
  { bucket: loginAccountBucket(username), max: MAX_FAILURES_PER_ACCOUNT },
  { bucket: `login-ip:${clientIp}`, max: MAX_FAILURES_PER_ADDRESS },
];
