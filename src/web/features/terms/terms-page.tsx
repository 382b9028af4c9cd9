import { ArrowLeft } from 'lucide-react';
import { Fragment, useEffect } from 'react';
import { Link } from 'wouter';
import { supportEmail } from '../../lib/support-email';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-sections';

/** A paragraph with the support address, where it names one, as a mail link. */
function Paragraph({ text, email }: { text: string; email: string }) {
  const parts = text.split('{email}');
  return (
    <p>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <a href={`mailto:${email}`} className="font-medium text-accent underline underline-offset-2 hover:text-accent-hover">
              {email}
            </a>
          )}
        </Fragment>
      ))}
    </p>
  );
}

/** Terms of Service (docs/product/landing.md#terms): last updated 24 Feb 2025, 14 sections in order, Back to Home. */
export default function TermsPage() {
  const email = supportEmail();

  useEffect(() => {
    const previous = document.title;
    document.title = 'Terms of Service · Spindle';
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <div className="min-h-dvh bg-paper text-ink">
      <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
        <Link
          href="/"
          className="-ml-2 inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-accent hover:text-accent-hover"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Home
        </Link>
        <header className="mt-6 border-b border-line pb-8">
          <h1 className="text-4xl font-bold tracking-tight">Terms of Service</h1>
          <p className="mt-3 text-ink-muted">
            Last updated: <time dateTime={TERMS_LAST_UPDATED.iso}>{TERMS_LAST_UPDATED.label}</time>
          </p>
        </header>
        <nav aria-label="Sections of the terms" className="mt-8 rounded-xl border border-line bg-surface p-6">
          {/* Not a heading: the page's h2s are exactly its 14 sections. */}
          <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Contents</p>
          <ol className="mt-3 gap-8 text-sm sm:columns-2">
            {TERMS_SECTIONS.map((section, i) => (
              <li key={section.title} className="mb-1.5 break-inside-avoid">
                <a href={`#terms-${i + 1}`} className="text-ink-muted hover:text-ink hover:underline">
                  {i + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-4">
          {TERMS_SECTIONS.map((section, i) => (
            <section key={section.title} id={`terms-${i + 1}`} aria-labelledby={`terms-${i + 1}-title`} className="scroll-mt-6 pt-10">
              <h2 id={`terms-${i + 1}-title`} className="text-xl font-semibold tracking-tight">
                {i + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-4 leading-relaxed text-ink/90">
                {section.paragraphs.map((text) => (
                  <Paragraph key={text} text={text} email={email} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}
