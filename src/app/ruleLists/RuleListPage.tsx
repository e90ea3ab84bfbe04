import { useState } from 'react';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { pluginByName } from '../../../plugins/lookup';
import type { RuleListPlugin } from '../../../plugins/types';
import { PageFrame } from '../admin/PageFrame';
import { ErrorPage } from '../errors/ErrorPage';
import { CountryListDialog } from './CountryListDialog';
import { HelpDialog } from './HelpDialog';
import { RuleListGrid } from './RuleListGrid';
import { RuleListScope } from './RuleListScope';
import { RuleRowDialog, type RowDialogMode } from './RuleRowDialog';
import { listLabel } from './useRuleLists';
import { listDecides } from '../../domain/compliance/ruleRows';
import { RescreenProgress } from '../compliance/RescreenProgress';
import { useLanguage } from '../routing/useLanguage';

type OpenDialog = RowDialogMode | { kind: 'help' } | { kind: 'countries' } | undefined;

function RuleListScreen({ plugin }: { plugin: RuleListPlugin }) {
  const [dialog, setDialog] = useState<OpenDialog>();
  const close = () => setDialog(undefined);
  return (
    <RuleListScope resource={plugin.name}>
      <RuleListGrid
        plugin={plugin}
        onAdd={() => setDialog({ kind: 'create' })}
        onEdit={(id) => setDialog({ kind: 'edit', id })}
        onHelp={() => setDialog({ kind: 'help' })}
        onCountryList={() => setDialog({ kind: 'countries' })}
      />
      {/* Under the rows, not above them: the re-screen banner comes, grows and goes on its own time, and must never move a row or a checkbox under the pointer. */}
      {(listDecides(plugin.name) || (plugin.effects?.length ?? 0) > 0) && (
        <Box sx={{ mt: 2 }}>
          <RescreenProgress listName={plugin.name} />
        </Box>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && <RuleRowDialog plugin={plugin} mode={dialog} onClose={close} />}
      {dialog?.kind === 'help' && <HelpDialog plugin={plugin} onClose={close} />}
      {dialog?.kind === 'countries' && <CountryListDialog onClose={close} />}
    </RuleListScope>
  );
}

/** The list by its registry name, or a plugin given as it is (one the registry does not hold). */
export type RuleListPageProps = { name: string; plugin?: undefined } | { plugin: RuleListPlugin; name?: undefined };

/**
 * The page of one rule list (spec 2 admin pages). Lists whose path carries `{functionId}` answer
 * only under their own id: another id is not this page.
 */
export function RuleListPage(props: RuleListPageProps) {
  const translate = useTranslate();
  const { functionId } = useParams();
  const lang = useLanguage();
  const plugin = props.plugin ?? pluginByName(props.name);
  if (!plugin || (plugin.functionIdInPath && functionId !== String(plugin.functionId))) return <ErrorPage code="404" lang={lang} />;
  return (
    <PageFrame title={listLabel(translate, plugin)}>
      <RuleListScreen key={plugin.name} plugin={plugin} />
    </PageFrame>
  );
}
