/** The admin dashboard's Testing tab (spec 2 §2, issue 13). */
export function TestingTab() {
  return <p className="text-sm text-ink-muted">Testing: being built.</p>;
}
