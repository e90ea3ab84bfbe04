import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Chip, CircularProgress, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/ManageSearch';
import { useMutation } from '@tanstack/react-query';
import { Button, useTranslate } from 'react-admin';
import { ApiError } from '../../../dataProviders/httpErrors';
import { RISK_LEVELS } from '../../domain/sanctionRisk';
import type { SanctionCheckAnswer, SanctionCheckHit, SanctionCheckWhitelisting } from '../../domain/shipmentWire';
import { PageFrame } from '../admin/PageFrame';
import { SimpleTable } from '../shipments/detail/DetailBlocks';
import { useShipmentApi } from '../shipments/useShipmentApi';
import { RiskLevelChip, useRiskMeaning } from './RiskLevelChip';

const LIMITS = [5, 10, 20, 50];
const percent = (score: number) => `${Math.round(score * 100)} %`;

/**
 * Sanction Check (function 85): a compliance officer checks a name ad hoc against the company's
 * sanction list (GET /awbapi/sanction/search). Matches (at or over the threshold) are listed apart
 * from names below it, listed for review; a name a whitelist row clears is marked with that row.
 */
export function SanctionCheckPage() {
  const translate = useTranslate();
  const api = useShipmentApi();
  const [name, setName] = useState('');
  const [limit, setLimit] = useState(10);
  const [tooShort, setTooShort] = useState(false);
  const check = useMutation<SanctionCheckAnswer, unknown, { name: string; limit: number }>({
    mutationFn: ({ name: text, limit: count }) => api.nameCheck(text, count),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = name.trim();
    if ([...text].length < 2) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    check.mutate({ name: text, limit });
  }

  const answer = check.data;
  return (
    <PageFrame title="app.page.sanctioncheck">
      <Stack spacing={2}>
        <Typography color="text.secondary">{translate('app.compliance.sanctionCheck.intro')}</Typography>
        <Card variant="outlined">
          <CardContent>
            <Box component="form" onSubmit={submit} role="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
              <TextField
                label={translate('app.compliance.sanctionCheck.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={tooShort}
                helperText={tooShort ? translate('app.compliance.sanctionCheck.tooShort') : ' '}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                sx={{ flex: '1 1 320px' }}
                autoFocus
              />
              <TextField
                select
                label={translate('app.compliance.sanctionCheck.limit')}
                value={limit}
                onChange={(event) => setLimit(Number(event.target.value))}
                sx={{ width: 140 }}
                helperText=" "
              >
                {LIMITS.map((value) => (
                  <MenuItem key={value} value={value}>
                    {value}
                  </MenuItem>
                ))}
              </TextField>
              <Button type="submit" label="app.compliance.sanctionCheck.check" variant="contained" disabled={check.isPending} sx={{ mt: 1 }}>
                {check.isPending ? <CircularProgress size={16} /> : <SearchIcon />}
              </Button>
            </Box>
          </CardContent>
        </Card>
        {check.isError && <Alert severity="error">{check.error instanceof ApiError ? check.error.message : translate('app.error.500.text')}</Alert>}
        {answer && answer.ListSize === 0 && <Alert severity="info">{translate('app.compliance.sanctionCheck.noList')}</Alert>}
        {answer && answer.ListSize > 0 && <CheckResults answer={answer} />}
      </Stack>
    </PageFrame>
  );
}

function CheckResults({ answer }: { answer: SanctionCheckAnswer }) {
  const translate = useTranslate();
  const meaning = useRiskMeaning();
  const atThreshold = answer.Hits.filter((hit) => hit.Outcome !== 'review');
  const forReview = answer.Hits.filter((hit) => hit.Outcome === 'review');
  const matches = atThreshold.filter((hit) => hit.Outcome === 'match').length;
  const threshold = percent(answer.Threshold);
  const reviewFrom = percent(answer.ReviewFrom);
  return (
    <Stack spacing={2} aria-live="polite">
      <Typography>{translate('app.compliance.sanctionCheck.checked', { name: answer.Name, size: answer.ListSize })}</Typography>
      <ResultSection
        title={translate('app.compliance.sanctionCheck.matches.title', { threshold })}
        count={[
          translate('app.compliance.sanctionCheck.matches.count', { smart_count: matches }),
          ...(atThreshold.length > matches
            ? [translate('app.compliance.sanctionCheck.matches.whitelisted', { smart_count: atThreshold.length - matches })]
            : []),
        ].join(', ')}
        empty={translate('app.compliance.sanctionCheck.matches.empty', { threshold })}
      >
        {atThreshold.length > 0 && (
          <>
            <SimpleTable
              label="app.compliance.sanctionCheck.matches.table"
              rows={atThreshold}
              columns={[['app.compliance.sanctionCheck.columns.Result', (hit) => <MatchResult hit={hit} />], ...listingColumns]}
            />
            {matches > 0 && (
              <Box component="ul" sx={{ listStyle: 'none', p: 0, mt: 1, mb: 0 }} aria-label={translate('app.compliance.sanctionCheck.matches.legend')}>
                {RISK_LEVELS.map((level) => (
                  <Typography key={level} variant="caption" component="li" color="text.secondary">
                    {meaning(level)}
                  </Typography>
                ))}
              </Box>
            )}
          </>
        )}
      </ResultSection>
      <ResultSection
        title={translate('app.compliance.sanctionCheck.review.title', { threshold })}
        count={translate('app.compliance.sanctionCheck.review.count', { smart_count: forReview.length })}
        intro={translate('app.compliance.sanctionCheck.review.intro', { from: reviewFrom, threshold })}
        empty={translate('app.compliance.sanctionCheck.review.empty', { from: reviewFrom, threshold })}
      >
        {forReview.length > 0 && (
          <SimpleTable
            label="app.compliance.sanctionCheck.review.table"
            rows={forReview}
            columns={[
              ...listingColumns,
              ['app.compliance.sanctionCheck.columns.Whitelist', (hit) => (hit.Whitelist ? <WhitelistMark row={hit.Whitelist} /> : '—')],
            ]}
          />
        )}
      </ResultSection>
      {answer.More && <Alert severity="info">{translate('app.compliance.sanctionCheck.more', { smart_count: answer.Hits.length })}</Alert>}
    </Stack>
  );
}

/** What both tables show of a listed name. */
const listingColumns: [string, (hit: SanctionCheckHit) => ReactNode][] = [
  ['app.compliance.sanctionCheck.columns.Score', (hit) => <NoWrap text={percent(hit.Score)} />],
  ['app.compliance.sanctionCheck.columns.EntryId', (hit) => <NoWrap text={`${hit.ListName} ${hit.EntryId}`} />],
  ['app.compliance.sanctionCheck.columns.EntryName', (hit) => hit.EntryName],
  ['app.compliance.sanctionCheck.columns.MatchedPhrase', (hit) => hit.MatchedPhrase],
  ['app.compliance.sanctionCheck.columns.Method', (hit) => hit.Method],
  ['app.compliance.sanctionCheck.columns.PartyType', (hit) => hit.PartyType],
  ['app.compliance.sanctionCheck.columns.Programs', (hit) => hit.Programs.join(', ')],
  ['app.compliance.sanctionCheck.columns.Citation', (hit) => hit.Citation],
];

function NoWrap({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text}
    </Box>
  );
}

function ResultSection({ title, count, intro, empty, children }: { title: string; count: string; intro?: string; empty: string; children: ReactNode | false }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {count}
          </Typography>
        </Stack>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {intro}
          </Typography>
        )}
        {children || (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

function MatchResult({ hit }: { hit: SanctionCheckHit }) {
  if (hit.Outcome === 'whitelisted' && hit.Whitelist) return <WhitelistMark row={hit.Whitelist} />;
  return <RiskLevelChip level={hit.RiskLevel ?? ''} />;
}

/** "Whitelisted (row N)", with the scope the row clears the name in. */
function WhitelistMark({ row }: { row: SanctionCheckWhitelisting }) {
  const translate = useTranslate();
  const scope = [
    row.PartyRole === 'Any'
      ? translate('app.compliance.sanctionCheck.whitelist.anyParty')
      : translate(`app.shipments.sanction.roles.${row.PartyRole}`, { _: row.PartyRole }),
    row.CountryCode ? translate('app.compliance.sanctionCheck.whitelist.country', { country: row.CountryCode }) : '',
    row.ValidUntil ? translate('app.compliance.sanctionCheck.whitelist.until', { date: row.ValidUntil }) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Tooltip title={row.Reason ?? ''} describeChild>
        <Chip size="small" color="success" variant="outlined" label={translate('app.compliance.sanctionCheck.whitelist.mark', { row: row.RowId })} />
      </Tooltip>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {scope}
      </Typography>
    </Stack>
  );
}
