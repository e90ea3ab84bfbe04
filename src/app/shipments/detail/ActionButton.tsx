import type { ReactElement } from 'react';
import { IconButton, Tooltip, useMediaQuery, type Theme } from '@mui/material';
import { Button, useTranslate, type ButtonProps } from 'react-admin';

/**
 * An action of the shipment detail (issue 36, 6): react-admin's Button, but one that keeps its name on a
 * phone when it is disabled (react-admin's phone icon button then had none: a nameless button to a
 * screen reader), and a disabled one is described by why (the server's own reason, AwbDetail.Why), for
 * a screen reader and in its tooltip.
 */
export function ActionButton({
  label,
  why,
  disabled,
  children,
  onClick,
  color,
  variant,
}: Pick<ButtonProps, 'label' | 'disabled' | 'onClick' | 'color' | 'variant'> & {
  label: string;
  why?: string;
  children: ReactElement;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const name = translate(label, { _: label });
  // Its description as an attribute (aria-description), not a second copy of the text in the page.
  const described = disabled && why ? why : undefined;
  if (!phone)
    return (
      <Button label={label} onClick={onClick} disabled={disabled} color={color} variant={variant} aria-description={described}>
        {children}
      </Button>
    );
  return (
    <Tooltip title={described ? `${name}: ${why}` : name}>
      {/* A disabled button takes no pointer events: the tooltip listens on its wrapper. */}
      <span>
        <IconButton
          aria-label={name}
          aria-description={described}
          disabled={disabled}
          onClick={onClick}
          color={color === 'inherit' ? 'inherit' : (color ?? 'primary')}
          size="large"
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
