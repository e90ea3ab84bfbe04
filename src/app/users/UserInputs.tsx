import { Box } from '@mui/material';
import { BooleanInput, PasswordInput, SelectInput, TextInput } from 'react-admin';
import { useRoleChoices } from './useRoleChoices';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3, width: '100%', maxWidth: 860 } as const;

/**
 * The fields of the add and edit forms. `self`: the signed-in admin's own account, whose role and
 * lock cannot be changed (the server refuses it too).
 */
export function UserInputs({ creating, self = false }: { creating: boolean; self?: boolean }) {
  const { roles, isPending } = useRoleChoices();
  return (
    <Box sx={grid}>
      <TextInput source="company_id" label="app.users.fields.company_id" readOnly helperText={false} />
      <TextInput
        source="user_id"
        label="app.users.fields.user_id"
        readOnly={!creating}
        isRequired={creating}
        helperText={creating ? 'app.users.hint.userId' : false}
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextInput source="user_name" label="app.users.fields.user_name" isRequired autoComplete="off" />
      {/* inputMode, not type="email": the browser's own check would speak before the domain rule. */}
      <TextInput
        source="email"
        label="app.users.fields.email"
        isRequired
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
      />
      <SelectInput
        source="role_id"
        label="app.users.fields.role_id"
        choices={roles}
        optionText="role_name"
        isPending={isPending}
        isRequired
        readOnly={self}
        helperText={self ? 'app.users.hint.self' : false}
      />
      <Box />
      <BooleanInput source="mfa_required" label="app.users.fields.mfa_required" helperText="app.users.hint.mfa" />
      {creating ? (
        <Box />
      ) : (
        <BooleanInput
          source="is_locked"
          label="app.users.fields.is_locked"
          helperText={self ? 'app.users.hint.self' : 'app.users.hint.locked'}
          disabled={self}
        />
      )}
      <PasswordInput
        source="password"
        label={creating ? 'app.users.fields.password' : 'app.users.fields.new_password'}
        isRequired={creating}
        helperText={creating ? 'app.users.hint.password' : 'app.users.hint.newPassword'}
        autoComplete="new-password"
      />
      <PasswordInput source="confirm_password" label="app.users.fields.confirm_password" isRequired={creating} autoComplete="new-password" />
    </Box>
  );
}
