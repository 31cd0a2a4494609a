/**
 * Resolves once the page has painted its first content, or after a second at most (a tab in the
 * background paints nothing): for work a page needs soon but not for its first paint (the live
 * connection, the identity SDK), which on a phone would otherwise hold the page itself back.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) {
      resolve();
      return;
    }
    // A paint entry may also be the first paint of nothing but a background: wait for content.
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timeout = setTimeout(() => done(), 1000);
    function done() {
      observer.disconnect();
      clearTimeout(timeout);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}
