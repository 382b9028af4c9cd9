// Applies the stored theme before first paint (no flash). Key and default: spec 1 §3 (default light).
(function () {
  try {
    var t = localStorage.getItem('spindle-theme') || 'light';
    var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {}
})();
