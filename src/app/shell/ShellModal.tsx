import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { FOCUSABLE, handleModalKeys, useModalFocus } from './focusTrap';
import './modal.css';

interface ShellModalProps {
  title: string;
  children: ReactNode;
  /** The buttons row. */
  actions: ReactNode;
  /** Escape, the close button; undefined when the dialog needs an answer. */
  onClose?: () => void;
  /** What gets focus on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  closeLabel?: string;
  /** 'alertdialog' for messages that interrupt. */
  role?: 'dialog' | 'alertdialog';
  size?: 'normal' | 'wide';
  /** Where focus goes after closing; the previously focused element otherwise. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A modal dialog for the shell pages, without MUI: focus moves in and stays inside (Tab wraps),
 * Escape closes when closing is allowed, focus returns afterwards. The page behind is made inert
 * by its owner.
 */
export function ShellModal({
  title,
  children,
  actions,
  onClose,
  initialFocus,
  closeLabel = 'Close',
  role = 'dialog',
  size = 'normal',
  returnFocusTo,
}: ShellModalProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);

  useModalFocus(true, () => initialFocus?.current ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel.current, returnFocusTo);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the modal's keys (Escape closes, Tab stays inside) are caught around the dialog.
    <div className="shell-dialog-backdrop" onKeyDown={(event) => handleModalKeys(event, panel.current, onClose)}>
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is dialog or alertdialog (the prop's type), both of which take aria-modal. */}
      <div
        ref={panel}
        className={size === 'wide' ? 'shell-dialog shell-dialog--wide' : 'shell-dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
      >
        <div className="shell-dialog-header">
          <h2 id={`${id}-title`} className="shell-dialog-title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="shell-dialog-close" aria-label={closeLabel} onClick={onClose}>
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div className="shell-dialog-body">{children}</div>
        <div className="shell-dialog-actions">{actions}</div>
      </div>
    </div>
  );
}
