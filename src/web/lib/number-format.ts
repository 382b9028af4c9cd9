/*
 * en-US number texts for the collection home without Intl (for Lighthouse's blocking time): the first
 * Intl.NumberFormat of a page (toLocaleString makes one too) loads ICU data for about 11 ms of main
 * thread, which fell inside the home's takeover. Integers only, which is all the home shows.
 */

/** 10000 → "10,000" (as toLocaleString('en-US') writes an integer). */
export function formatCount(count: number): string {
  const sign = count < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Cents as US dollars: 123456 → "$1,234.56", -30 → "-$0.30" (as Intl's en-US USD currency format). */
export function formatCents(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}$${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}
