/** Placeholder: the landing page (issue 2) is being built. */
export default function LandingPage() {
  return <main className="p-8">Spindle</main>;
}
