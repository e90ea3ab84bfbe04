import { memo, useEffect, useState } from 'react';
import {
  Box,
  Checkbox,
  Button as MuiButton,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Button, type ListControllerResult, useListContext, useTranslate } from 'react-admin';
import { dateRangeProblem } from '../../../domain/dateRange';
import { IsoDateField } from '../../admin/IsoDateField';
import { SHIPMENT_STATUSES } from '../../../domain/shipmentStatus';
import { ATTENTION_KINDS, HIT_AGE_BUCKETS } from '../../../domain/shipmentWire';
import { appliedFilterCount, DATE_FILTER_FIELDS, type ShipmentListFilter } from '../searchCriteria';

type DateField = (typeof DATE_FILTER_FIELDS)[number]['from'] | (typeof DATE_FILTER_FIELDS)[number]['to'];

/**
 * Filters by flight date, message date and STD (each range within 7 days, spec 5), by status and by what needs
 * attention. On a screen narrower than 900 px the form, a screen high on a phone, waits behind a Filters button
 * (saying how many are applied) so the rows come first; it opens by itself when filters are applied from elsewhere
 * (an overview figure, Back). Closed, it is not mounted: its fields were a third of the page's first render (issue 16).
 */
export function ShipmentFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const applied = appliedFilterCount(filterValues as ShipmentListFilter);
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('md'), { noSsr: true, defaultMatches: true });
  const [open, setOpen] = useState(applied > 0);
  useEffect(() => {
    if (applied > 0) setOpen(true);
  }, [applied]);
  return (
    <>
      {!wide && (
        <Box sx={{ mb: 1 }}>
          {/* MUI's button: react-admin's turns into an icon on a phone, where this one must say what it opens. */}
          <MuiButton
            onClick={() => setOpen(!open)}
            aria-expanded={open}
            aria-controls={open ? SHIPMENT_FILTERS_ID : undefined}
            startIcon={<FilterAltIcon />}
            endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          >
            {applied > 0 ? translate('app.shipments.filters.toggleApplied', { count: applied }) : translate('app.shipments.filters.label')}
          </MuiButton>
        </Box>
      )}
      {(wide || open) && <ShipmentFilterForm filterValues={filterValues} setFilters={setFilters} />}
    </>
  );
}

const SHIPMENT_FILTERS_ID = 'shipment-filters';

