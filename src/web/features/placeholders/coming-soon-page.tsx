import { ArrowLeft, Disc3, House } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

export interface ComingSoonPageProps {
  title: string;
  text: string;
}

/** A page of a later issue: says it is on its way and leads back, so no link is ever dead. */
export default function ComingSoonPage({ title, text }: ComingSoonPageProps) {
  const [, navigate] = useLocation();
  useDocumentTitle(title);
  return (
    <main className="grid min-h-dvh place-items-center px-6 py-16">
      <div className="flex max-w-md flex-col items-center text-center">
        <div className="mb-6 grid size-20 place-items-center rounded-full bg-accent-soft text-accent">
          <Disc3 aria-hidden className="size-10 animate-[spin_6s_linear_infinite] motion-reduce:animate-none" strokeWidth={1.5} />
        </div>
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">On its way</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm leading-relaxed text-ink-muted">{text} This page is being built and will be here soon.</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button variant="secondary" onClick={() => (window.history.length > 1 ? window.history.back() : navigate('/'))}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
          <Button asChild>
            <Link href="/">
              <House aria-hidden />
              Home
            </Link>
          </Button>
        </div>
      </div>
    </main>
  );
}
