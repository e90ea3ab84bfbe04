// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MfaPasscodeError } from '../../../../dataProviders/loginErrors';
import MfaCodeDialog from './MfaCodeDialog';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-01T08:00:00Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderDialog(overrides: Partial<Parameters<typeof MfaCodeDialog>[0]> = {}) {
  const props = {
    challenge: { email: 'm****@demoair.example', prefix: 'QX', openedAt: Date.now() },
    resendSeconds: 30,
    timeoutSeconds: 60,
    onSubmit: vi.fn(async () => undefined),
    onResend: vi.fn(),
    onCancel: vi.fn(),
    onTimeout: vi.fn(),
    ...overrides,
  };
  render(<MfaCodeDialog {...props} />);
  return props;
}

const codeInput = () => screen.getByRole('textbox', { name: 'Verification code' });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('MfaCodeDialog (spec 4, 5)', () => {
  it('shows where the code went, takes digits only and enables Submit at exactly six', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Enter your verification code' });
    expect(dialog).toHaveTextContent('We sent a 6-digit verification code to m****@demoair.example.');
    expect(dialog).toHaveTextContent('QX-');
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    fireEvent.change(codeInput(), { target: { value: 'ab12c3' } });
    expect(codeInput()).toHaveValue('123');
    expect(submit).toBeDisabled();
    fireEvent.change(codeInput(), { target: { value: '12345678' } });
    expect(codeInput()).toHaveValue('123456');
    expect(submit).toBeEnabled();
  });

  it('keeps resend disabled for the resend period, counting down', () => {
    const props = renderDialog({ resendSeconds: 30 });
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled();
    advance(29_000);
    expect(screen.getByRole('button', { name: 'Resend code in 1 s' })).toBeDisabled();
    advance(1_000);
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    fireEvent.click(resend);
    expect(props.onResend).toHaveBeenCalledOnce();
  });

  it('times out once, at the configured time', () => {
    const props = renderDialog({ timeoutSeconds: 60 });
    expect(screen.getByText('Time left: 1:00')).toBeInTheDocument();
    advance(59_000);
    expect(screen.getByText('Time left: 0:01')).toBeInTheDocument();
    expect(props.onTimeout).not.toHaveBeenCalled();
    advance(1_000);
    advance(5_000);
    expect(props.onTimeout).toHaveBeenCalledOnce();
  });

  it('shows the invalid-code message with the attempts left, and clears the code', async () => {
    const onSubmit = vi.fn(async () => {
      throw new MfaPasscodeError(2);
    });
    renderDialog({ onSubmit });
    fireEvent.change(codeInput(), { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
    expect(onSubmit).toHaveBeenCalledWith('000000');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid verification code');
    expect(alert).toHaveTextContent('Your OTP is incorrect. You have 2 attempt(s).');
    expect(codeInput()).toHaveValue('');
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveFocus();
  });

  it('closes with Escape or Cancel', () => {
    const props = renderDialog();
    fireEvent.keyDown(codeInput(), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledTimes(2);
  });
});
