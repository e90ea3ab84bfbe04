import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Bulletin, BulletinSeverity, BulletinsAnswer } from '../../domain/bulletins';
import { utcDateTime } from '../../domain/dateRange';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { LoadingBox } from '../admin/LoadingBox';
import { useHttpClient } from '../users/useHttpClient';

type PageState = { kind: 'loading' } | { kind: 'loaded'; rows: Bulletin[]; total: number } | { kind: 'failed' };

const SEVERITY_COLOUR: Record<BulletinSeverity, 'info' | 'warning' | 'error'> = { info: 'info', warning: 'warning', critical: 'error' };

function BulletinCard({ bulletin }: { bulletin: Bulletin }) {
  const translate = useTranslate();
  const titleId = `bulletin-${bulletin.bulletin_id}-title`;
  return (
    <Card component="li" variant="outlined" aria-labelledby={titleId} sx={{ listStyle: 'none' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
          <Chip size="small" color={SEVERITY_COLOUR[bulletin.severity]} label={translate(`app.bulletin.severity.${bulletin.severity}`)} />
          <Chip size="small" variant="outlined" label={translate(bulletin.company_id === null ? 'app.bulletin.forAll' : 'app.bulletin.forCompany')} />
          <Typography variant="body2" color="text.secondary">
            <time dateTime={bulletin.published_at}>{translate('app.bulletin.published', { date: utcDateTime(bulletin.published_at) })}</time>
          </Typography>
        </Stack>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {bulletin.title}
        </Typography>
        {/* Plain text: React escapes it; line breaks in the notice are kept. */}
        <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
          {bulletin.body}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** bulletin (spec 2): the operational notices for the user's company, newest first. */
export function BulletinPage() {
  const translate = useTranslate();
  const http = useHttpClient();
  const [state, setState] = useState<PageState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the Retry button's counter; changing it is what fetches the bulletins again
  useEffect(() => {
    let active = true;
    setState({ kind: 'loading' });
    http.api<BulletinsAnswer>('/userapi/bulletins').then(
      (answer) => active && setState({ kind: 'loaded', rows: answer.json.data.rows, total: answer.json.data.total }),
      // Error pages and sign-out are the httpClient's; anything else is told here.
      () => active && setState({ kind: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [http, attempt]);

  return (
    <PageFrame title="app.page.bulletin">
      {state.kind === 'loading' && <LoadingBox />}
      {state.kind === 'failed' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((count) => count + 1)}>
              {translate('app.bulletin.retry')}
            </Button>
          }
        >
          {translate('app.bulletin.loadFailed')}
        </Alert>
      )}
      {state.kind === 'loaded' && state.rows.length === 0 && <EmptyState text="app.bulletin.empty" />}
      {state.kind === 'loaded' && state.rows.length > 0 && (
        <>
          <Box component="ul" aria-label={translate('app.bulletin.listLabel')} sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: 0, m: 0 }}>
            {state.rows.map((bulletin) => (
              <BulletinCard key={bulletin.bulletin_id} bulletin={bulletin} />
            ))}
          </Box>
          {state.total > state.rows.length && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {translate('app.bulletin.more', { count: state.rows.length, total: state.total })}
            </Typography>
          )}
        </>
      )}
    </PageFrame>
  );
}
