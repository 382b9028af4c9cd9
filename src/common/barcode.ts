/**
 * Record barcodes (docs/product/releases.md#barcode): EAN-13 (13 digits) and UPC-A (12 digits), the
 * codes printed on LP sleeves. Shared by the form (checked as typed) and the server (checked again at
 * the route).
 */

/** The example the barcode field shows: a real EAN-13 that passes the check below, as a typed one must. */
export const BARCODE_EXAMPLE = '0602577289118';

export const BARCODE_MESSAGES = {
  required: 'Please enter the barcode printed on the sleeve.',
  shape: 'A barcode is the 12 digits of a UPC-A or the 13 digits of an EAN-13, printed under the bars.',
  checkDigit: 'This barcode’s last digit does not match the others. Please check the number for a typo.',
} as const;

/** The digits of a typed code: spaces and hyphens are how sleeves and people group them. */
export function barcodeDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

/**
 * The GS1 check digit for the digits before it: from the right, weights 3, 1, 3, 1…, and the digit
 * that rounds the sum up to a multiple of ten. The same rule serves EAN-13 and UPC-A.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type BarcodeCheck = { ok: true; barcode: string } | { ok: false; message: string };

/** Checks a typed or scanned barcode: 12 or 13 digits whose last digit is the right check digit. */
export function checkBarcode(typed: string): BarcodeCheck {
  const digits = barcodeDigits(typed);
  if (!digits) return { ok: false, message: BARCODE_MESSAGES.required };
  if (!/^\d{12,13}$/.test(digits)) return { ok: false, message: BARCODE_MESSAGES.shape };
  if (gs1CheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return { ok: false, message: BARCODE_MESSAGES.checkDigit };
  return { ok: true, barcode: digits };
}

export const ALBUM_BARCODE_MESSAGES = {
  length: 'Barcode must be 8 digits (EAN-8), 12 (UPC-A) or 13 (EAN-13)',
  checkDigit: 'Barcode check digit is wrong: the last digit does not match the others',
} as const;

/**
 * An album's stored barcode: an EAN-8, UPC-A or EAN-13 (8, 12 or 13 digits once spaces and dashes
 * are dropped) with the right GS1 check digit, which rule holds for all three.
 */
export function checkAlbumBarcode(typed: string): BarcodeCheck {
  const digits = barcodeDigits(typed);
  if (!/^(\d{8}|\d{12,13})$/.test(digits)) return { ok: false, message: ALBUM_BARCODE_MESSAGES.length };
  if (gs1CheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1))) return { ok: false, message: ALBUM_BARCODE_MESSAGES.checkDigit };
  return { ok: true, barcode: digits };
}

/**
 * The forms one code is stored under on MusicBrainz: a UPC-A is also the EAN-13 with a leading zero,
 * and editors enter either, so a lookup asks for both.
 */
export function barcodeVariants(barcode: string): string[] {
  if (barcode.length === 12) return [barcode, `0${barcode}`];
  if (barcode.length === 13 && barcode.startsWith('0')) return [barcode, barcode.slice(1)];
  return [barcode];
}
