/** The admin dashboard's Users tab (spec 2 §2, issue 13). */
export function UsersTab() {
  return <p className="text-sm text-ink-muted">Users: being built.</p>;
}
