import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface ShellFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> {
  id: string;
  label: string;
  /** What is wrong with the value, in words; nothing when it is fine. */
  error?: string;
  /** Other texts that describe the field (the password rules), by id. */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the input, above the error. */
  children?: ReactNode;
}

/**
 * A labelled input of the shell's forms (login, forgot password, reset password): its error sits
 * under it as `{id}-error`, marks it invalid and is read with it.
 */
export function ShellField({ id, label, error, describedBy, inputRef, children, ...input }: ShellFieldProps) {
  const errorId = `${id}-error`;
  const described = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'login-field login-field--invalid' : 'login-field'}>
      <label htmlFor={id}>{label}</label>
      <input ref={inputRef} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {children}
      {error && (
        <p id={errorId} className="login-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * After a form's check: focus the first field, in the form's order, that has a problem. Says
 * whether there was one (the form then stops there and sends nothing).
 */
export function focusFirstProblem<F extends string>(
  fields: readonly F[],
  problems: Partial<Record<F, unknown>>,
  inputs: Partial<Record<F, HTMLInputElement | null>>,
): boolean {
  const first = fields.find((field) => problems[field]);
  if (first === undefined) return false;
  inputs[first]?.focus();
  return true;
}
