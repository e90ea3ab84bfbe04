import type { ButtonHTMLAttributes } from 'react';

/**
 * A shell button for work that takes a moment (sign in, send, verify, save): while `busy` it is
 * disabled and shows a small spinner beside its label (the label itself says what is going on).
 */
export function BusyButton({ busy, disabled, className = 'shell-button', children, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean }) {
  return (
    <button className={className} disabled={busy || disabled} {...button}>
      {busy && <span className="shell-spinner shell-spinner--small" aria-hidden="true" />}
      {children}
    </button>
  );
}
