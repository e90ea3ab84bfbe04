import { Alert, Chip, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { pluginByName } from '../../../../plugins/lookup';
import type { ComplianceCheck, ComplianceSummary } from '../../../domain/shipmentWire';
import { utcDateTime } from '../../../domain/dateRange';
import { autoAcceptWithheldBy } from '../../../domain/compliance/findings';
import { Block, Facts, SimpleTable } from '../detail/DetailBlocks';

const RESULT_COLORS = { PASS: 'success', WARN: 'warning', FAIL: 'error' } as const;

/** The rules engine's explanation: what it concluded, and every finding with the list and row that fired. */
export function ComplianceFindings({ checks, summary }: { checks: ComplianceCheck[]; summary: ComplianceSummary | undefined }) {
  const translate = useTranslate();
  const listLabel = (list: string) => {
    const plugin = pluginByName(list);
    return plugin ? translate(`app.ruleList.${plugin.name}`, { _: plugin.label }) : list;
  };
  const none = translate('app.shipments.sanction.none');
  const countries = summary?.OriginCountry || summary?.DestinationCountry ? `${summary.OriginCountry ?? '?'} → ${summary.DestinationCountry ?? '?'}` : none;
  const withheld = autoAcceptWithheldBy(checks);
  return (
    <Stack spacing={2}>
      {withheld.length > 0 && (
        <Alert severity="info">
          {translate('app.shipments.sanction.autoAcceptWithheld', { smart_count: withheld.length })}
          <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
            {withheld.map((check) => (
              <li key={`${check.list}|${check.rowId ?? ''}|${check.rule}|${check.message}`}>
                {translate('app.shipments.sanction.withheldBy', {
                  list: check.list ? listLabel(check.list) : '',
                  row: check.rowId ? translate('app.shipments.sanction.withheldRow', { row: check.rowId }) : '',
                  rule: check.rule,
                  message: check.message,
                })}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      {summary?.EvaluatedAt && (
        <Block title="app.shipments.sanction.summary">
          <Facts
            rows={[
              ['app.shipments.sanction.evaluatedAt', utcDateTime(summary.EvaluatedAt)],
              ['app.shipments.sanction.countries', countries],
              ['app.shipments.sanction.addedCodes', summary.AddedSpecialHandlingCodes.join('/') || none],
              ['app.shipments.sanction.mapped', summary.MappedDescriptions.join('; ') || none],
              ['app.shipments.sanction.suggested', summary.SuggestedRejectReasons.join(', ') || none],
              ...(summary.AutoAcceptAt ? ([['app.shipments.sanction.autoAcceptAt', utcDateTime(summary.AutoAcceptAt)]] as [string, string][]) : []),
            ]}
          />
        </Block>
      )}
      <Block title="app.shipments.sanction.compliance">
        <SimpleTable
          label="app.shipments.sanction.compliance"
          rows={checks}
          empty="app.shipments.sanction.noChecks"
          columns={[
            ['app.shipments.sanction.result', (check) => <Chip size="small" color={RESULT_COLORS[check.result] ?? 'default'} label={check.result} />],
            ['app.shipments.sanction.listName', (check) => (check.list ? listLabel(check.list) : '')],
            ['app.shipments.sanction.rule', (check) => check.rule],
            ['app.shipments.sanction.message', (check) => check.message],
          ]}
        />
      </Block>
    </Stack>
  );
}
