import { SearchInput, SelectInput, TextInput, type TranslateFunction } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import { pluginTexts } from './useRuleLists';

/** The grid's filters: a search over every field, always shown, and one filter per field the plugin marks. */
export function ruleListFilters(plugin: RuleListPlugin, translate: TranslateFunction) {
  const texts = pluginTexts(plugin);
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.ruleLists.search')}
      slotProps={{ htmlInput: { 'aria-label': translate('app.ruleLists.searchLabel') } }}
      sx={{ minWidth: 260 }}
    />,
    ...plugin.fields
      .filter((field) => field.filter)
      .map((field) => {
        const label = translate(texts.field(field.source), { _: field.label });
        // A yes/no field filters by Yes or No (the server reads either as true or false).
        const choices = field.type === 'boolean' ? ['Yes', 'No'] : field.type === 'choice' ? (field.choices ?? []) : undefined;
        return choices ? (
          <SelectInput
            key={field.source}
            source={field.source}
            label={label}
            choices={choices.map((choice) => ({ id: choice, name: choice }))}
            translateChoice={false}
            emptyText="app.ruleLists.allValues"
          />
        ) : (
          <TextInput key={field.source} source={field.source} label={label} resettable />
        );
      }),
  ];
}
