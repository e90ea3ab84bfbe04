import { useState } from 'react';
import { useRefresh } from 'react-admin';
import { ApiError } from '../../../dataProviders/httpErrors';
import { StatusCode } from '../../domain/statusCodes';
import { useHttpClient } from './useHttpClient';
import { useShowFailure } from './useUserActions';

/**
 * The submit of a form that adds a record to a list of the page (an address range, a ONE Record client), or changes
 * one (`PUT`): sends the body to the classic path, then hands the record to `added`, refreshes the list and empties the form (`generation`
 * is its key). The server's refusal lands on its fields (`fallbackField` when it names none); another failure is shown.
 */
export function useAddForm<Record>(path: string, fallbackField: string, added: (record: Record) => void, method: 'POST' | 'PUT' = 'POST') {
  const http = useHttpClient();
  const refresh = useRefresh();
  const showFailure = useShowFailure();
  const [generation, setGeneration] = useState(0);

  const submit = async (body: { [field: string]: string }) => {
    try {
      const answer = await http.classic<{ data: Record }>(path, { method, body, callerHandles: [StatusCode.VALIDATION_FAIL] });
      added(answer.json.data);
      setGeneration((value) => value + 1);
      refresh();
      return undefined;
    } catch (error) {
      if (error instanceof ApiError) return (error.body as { errors?: { [field: string]: string } })?.errors ?? { [fallbackField]: error.message };
      showFailure(error);
      return undefined;
    }
  };
  return { generation, submit };
}
