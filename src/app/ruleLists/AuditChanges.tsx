import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import { changedSources, type RuleListAuditEntry } from '../../domain/ruleListAudit';
import { describeKey } from '../../domain/ruleListValidation';
import { pluginTexts } from './useRuleLists';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** What one user log entry changed: the row's key, then each field that differs, before → after. */
export function AuditChanges({ plugin, entry }: { plugin: RuleListPlugin; entry: RuleListAuditEntry }) {
  const translate = useTranslate();
  const texts = pluginTexts(plugin);
  const row = (entry.after ?? entry.before ?? {}) as Record<string, string | number | null>;
  const label = (source: string) => translate(texts.field(source), { _: plugin.fields.find((field) => field.source === source)?.label ?? source });
  const key = describeKey(plugin.uniqueKey, row);
  if (!entry.before || !entry.after) {
    return (
      <Typography variant="body2">
        <strong>{key}</strong>{' '}
        {translate(
          entry.before ? 'app.ruleLists.userLog.deleted' : entry.action === 'Restore' ? 'app.ruleLists.userLog.restored' : 'app.ruleLists.userLog.created',
        )}
      </Typography>
    );
  }
  const changed = changedSources(entry.before, entry.after).filter((source) => plugin.fields.some((field) => field.source === source));
  return (
    <Box>
      <Typography variant="body2">
        <strong>{key}</strong>
        {changed.length === 0 && ` ${translate('app.ruleLists.userLog.none')}`}
      </Typography>
      {changed.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {changed.map((source) => (
            <Typography component="li" variant="body2" key={source}>
              {label(source)}: {shown(entry.before?.[source])} → {shown(entry.after?.[source])}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
