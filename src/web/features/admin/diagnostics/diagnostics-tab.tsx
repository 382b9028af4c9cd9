/** The admin dashboard's Diagnostics tab (spec 2 §2, issue 13). */
export function DiagnosticsTab() {
  return <p className="text-sm text-ink-muted">Diagnostics: being built.</p>;
}
