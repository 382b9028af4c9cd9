import { Link2, Search, Trash2, Upload } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { CoverImage } from './cover-image';
import { CoverSearchPanel } from './cover-search-panel';
import { CoverUploadPanel } from './cover-upload-panel';
import { CoverUrlPanel } from './cover-url-panel';

export interface CoverArtPickerProps {
  /** The album's current title and artist (search needs both). */
  title: string;
  artist: string;
  /** Set when editing an existing album (sent with uploads). */
  albumId?: number;
  /** The chosen coverUrl, or null. */
  value: string | null;
  onChange: (coverUrl: string | null) => void;
}

type Mode = 'search' | 'upload' | 'url';

const MODES: { value: Mode; label: string; icon: ReactNode }[] = [
  { value: 'search', label: 'Search', icon: <Search aria-hidden /> },
  { value: 'upload', label: 'Upload', icon: <Upload aria-hidden /> },
  { value: 'url', label: 'Manual URL', icon: <Link2 aria-hidden /> },
];

/**
 * The album form's cover art (docs/product/cover-art.md#picker): a preview of the current cover
 * and three source modes, search (default), upload and manual URL. Every mode hands the form a
 * cover the server has stored (/api/cover-art/...), never a remote address.
 */
export function CoverArtPicker({ title, artist, albumId, value, onChange }: CoverArtPickerProps) {
  const [mode, setMode] = useState<Mode>('search');
  const statusId = useId();

  return (
    <div className="grid gap-5 md:grid-cols-[11rem_minmax(0,1fr)] md:gap-6" data-testid="cover-art-picker">
      <div className="flex items-start gap-4 md:flex-col">
        <div className="w-28 shrink-0 overflow-hidden rounded-xl border border-line shadow-xs sm:w-36 md:w-full">
          <CoverImage coverUrl={value} alt="Current cover art" size="full" priority />
        </div>
        <div className="grid gap-2 pt-1 md:pt-0">
          <p id={statusId} className="text-sm text-ink-muted">
            {value ? 'This cover will be saved with the album.' : 'No cover chosen yet.'}
          </p>
          {value && (
            <Button variant="secondary" size="sm" className="justify-self-start" onClick={() => onChange(null)} aria-describedby={statusId}>
              <Trash2 aria-hidden />
              Remove
            </Button>
          )}
        </div>
      </div>

      <Tabs.Root value={mode} onValueChange={(next) => setMode(next as Mode)} className="grid min-w-0 content-start gap-4">
        <Tabs.List
          aria-label="Cover art source"
          className="grid w-full grid-cols-3 rounded-lg bg-muted p-1 sm:inline-grid sm:w-auto sm:justify-self-start"
        >
          {MODES.map((m) => (
            <Tabs.Trigger
              key={m.value}
              value={m.value}
              className={cn(
                'inline-flex h-8 items-center justify-center gap-1.5 rounded-md px-2 text-sm sm:px-3 font-medium whitespace-nowrap text-ink-muted',
                'transition-colors duration-150 hover:text-ink [&_svg]:size-4 [&_svg]:shrink-0 max-sm:[&_svg]:hidden',
                'data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
              )}
            >
              {m.icon}
              {m.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>

        {/* Panels stay mounted so search results and typed text survive switching modes. */}
        <Tabs.Content value="search" forceMount className="min-w-0 data-[state=inactive]:hidden">
          <CoverSearchPanel title={title} artist={artist} value={value} onChange={onChange} />
        </Tabs.Content>
        <Tabs.Content value="upload" forceMount className="min-w-0 data-[state=inactive]:hidden">
          <CoverUploadPanel title={title} artist={artist} albumId={albumId} onChange={onChange} />
        </Tabs.Content>
        <Tabs.Content value="url" forceMount className="min-w-0 data-[state=inactive]:hidden">
          <CoverUrlPanel onChange={onChange} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
