import CancelIcon from '@mui/icons-material/CancelOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Button, useDataProvider, useListContext, useTranslate, type Identifier } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import { describeKey } from '../../domain/ruleListValidation';
import { ConfirmedAction } from './ConfirmedAction';

const SHOWN_ROWS = 10;
import type { RuleListDataProvider } from './ruleListDataProvider';
import { listLabel } from './useRuleLists';

/** The toolbar actions on selected rows, shown when rows are selected: Edit (one row), Cancel, Resend, Delete. */
export function RuleListBulkActions({ plugin, onEdit }: { plugin: RuleListPlugin; onEdit(id: Identifier): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<RuleListDataProvider>();
  const { selectedIds, data } = useListContext();
  const list = listLabel(translate, plugin);
  const has = (action: RuleListPlugin['actions'][number]) => plugin.actions.includes(action);
  /** The rows a delete names: their key fields and id ("CU / DEMOAIR (row 41)"), the first ten of a larger selection. */
  const namedRows = (ids: readonly Identifier[]) => {
    const named = ids.slice(0, SHOWN_ROWS).map((id) => {
      const record = data?.find((candidate) => candidate.id === id);
      return translate('app.ruleLists.confirm.deleteRow', { id, key: record ? describeKey(plugin.uniqueKey, record) : '?' });
    });
    if (ids.length > SHOWN_ROWS) named.push(translate('app.ruleLists.confirm.deleteMore', { smart_count: ids.length - SHOWN_ROWS }));
    return named.join(', ');
  };
  return (
    <>
      {has('edit') && (
        <Button
          label="app.ruleLists.toolbar.edit"
          onClick={() => onEdit(selectedIds[0])}
          disabled={selectedIds.length !== 1}
          title={selectedIds.length !== 1 ? translate('app.ruleLists.selectOne') : undefined}
        >
          <EditIcon />
        </Button>
      )}
      {has('cancel') && (
        <ConfirmedAction
          label="app.ruleLists.toolbar.cancel"
          icon={<CancelIcon />}
          title={translate('app.ruleLists.confirm.cancelTitle', { list })}
          content="app.ruleLists.confirm.cancelContent"
          run={async (ids) => {
            await dataProvider.cancelRows(plugin.name, ids);
            return { message: 'app.ruleLists.notify.cancelled', args: { smart_count: ids.length } };
          }}
        />
      )}
      {has('resend') && (
        <ConfirmedAction
          label="app.ruleLists.toolbar.resend"
          icon={<SendIcon />}
          title={translate('app.ruleLists.confirm.resendTitle', { list })}
          content="app.ruleLists.confirm.resendContent"
          run={async (ids) => {
            const sent = await dataProvider.resendRows(plugin.name, ids);
            return { message: 'app.ruleLists.notify.resent', args: sent };
          }}
        />
      )}
      {has('delete') && (
        <ConfirmedAction
          label="app.ruleLists.toolbar.delete"
          icon={<DeleteIcon />}
          color="error"
          title={translate('app.ruleLists.confirm.deleteTitle', { list })}
          content="app.ruleLists.confirm.deleteContent"
          contentArgs={(ids) => ({ rows: namedRows(ids) })}
          run={async (ids) => {
            await dataProvider.deleteMany(plugin.name, { ids: [...ids] });
            return { message: 'app.ruleLists.notify.deleted', args: { smart_count: ids.length } };
          }}
        />
      )}
    </>
  );
}
