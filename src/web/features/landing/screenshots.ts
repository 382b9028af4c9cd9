// Imported rather than kept in public/ so the build hashes them and they get immutable caching.
// scripts/screenshots.mjs regenerates these files from the running app with seeded demo data.
import albumEntryLarge from './screenshots/album-entry-1280.webp';
import albumEntrySmall from './screenshots/album-entry-640.webp';
import collectionViewLarge from './screenshots/collection-view-1280.webp';
import collectionViewSmall from './screenshots/collection-view-640.webp';
import wishListLarge from './screenshots/wish-list-1280.webp';
import wishListSmall from './screenshots/wish-list-640.webp';

export interface Screenshot {
  id: string;
  title: string;
  caption: string;
  alt: string;
  small: string;
  large: string;
}

/** Every screenshot is 1280 × 800 (and a 640 × 400 copy), the viewport scripts/screenshots.mjs uses. */
export const SCREENSHOT_WIDTH = 1280;
export const SCREENSHOT_HEIGHT = 800;

export const SCREENSHOTS: readonly Screenshot[] = [
  {
    id: 'collection-view',
    title: 'Collection view',
    caption: 'Every record at a glance, with filters for artist and genre and a count for each collection.',
    alt: 'The collection view: a grid of album covers with titles and artists, a sidebar of collections with album counts, and artist, genre and sort filters.',
    small: collectionViewSmall,
    large: collectionViewLarge,
  },
  {
    id: 'album-entry',
    title: 'Quick album entry',
    caption: 'Type the title and artist, pick the cover Spindle finds, and save. The details can wait.',
    alt: 'The album form: title, artist and collection fields, cover art search results to choose from, and optional details such as label, year and condition.',
    small: albumEntrySmall,
    large: albumEntryLarge,
  },
  {
    id: 'wish-list',
    title: 'Wish list',
    caption: 'Keep the records you are hunting for, how much you want them and the most you would pay.',
    alt: 'The wish list page: the records still being hunted for, each with its cover, format, priority and maximum price, and a Got it button.',
    small: wishListSmall,
    large: wishListLarge,
  },
];

export const srcSet = (shot: Screenshot) => `${shot.small} 640w, ${shot.large} 1280w`;
