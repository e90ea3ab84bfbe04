import { useId, useRef, type ReactNode } from 'react';
import { handleModalKeys, useModalFocus } from './focusTrap';
import { useShellTranslate } from '../i18n/translate';

interface ShellDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  onClose(): void;
  /** Where focus goes after closing; the previously focused element otherwise. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/**
 * A small modal alert for the shell pages (no MUI on the login page): focus moves to the OK
 * button, Tab stays inside, Escape closes, focus returns afterwards.
 */
export function ShellDialog({ open, title, children, onClose, returnFocusTo }: ShellDialogProps) {
  const translate = useShellTranslate();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const okButton = useRef<HTMLButtonElement>(null);

  useModalFocus(open, () => okButton.current, returnFocusTo);

  if (!open) return null;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the modal's keys (Escape closes, Tab stays inside) are caught around the dialog.
    <div className="shell-dialog-backdrop" onKeyDown={(event) => handleModalKeys(event, panel.current, onClose)}>
      <div ref={panel} className="shell-dialog" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-body`}>
        <h2 id={`${id}-title`} className="shell-dialog-title">
          {title}
        </h2>
        <div id={`${id}-body`} className="shell-dialog-body">
          {children}
        </div>
        <div className="shell-dialog-actions">
          <button ref={okButton} type="button" className="shell-button" onClick={onClose}>
            {translate('app.dialog.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
