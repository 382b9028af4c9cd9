import { useMutation } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { UPLOAD_TYPES } from '../../../../common/constants';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { coverErrorText, uploadCoverArt } from '../api';
import { UPLOAD_DONE, UPLOAD_FAILED, UPLOAD_HINT, uploadProblem } from '../cover-art-rules';

interface CoverUploadPanelProps {
  title: string;
  artist: string;
  albumId?: number;
  onChange: (coverUrl: string | null) => void;
}

/**
 * Upload mode (docs/product/cover-art.md#upload): a file from the device, checked here for type and size,
 * then stored by the server.
 */
export function CoverUploadPanel({ title, artist, albumId, onChange }: CoverUploadPanelProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useMutation({ mutationFn: uploadCoverArt });

  function send(file: File | undefined) {
    if (!file || upload.isPending) return;
    const reason = uploadProblem(file);
    setProblem(reason);
    if (reason) return;
    upload.mutate(
      { file, title, artist, albumId },
      {
        onSuccess: ({ url }) => {
          onChange(url);
          toast({ title: UPLOAD_DONE, description: file.name, variant: 'success' });
        },
        onError: (error) => toast({ title: UPLOAD_FAILED, description: coverErrorText(error), variant: 'destructive' }),
      },
    );
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  }

  return (
    <div className="grid gap-2">
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-line bg-surface px-6 py-8 text-center',
          'transition-colors duration-150 hover:border-accent/70',
          'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent',
          dragging && 'border-accent bg-accent-soft',
          upload.isPending && 'pointer-events-none opacity-70',
        )}
      >
        <span className="grid size-11 place-items-center rounded-full bg-accent-soft text-accent">
          {upload.isPending ? <Spinner className="size-5" /> : <ImageUp aria-hidden className="size-5" />}
        </span>
        <span className="text-sm font-medium">{upload.isPending ? 'Uploading…' : 'Choose an image or drop it here'}</span>
        <span id={hintId} className="text-xs text-ink-muted">
          {UPLOAD_HINT}
        </span>
        <input
          id={inputId}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          className="sr-only"
          aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
          aria-invalid={Boolean(problem)}
          disabled={upload.isPending}
          onChange={(event) => {
            send(event.target.files?.[0]);
            // Lets the same file be chosen again after a failure.
            event.target.value = '';
          }}
        />
      </label>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
