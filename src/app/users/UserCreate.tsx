import { Create, SimpleForm, useNavigate, useNotify } from 'react-admin';
import { PageFrame } from '../admin/PageFrame';
import { BackToUsers } from './BackToUsers';
import { currentCompanyId } from './currentUser';
import { UserFormToolbar } from './FormToolbar';
import { newUserPayload, validateNewUser } from './userForm';
import { UserInputs } from './UserInputs';
import { useUserPaths } from './userPaths';

/** userManagement/add: a new user of the admin's company, with a password under the domain policy. */
export function UserCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const paths = useUserPaths();
  return (
    <PageFrame title="app.page.userManagementAdd">
      <BackToUsers />
      <Create
        resource="users"
        title={false}
        transform={newUserPayload}
        mutationOptions={{
          onSuccess: () => {
            notify('app.users.notify.created', { type: 'success' });
            navigate(paths.list);
          },
        }}
      >
        <SimpleForm
          validate={validateNewUser}
          defaultValues={{ company_id: currentCompanyId(), mfa_required: false }}
          toolbar={<UserFormToolbar />}
          warnWhenUnsavedChanges
        >
          <UserInputs creating />
        </SimpleForm>
      </Create>
    </PageFrame>
  );
}
