import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { RuleListPlugin } from '../../../plugins/types';
import { fieldHint } from '../../domain/ruleListValidation';
import { pluginTexts } from './useRuleLists';

/** Help: what the list is for, and each field with its format. */
export function HelpDialog({ plugin, onClose }: { plugin: RuleListPlugin; onClose(): void }) {
  const translate = useTranslate();
  const texts = pluginTexts(plugin);
  const list = translate(texts.label, { _: plugin.label });
  const fieldLabel = (source: string) => translate(texts.field(source), { _: plugin.fields.find((field) => field.source === source)?.label ?? source });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="rule-help-title">
      <DialogTitle id="rule-help-title">{translate('app.ruleLists.help.title', { list })}</DialogTitle>
      {/* The text scrolls and holds no control: focusable, so that keyboard users can scroll it too. */}
      <DialogContent dividers tabIndex={0} role="region" aria-labelledby="rule-help-title">
        <DialogContentText sx={{ mb: 2 }}>{translate(texts.help, { _: plugin.help })}</DialogContentText>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.ruleLists.help.uniqueKey', { key: plugin.uniqueKey.map(fieldLabel).join(' / ') })}
        </Typography>
        <Typography variant="subtitle2" component="h2" sx={{ mt: 2 }}>
          {translate('app.ruleLists.help.fields')}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.ruleLists.help.field')}</TableCell>
              <TableCell>{translate('app.ruleLists.help.format')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {plugin.fields.map((field) => {
              const hint = fieldHint(field);
              const choices = field.choices?.join(', ');
              return (
                <TableRow key={field.source}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                    {fieldLabel(field.source)}
                    {field.required ? ` (${translate('app.ruleLists.help.required')})` : ''}
                  </TableCell>
                  <TableCell>{hint ? translate(texts.hint(field.source), { _: hint }) : choices}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('app.ruleLists.help.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
