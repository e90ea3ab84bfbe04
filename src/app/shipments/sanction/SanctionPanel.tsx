import { useState } from 'react';
import { Alert, Box, Checkbox, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, useNotify, useTranslate } from 'react-admin';
import { hitBlocksAcceptance, nextHitState, openHitCount, REVIEWER_DECISIONS, SANCTION_DECISIONS, type SanctionDecision } from '../../../domain/sanctionReview';
import type { SanctionHit } from '../../../domain/shipmentWire';
import { LoadingBox } from '../../admin/LoadingBox';
import { Block } from '../detail/DetailBlocks';
import { StaleAlert } from '../detail/StaleAlert';
import { RefusedDetail } from '../detail/RefusedDetail';
import { isDecisionNetworkFailure, useShipmentFailureLog } from '../failureLog';
import { failureMessage } from '../outcomes';
import type { SanctionDetail } from '../shipmentApi';
import { useShipmentApi } from '../useShipmentApi';
import { RiskLevelChip } from '../../compliance/RiskLevelChip';
import { ComplianceFindings } from './ComplianceFindings';
import { HitDecision } from './HitDecision';
import { HitEntry, HitWhy } from './HitEvidence';
import { SanctionDecisionDialog } from './SanctionDecisionDialog';

const STATE_COLORS = { OPEN: 'warning', ESCALATED: 'info', APPROVED: 'success', DENIED: 'error', CLEARED: 'success' } as const;

function mayDecide(detail: SanctionDetail, decision: SanctionDecision): boolean {
  return REVIEWER_DECISIONS.has(decision) ? detail.Can.Review : detail.Can.Escalate;
}

