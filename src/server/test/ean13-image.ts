/**
 * A real EAN-13 / UPC-A barcode drawn from its digits (GS1's module patterns), for the decoder tests
 * and the fake camera of the scan journey: an independent encoder, so the decoder is not checked
 * against its own library's writer.
 */

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
/** Which left-hand digits use the G set, by the first (implied) digit. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules (1 = bar) of a 13-digit EAN, or of a 12-digit UPC-A (an EAN-13 starting with 0). */
export function ean13Modules(code: string): string {
  const digits = code.length === 12 ? `0${code}` : code;
  if (!/^\d{13}$/.test(digits)) throw new Error(`not an EAN-13: ${code}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  let modules = '101';
  for (let i = 1; i <= 6; i++) modules += (parity[i - 1] === 'L' ? L : G)[d[i]!]!;
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += R[d[i]!]!;
  return `${modules}101`;
}

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel, 0 black to 255 white. */
  grey: Uint8Array;
}

/** The barcode as a grey image: `moduleWidth` pixels per module, a quiet zone of 11 modules each side. */
export function ean13Image(code: string, options: { moduleWidth?: number; height?: number; width?: number } = {}): GreyImage {
  const moduleWidth = options.moduleWidth ?? 3;
  const modules = ean13Modules(code);
  const barsWidth = (modules.length + 22) * moduleWidth;
  const width = Math.max(options.width ?? barsWidth, barsWidth);
  const height = options.height ?? 120;
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const grey = new Uint8Array(width * height).fill(255);
  const top = Math.floor(height * 0.15);
  const bottom = Math.ceil(height * 0.85);
  for (let y = top; y < bottom; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] !== '1') continue;
      grey.fill(0, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  return { width, height, grey };
}

/** The image as RGBA (what a canvas's ImageData holds). */
export function toRgba(image: GreyImage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.grey.length; i++) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = image.grey[i]!;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

/**
 * A still Y4M video (4:2:0, grey) of the image for Chromium's fake camera
 * (--use-file-for-fake-video-capture); width and height must be even.
 */
export function y4mOf(image: GreyImage, frames = 2): Buffer {
  const { width, height } = image;
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(image.grey), chroma]);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}
