import { describe, expect, it } from 'vitest';
import { BARCODE_EXAMPLE, BARCODE_MESSAGES, barcodeVariants, checkBarcode, gs1CheckDigit } from './barcode';

describe('barcode check digit (EAN-13 and UPC-A)', () => {
  it('accepts real sleeve barcodes: EAN-13 and UPC-A', () => {
    expect(checkBarcode('4006381333931')).toEqual({ ok: true, barcode: '4006381333931' });
    expect(checkBarcode('5099902987521')).toEqual({ ok: true, barcode: '5099902987521' });
    expect(checkBarcode('5099902987522')).toEqual({ ok: false, message: BARCODE_MESSAGES.checkDigit });
    expect(checkBarcode('036000291452')).toEqual({ ok: true, barcode: '036000291452' });
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });

  it('the example the field shows passes the check the field applies', () => {
    expect(checkBarcode(BARCODE_EXAMPLE)).toEqual({ ok: true, barcode: BARCODE_EXAMPLE });
  });

  it('reads spaces and hyphens as grouping', () => {
    expect(checkBarcode(' 0 36000-29145 2 ')).toEqual({ ok: true, barcode: '036000291452' });
  });

  it('refuses every wrong last digit with the check-digit message', () => {
    for (let d = 0; d <= 9; d++) {
      if (d === 1) continue;
      expect(checkBarcode(`400638133393${d}`)).toEqual({ ok: false, message: BARCODE_MESSAGES.checkDigit });
    }
  });

  it('refuses what is not 12 or 13 digits, and asks for an empty one', () => {
    expect(checkBarcode('')).toEqual({ ok: false, message: BARCODE_MESSAGES.required });
    expect(checkBarcode('   ')).toEqual({ ok: false, message: BARCODE_MESSAGES.required });
    for (const typed of ['12345670', '40063813339311', '4OO6381333931', '036000,291452', '٠٣٦٠٠٠٢٩١٤٥٢']) {
      expect(checkBarcode(typed)).toEqual({ ok: false, message: BARCODE_MESSAGES.shape });
    }
  });

  it('asks MusicBrainz for a UPC-A in both its 12- and 13-digit forms', () => {
    expect(barcodeVariants('036000291452')).toEqual(['036000291452', '0036000291452']);
    expect(barcodeVariants('0036000291452')).toEqual(['0036000291452', '036000291452']);
    expect(barcodeVariants('4006381333931')).toEqual(['4006381333931']);
  });
});
