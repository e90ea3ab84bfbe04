import { Alert } from '@mui/material';
import { Edit, SimpleForm, useEditContext, useNavigate, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { ACCOUNT_ID_PATTERN } from '../../domain/access';
import { userRecordId, type UserRecord } from '../../domain/userProfile';
import { ApiError } from '../../../dataProviders/httpErrors';
import { EmptyState, PageFrame } from '../admin/PageFrame';
import { LoadingBox } from '../admin/LoadingBox';
import { BackToUsers } from './BackToUsers';
import { isCurrentUser } from './currentUser';
import { DeleteUserButton } from './DeleteUserButton';
import { UserFormToolbar } from './FormToolbar';
import { userEditPayload, validateUserEdit } from './userForm';
import { UserInputs } from './UserInputs';
import { useUserPaths } from './userPaths';

/** What the page shows when the user cannot be read: not found, or the server's message. */
function UserLoadError() {
  const { error } = useEditContext();
  const translate = useTranslate();
  const text = error instanceof ApiError && error.message ? error.message : translate('app.users.notFound');
  return <EmptyState text={text} />;
}

function EditForm() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const paths = useUserPaths();
  const self = isCurrentUser(record);
  const backToList = () => navigate(paths.list);
  return (
    <SimpleForm
      validate={validateUserEdit}
      toolbar={<UserFormToolbar end={record && <DeleteUserButton user={record} self={self} onDeleted={backToList} variant="button" />} />}
      warnWhenUnsavedChanges
    >
      {self && (
        <Alert severity="info" sx={{ mb: 2, width: '100%', maxWidth: 860 }}>
          {translate('app.users.hint.self')}
        </Alert>
      )}
      <UserInputs creating={false} self={self} />
    </SimpleForm>
  );
}

/**
 * userManagement/{companyId}/{userId}. Another company's user is refused by the server
 * (USER_ACL_EXCEPTION: the 403 page); an unknown one shows "The user was not found.".
 */
export function UserEdit() {
  const { companyId = '', userId = '' } = useParams();
  const notify = useNotify();
  const navigate = useNavigate();
  const paths = useUserPaths();
  const valid = ACCOUNT_ID_PATTERN.test(companyId) && ACCOUNT_ID_PATTERN.test(userId);
  return (
    <PageFrame title="app.page.userManagementEdit">
      <BackToUsers />
      {valid ? (
        <Edit
          resource="users"
          id={userRecordId(companyId, userId)}
          title={false}
          actions={false}
          mutationMode="pessimistic"
          transform={(values) => userEditPayload(values)}
          queryOptions={{ onError: () => undefined }}
          mutationOptions={{
            onSuccess: () => {
              notify('app.users.notify.updated', { type: 'success' });
              navigate(paths.list);
            },
          }}
          loading={<LoadingBox />}
          error={<UserLoadError />}
        >
          <EditForm />
        </Edit>
      ) : (
        <EmptyState text="app.users.notFound" />
      )}
    </PageFrame>
  );
}
