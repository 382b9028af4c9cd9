import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import { checkBarcode } from '../../../common/barcode';

/*
 * The camera's decoder settings (docs/product/releases.md#scanner), shared by the scanner and its tests. Only
 * imported by the scanner's own chunk: ZXing loads when the user asks for the camera.
 */

/** Sleeves carry EAN-13 (UPC-A in North America); reading only those keeps false reads out. */
export function sleeveReaderHints(): Map<DecodeHintType, unknown> {
  return new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.EAN_13, BarcodeFormat.UPC_A]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
}

/** A decoded text as a sleeve barcode, or null when it is not one (wrong length or check digit). */
export function sleeveBarcode(text: string): string | null {
  const checked = checkBarcode(text);
  return checked.ok ? checked.barcode : null;
}
