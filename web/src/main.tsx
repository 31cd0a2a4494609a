import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, firstPageCode } from './app';

/**
 * A tab left open across a deploy asks for chunks the new build no longer has (the server answers 404):
 * load the page again to get the new build. Once: a chunk still missing a moment later is a real error.
 */
const RELOADED_AT = 'playtime:reloaded-for-new-build';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(window.sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 10_000) return;
  window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * The first render is a transition, which React renders in slices of a few milliseconds: a phone's main
 * thread stays free for input between them, instead of one long task for the whole page. It waits for
 * the first page's code, and its first data, when the server sent them beside the entry (a failed load
 * renders anyway: the page's own loading then retries and reports it).
 */
void firstPageCode()
  .catch(() => undefined)
  .then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
