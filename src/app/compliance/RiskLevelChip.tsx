import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HIGH_CONFIDENCE_SCORE, readRiskLevel, type RiskLevel } from '../../domain/sanctionRisk';

const COLORS: Record<RiskLevel, 'error' | 'warning' | 'default'> = { High: 'error', Medium: 'warning', Low: 'default' };

/** The risk label's meaning as people read it (sanctionRisk.ts), e.g. for a legend under a list of hits. */
export function useRiskMeaning(): (level: RiskLevel) => string {
  const translate = useTranslate();
  return (level) => translate(`app.compliance.risk.meaning.${level}`, { confidence: `${Math.round(HIGH_CONFIDENCE_SCORE * 100)} %` });
}

/**
 * A sanction hit's risk label, the same on every list (the shipment's Sanction & Compliance tab, the
 * Sanction Check page): one wording and colour per level, its meaning on hover. Lists spell the level
 * High or HIGH; both read the same.
 */
export function RiskLevelChip({ level }: { level: string }) {
  const translate = useTranslate();
  const meaning = useRiskMeaning();
  const risk = readRiskLevel(level);
  if (!risk) return <Chip size="small" variant="outlined" label={level || '—'} />;
  const label = translate(`app.compliance.risk.levels.${risk}`);
  return (
    <Tooltip title={meaning(risk)} describeChild>
      <Chip size="small" color={COLORS[risk]} label={label} aria-label={translate('app.compliance.risk.label', { level: label })} />
    </Tooltip>
  );
}
