// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellDialog } from './ShellDialog';
import { ShellModal } from './ShellModal';

afterEach(cleanup);

/**
 * A page like the login page: while its modal is open, the form behind cannot take focus (here a
 * disabled fieldset, in the browser `inert`), and it can again in the same commit that closes the
 * modal. The modal comes first in the tree, so React updates it before the form behind.
 */
function Page({ kind, returnToField }: { kind: 'modal' | 'dialog'; returnToField?: boolean }) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const returnFocusTo = returnToField ? () => field.current : undefined;
  return (
    <>
      {kind === 'modal' && open && (
        <ShellModal title="Details" onClose={() => setOpen(false)} returnFocusTo={returnFocusTo} actions={<button type="button">Save</button>}>
          <input aria-label="Name" />
        </ShellModal>
      )}
      {kind === 'dialog' && (
        <ShellDialog open={open} title="Failed to login" onClose={() => setOpen(false)} returnFocusTo={returnFocusTo}>
          Wrong password.
        </ShellDialog>
      )}
      <fieldset disabled={open}>
        <input ref={field} aria-label="Password" />
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
      </fieldset>
    </>
  );
}

describe('focus in shell modals', () => {
  it('moves into the modal as it opens and back to the opener when it closes', async () => {
    const user = userEvent.setup();
    render(<Page kind="modal" />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('returns focus to a field the open modal kept from taking it', async () => {
    const user = userEvent.setup();
    render(<Page kind="modal" returnToField />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByLabelText('Password')).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  it('does the same for the alert dialog: OK first, then the field behind', async () => {
    const user = userEvent.setup();
    render(<Page kind="dialog" returnToField />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });
});
