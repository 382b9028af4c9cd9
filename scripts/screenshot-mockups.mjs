// Stand-in screenshots for the landing page, drawn as SVG and written as WebP (1280 and 640 wide)
// to src/web/features/landing/screenshots/. They only hold the slots until the collection home
// exists: then scripts/screenshots.mjs captures the real app over the same files.
// Usage: node scripts/screenshot-mockups.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_COLLECTIONS, FONT, sleeveArt } from './demo-sleeves.mjs';

const OUT = path.resolve('src/web/features/landing/screenshots');
const W = 1280;
const H = 800;
const C = {
  paper: '#faf7f2',
  surface: '#ffffff',
  muted: '#f1ece4',
  line: '#e4ddd2',
  ink: '#1f1b16',
  inkMuted: '#5f574c',
  accent: '#b45309',
  accentSoft: '#fdf0dc',
};
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (x, y, s, { size = 14, weight = 400, fill = C.ink, anchor = 'start' } = {}) =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${esc(s)}</text>`;
const rect = (x, y, w, h, { fill = C.surface, stroke, r = 8 } = {}) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${stroke ? ` stroke="${stroke}"` : ''}/>`;

// The mockups draw the sleeves of scripts/demo-sleeves.mjs, as the real screenshots will show them.
function sleeve(x, y, s, i, label) {
  const id = `c${x}-${y}`;
  return `<clipPath id="${id}"><rect width="${s}" height="${s}" rx="6"/></clipPath><g transform="translate(${x} ${y})" clip-path="url(#${id})">${sleeveArt(i, label, s)}</g>`;
}

function topBar(active) {
  return `${rect(0, 0, W, 64, { fill: C.surface, r: 0 })}<line x1="0" y1="64" x2="${W}" y2="64" stroke="${C.line}"/>
  <circle cx="36" cy="32" r="14" fill="${C.ink}"/><circle cx="36" cy="32" r="5" fill="#d97706"/>${text(58, 38, 'Spindle', { size: 19, weight: 700 })}
  ${rect(400, 16, 480, 34, { fill: C.muted, r: 8 })}${text(424, 38, active === 'form' ? 'Search albums' : 'Search albums, artists, labels…', { fill: C.inkMuted })}
  ${rect(1058, 15, 132, 36, { fill: C.accent, r: 8 })}${text(1124, 38, '+ Add Album', { size: 15, weight: 700, fill: '#fff', anchor: 'middle' })}
  <circle cx="1230" cy="33" r="17" fill="${C.accentSoft}"/>${text(1230, 39, 'JM', { size: 14, weight: 700, fill: C.accent, anchor: 'middle' })}`;
}

function sidebar(activeName) {
  const items = [
    ['All Albums', 91],
    ['Main Shelf', 48],
    ['Jazz Corner', 17],
    ['Wish List', 12],
    ["Dad's Crates", 9],
    ['Seven Inches', 5],
  ];
  let out = `${rect(0, 65, 240, H - 65, { fill: C.surface, r: 0 })}<line x1="240" y1="65" x2="240" y2="${H}" stroke="${C.line}"/>`;
  out += text(24, 104, 'COLLECTIONS', { size: 12, weight: 700, fill: C.inkMuted });
  items.forEach(([name, n], k) => {
    const y = 122 + k * 44;
    if (name === activeName) out += rect(12, y, 216, 38, { fill: C.accentSoft, r: 8 });
    out += text(28, y + 25, name, { size: 15, weight: name === activeName ? 700 : 400, fill: name === activeName ? C.accent : C.ink });
    out += text(212, y + 25, String(n), { size: 13, fill: C.inkMuted, anchor: 'end' });
  });
  out += text(28, 122 + items.length * 44 + 28, '+ New Collection', { size: 14, weight: 700, fill: C.accent });
  return out;
}

