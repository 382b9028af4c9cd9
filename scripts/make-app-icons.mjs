// Draws the installable app's icons (docs/product/offline.md#install) from the favicon's record motif:
// 192 and 512 px PNGs with a transparent corner ("any") and a maskable 512 px one whose record sits
// inside the 80 % safe zone on the paper colour. Run once after changing the motif; the PNGs are
// committed under public/icons.
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

const PAPER = '#faf7f2';
/** The favicon's record, centred at (32, 32) in a 64-unit box, scaled by `scale` around the centre. */
const record = (scale) => `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
  <circle cx="32" cy="32" r="30" fill="#1f1b16"/>
  <circle cx="32" cy="32" r="22" fill="none" stroke="#3a342c" stroke-width="1.5"/>
  <circle cx="32" cy="32" r="16" fill="none" stroke="#3a342c" stroke-width="1.5"/>
  <circle cx="32" cy="32" r="10" fill="#d97706"/>
  <circle cx="32" cy="32" r="2.5" fill="${PAPER}"/>
</g>`;
const svg = (body) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`);

mkdirSync('public/icons', { recursive: true });
const any = svg(record(1));
// Maskable: the whole square is the icon; the record's radius 30 × 0.8 = 24 stays inside the safe circle (r = 25.6).
const maskable = svg(`<rect width="64" height="64" fill="${PAPER}"/>${record(0.8)}`);
await sharp(any, { density: 300 }).resize(192, 192).png({ compressionLevel: 9 }).toFile('public/icons/icon-192.png');
await sharp(any, { density: 600 }).resize(512, 512).png({ compressionLevel: 9 }).toFile('public/icons/icon-512.png');
await sharp(maskable, { density: 600 }).resize(512, 512).png({ compressionLevel: 9 }).toFile('public/icons/icon-maskable-512.png');
await sharp(any, { density: 300 }).resize(180, 180).flatten({ background: PAPER }).png({ compressionLevel: 9 }).toFile('public/icons/apple-touch-icon.png');
console.log('icons written to public/icons');
