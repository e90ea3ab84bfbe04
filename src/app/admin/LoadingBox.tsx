import { Box, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** While a screen or a dialog loads what it shows: a spinner and the words, announced politely. */
export function LoadingBox() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
      <CircularProgress size={24} />
      <Typography color="text.secondary">{translate('app.loading')}</Typography>
    </Box>
  );
}
