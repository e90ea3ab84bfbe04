import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Form, SaveButton, TextInput, useNotify } from 'react-admin';
import { ipRangeDescriptionProblem, ipRangeProblem, IpRangeProblemMessages } from '../../domain/ipRange';
import { useAddForm } from './useAddForm';

interface RangeValues {
  cidr?: string;
  description?: string;
}

function validateRange(values: RangeValues) {
  const errors: Record<string, string> = {};
  const cidr = ipRangeProblem(values.cidr ?? '');
  if (cidr) errors.cidr = IpRangeProblemMessages[cidr];
  const description = ipRangeDescriptionProblem(values.description ?? '');
  if (description) errors.description = IpRangeProblemMessages[description];
  return errors;
}

/** Adds a range; the server's refusals (duplicate, limit, shutting out one's own address) land on the field. */
export function IpRangeForm() {
  const notify = useNotify();
  const { generation, submit } = useAddForm<{ cidr: string }>('/ipranges', 'cidr', (range) =>
    notify('app.users.ipRanges.added', { type: 'success', messageArgs: { cidr: range.cidr } }),
  );

  return (
    <Form
      key={generation}
      onSubmit={(values: RangeValues) => submit({ cidr: (values.cidr ?? '').trim(), description: (values.description ?? '').trim() })}
      validate={validateRange}
      noValidate
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <TextInput
          source="cidr"
          label="app.users.fields.cidr"
          isRequired
          helperText="app.users.ipRanges.cidrHint"
          fullWidth={false}
          sx={{ width: 340 }}
          autoComplete="off"
        />
        <TextInput source="description" label="app.users.fields.description" helperText={false} fullWidth={false} sx={{ width: 340 }} autoComplete="off" />
        <SaveButton label="app.users.ipRanges.add" icon={<AddIcon />} alwaysEnable sx={{ mt: 1 }} />
      </Box>
    </Form>
  );
}
