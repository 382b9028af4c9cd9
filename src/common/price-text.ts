/**
 * A price as a person types it, in an en-US or a de-DE habit, read without ever changing its size
 * (a bug once saved "12,50" as 1250). A comma or a point may mark the decimals; thousands
 * separators are accepted only where they cannot be decimals (both marks present, or several
 * groups). A lone comma before exactly three digits ("1,250") could be either, so it is refused
 * with a question instead of a guess; a point before three digits is too many decimals.
 */
export type PriceText = { ok: true; value: number | null } | { ok: false; message: string };

export const PRICE_MESSAGES = {
  notANumber: 'Price must be a number',
  negative: 'Price cannot be negative',
  tooManyDecimals: 'Price can have at most 2 decimals',
} as const;

const digitsOnly = (text: string) => text.replace(/[.,]/g, '');

export function parsePriceText(raw: string): PriceText {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  if (/^[-−]/.test(text)) {
    return parsePriceText(text.slice(1)).ok
      ? { ok: false, message: PRICE_MESSAGES.negative }
      : { ok: false, message: PRICE_MESSAGES.notANumber };
  }
  // 12 · 12.5 · 12,50 · .5 · 12.
  const plain = /^(\d*)[.,]?(\d{0,2})$/.exec(text);
  if (plain && /\d/.test(text)) return { ok: true, value: Number(`${plain[1] || '0'}.${plain[2] || '0'}`) };
  // 1,250: thousands (en-US) or decimals (de-DE)? Refused with both readings. A point before three
  // digits (12.345) reads as decimals, too many of them.
  const lone = /^(\d{1,3}),(\d{3})$/.exec(text);
  if (lone) {
    const asDecimals = String(Number(`${lone[1]}.${lone[2]}`));
    return { ok: false, message: `Is this ${lone[1]}${lone[2]} or ${asDecimals}? Type the price without a thousands separator` };
  }
  // 1,250.00 · 1.250,00 · 1,250,000 · 1.250.000: the grouping mark differs from the decimal one.
  const grouped = /^\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*(?:([.,])(\d{1,2}))?$/.exec(text);
  if (grouped && grouped[1] !== grouped[2]) {
    const decimals = grouped[3] ?? '';
    const whole = digitsOnly(decimals ? text.slice(0, -decimals.length - 1) : text);
    if (decimals || /([.,])\d{3}\1/.test(text)) return { ok: true, value: Number(`${whole}.${decimals || '0'}`) };
  }
  if (/^\d*[.,]\d{3,}$/.test(text)) return { ok: false, message: PRICE_MESSAGES.tooManyDecimals };
  return { ok: false, message: PRICE_MESSAGES.notANumber };
}
