// Abstract album sleeves for demo data and stand-in screenshots: no real artwork, one palette and
// motif per index, so the landing page never shows someone else's cover art.
export const FONT = "font-family=\"'Liberation Sans', 'DejaVu Sans', sans-serif\"";
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const PALETTES = [
  ['#1d3557', '#e63946', '#f1faee'],
  ['#2a9d8f', '#e9c46a', '#264653'],
  ['#3d1a4b', '#f4a261', '#fde2c8'],
  ['#0b0b0f', '#f5c518', '#e8e8e8'],
  ['#6b2d2d', '#d9a066', '#f6e7cf'],
  ['#14213d', '#fca311', '#e5e5e5'],
  ['#d8e2dc', '#ff5d8f', '#22223b'],
  ['#283618', '#dda15e', '#fefae0'],
  ['#03045e', '#00b4d8', '#caf0f8'],
  ['#582f0e', '#a68a64', '#ede0d4'],
  ['#ef476f', '#ffd166', '#073b4c'],
  ['#344e41', '#a3b18a', '#dad7cd'],
];

/** The SVG content of sleeve number `i` (square of side `s`), its first title word as lettering on some. */
export function sleeveArt(i, title, s) {
  const [bg, fg, hi] = PALETTES[i % PALETTES.length];
  let art = '';
  switch (i % 6) {
    case 0:
      art = `<circle cx="${s * 0.62}" cy="${s * 0.42}" r="${s * 0.3}" fill="${fg}"/><rect y="${s * 0.78}" width="${s}" height="${s * 0.22}" fill="${hi}" opacity=".9"/>`;
      break;
    case 1:
      art = [0, 1, 2, 3, 4, 5]
        .map((k) => `<rect x="${-s + k * s * 0.36}" y="0" width="${s * 0.16}" height="${s * 2}" fill="${k % 2 ? fg : hi}" transform="rotate(35)" opacity=".85"/>`)
        .join('');
      break;
    case 2:
      art = [0.46, 0.36, 0.26, 0.16, 0.07].map((r, k) => `<circle cx="${s / 2}" cy="${s / 2}" r="${s * r}" fill="${k % 2 ? bg : fg}"/>`).join('');
      break;
    case 3: {
      const word = title.split(' ')[0].toUpperCase();
      const size = Math.min(s * 0.22, (s * 0.84) / (word.length * 0.68));
      art = `<rect width="${s}" height="${s * 0.5}" fill="${fg}"/><text x="${s * 0.08}" y="${s * 0.88}" ${FONT} font-size="${size}" font-weight="700" fill="${hi}">${esc(word)}</text>`;
      break;
    }
    case 4:
      art = Array.from(
        { length: 36 },
        (_, k) => `<circle cx="${((k % 6) + 0.5) * (s / 6)}" cy="${(Math.floor(k / 6) + 0.5) * (s / 6)}" r="${s * (0.02 + ((k * 7) % 5) * 0.012)}" fill="${k % 3 ? fg : hi}"/>`,
      ).join('');
      break;
    default:
      art = `<path d="M0 ${s * 0.7} Q ${s * 0.25} ${s * 0.5} ${s * 0.5} ${s * 0.7} T ${s} ${s * 0.7} V ${s} H 0 Z" fill="${fg}"/><path d="M0 ${s * 0.82} Q ${s * 0.25} ${s * 0.62} ${s * 0.5} ${s * 0.82} T ${s} ${s * 0.82} V ${s} H 0 Z" fill="${hi}" opacity=".8"/><circle cx="${s * 0.3}" cy="${s * 0.3}" r="${s * 0.12}" fill="${hi}"/>`;
  }
  return `<rect width="${s}" height="${s}" fill="${bg}"/>${art}`;
}

/** A whole sleeve as an SVG document (to rasterise into an uploaded cover). */
export const sleeveSvg = (i, title, size = 600) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${sleeveArt(i, title, size)}</svg>`;

/** Demo shelves: fictional albums, so the screenshots show no real artists' work. */
export const DEMO_COLLECTIONS = {
  'Main Shelf': [
    ['Midnight Transit', 'The Velvet Hours', 'Rock', 1978],
    ['Paper Moons', 'Ada Lindqvist', 'Folk', 1971],
    ['Low Tide Sessions', 'Harbour Quartet', 'Jazz', 1962],
    ['Neon Cathedral', 'Glass Arcade', 'Electronic/Dance', 1984],
    ['Copper & Smoke', 'Marlow Reyes', 'Blues', 1969],
    ['Sundays on Vine', 'Clara Mae', 'Soul', 1973],
    ['Orbital Lounge', 'Tokyo Satellite', 'Electronic/Dance', 1999],
    ['Field Recordings', 'Wren & Willow', 'Folk', 2012],
    ['Blue Hour', 'Elias Kane Trio', 'Jazz', 1961],
    ['Static Bloom', 'Hollow Pines', 'Indie', 2008],
    ['Desert Radio', 'Coyote Static', 'Alternative', 1994],
    ['Good Grief', 'The Lemon Trees', 'Pop', 1966],
    ['Night Ferry', 'Saltwater Choir', 'Indie', 2016],
    ['Soft Machines', 'Juno Park', 'Pop', 2019],
    ['Gold Rush', 'Big Sky Revival', 'Country', 1975],
  ],
  'Wish List': [
    ['Lantern Festival', 'Mei & the Moths', 'Indie', 2021],
    ['Harvest Moon Live', 'Old Mill Band', 'Country', 1977],
    ['Analog Hearts', 'Cassette Club', 'Pop', 1986],
    ['The Long Way Home', 'Ruby Calloway', 'Soul', 1970],
    ['Fathoms', 'Deepwater', 'Electronic/Dance', 1997],
    ['Polaroid Summer', 'The Sunsets', 'Rock', 1967],
    ['Kingfisher', 'Isla Moreno', 'Latin', 2005],
    ['Second Pressing', 'The Reissues', 'Punk', 1979],
    ['Pine & Ash', 'Northbound', 'Folk', 2014],
    ['Velour', 'Honey Gentry', 'Funk', 1976],
  ],
  'Jazz Corner': [
    ['Late Set at the Marquee', 'Dorothy Vance Quintet', 'Jazz', 1958],
    ['Brass Tacks', 'The Monday Band', 'Jazz', 1964],
    ['Rainy Avenue', 'Theo Marsh', 'Jazz', 1959],
  ],
};
