import { HOME_HEAD_ELEMENT_ID, SERVER_RENDER_ATTRIBUTE } from '../common/home-render';
import { holdEarlyInput } from './app/early-input';
import { deferEarlyRead, startEarlyReads } from './lib/early-home-reads';
import { API } from './lib/api-paths';
import { yieldToMain } from './lib/json-slices';
import './components/ui/animations.css';
import './styles.css';

/*
 * The entry is small on purpose: the app's code is one dynamic import away. On a page the server
 * drew (the collection home), that import waits for the first frame, so fetching, compiling and
 * running the app's code (which took most of the time to the first album cards on a 2-core machine)
 * come after the cards are on screen (as the home's render benchmark measured); so do the reads the hydration
 * needs, which the server therefore does not preload on that page. Elsewhere the app starts at once.
 */
const root = document.getElementById('root')!;
const serverDrawn = root.hasAttribute(SERVER_RENDER_ATTRIBUTE);
// A drawing with its head is taken over without the album list, read after it (app/mount-app.ts).
const drawnWithHead = serverDrawn && document.getElementById(HOME_HEAD_ELEMENT_ID) !== null;

const earlyInput = serverDrawn ? holdEarlyInput(root) : null;
let started = false;
const start = () => {
  if (started) return;
  started = true;
  if (drawnWithHead) {
    startEarlyReads([API.user, API.collections]);
    deferEarlyRead(API.albums);
  } else if (serverDrawn) {
    startEarlyReads([API.user, API.collections, API.albums]);
  }
  // React DOM first, then the app, with a pause between: evaluating both at once was one long task
  // (Lighthouse's blocking time on the server-drawn home). Between them, on a drawn home hydrated from
  // the album list, the page's first Intl.Collator (the album sort's): in a task of its own rather than
  // inside the hydration's sort. Then the app's code in two halves, each evaluated in a task of its own
  // (app/start-prelude.ts).
  void import('react-dom/client')
    .then(yieldToMain)
    .then(() => {
      if (serverDrawn && !drawnWithHead) new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare('a', 'b');
    })
    .then(yieldToMain)
    .then(() => import('./app/start-prelude'))
    .then(yieldToMain)
    .then(() => import('./app/start'))
    .then(({ startApp }) => startApp(root))
    .then(
      (hydrated) => earlyInput?.replay(hydrated),
      // The app could not load (offline, a new deployment): presses must not stay held for ever.
      () => earlyInput?.replay(false),
    );
};

if (serverDrawn) {
  // After the frame that paints the server's markup; a background tab, which has no frames, starts anyway.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
} else {
  start();
}
