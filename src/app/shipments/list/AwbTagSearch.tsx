import { memo, useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Chip, Stack, TextField, Tooltip } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import WarningIcon from '@mui/icons-material/WarningAmber';
import { type ListControllerResult, useListContext, useTranslate } from 'react-admin';
import { formatAwbNumber, hasValidCheckDigit, parseAwbNumber, type AwbNumber } from '../../../domain/awb';
import { addSearchTag, MAX_SEARCH_TAGS, splitSearchText } from '../../../domain/awbSearch';
import { ShipmentMessages } from '../../../domain/shipmentMessages';
import { formatMessage } from '../../../domain/statusCodes';
import type { ShipmentListFilter } from '../searchCriteria';

/**
 * The AWB search box (spec 5): AWB numbers become tags (3 + 8 digits, with or without hyphen), at
 * most 5, no duplicates, with the spec's messages. A tag whose check digit does not match is kept
 * and searched, flagged to the user.
 */
export function AwbTagSearch() {
  const { filterValues, setFilters } = useListContext();
  return <AwbTagSearchBox filterValues={filterValues} setFilters={setFilters} />;
}

/** The box itself renders again when the applied filters change, not each time the list's rows or loading state do (issue 16). */
const AwbTagSearchBox = memo(function AwbTagSearchBox({ filterValues, setFilters }: Pick<ListControllerResult, 'filterValues' | 'setFilters'>) {
  const translate = useTranslate();
  const applied = ((filterValues as ShipmentListFilter).awbs ?? []).map((text) => parseAwbNumber(text)).filter((awb): awb is AwbNumber => !!awb);
  const [tags, setTags] = useState<AwbNumber[]>(applied);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();

  /** Adds what is typed; true when the box is empty afterwards. */
  function addTyped(): AwbNumber[] | undefined {
    const parts = splitSearchText(text);
    if (parts.length === 0) {
      setProblem(ShipmentMessages.searchEmpty);
      return undefined;
    }
    let next = tags;
    const left: string[] = [];
    let firstProblem: string | undefined;
    for (const part of parts) {
      const result = addSearchTag(next, part);
      if (result.ok) next = result.tags;
      else {
        left.push(part);
        firstProblem ??= result.message;
      }
    }
    setTags(next);
    setText(left.join(' '));
    setProblem(firstProblem);
    return firstProblem ? undefined : next;
  }

  function search(current: AwbNumber[] = tags) {
    setFilters({ ...filterValues, awbs: current.map(formatAwbNumber) }, {});
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (text.trim() === '' && tags.length > 0) search();
      else {
        const next = addTyped();
        if (next) search(next);
      }
    } else if (event.key === ' ' && /^\d{3}$/.test(text.trim())) {
      // "160 12345675": a space after a prefix is part of the AWB number being typed, not the end of a tag.
    } else if ((event.key === ',' || event.key === ' ') && text.trim() !== '') {
      event.preventDefault();
      addTyped();
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      setTags(tags.slice(0, -1));
    }
  }

  function onSearch() {
    if (text.trim() !== '') {
      const next = addTyped();
      if (next) search(next);
    } else if (tags.length === 0) {
      setProblem(ShipmentMessages.searchEmpty);
    } else {
      search();
    }
  }

  function clear() {
    setTags([]);
    setText('');
    setProblem(undefined);
    const { awbs: _dropped, ...rest } = filterValues as ShipmentListFilter;
    setFilters(rest, {});
  }

  const mismatched = tags.filter((tag) => !hasValidCheckDigit(tag.suffix));
  return (
    <Box component="search" aria-label={translate('app.shipments.search.label')} sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }}>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.5,
            alignItems: 'center',
            border: 1,
            borderColor: problem ? 'error.main' : 'divider',
            borderRadius: 1,
            px: 1,
            py: 0.5,
            bgcolor: 'background.paper',
          }}
        >
          {tags.map((tag) => {
            const valid = hasValidCheckDigit(tag.suffix);
            const chip = (
              <Chip
                key={formatAwbNumber(tag)}
                label={formatAwbNumber(tag)}
                color={valid ? 'default' : 'warning'}
                icon={valid ? undefined : <WarningIcon />}
                onDelete={() => setTags(tags.filter((other) => other !== tag))}
              />
            );
            return valid ? (
              chip
            ) : (
              <Tooltip key={formatAwbNumber(tag)} title={formatMessage(ShipmentMessages.checkDigitMismatch, { awb: formatAwbNumber(tag) })}>
                {chip}
              </Tooltip>
            );
          })}
          <TextField
            variant="standard"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={onKeyDown}
            placeholder={tags.length >= MAX_SEARCH_TAGS ? '' : translate('app.shipments.search.placeholder')}
            slotProps={{
              input: { disableUnderline: true },
              htmlInput: {
                'aria-label': translate('app.shipments.search.input'),
                'aria-describedby': 'awb-search-help',
                'aria-invalid': problem ? true : undefined,
              },
            }}
            sx={{ flex: 1, minWidth: 220 }}
          />
        </Box>
        {/* MUI's buttons, not react-admin's: those turn into icon buttons on a phone, the disabled one without a name (issue 22, 2 and 14). */}
        <Button variant="contained" onClick={onSearch} size="large" startIcon={<SearchIcon />}>
          {translate('app.shipments.search.submit')}
        </Button>
        <Button onClick={clear} size="large" startIcon={<ClearIcon />} disabled={tags.length === 0 && text === '' && applied.length === 0}>
          {translate('app.shipments.search.clear')}
        </Button>
      </Stack>
      <Box id="awb-search-help" sx={{ mt: 0.5, color: 'text.secondary', fontSize: '0.8125rem' }}>
        {translate('app.shipments.search.help', { max: MAX_SEARCH_TAGS })}
      </Box>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      {mismatched.map((tag) => (
        <Alert key={formatAwbNumber(tag)} severity="warning" role="status" sx={{ mt: 1 }}>
          {formatMessage(ShipmentMessages.checkDigitMismatch, { awb: formatAwbNumber(tag) })}
        </Alert>
      ))}
    </Box>
  );
});
