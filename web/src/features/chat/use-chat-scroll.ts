import { useLayoutEffect, useRef, type RefObject } from 'react';

/** How close to the bottom (px) still counts as reading the newest: a new message then scrolls into view. */
const AT_BOTTOM_SLACK = 48;

/**
 * Keeps the chat's list where the reader expects it. A page of earlier messages added on top keeps what
 * was on screen in place; a new message at the bottom scrolls into view when the reader was at the
 * bottom (or the list was empty), and leaves a reader who scrolled up where they are. Call
 * `rememberScroll` on every scroll of the list.
 */
const isAtBottom = (element: HTMLElement) =>
  element.scrollHeight - element.scrollTop - element.clientHeight <= AT_BOTTOM_SLACK;

export function useChatScroll(
  log: RefObject<HTMLDivElement | null>,
  oldestId: string | null,
  newestId: string | null,
): { rememberScroll: () => void } {
  const before = useRef<{ oldestId: string | null; newestId: string | null; height: number; atBottom: boolean }>({
    oldestId: null,
    newestId: null,
    height: 0,
    atBottom: true,
  });
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const was = before.current;
    if (was.oldestId !== null && oldestId !== was.oldestId && newestId === was.newestId) {
      element.scrollTop += element.scrollHeight - was.height;
    } else if (newestId !== was.newestId && (was.atBottom || was.newestId === null)) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { oldestId, newestId, height: element.scrollHeight, atBottom: isAtBottom(element) };
  }, [log, oldestId, newestId]);
  const rememberScroll = () => {
    const element = log.current;
    if (!element) return;
    before.current.height = element.scrollHeight;
    before.current.atBottom = isAtBottom(element);
  };

  return { rememberScroll };
}
