import { BinaryBitmap, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { ean13Image, ean13Modules, toRgba } from '../../../server/test/ean13-image';
import { sleeveBarcode, sleeveReaderHints } from './barcode-reading';

/** Decodes an RGBA image with the scanner's own hints, as the camera loop does with a video frame. */
function decode(rgba: Int32Array, width: number, height: number): string | null {
  const reader = new MultiFormatReader();
  reader.setHints(sleeveReaderHints());
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(rgba, width, height)));
    return sleeveBarcode(reader.decode(bitmap).getText());
  } catch {
    return null;
  }
}

/** ZXing's RGB source takes packed pixels; a canvas gives RGBA bytes. */
function packed(rgba: Uint8ClampedArray): Int32Array {
  const out = new Int32Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = (rgba[i * 4]! << 16) | (rgba[i * 4 + 1]! << 8) | rgba[i * 4 + 2]!;
  return out;
}

const read = (code: string, options?: Parameters<typeof ean13Image>[1]) => {
  const image = ean13Image(code, options);
  return decode(packed(toRgba(image)), image.width, image.height);
};

describe('the barcode scanner’s decoder on real barcode images', () => {
  it('draws the standard 95 modules', () => {
    expect(ean13Modules('4006381333931')).toHaveLength(95);
    expect(ean13Modules('4006381333931').startsWith('101')).toBe(true);
  });

  it('reads an EAN-13 sleeve barcode', () => {
    expect(read('4006381333931')).toBe('4006381333931');
    expect(read('5099902987521', { moduleWidth: 2, width: 640, height: 200 })).toBe('5099902987521');
  });

  it('reads a UPC-A sleeve barcode', () => {
    // A UPC-A scans as EAN-13 with a leading zero; either form is a valid code for the lookup.
    expect(['888837168618', '0888837168618']).toContain(read('888837168618'));
  });

  it('reads nothing from a blank picture, and refuses a decoded text that is not a sleeve barcode', () => {
    const blank = new Uint8ClampedArray(320 * 120 * 4).fill(255);
    expect(decode(packed(blank), 320, 120)).toBeNull();
    expect(sleeveBarcode('4006381333932')).toBeNull();
    expect(sleeveBarcode('12345')).toBeNull();
  });
});
