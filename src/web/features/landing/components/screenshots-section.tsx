import { Maximize2, X } from 'lucide-react';
import { SCREENSHOT_HEIGHT, SCREENSHOT_WIDTH, SCREENSHOTS, srcSet } from '../screenshots';
import { CONTAINER, SectionHeading } from './ui';

export function ScreenshotsSection() {
  return (
    <section id="screenshots" aria-labelledby="screenshots-title" className="scroll-mt-4 py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading id="screenshots-title" eyebrow="Screenshots" title="See your shelves the way you see them at home">
          Covers first, details a click away. Select a screenshot to see it full size.
        </SectionHeading>
        <ul className="mt-14 grid gap-8 md:grid-cols-3">
          {SCREENSHOTS.map((shot) => (
            <li key={shot.id}>
              <figure>
                {/* Without JavaScript the link opens the image itself; enhance-landing.ts turns it into a dialog. */}
                <a
                  href={shot.large}
                  data-dialog={`screenshot-${shot.id}`}
                  aria-haspopup="dialog"
                  aria-label={`Enlarge the ${shot.title.toLowerCase()} screenshot`}
                  className="group relative block overflow-hidden rounded-xl border border-line bg-surface shadow-sm transition-shadow duration-200 hover:shadow-lg"
                >
                  <img
                    src={shot.small}
                    srcSet={srcSet(shot)}
                    sizes="(min-width: 768px) 360px, calc(100vw - 2rem)"
                    width={SCREENSHOT_WIDTH}
                    height={SCREENSHOT_HEIGHT}
                    alt={shot.alt}
                    loading="lazy"
                    decoding="async"
                    className="block h-auto w-full transition-transform duration-200 group-hover:scale-[1.02]"
                  />
                  <span
                    aria-hidden="true"
                    className="absolute right-3 bottom-3 inline-flex size-9 items-center justify-center rounded-full bg-black/60 text-white"
                  >
                    <Maximize2 className="size-4" />
                  </span>
                </a>
                <figcaption className="mt-4">
                  <h3 className="font-semibold">{shot.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-ink-muted">{shot.caption}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      {SCREENSHOTS.map((shot) => (
        <dialog
          key={shot.id}
          id={`screenshot-${shot.id}`}
          data-lightbox=""
          closedby="any"
          aria-labelledby={`screenshot-${shot.id}-title`}
          className="m-auto w-[min(100vw-1rem,80rem)] max-w-none overflow-hidden rounded-xl border border-line bg-surface p-0 text-ink shadow-2xl backdrop:bg-black/80"
        >
          <div className="flex items-center justify-between gap-4 border-b border-line px-4 py-2">
            <h3 id={`screenshot-${shot.id}-title`} className="font-semibold">
              {shot.title}
            </h3>
            <form method="dialog">
              <button
                type="submit"
                aria-label="Close"
                className="inline-flex size-11 items-center justify-center rounded-lg text-ink-muted hover:bg-muted hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </form>
          </div>
          <img
            src={shot.large}
            width={SCREENSHOT_WIDTH}
            height={SCREENSHOT_HEIGHT}
            alt={shot.alt}
            loading="lazy"
            decoding="async"
            className="block h-auto max-h-[calc(100dvh-6rem)] w-full object-contain"
          />
        </dialog>
      ))}
    </section>
  );
}
