import type { Genre } from '../../../common/constants.js';

/** A MusicBrainz tag or genre with its vote count (genres are curated tags; both carry `count`). */
export interface MusicBrainzTag {
  name: string;
  count?: number;
}

/*
 * MusicBrainz names thousands of genres; the album form offers twenty (docs/product/albums.md#lists). Exact
 * names first: compound genres whose words would mislead a word rule ("trip hop" is not hip-hop,
 * "punk rock" is punk, "rhythm and blues" is not blues).
 */
const EXACT: Record<string, Genre> = {
  'trip hop': 'Electronic/Dance',
  'hip house': 'Electronic/Dance',
  'synth-pop': 'Electronic/Dance',
  synthpop: 'Electronic/Dance',
  electropop: 'Electronic/Dance',
  'punk rock': 'Punk',
  'pop punk': 'Punk',
  'post-punk': 'Alternative',
  'new wave': 'Alternative',
  grunge: 'Alternative',
  shoegaze: 'Alternative',
  'rhythm and blues': 'R&B',
  'rhythm & blues': 'R&B',
  'r&b': 'R&B',
  'r and b': 'R&B',
  rnb: 'R&B',
  'contemporary r&b': 'R&B',
  'new jack swing': 'R&B',
  doowop: 'R&B',
  'doo-wop': 'R&B',
  'soul jazz': 'Jazz',
  'jazz-funk': 'Funk',
  'jazz funk': 'Funk',
  'p-funk': 'Funk',
  motown: 'Soul',
  'northern soul': 'Soul',
  'neo soul': 'Soul',
  'neo-soul': 'Soul',
  'bossa nova': 'Latin',
  'latin jazz': 'Latin',
  salsa: 'Latin',
  samba: 'Latin',
  tango: 'Latin',
  reggaeton: 'Latin',
  cumbia: 'Latin',
  mpb: 'Latin',
  ska: 'Reggae',
  dub: 'Reggae',
  dancehall: 'Reggae',
  rocksteady: 'Reggae',
  'roots reggae': 'Reggae',
  afrobeat: 'World Music',
  afrobeats: 'World Music',
  highlife: 'World Music',
  'world music': 'World Music',
  world: 'World Music',
  bluegrass: 'Country',
  'honky tonk': 'Country',
  americana: 'Country',
  'singer-songwriter': 'Folk',
  'singer/songwriter': 'Folk',
  'heavy metal': 'Metal',
  thrash: 'Metal',
  grindcore: 'Metal',
  'hard rock': 'Rock',
  'blues rock': 'Rock',
  'country rock': 'Rock',
  'folk rock': 'Folk',
  'rock and roll': 'Rock',
  "rock 'n' roll": 'Rock',
  'rock & roll': 'Rock',
  rockabilly: 'Rock',
  britpop: 'Indie',
  'indie rock': 'Indie',
  'indie pop': 'Indie',
  'alternative rock': 'Alternative',
  'alternative pop': 'Alternative',
  'alternative hip hop': 'Hip-hop/Rap',
  'jazz rap': 'Hip-hop/Rap',
  bebop: 'Jazz',
  'hard bop': 'Jazz',
  'cool jazz': 'Jazz',
  swing: 'Jazz',
  'big band': 'Jazz',
  fusion: 'Jazz',
  baroque: 'Classical',
  opera: 'Classical',
  'chamber music': 'Classical',
  symphony: 'Classical',
  orchestral: 'Classical',
  'romantic classical': 'Classical',
  'classical period': 'Classical',
  minimalism: 'Classical',
  disco: 'Electronic/Dance',
  house: 'Electronic/Dance',
  techno: 'Electronic/Dance',
  trance: 'Electronic/Dance',
  ambient: 'Electronic/Dance',
  edm: 'Electronic/Dance',
  idm: 'Electronic/Dance',
  dubstep: 'Electronic/Dance',
  'drum and bass': 'Electronic/Dance',
  'drum & bass': 'Electronic/Dance',
  jungle: 'Electronic/Dance',
  electro: 'Electronic/Dance',
  spirituals: 'Gospel',
  christian: 'Gospel',
  'contemporary christian': 'Gospel',
};

/**
 * Then by the words a name contains, most specific first: "death metal" is metal, "jazz fusion" jazz,
 * "psychedelic rock" rock. A word matches whole (so "pop" does not match "popular").
 */
const WORD_RULES: [RegExp, Genre][] = [
  [/\b(hip[ -]?hop|rap|trap|boom bap|grime|drill)\b/, 'Hip-hop/Rap'],
  [/\b(metal|metalcore|doom|sludge)\b/, 'Metal'],
  [/\bpunk\b|\bhardcore\b/, 'Punk'],
  [/\breggae\b/, 'Reggae'],
  [/\bgospel\b/, 'Gospel'],
  [/\bsoul\b/, 'Soul'],
  [/\bfunk\b/, 'Funk'],
  [/\bjazz\b/, 'Jazz'],
  [/\bblues\b/, 'Blues'],
  [/\b(classical|baroque|opera|symphon\w*|concerto|sonata|choral)\b/, 'Classical'],
  [/\b(electronic|electronica|dance|house|techno|trance|edm|breakbeat|garage|downtempo|synthwave)\b/, 'Electronic/Dance'],
  [/\bcountry\b/, 'Country'],
  [/\bfolk\b/, 'Folk'],
  [/\b(latin|latino|mambo|bolero|ranchera|mariachi)\b/, 'Latin'],
  [/\b(african|afro|celtic|flamenco|fado|klezmer|k-pop|j-pop|world)\b/, 'World Music'],
  [/\bindie\b/, 'Indie'],
  [/\balternative\b/, 'Alternative'],
  [/\brock\b/, 'Rock'],
  [/\bpop\b/, 'Pop'],
];

/**
 * The album form's genre (docs/product/albums.md#lists) for one MusicBrainz tag or genre name, or null when
 * none fits.
 */
export function genreForTag(name: string): Genre | null {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!key) return null;
  const exact = EXACT[key];
  if (exact) return exact;
  // The list's own names, as MusicBrainz would never spell them but users tag them.
  if (key === 'hip-hop/rap') return 'Hip-hop/Rap';
  if (key === 'electronic/dance') return 'Electronic/Dance';
  for (const [rule, genre] of WORD_RULES) if (rule.test(key)) return genre;
  return null;
}

/**
 * The one genre that best describes a release: each tag and genre votes for its mapped genre with its
 * count (at least 1), and the most votes win; on a tie, the genre of the first-voted tag. Null when no
 * tag maps onto the form's list (the form then leaves the genre unset).
 */
export function genreFromTags(tags: readonly MusicBrainzTag[]): Genre | null {
  const votes = new Map<Genre, number>();
  for (const tag of tags) {
    const genre = genreForTag(tag.name);
    if (!genre) continue;
    const weight = typeof tag.count === 'number' && Number.isFinite(tag.count) && tag.count > 0 ? tag.count : 1;
    votes.set(genre, (votes.get(genre) ?? 0) + weight);
  }
  let best: Genre | null = null;
  let bestVotes = 0;
  // Map iteration keeps first-seen order, so a tie keeps the earlier genre.
  for (const [genre, count] of votes) {
    if (count > bestVotes) {
      best = genre;
      bestVotes = count;
    }
  }
  return best;
}
