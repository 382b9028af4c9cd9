export type DiagnosticsAction = 'diagnose' | 'duplicates';

/** docs/product/admin.md#diagnostics: the exact text of the Remove Duplicates confirmation. */
export const REMOVE_DUPLICATES_WARNING = 'WARNING: This will permanently remove duplicate albums. Are you sure?';

/** /admin?userId=…&action=diagnose|duplicates (docs/product/admin.md#diagnostics): which panel to open on which user. */
export function diagnosticsEntry(search: string): { userId: number; action: DiagnosticsAction } | null {
  const params = new URLSearchParams(search);
  const action = params.get('action');
  const raw = params.get('userId') ?? '';
  const userId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if ((action !== 'diagnose' && action !== 'duplicates') || userId <= 0 || userId > 2_147_483_647) return null;
  return { userId, action };
}
