import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { useTranslate } from 'react-admin';

/** A page inside the menu frame: its title as the page heading, then the content. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ py: 2 }}>
      <Typography id="page-title" variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** The neutral empty state of a list or detail with nothing to show. */
export function EmptyState({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 6 }}>
        <InboxOutlinedIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography color="text.secondary">{translate(text)}</Typography>
      </CardContent>
    </Card>
  );
}