function HitsTable({ detail, selected, onToggle }: { detail: SanctionDetail; selected: ReadonlySet<string>; onToggle(hitIds: string[], on: boolean): void }) {
  const translate = useTranslate();
  const hits = detail.SanctionHits;
  const decidable = detail.Can.Escalate || detail.Can.Review;
  const party = (hit: SanctionHit) => {
    const role = translate(`app.shipments.sanction.roles.${hit.party}`, { _: hit.party });
    return hit.hawb ? translate('app.shipments.sanction.house', { party: role, hawb: hit.hawb }) : role;
  };
  const all = hits.length > 0 && hits.every((hit) => selected.has(hit.hitId));
  const cell = { whiteSpace: 'nowrap', fontWeight: 600 } as const;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.shipments.sanction.hits')}>
        <TableHead>
          <TableRow>
            {decidable && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={!all && selected.size > 0}
                  onChange={(event) =>
                    onToggle(
                      hits.map((hit) => hit.hitId),
                      event.target.checked,
                    )
                  }
                  slotProps={{ input: { 'aria-label': translate('app.shipments.sanction.selectAll') } }}
                />
              </TableCell>
            )}
            {['stateRisk', 'partyText', 'match', 'scoreWhy', 'listing', 'action'].map((key) => (
              <TableCell key={key} sx={cell}>
                {translate(`app.shipments.sanction.${key}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {hits.map((hit) => {
            const embargo = [
              hit.exportEmbargo ? translate('app.shipments.sanction.exportEmbargo') : '',
              hit.importEmbargo ? translate('app.shipments.sanction.importEmbargo') : '',
              hit.controlledCommodity ?? '',
            ]
              .filter(Boolean)
              .join('; ');
            return (
              <TableRow key={hit.hitId} selected={selected.has(hit.hitId)} hover>
                {decidable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(hit.hitId)}
                      onChange={(event) => onToggle([hit.hitId], event.target.checked)}
                      slotProps={{ input: { 'aria-label': translate('app.shipments.sanction.select', { hit: `${party(hit)}: ${hit.matchedPhrase}` }) } }}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <Chip
                      size="small"
                      variant={hitBlocksAcceptance(hit.state) ? 'filled' : 'outlined'}
                      color={STATE_COLORS[hit.state]}
                      label={translate(`app.shipments.sanction.states.${hit.state}`)}
                    />
                    <RiskLevelChip level={hit.riskLevel} />
                  </Stack>
                </TableCell>
                <TableCell>
                  <Typography variant="caption" component="div" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                    {party(hit)}
                  </Typography>
                  {hit.screenedText}
                </TableCell>
                <TableCell sx={{ minWidth: 160, maxWidth: 280 }}>
                  <HitEntry hit={hit} />
                </TableCell>
                <TableCell sx={{ minWidth: 150, maxWidth: 240 }}>
                  <HitWhy hit={hit} />
                </TableCell>
                <TableCell sx={{ minWidth: 130, maxWidth: 300 }}>
                  {embargo && (
                    <Typography variant="body2" component="div" sx={{ fontWeight: 600 }}>
                      {embargo}
                    </Typography>
                  )}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {hit.citation || '—'}
                  </Typography>
                </TableCell>
                <TableCell sx={{ minWidth: 120 }}>
                  <HitDecision hit={hit} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The sanction and compliance tab (spec 2, 4): the shipment's hits with their review, the decisions
 * on the selected hits (escalate, cancel escalation, approve, deny, clear), screening again, and the
 * rules engine's findings. Used on the detail page and in the awb/awbdetail/sanction window.
 */
export function SanctionPanel({ shipmentId, onChanged }: { shipmentId: string; onChanged?: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useShipmentApi();
  const report = useShipmentFailureLog();
  const queryClient = useQueryClient();
  const sanction = useQuery({
    queryKey: ['awbapi', 'sanction', shipmentId],
    queryFn: () => api.sanction(shipmentId),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [decision, setDecision] = useState<SanctionDecision>();
  const [stale, setStale] = useState<string>();
  const [resending, setResending] = useState(false);

  if (sanction.isPending) return <LoadingBox />;
  if (sanction.isError) return <RefusedDetail error={sanction.error} />;
  const detail = sanction.data;
  const current = new Set([...selected].filter((hitId) => detail.SanctionHits.some((hit) => hit.hitId === hitId)));
  const chosen = detail.SanctionHits.filter((hit) => current.has(hit.hitId));
  const open = openHitCount(detail.SanctionHits);

  const reload = async () => {
    setSelected(new Set());
    await queryClient.invalidateQueries({ queryKey: ['awbapi', 'sanction', shipmentId] });
    onChanged?.();
  };

  function toggle(hitIds: string[], on: boolean) {
    const next = new Set(current);
    for (const hitId of hitIds) {
      if (on) next.add(hitId);
      else next.delete(hitId);
    }
    setSelected(next);
  }

  async function resend() {
    setResending(true);
    try {
      const [outcome] = await api.sanctionResend([shipmentId]);
      notify('app.shipments.sanction.resent', { type: 'success', messageArgs: { hits: outcome?.Hits ?? 0, open: outcome?.OpenHits ?? 0 } });
      await reload();
    } catch (error) {
      if (isDecisionNetworkFailure(error)) report({ action: 'Sanction resend', shipmentId, awb: detail.AWBNumber, error });
      const failure = failureMessage(error, translate('app.shipments.sanction.resend'));
      if (!failure.handled) notify(failure.message, { type: 'warning' });
    } finally {
      setResending(false);
    }
  }

  return (
    <Stack spacing={2}>
      <StaleAlert
        message={stale}
        onRefresh={() => {
          setStale(undefined);
          void reload();
        }}
      />
      {open > 0 && <Alert severity="warning">{translate('app.shipments.sanction.openHitsAlert', { smart_count: open })}</Alert>}
      <Block title="app.shipments.sanction.hits">
        <Stack spacing={1}>
          {(detail.Can.Escalate || detail.Can.Review || detail.Can.Resend) && (
            <Stack
              direction="row"
              role="toolbar"
              aria-label={translate('app.shipments.sanction.toolbar')}
              sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
            >
              {SANCTION_DECISIONS.filter((candidate) => mayDecide(detail, candidate)).map((candidate) => (
                <Button
                  key={candidate}
                  label={`app.shipments.sanction.decisions.${candidate}`}
                  onClick={() => setDecision(candidate)}
                  disabled={chosen.length === 0 || chosen.some((hit) => !nextHitState(hit.state, candidate))}
                  variant="outlined"
                  color={candidate === 'DENY' ? 'error' : 'primary'}
                />
              ))}
              {detail.Can.Resend && (
                <Tooltip title={translate('app.shipments.sanction.resendHelp')}>
                  <span>
                    <Button label="app.shipments.sanction.resend" onClick={resend} disabled={resending}>
                      {resending ? <CircularProgress size={16} /> : <ReplayIcon />}
                    </Button>
                  </span>
                </Tooltip>
              )}
              {!detail.Can.Review && detail.Can.Escalate && (
                <Typography variant="caption" color="text.secondary">
                  {translate('app.shipments.sanction.reviewerOnly')}
                </Typography>
              )}
            </Stack>
          )}
          {detail.SanctionHits.length === 0 ? (
            <Typography color="text.secondary" variant="body2">
              {translate('app.shipments.sanction.noHits')}
            </Typography>
          ) : (
            <HitsTable detail={detail} selected={current} onToggle={toggle} />
          )}
        </Stack>
      </Block>
      <ComplianceFindings checks={detail.ComplianceChecks} summary={detail.Compliance} />
      <SanctionDecisionDialog
        sanction={detail}
        decision={decision}
        hitIds={chosen.map((hit) => hit.hitId)}
        onClose={() => setDecision(undefined)}
        onDone={(outcome) => {
          setDecision(undefined);
          if (outcome.stale) setStale(outcome.message);
          else {
            notify('app.shipments.sanction.saved', { type: 'success' });
            void reload();
          }
        }}
      />
    </Stack>
  );
}
