/** The admin dashboard's Payments tab (spec 2 §2, issue 13). */
export function PaymentsTab() {
  return <p className="text-sm text-ink-muted">Payments: being built.</p>;
}
