import { useMutation } from '@tanstack/react-query';
import { ImageDown } from 'lucide-react';
import { useId, useState } from 'react';
import { coverImportRequestSchema } from '../../../../common/cover-art.schemas';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/use-toast';
import { coverErrorText, importCoverArt } from '../api';

/** Manual URL mode: the server checks the address and stores the image it finds there (docs/product/cover-art.md#import). */
export function CoverUrlPanel({ onChange }: { onChange: (coverUrl: string | null) => void }) {
  const id = useId();
  const [address, setAddress] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const importCover = useMutation({ mutationFn: importCoverArt });

  function use() {
    if (importCover.isPending) return;
    const parsed = coverImportRequestSchema.safeParse({ url: address });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    importCover.mutate(parsed.data.url, {
      onSuccess: ({ url }) => {
        onChange(url);
        toast({ title: 'Cover art added', description: 'The image was copied to your collection.', variant: 'success' });
      },
      onError: (error) => setProblem(coverErrorText(error)),
    });
  }

  return (
    <div className="grid gap-3">
      <FormField
        id={id}
        label="Image URL"
        hint="The image is copied to your collection, so the cover stays if the original moves."
        error={problem}
      >
        {(control) => (
          // Plain text, not type=url: the browser's own URL check would block saving the album form.
          <Input
            {...control}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…"
            value={address}
            onChange={(event) => {
              setAddress(event.target.value);
              if (problem) setProblem(undefined);
            }}
            onKeyDown={(event) => {
              // Enter here means this field's action, not saving the album form around it.
              if (event.key === 'Enter') {
                event.preventDefault();
                use();
              }
            }}
          />
        )}
      </FormField>
      <Button variant="secondary" className="justify-self-start" onClick={use} loading={importCover.isPending}>
        {!importCover.isPending && <ImageDown aria-hidden />}
        Use this image
      </Button>
    </div>
  );
}
