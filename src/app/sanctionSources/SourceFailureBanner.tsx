import { useState } from 'react';
import { Alert, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useBasename, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useSanctionSourcesApi } from './useSanctionSourcesApi';

/** The banner's own query (a quiet call, see listQuietly), apart from the page's. */
const BANNER_KEY = ['classic', 'sanctionsources', 'banner'] as const;

/**
 * A banner over every page for the users who keep the sanctions sources (function 87): a scheduled refresh failed, so
 * shipments are still screened against an older version of the list. It names the sources and leads to their page;
 * closed, it stays closed until the next sign-in or reload. It asks once the page has settled (the layout loads it lazily).
 */
export function SourceFailureBanner() {
  const translate = useTranslate();
  const basename = useBasename();
  const api = useSanctionSourcesApi();
  const [closed, setClosed] = useState(false);
  const sources = useQuery({ queryKey: BANNER_KEY, queryFn: api.listQuietly, staleTime: 5 * 60_000, refetchOnWindowFocus: false, retry: false });
  const failed = (sources.data ?? []).filter((source) => source.LastFailure?.Via === 'schedule');
  if (closed || failed.length === 0) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      onClose={() => setClosed(true)}
      sx={{ mb: 2 }}
      slotProps={{ closeButton: { title: translate('app.sanctionSources.banner.close') } }}
    >
      {translate('app.sanctionSources.banner.text', { smart_count: failed.length, sources: failed.map((source) => source.Label).join(', ') })}{' '}
      <Link component={RouterLink} to={`${basename}/sanctionsources`}>
        {translate('app.sanctionSources.banner.open')}
      </Link>
    </Alert>
  );
}