/** The form renders again when the applied filters change, not each time the list's rows or loading state do (issue 16). */
const ShipmentFilterForm = memo(function ShipmentFilterForm({ filterValues, setFilters }: Pick<ListControllerResult, 'filterValues' | 'setFilters'>) {
  const translate = useTranslate();
  const current = filterValues as ShipmentListFilter;
  const [draft, setDraft] = useState<ShipmentListFilter>(current);
  const [problems, setProblems] = useState<Record<string, string>>({});
  // Filters applied from elsewhere (an overview figure, the browser's back button) show in the form.
  const applied = JSON.stringify(current ?? {});
  useEffect(() => {
    setDraft(JSON.parse(applied) as ShipmentListFilter);
    setProblems({});
  }, [applied]);

  function apply() {
    const found: Record<string, string> = {};
    for (const { from, to, label } of DATE_FILTER_FIELDS) {
      const problem = dateRangeProblem(translate(`app.shipments.filters.${label}`).toLowerCase(), draft[from], draft[to]);
      if (problem) found[label] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const next: ShipmentListFilter = { ...current };
    for (const { from, to } of DATE_FILTER_FIELDS) {
      for (const key of [from, to] as DateField[]) {
        if (draft[key]) next[key] = draft[key];
        else delete next[key];
      }
    }
    if (draft.Status && draft.Status.length > 0) next.Status = draft.Status;
    else delete next.Status;
    if (draft.Attention && draft.Attention.length > 0) next.Attention = draft.Attention;
    else delete next.Attention;
    if (draft.HitAge) next.HitAge = draft.HitAge;
    else delete next.HitAge;
    setFilters(next, {});
  }

  function reset() {
    setDraft({ awbs: current.awbs });
    setProblems({});
    setFilters(current.awbs ? { awbs: current.awbs } : {}, {});
  }

  return (
    <Box
      component="form"
      id={SHIPMENT_FILTERS_ID}
      aria-label={translate('app.shipments.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      sx={{ mb: 2 }}
    >
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {DATE_FILTER_FIELDS.map(({ from, to, label }) => (
          <Box key={label} role="group" aria-labelledby={`filter-${label}`}>
            <Typography id={`filter-${label}`} variant="caption" color="text.secondary" component="div">
              {translate(`app.shipments.filters.${label}`)}
            </Typography>
            <Stack direction="row" spacing={1}>
              {([from, to] as DateField[]).map((key, index) => {
                const name = `${translate(`app.shipments.filters.${label}`)} ${translate(index === 0 ? 'app.shipments.filters.from' : 'app.shipments.filters.to')}`;
                return (
                  <IsoDateField
                    key={key}
                    size="small"
                    sx={{ width: 170 }}
                    label={translate(index === 0 ? 'app.shipments.filters.from' : 'app.shipments.filters.to')}
                    value={draft[key] ?? ''}
                    onChange={(value) => setDraft((before) => ({ ...before, [key]: value || undefined }))}
                    error={!!problems[label]}
                    pickerLabel={translate('app.dates.choose', { field: name.toLowerCase() })}
                    slotProps={{ htmlInput: { 'aria-label': name } }}
                  />
                );
              })}
            </Stack>
            {problems[label] && (
              <Typography role="alert" variant="caption" color="error" component="div" sx={{ maxWidth: 320 }}>
                {problems[label]}
              </Typography>
            )}
          </Box>
        ))}
        <FormControl size="small" sx={{ width: 240, mt: 2.5 }}>
          <InputLabel id="status-filter-label">{translate('app.shipments.filters.status')}</InputLabel>
          <Select
            labelId="status-filter-label"
            multiple
            value={draft.Status ?? []}
            label={translate('app.shipments.filters.status')}
            onChange={(event) => setDraft({ ...draft, Status: typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value })}
            renderValue={(selected) => selected.map((status) => translate(`app.shipments.status.${status}`, { _: status })).join(', ')}
          >
            {SHIPMENT_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                <Checkbox checked={(draft.Status ?? []).includes(status)} size="small" />
                <ListItemText primary={translate(`app.shipments.status.${status}`, { _: status })} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ width: 240, mt: 2.5 }}>
          <InputLabel id="attention-filter-label">{translate('app.shipments.filters.attention')}</InputLabel>
          <Select
            labelId="attention-filter-label"
            multiple
            value={draft.Attention ?? []}
            label={translate('app.shipments.filters.attention')}
            onChange={(event) => setDraft({ ...draft, Attention: typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value })}
            renderValue={(selected) => selected.map((kind) => translate(`app.shipments.attention.${kind}`, { _: kind })).join(', ')}
          >
            {ATTENTION_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                <Checkbox checked={(draft.Attention ?? []).includes(kind)} size="small" />
                <ListItemText primary={translate(`app.shipments.attention.${kind}`)} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ width: 200, mt: 2.5 }}>
          <InputLabel id="hit-age-filter-label">{translate('app.shipments.filters.hitAge')}</InputLabel>
          <Select
            labelId="hit-age-filter-label"
            value={draft.HitAge ?? ''}
            label={translate('app.shipments.filters.hitAge')}
            onChange={(event) => setDraft({ ...draft, HitAge: event.target.value || undefined })}
            displayEmpty={false}
          >
            <MenuItem value="">{translate('app.shipments.filters.anyAge')}</MenuItem>
            {HIT_AGE_BUCKETS.map((bucket) => (
              <MenuItem key={bucket} value={bucket}>
                {translate(`app.shipments.attention.${bucket}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Stack direction="row" spacing={1} sx={{ mt: 2.5 }}>
          <Button label="app.shipments.filters.apply" type="submit" variant="outlined">
            <FilterAltIcon />
          </Button>
          <Button label="app.shipments.filters.reset" onClick={reset} />
        </Stack>
      </Stack>
    </Box>
  );
});
