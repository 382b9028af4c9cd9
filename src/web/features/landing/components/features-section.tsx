import {
  ChartNoAxesColumn,
  Disc3,
  FileDown,
  FileUp,
  Gift,
  HandHelping,
  ListChecks,
  Store,
  ImageDown,
  LibraryBig,
  Moon,
  ScanBarcode,
  Share2,
  Sparkles,
  WifiOff,
} from 'lucide-react';
import { CONTAINER, SectionHeading } from './ui';

const FEATURES = [
  {
    icon: LibraryBig,
    title: 'Smart collection management',
    text: 'Keep as many named collections as you like: the main shelf, the jazz crate, the wish list. Search, filter by artist or genre, sort by title, and log label, year, condition and what you paid.',
  },
  {
    icon: Share2,
    title: 'Album and record store sharing',
    text: 'Send family and friends a read-only link to a collection, or to your list of favourite record stores on a map. They see the covers and the shops, never your prices.',
  },
  {
    icon: ImageDown,
    title: 'Automatic cover art',
    text: 'Type the album and artist and Spindle finds the sleeve. Prefer a photo of your own first pressing? Upload it or paste a link instead.',
  },
] as const;

/** What this release adds, in a collector's words (docs/product/landing.md#landing). */
const NEW = [
  { icon: Disc3, title: 'Pressing-level details', text: 'Format, catalogue number, matrix notes, tracklist: tell your first press from the reissue.' },
  { icon: FileUp, title: 'Leave Discogs, lose nothing', text: 'Grades, ratings, notes and release ids come with you; so does your wantlist.' },
  { icon: ListChecks, title: 'Bulk edit', text: 'Select a stack of records and move, update or remove them at once.' },
  { icon: Gift, title: 'Wish list and gift list', text: 'Keep what you are hunting for, and share a gift list with the people who ask.' },
  { icon: Store, title: 'The record-fair check', text: 'Scan a barcode: own it, want it or neither, in a second. Works offline.' },
] as const;

const EXTRAS = [
  { icon: HandHelping, text: 'Track albums lent to friends, flagged when overdue' },
  { icon: FileDown, text: 'Export to CSV any time' },
  { icon: ChartNoAxesColumn, text: 'Your collection in numbers' },
  { icon: Moon, text: 'Light and dark themes' },
  // docs/product/offline.md#shelf: the installable app keeps your shelf for the record shop with no signal.
  { icon: WifiOff, text: 'Check your shelf offline, in the shop' },
  { icon: Sparkles, text: 'Label, year, country and genre filled in from MusicBrainz' },
  { icon: ScanBarcode, text: 'Add a record by its barcode: type it or scan it' },
] as const;

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-4 border-y border-line bg-surface py-20 sm:py-24"
    >
      <div className={CONTAINER}>
        <SectionHeading id="features-title" eyebrow="Features" title="Built the way collectors actually collect">
          Less spreadsheet, more record shop: your albums are shown by their covers, and the details are there when you want them.
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-line bg-paper p-6 sm:p-8">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent">
                <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-10 rounded-2xl border border-accent/30 bg-paper p-6 sm:p-8">
          <p id="features-new" className="text-sm font-semibold tracking-wide text-accent-strong uppercase">
            New in Spindle
          </p>
          <ul aria-labelledby="features-new" className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {NEW.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 lg:flex-col">
                <Icon aria-hidden="true" className="size-6 shrink-0 text-accent" strokeWidth={1.75} />
                <div className="min-w-0">
                  <p className="font-semibold">{title}</p>
                  <p className="mt-1 text-sm leading-relaxed text-ink-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <ul className="mt-10 grid gap-4 text-sm text-ink-muted sm:grid-cols-2 lg:grid-cols-4">
          {EXTRAS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" strokeWidth={1.75} />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
