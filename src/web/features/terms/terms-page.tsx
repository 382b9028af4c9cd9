/** Placeholder: the terms of service page (issue 2) is being built. */
export default function TermsPage() {
  return <main className="p-8">Terms of Service</main>;
}
