import { parseAwbNumber, formatAwbNumber } from '../../domain/awb';
import {
  isAttentionKind,
  isHitAgeBucket,
  SUMMARY_SORT_FIELDS,
  type AwbSummaryRequest,
  type AwbTag,
  type SummaryFilters,
  type SummarySortField,
} from '../../domain/shipmentWire';
import { isShipmentStatus, type ShipmentStatus } from '../../domain/shipmentStatus';

/**
 * The summary's criteria as the list keeps them (react-admin filter values, in the URL) and as the
 * API wants them; the last search is kept for the detail page's previous/next (searchnext).
 */

export interface ShipmentListFilter {
  /** AWB tags as '160-12345675'. */
  awbs?: string[];
  FlightDateFrom?: string;
  FlightDateTo?: string;
  MessageDateFrom?: string;
  MessageDateTo?: string;
  STDFrom?: string;
  STDTo?: string;
  Status?: string[];
  /** Kinds of attention (ATTENTION_KINDS): the overview's links and the list's filter. */
  Attention?: string[];
  /** Open hits that have waited this long (HIT_AGE_BUCKETS): the overview's backlog figures. */
  HitAge?: string;
}

export const DATE_FILTER_FIELDS = [
  { from: 'FlightDateFrom', to: 'FlightDateTo', label: 'flightDate' },
  { from: 'MessageDateFrom', to: 'MessageDateTo', label: 'messageDate' },
  { from: 'STDFrom', to: 'STDTo', label: 'std' },
] as const;

/** How many of the filter form's filters are applied (the AWB tags are the search box's). */
export function appliedFilterCount(filter: ShipmentListFilter): number {
  const dates = DATE_FILTER_FIELDS.filter(({ from, to }) => filter[from] || filter[to]).length;
  return dates + (filter.Status?.length ? 1 : 0) + (filter.Attention?.length ? 1 : 0) + (filter.HitAge ? 1 : 0);
}

export function tagsOf(filter: ShipmentListFilter): AwbTag[] {
  return (filter.awbs ?? []).flatMap((text) => {
    const awb = parseAwbNumber(text);
    return awb ? [{ AWBPrefix: awb.prefix, AWBSuffix: awb.suffix }] : [];
  });
}

export function summaryFiltersOf(filter: ShipmentListFilter): SummaryFilters {
  const filters: SummaryFilters = {};
  for (const { from, to } of DATE_FILTER_FIELDS) {
    if (filter[from]) filters[from] = filter[from];
    if (filter[to]) filters[to] = filter[to];
  }
  const statuses = (filter.Status ?? []).filter(isShipmentStatus) as ShipmentStatus[];
  if (statuses.length > 0) filters.Status = statuses;
  const attention = (filter.Attention ?? []).filter(isAttentionKind);
  if (attention.length > 0) filters.Attention = attention;
  if (isHitAgeBucket(filter.HitAge)) filters.HitAge = filter.HitAge;
  return filters;
}

export function sortFieldOf(field: string | undefined): SummarySortField {
  return (SUMMARY_SORT_FIELDS as readonly string[]).includes(field ?? '') ? (field as SummarySortField) : 'AWBNumber';
}

/** The parts of react-admin's list parameters the summary reads. */
export interface ListParams {
  filter?: unknown;
  sort?: { field?: string; order?: string };
  pagination?: { page?: number; perPage?: number };
}

/** The list's parameters (filters, sort, page) as the AWB summary's request. */
export function summaryRequestOf(params: ListParams): AwbSummaryRequest & { filters: SummaryFilters } {
  const filter = (params.filter ?? {}) as ShipmentListFilter;
  const field = sortFieldOf(params.sort?.field);
  const order = params.sort?.order === 'DESC' ? 'DESC' : 'ASC';
  return {
    fieldSearch: tagsOf(filter),
    dbOptions: { CurrentPage: params.pagination?.page ?? 1, PageSize: params.pagination?.perPage ?? 10, FieldName: field, OrderBy: order },
    filters: summaryFiltersOf(filter),
  };
}

export interface LastSearch {
  awbs: string[];
  filters: SummaryFilters;
  field: SummarySortField;
  order: 'ASC' | 'DESC';
}

const LAST_SEARCH_KEY = 'ez4.shipmentSearch';

export function rememberSearch(search: LastSearch): void {
  globalThis.sessionStorage?.setItem(LAST_SEARCH_KEY, JSON.stringify(search));
}

export function lastSearch(): LastSearch {
  try {
    const parsed = JSON.parse(globalThis.sessionStorage?.getItem(LAST_SEARCH_KEY) ?? 'null') as Partial<LastSearch> | null;
    if (parsed && typeof parsed === 'object') {
      return {
        awbs: Array.isArray(parsed.awbs)
          ? parsed.awbs.filter((text) => parseAwbNumber(String(text))).map((text) => formatAwbNumber(parseAwbNumber(String(text))!))
          : [],
        filters: typeof parsed.filters === 'object' && parsed.filters ? parsed.filters : {},
        field: sortFieldOf(parsed.field),
        order: parsed.order === 'DESC' ? 'DESC' : 'ASC',
      };
    }
  } catch {
    /* nothing kept */
  }
  return { awbs: [], filters: {}, field: 'AWBNumber', order: 'ASC' };
}
