/** Stand-in until issue 4's picker lands: manual URL only. Same props as the real one. */
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

export function CoverArtPicker({ value, onChange }: CoverArtPickerProps) {
  return (
    <label className="grid gap-1.5 text-sm">
      <span className="font-medium">Cover image URL</span>
      <input
        className="h-10 rounded-lg border border-line bg-surface px-3"
        value={value ?? ''}
        placeholder="https://…"
        onChange={(event) => onChange(event.target.value.trim() || null)}
      />
    </label>
  );
}
