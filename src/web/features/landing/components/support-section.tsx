import { Mail } from 'lucide-react';
import { CONTAINER } from './ui';

export function SupportSection({ email }: { email: string }) {
  return (
    <section id="support" aria-labelledby="support-title" className="scroll-mt-4 pb-20 sm:pb-24">
      <div className={CONTAINER}>
        <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 rounded-2xl bg-accent-soft p-8 sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div>
            <h2 id="support-title" className="text-2xl font-bold tracking-tight">
              Feedback and support
            </h2>
            <p className="mt-2 max-w-md leading-relaxed text-ink-muted">
              Found a bug, missing a feature, or just want to tell us about your latest find? We read every message.
            </p>
          </div>
          <a
            href={`mailto:${email}`}
            className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg border border-line bg-surface px-4 font-semibold break-all text-ink hover:bg-muted"
          >
            <Mail aria-hidden="true" className="size-5 shrink-0 text-accent" />
            {email}
          </a>
        </div>
      </div>
    </section>
  );
}
