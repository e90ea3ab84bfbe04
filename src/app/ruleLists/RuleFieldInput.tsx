import { BooleanInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import type { RuleField } from '../../domain/ruleListFields';
import { fieldHint } from '../../domain/ruleListValidation';
import { IsoDateInput } from '../admin/IsoDateField';
import { isUppercaseField, ruleFieldValidator } from './ruleFieldForm';
import { pluginTexts } from './useRuleLists';

interface RuleFieldInputProps {
  plugin: RuleListPlugin;
  field: RuleField;
  autoFocus?: boolean;
}

/** The input of one field, by its type, with the field rule as validator and its format as helper text. */
export function RuleFieldInput({ plugin, field, autoFocus }: RuleFieldInputProps) {
  const translate = useTranslate();
  const texts = pluginTexts(plugin);
  const label = translate(texts.field(field.source), { _: field.label });
  const hint = fieldHint(field);
  const helperText = hint ? translate(texts.hint(field.source), { _: hint }) : false;
  const common = { source: field.source, label, fullWidth: true, autoFocus };

  if (field.readOnly) {
    return <TextInput {...common} disabled helperText="app.ruleLists.form.readOnly" />;
  }
  const validate = ruleFieldValidator(field);
  switch (field.type) {
    case 'choice':
      return (
        <SelectInput
          {...common}
          validate={validate}
          choices={(field.choices ?? []).map((choice) => ({ id: choice, name: choice }))}
          translateChoice={false}
          emptyText={field.required ? undefined : 'app.ruleLists.allValues'}
          parse={(value: string) => (value === '' ? null : value)}
          helperText={false}
        />
      );
    case 'integer':
      return <NumberInput {...common} validate={validate} min={field.min} max={field.max} step={1} helperText={helperText} />;
    case 'boolean':
      // A switch: off is No (false), so a yes/no field is never left empty by the form.
      return <BooleanInput {...common} validate={validate} format={(value: unknown) => value === true} helperText={false} />;
    case 'date':
      return <IsoDateInput {...common} validate={validate} helperText={helperText} size="medium" />;
    default:
      return (
        <TextInput
          {...common}
          validate={validate}
          helperText={helperText}
          multiline={field.multiline}
          minRows={field.multiline ? 2 : undefined}
          parse={(value: string) => (value === '' ? null : value)}
          slotProps={{ htmlInput: { spellCheck: !isUppercaseField(field), style: isUppercaseField(field) ? { textTransform: 'uppercase' } : undefined } }}
        />
      );
  }
}
