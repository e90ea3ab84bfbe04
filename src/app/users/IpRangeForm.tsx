import { useState } from 'react';
import { Box } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Form, SaveButton, TextInput, useNotify, useRefresh } from 'react-admin';
import { ApiError } from '../../../dataProviders/httpErrors';
import { ipRangeDescriptionProblem, ipRangeProblem, IpRangeProblemMessages } from '../../domain/ipRange';
import { StatusCode } from '../../domain/statusCodes';
import { useHttpClient } from './useHttpClient';
import { useShowFailure } from './useUserActions';

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
  const http = useHttpClient();
  const notify = useNotify();
  const refresh = useRefresh();
  const showFailure = useShowFailure();
  const [generation, setGeneration] = useState(0);

  const submit = async (values: RangeValues) => {
    try {
      const answer = await http.classic<{ data: { cidr: string } }>('/ipranges', {
        method: 'POST',
        body: { cidr: (values.cidr ?? '').trim(), description: (values.description ?? '').trim() },
        callerHandles: [StatusCode.VALIDATION_FAIL],
      });
      notify('app.users.ipRanges.added', { type: 'success', messageArgs: { cidr: answer.json.data.cidr } });
      setGeneration((value) => value + 1);
      refresh();
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return (error.body as { errors?: Record<string, string> })?.errors ?? { cidr: error.message };
      showFailure(error);
      return undefined;
    }
  };

  return (
    <Form key={generation} onSubmit={submit} validate={validateRange} noValidate>
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
