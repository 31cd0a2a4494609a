/** Whether the browser has a network connection, as a store for useSyncExternalStore. */
export function isOnline(): boolean {
  return navigator.onLine;
}

export function onOnlineChange(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
