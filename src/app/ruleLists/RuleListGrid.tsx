import { DataTable, FunctionField, List, useListContext, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { booleanText } from '../../domain/ruleListValidation';
import { offers, type RuleListPlugin } from '../../../plugins/types';
import { EmptyState } from '../admin/PageFrame';
import { RuleListBulkActions } from './RuleListBulkActions';
import { ruleListFilters } from './ruleListFilters';
import { RuleListToolbar, type ToolbarHandlers } from './RuleListToolbar';
import { pluginTexts } from './useRuleLists';
import { DateTimeField } from '../admin/DateTimeField';

/** An empty list and a list whose filters match nothing say different things. */
function EmptyRows() {
  const { filterValues } = useListContext();
  return <EmptyState text={Object.keys(filterValues).length > 0 ? 'app.ruleLists.noMatch' : 'app.ruleLists.empty'} />;
}

interface RuleListGridProps extends ToolbarHandlers {
  plugin: RuleListPlugin;
  onEdit(id: Identifier): void;
}

/** The list of a rule-list plugin: paged, sortable by every column, filtered, with the plugin's toolbar. */
export function RuleListGrid({ plugin, onEdit, ...handlers }: RuleListGridProps) {
  const translate = useTranslate();
  const texts = pluginTexts(plugin);
  const editable = offers(plugin, 'edit');
  const selectable = plugin.actions.some((action) => action === 'edit' || action === 'delete' || action === 'cancel' || action === 'resend');
  return (
    <List
      resource={plugin.name}
      title={false}
      filters={ruleListFilters(plugin, translate)}
      actions={<RuleListToolbar plugin={plugin} {...handlers} />}
      sort={plugin.defaultSort}
      perPage={25}
      empty={false}
      exporter={false}
      storeKey={`ruleList.${plugin.name}`}
    >
      <DataTable
        rowClick={
          editable
            ? (id: Identifier) => {
                onEdit(id);
                return false;
              }
            : false
        }
        bulkActionButtons={selectable ? <RuleListBulkActions plugin={plugin} onEdit={onEdit} /> : false}
        empty={<EmptyRows />}
        hiddenColumns={[]}
      >
        {plugin.fields
          .filter((field) => field.inList !== false)
          .map((field) => (
            <DataTable.Col key={field.source} source={field.source} label={translate(texts.field(field.source), { _: field.label })}>
              {field.type === 'boolean' ? (
                <FunctionField source={field.source} render={(record: RaRecord) => booleanText(record[field.source] ?? null)} />
              ) : undefined}
            </DataTable.Col>
          ))}
        <DataTable.Col source="updatedAt" label="app.ruleLists.updatedAt">
          <DateTimeField source="updatedAt" />
        </DataTable.Col>
        <DataTable.Col source="updatedBy" label="app.ruleLists.updatedBy" />
      </DataTable>
    </List>
  );
}
