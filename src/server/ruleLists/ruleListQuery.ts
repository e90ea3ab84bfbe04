import type { RuleListPlugin } from '../../../plugins/types';
import { badRequest, parseListQuery, type ListQueryText } from '../users/listQuery';
import { META_SORT, type RowFilter, type RowOrder } from './rowStore';

/** simple-rest's sort, range and filter for a rule list: sortable and filterable by its fields. */

export interface RuleListQuery {
  order: RowOrder;
  offset: number;
  limit: number;
  filter: RowFilter;
}

const MAX_FILTER_TEXT = 200;
const MAX_FILTER_IDS = 1000;

function filterText(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if ((typeof value !== 'string' && typeof value !== 'number') || String(value).length > MAX_FILTER_TEXT) {
    throw badRequest(`The ${name} filter must be text of at most ${MAX_FILTER_TEXT} characters.`);
  }
  return String(value).trim() || undefined;
}

function filterIds(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_FILTER_IDS) throw badRequest(`The id filter may hold at most ${MAX_FILTER_IDS} ids.`);
  return list.map((id) => {
    const number = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id;
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) throw badRequest('The id filter must hold row ids (positive integers).');
    return number;
  });
}

export function parseRowFilter(plugin: RuleListPlugin, raw: Record<string, unknown>): RowFilter {
  const filter: RowFilter = { fields: {} };
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'q') filter.q = filterText('search', value);
    else if (name === 'id') filter.ids = filterIds(value);
    else if (plugin.fields.some((field) => field.source === name)) {
      const text = filterText(name, value);
      if (text !== undefined) filter.fields[name] = text;
    } else throw badRequest(`Unknown filter "${name}". Filters: q, id, ${plugin.fields.map((field) => field.source).join(', ')}.`);
  }
  return filter;
}

export function parseRuleListQuery(plugin: RuleListPlugin, text: ListQueryText): RuleListQuery {
  const sortable = [...plugin.fields.map((field) => field.source), ...Object.keys(META_SORT)];
  const parsed = parseListQuery(text, sortable, plugin.defaultSort.field);
  const descending = text.sort === undefined ? plugin.defaultSort.order === 'DESC' : parsed.descending;
  return { order: { field: parsed.sortField, descending }, offset: parsed.offset, limit: parsed.limit, filter: parseRowFilter(plugin, parsed.filter) };
}
