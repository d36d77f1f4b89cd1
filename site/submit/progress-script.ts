// The draft progress page's only script (served from /assets/draft-progress.js; the page works without it by
// reloading itself). It asks the site for the draft's progress every 1.5 s, moves the bar, and opens the
// review screen when the build is done. Plain ES2017, no framework, no inline code (the CSP allows none).
export const DRAFT_PROGRESS_JS = `(() => {
  const box = document.getElementById('draft-progress');
  if (!box) return;
  const id = box.getAttribute('data-draft');
  const set = (elId, text) => { const el = document.getElementById(elId); if (el) el.textContent = String(text); };
  const tick = async () => {
    try {
      const res = await fetch('/drafts/' + encodeURIComponent(id) + '/progress.json', { credentials: 'same-origin', cache: 'no-store' });
      if (!res.ok) return setTimeout(tick, 5000);
      const d = await res.json();
      if (d.status === 'ready' || d.status === 'failed') { location.reload(); return; }
      const p = d.progress;
      set('progress-step', d.step_text || p.step);
      set('progress-percent', p.percent);
      set('progress-pages', p.pages_fetched);
      set('progress-planned', p.pages_planned);
      const bar = document.getElementById('progress-bar');
      if (bar) { bar.value = p.percent; bar.textContent = p.percent + ' %'; }
    } catch (e) { /* offline for a moment: try again */ }
    setTimeout(tick, 1500);
  };
  setTimeout(tick, 1000);
})();
`;
