// What the bench runs inside each page it loads (as an init script, before the page's own code), the same
// for the console and for the static floor page, so both are measured the same way.
//
// It looks once per frame for the sign-in button (a <button>, or a custom element such as <sl-button>
// whose shadow root holds one, with the text 登 录), as Playwright's getByRole('button') would, and checks
// it has a box and is not hidden. The frame in which it is first visible is `visibleAt`; the next frame
// (the form has then been painted, not only laid out) is `paintedAt`: that is P0. Both are milliseconds
// from navigation start, the time origin of the paint and resource timing entries the bench reads too.
// At `paintedAt` it sets the mark `bench:painted` (for traces) and calls the `__benchPainted` binding so
// the bench can read the CPU counters right then.
// It also keeps the long tasks (over 50 ms) the page ran.
//
// Issue 31: after P0 it goes on, once a frame, until the form is interactive (`interactiveAt`): its submit
// handler is React's and attached, and, on a page whose markup came from the server, React has hydrated
// it (the console's `opsPrerender.hydrated`: from then on typing reaches React's state and a click on the
// button is handled at once). A form without React (the static floor) is interactive when painted. And it
// adds up the layout shifts (`cls`, those not caused by input) from navigation start.

export function paintProbe(buttonText) {
  if (!/^https?:$/.test(location.protocol)) return;
  const state = { visibleAt: null, paintedAt: null, interactiveAt: null, cls: 0, longTasks: [] };
  Object.defineProperty(window, '__bench', { value: state });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long-task timing in this browser
  }
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // no layout-shift timing in this browser
  }
  const normalized = (text) => text.replace(/\s+/g, ' ').trim();
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const visibleButton = () => {
    for (const candidate of document.querySelectorAll('button, [role="button"], sl-button')) {
      if (normalized(candidate.textContent ?? '') !== buttonText) continue;
      const target =
        candidate.localName === 'button' || candidate.getAttribute('role') === 'button'
          ? candidate
          : candidate.shadowRoot?.querySelector('button, [role="button"]');
      if (target && shown(target)) return target;
    }
    return null;
  };
  const buttonVisible = () => visibleButton() !== null;
  const reactHandles = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  const interactive = () => {
    const form = visibleButton()?.closest('form');
    if (!form) return false;
    if (window.opsPrerender) return window.opsPrerender.hydrated === true;
    const usesReact = document.querySelector('script[src]') !== null;
    return reactHandles(form) || !usesReact;
  };
  let frames = 0;
  const tick = () => {
    frames += 1;
    if (state.visibleAt === null) {
      if (buttonVisible()) state.visibleAt = performance.now();
      // Bounded: a page that never shows the button stops being watched after about a minute.
      if (frames < 3600) requestAnimationFrame(tick);
      return;
    }
    if (state.paintedAt === null) {
      state.paintedAt = performance.now();
      performance.mark('bench:painted');
      window.__benchPainted?.(state.paintedAt);
    }
    if (interactive()) state.interactiveAt = performance.now();
    else if (frames < 3600) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
