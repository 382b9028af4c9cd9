/** The admin dashboard's Alerts tab (spec 2 §2, issue 13). */
export function AlertsTab() {
  return <p className="text-sm text-ink-muted">Alerts: being built.</p>;
}