function grid(title, count, albums, extra = '') {
  let out = text(272, 112, title, { size: 28, weight: 700 }) + text(272, 138, `${count} albums`, { fill: C.inkMuted });
  const filters = [
    ['Artist', 'Filter by artist', 220],
    ['Genre', 'All genres', 180],
    ['Sort', 'Title', 150],
  ];
  let fx = 272;
  for (const [label, value, w] of filters) {
    out += text(fx, 172, label, { size: 12, weight: 700, fill: C.inkMuted });
    out += rect(fx, 180, w, 34, { fill: C.surface, stroke: C.line });
    out += text(fx + 12, 202, value, { size: 14, fill: value.startsWith('Filter') ? C.inkMuted : C.ink });
    fx += w + 16;
  }
  out += extra;
  const s = 172;
  albums.forEach(([t, a], k) => {
    const x = 272 + (k % 5) * (s + 24);
    const y = 238 + Math.floor(k / 5) * (s + 70);
    out += sleeve(x, y, s, k + (title === 'Wish List' ? 5 : 0), t);
    out += text(x, y + s + 24, t, { size: 15, weight: 700 });
    out += text(x, y + s + 44, a, { size: 13, fill: C.inkMuted });
  });
  return out;
}

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="${C.paper}"/>${body}</svg>`;

const MAIN = DEMO_COLLECTIONS['Main Shelf'];
const WISH = DEMO_COLLECTIONS['Wish List'];

const collectionView = svg(topBar() + sidebar('Main Shelf') + grid('Main Shelf', 48, MAIN));

const wishNote = `${rect(1010, 96, 238, 52, { fill: C.accentSoft, r: 10 })}${text(1028, 118, 'Shared with family', { size: 13, weight: 700, fill: C.accent })}${text(1028, 138, 'Read-only link is on', { size: 13, fill: C.inkMuted })}`;
const wishList = svg(topBar() + sidebar('Wish List') + grid('Wish List', 12, WISH, wishNote));

function field(x, y, w, label, value, { select = false, placeholder = false } = {}) {
  return `${text(x, y, label, { size: 13, weight: 700 })}${rect(x, y + 8, w, 38, { fill: C.surface, stroke: C.line })}${text(x + 12, y + 33, value, { size: 15, fill: placeholder ? C.inkMuted : C.ink })}${
    select ? `<path d="M${x + w - 24} ${y + 23} l6 6 l6 -6" fill="none" stroke="${C.inkMuted}" stroke-width="2"/>` : ''
  }`;
}
function albumForm() {
  let out = topBar('form');
  out += text(64, 110, '‹ Back to Main Shelf', { size: 14, fill: C.accent, weight: 700 });
  out += text(64, 148, 'Add Album', { size: 30, weight: 700 });
  out += rect(64, 170, 620, 590, { fill: C.surface, stroke: C.line, r: 14 });
  const L = 92;
  out += field(L, 206, 564, 'Title', 'Blue Hour');
  out += field(L, 278, 564, 'Artist', 'Elias Kane Trio');
  out += field(L, 350, 272, 'Collection', 'Main Shelf', { select: true });
  out += field(L + 292, 350, 272, 'Genre', 'Jazz', { select: true });
  out += field(L, 422, 272, 'Label', 'Riverside Tone');
  out += field(L + 292, 422, 126, 'Release year', '1961');
  out += field(L + 438, 422, 126, 'Price', '$24.00');
  out += field(L, 494, 272, 'Media condition', 'Very Good Plus (VG+)', { select: true });
  out += field(L + 292, 494, 272, 'Sleeve condition', 'Very Good (VG)', { select: true });
  out += `${rect(L, 578, 20, 20, { fill: C.surface, stroke: C.inkMuted, r: 4 })}${text(L + 32, 594, 'Lent to someone', { size: 15 })}`;
  out += field(L, 630, 564, 'Purchase location', 'Spinning Wheel Records, Seattle');
  out += `${rect(520, 704, 136, 40, { fill: C.accent, r: 8 })}${text(588, 729, 'Save Album', { size: 15, weight: 700, fill: '#fff', anchor: 'middle' })}`;
  out += `${rect(400, 704, 104, 40, { fill: C.surface, stroke: C.line, r: 8 })}${text(452, 729, 'Cancel', { size: 15, weight: 700, anchor: 'middle' })}`;

  out += rect(712, 170, 504, 590, { fill: C.surface, stroke: C.line, r: 14 });
  out += text(740, 210, 'Cover art', { size: 18, weight: 700 });
  const tabs = ['Search', 'Upload', 'URL'];
  out += rect(740, 228, 300, 38, { fill: C.muted, r: 8 });
  tabs.forEach((t, k) => {
    if (k === 0) out += rect(744, 232, 96, 30, { fill: C.surface, r: 6 });
    out += text(792 + k * 100, 253, t, { size: 14, weight: k === 0 ? 700 : 400, anchor: 'middle', fill: k === 0 ? C.ink : C.inkMuted });
  });
  out += text(740, 296, '6 covers found for “Blue Hour” by Elias Kane Trio', { size: 13, fill: C.inkMuted });
  const s = 140;
  for (let k = 0; k < 6; k++) {
    const x = 740 + (k % 3) * (s + 16);
    const y = 312 + Math.floor(k / 3) * (s + 16);
    out += sleeve(x, y, s, [8, 2, 5, 0, 9, 11][k], 'Blue Hour');
    if (k === 0) out += `<rect x="${x - 4}" y="${y - 4}" width="${s + 8}" height="${s + 8}" rx="9" fill="none" stroke="${C.accent}" stroke-width="4"/><circle cx="${x + s - 14}" cy="${y + 14}" r="12" fill="${C.accent}"/><path d="M${x + s - 20} ${y + 14} l4 4 l8 -8" fill="none" stroke="#fff" stroke-width="2.5"/>`;
  }
  out += `${rect(740, 636, 110, 38, { fill: C.surface, stroke: C.line, r: 8 })}${text(795, 660, '‹ Previous', { size: 14, weight: 700, anchor: 'middle', fill: C.inkMuted })}`;
  out += `${rect(1078, 636, 110, 38, { fill: C.surface, stroke: C.line, r: 8 })}${text(1133, 660, 'Next ›', { size: 14, weight: 700, anchor: 'middle' })}`;
  out += text(740, 712, 'Not the right sleeve? Upload a photo of your copy', { size: 13, fill: C.inkMuted });
  out += text(740, 732, 'or paste a link to an image.', { size: 13, fill: C.inkMuted });
  return svg(out);
}

mkdirSync(OUT, { recursive: true });
for (const [name, source] of [
  ['collection-view', collectionView],
  ['album-entry', albumForm()],
  ['wish-list', wishList],
]) {
  // Drawn at twice the size and scaled down, for smooth edges and text.
  const png = await sharp(Buffer.from(source), { density: 144 }).png().toBuffer();
  for (const width of [1280, 640]) {
    const file = path.join(OUT, `${name}-${width}.webp`);
    const info = await sharp(png).resize({ width }).webp({ quality: 82, effort: 6 }).toFile(file);
    console.log(`${path.relative(process.cwd(), file)}: ${info.width}×${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
  }
}
