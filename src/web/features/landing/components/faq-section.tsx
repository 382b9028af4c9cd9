import { ChevronDown } from 'lucide-react';
import { FAQ } from '../faq';
import { CONTAINER, SectionHeading } from './ui';

/** docs/product/landing.md#landing: one item open at a time, collapsible. <details name> is exactly that, without a script. */
export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-4 py-20 sm:py-24">
      <div className={CONTAINER}>
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions collectors ask us" />
        <div className="mx-auto mt-12 max-w-3xl divide-y divide-line border-y border-line">
          {FAQ.map(({ question, answer }) => (
            <details key={question} name="faq" className="group">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-lg font-medium [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-ink-muted transition-transform duration-200 group-open:rotate-180"
                />
              </summary>
              <p className="pr-9 pb-6 leading-relaxed text-ink-muted">{answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
