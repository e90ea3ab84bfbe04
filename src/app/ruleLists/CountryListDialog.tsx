import { useDeferredValue, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { COUNTRIES } from '../../domain/countries';

/** Country List: the reference country codes that country code fields accept, searchable by code or name. */
export function CountryListDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim().toLowerCase());
  const shown = query ? COUNTRIES.filter((country) => country.code.toLowerCase() === query || country.name.toLowerCase().includes(query)) : COUNTRIES;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="country-list-title">
      <DialogTitle id="country-list-title">{translate('app.ruleLists.countries.title')}</DialogTitle>
      <DialogContent dividers>
        <TextField
          label={translate('app.ruleLists.countries.filter')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          fullWidth
          size="small"
          autoFocus
          sx={{ mb: 1 }}
        />
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {shown.length === 0 ? translate('app.ruleLists.countries.none', { text }) : translate('app.ruleLists.countries.count', { smart_count: shown.length })}
        </Typography>
        <Table size="small" stickyHeader aria-label={translate('app.ruleLists.countries.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.ruleLists.countries.code')}</TableCell>
              <TableCell>{translate('app.ruleLists.countries.name')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((country) => (
              <TableRow key={country.code}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{country.code}</TableCell>
                <TableCell>{country.name}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.ruleLists.help.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
