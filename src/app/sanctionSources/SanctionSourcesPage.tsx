import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { isHandledHttpError } from '../../../dataProviders/httpErrors';
import { LoadingBox } from '../admin/LoadingBox';
import { RescreenProgress } from '../compliance/RescreenProgress';
import { PageFrame } from '../admin/PageFrame';
import type { ChangeKind, SanctionSource, SourceVersion } from './sanctionSourcesApi';
import { SourceCard } from './SourceCard';
import { SourceChangesDialog, type ShownChanges } from './SourceChangesDialog';
import { SourceUploadDialog } from './SourceUploadDialog';
import { useSanctionSourcesApi } from './useSanctionSourcesApi';

const SOURCES_KEY = ['classic', 'sanctionsources'] as const;

/**
 * Sanction Sources (function 87, issue 34): the official sanctions lists the company screens against (OFAC SDN,
 * OFAC Consolidated, UN, US CSL), each with its current version, what that version changed, its last failure and
 * its versions, and the upload of a new version. A new version refreshes the page (and its versions and changes).
 */
export function SanctionSourcesPage() {
  const translate = useTranslate();
  const api = useSanctionSourcesApi();
  const queryClient = useQueryClient();
  const sources = useQuery({ queryKey: SOURCES_KEY, queryFn: api.list });
  // The dialogs keep what they show while they close; `key` gives each opening of the upload a fresh form.
  const [upload, setUpload] = useState<{ source: SanctionSource; open: boolean; key: number }>();
  const [changes, setChanges] = useState<{ shown: ShownChanges; open: boolean }>();

  const showChanges = (source: SanctionSource) => (version: SourceVersion, kind: ChangeKind) =>
    setChanges({ shown: { version, kind, label: source.Label }, open: true });

  let content: ReactNode;
  if (sources.isPending) content = <LoadingBox />;
  else if (sources.isError)
    content = isHandledHttpError(sources.error) ? null : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => sources.refetch()}>
            {translate('app.sanctionSources.retry')}
          </Button>
        }
      >
        {translate('app.sanctionSources.loadFailed')}
      </Alert>
    );
  else
    content = (
      <Stack spacing={2}>
        {sources.data.map((source) => (
          <SourceCard
            key={source.id}
            source={source}
            onUpload={() => setUpload((before) => ({ source, open: true, key: (before?.key ?? 0) + 1 }))}
            onShowChanges={showChanges(source)}
          />
        ))}
      </Stack>
    );

  return (
    <PageFrame title="app.page.sanctionsources">
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 960 }}>
        {translate('app.sanctionSources.intro')}
      </Typography>
      {/* A new version re-screens the shipments its changed entries concern: its run is the Sanction List's. */}
      <RescreenProgress listName="sanctionlist" />
      {content}
      {upload && (
        <SourceUploadDialog
          key={upload.key}
          source={upload.source}
          open={upload.open}
          onClose={() => setUpload({ ...upload, open: false })}
          onImported={() => {
            setUpload({ ...upload, open: false });
            void queryClient.invalidateQueries({ queryKey: SOURCES_KEY });
          }}
        />
      )}
      <SourceChangesDialog shown={changes?.shown} open={changes?.open ?? false} onClose={() => changes && setChanges({ ...changes, open: false })} />
    </PageFrame>
  );
}
