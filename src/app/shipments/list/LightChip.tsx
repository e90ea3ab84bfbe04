import type { ChipProps } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import './lightCells.css';

export type LightChipColor = Exclude<ChipProps['color'], undefined>;

/**
 * A chip that looks like MUI's (size, shape, the theme's colours) for what a page of rows shows many times: the
 * status and the attention marks. Its shape is static CSS (lightCells.css) and its colours inline styles, where MUI's
 * Chip made emotion styles for each colour and variant in every row: the AWB and status cells were about a fifth of
 * the shipment list's render (issue 16). Not clickable: a label, not a control.
 */
export function LightChip({
  label,
  color = 'default',
  variant = 'filled',
  size = 'small',
}: {
  label: string;
  color?: LightChipColor;
  variant?: 'filled' | 'outlined';
  size?: 'small' | 'medium';
}) {
  const { palette } = useTheme();
  const main = color === 'default' ? undefined : palette[color].main;
  const style =
    variant === 'filled'
      ? { backgroundColor: main ?? palette.action.selected, color: color === 'default' ? palette.text.primary : palette[color].contrastText }
      : { border: `1px solid ${main ? alpha(main, 0.7) : palette.grey[400]}`, color: main ?? palette.text.primary };
  return (
    <span className={`light-chip light-chip-${size} light-chip-${variant}`} style={style}>
      <span className="light-chip-label">{label}</span>
    </span>
  );
}
