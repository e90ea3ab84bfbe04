import { useState, type FormEvent } from 'react';
import { Alert, Box, Card, CardContent, Chip, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/ManageSearch';
import { useMutation } from '@tanstack/react-query';
import { Button, useTranslate } from 'react-admin';
import { ApiError } from '../../../dataProviders/httpErrors';
import { PageFrame } from '../admin/PageFrame';
import { SimpleTable } from '../shipments/detail/DetailBlocks';
import type { NameCheckAnswer } from '../../domain/shipmentWire';
import { useShipmentApi } from '../shipments/useShipmentApi';

const LIMITS = [5, 10, 20, 50];
const RISK_COLORS: Record<string, 'error' | 'warning' | 'default'> = { High: 'error', Medium: 'warning', Low: 'default' };

/**
 * Sanction Check (function 85): a compliance officer checks a name ad hoc against the company's
 * sanction list (GET /awbapi/sanction/search) and sees the best matches with their scores.
 */
export function SanctionCheckPage() {
  const translate = useTranslate();
  const api = useShipmentApi();
  const [name, setName] = useState('');
  const [limit, setLimit] = useState(10);
  const [tooShort, setTooShort] = useState(false);
  const check = useMutation<NameCheckAnswer, unknown, { name: string; limit: number }>({
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
        {answer && answer.ListSize > 0 && (
          <Card variant="outlined" component="section" aria-live="polite">
            <CardContent>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {answer.Hits.length === 0
                  ? translate('app.compliance.sanctionCheck.noHits', { name: answer.Name })
                  : translate('app.compliance.sanctionCheck.summary', { smart_count: answer.Hits.length, size: answer.ListSize, threshold: answer.Threshold })}
              </Typography>
              {answer.Hits.length > 0 && (
                <SimpleTable
                  label="app.page.sanctioncheck"
                  rows={answer.Hits}
                  columns={[
                    ['app.compliance.sanctionCheck.columns.Score', (hit) => `${Math.round(hit.Score * 100)}%`],
                    ['app.compliance.sanctionCheck.columns.EntryId', (hit) => `${hit.ListName} ${hit.EntryId}`],
                    ['app.compliance.sanctionCheck.columns.EntryName', (hit) => hit.EntryName],
                    ['app.compliance.sanctionCheck.columns.MatchedPhrase', (hit) => hit.MatchedPhrase],
                    ['app.compliance.sanctionCheck.columns.Method', (hit) => hit.Method],
                    [
                      'app.compliance.sanctionCheck.columns.RiskLevel',
                      (hit) => <Chip size="small" color={RISK_COLORS[hit.RiskLevel] ?? 'default'} label={hit.RiskLevel} />,
                    ],
                    ['app.compliance.sanctionCheck.columns.PartyType', (hit) => hit.PartyType],
                    ['app.compliance.sanctionCheck.columns.Programs', (hit) => hit.Programs.join(', ')],
                    ['app.compliance.sanctionCheck.columns.Citation', (hit) => hit.Citation],
                  ]}
                />
              )}
            </CardContent>
          </Card>
        )}
      </Stack>
    </PageFrame>
  );
}
