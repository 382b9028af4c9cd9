/** A record on a warm panel: the auth page's decoration, drawn in CSS (no image to load). */
export function VinylArt() {
  return (
    <div aria-hidden className="relative size-64 xl:size-72">
      <div className="absolute inset-0 rounded-full bg-[#15120f] shadow-2xl ring-1 ring-black/20" />
      {[6, 12, 18, 24, 30].map((inset) => (
        <div key={inset} className="absolute rounded-full border border-white/[0.07]" style={{ inset: `${inset}%` }} />
      ))}
      <div className="absolute inset-[34%] rounded-full bg-accent" />
      <div className="absolute inset-[40%] rounded-full border border-black/15" />
      <div className="absolute inset-[48.5%] rounded-full bg-accent-soft" />
      <div className="absolute inset-0 rounded-full bg-[conic-gradient(from_200deg,transparent_0deg,rgba(255,255,255,0.10)_30deg,transparent_60deg,transparent_180deg,rgba(255,255,255,0.06)_210deg,transparent_240deg)]" />
    </div>
  );
}
