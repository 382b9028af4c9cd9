/** Stand-in until issue 5's share dialog lands. Same props as the real one. */
export interface ShareDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected collection (the caller shows "No collection selected to share" when there is none). */
  collection: { id: number; name: string; shareToken?: string | null };
}

export function ShareDialog(_props: ShareDialogProps) {
  return null;
}
