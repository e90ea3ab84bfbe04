import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

/** What Tab can reach in a shell dialog. */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside a modal panel: past the last control back to the first, and the other way round. */
export function keepTabWithin(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null): void {
  if (event.key !== 'Tab' || !panel) return;
  const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** A modal's keys: Escape closes it when it may be closed (and goes no further), Tab stays inside. */
export function handleModalKeys(event: KeyboardEvent<HTMLElement>, panel: HTMLElement | null, onClose?: () => void): void {
  if (event.key === 'Escape' && onClose) {
    event.stopPropagation();
    onClose();
    return;
  }
  keepTabWithin(event, panel);
}

type FocusTarget = () => HTMLElement | null | undefined;

/**
 * Focus for a modal. It moves in when the modal opens, in the same commit that shows it (a layout
 * effect: no keystroke lands behind it, even when the modal arrives through a lazy import), and
 * goes back when it closes, once the commit is done (a passive effect: by then the page behind is
 * no longer inert, so it can take focus). Back means `returnFocusTo` as it is at closing time, or
 * else what had focus before opening.
 */
export function useModalFocus(open: boolean, moveTo: FocusTarget, returnFocusTo?: FocusTarget): void {
  const previous = useRef<HTMLElement | null>(null);
  const returnTarget = useRef(returnFocusTo);
  useLayoutEffect(() => {
    returnTarget.current = returnFocusTo;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves once per opening, not when the caller hands over a new target function.
  useLayoutEffect(() => {
    if (!open) return;
    previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    moveTo()?.focus();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    return () => {
      const back = returnTarget.current?.() ?? previous.current;
      if (back?.isConnected) back.focus();
    };
  }, [open]);
}
