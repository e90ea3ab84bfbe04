import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button, Link } from 'react-admin';
import { useUserPaths } from './userPaths';

export function BackToUsers() {
  const paths = useUserPaths();
  return (
    <Button component={Link} label="app.users.list.back" to={paths.list} sx={{ mb: 1 }}>
      <ArrowBackIcon />
    </Button>
  );
}
