import { useLogin, useTranslate } from 'react-admin';
import { Alert, Box, Typography } from '@mui/material';
import type { StoredUser } from '../../providers/session';
import { Enrolment } from '../../components/two-factor/Enrolment';

const T = 'app.two_factor';

/**
 * A role that must use two-factor sign-in and has not enrolled: the login card enrols it with
 * the session that may only enrol, and stores that session once it is on (or, with a temporary
 * password, goes on to its change: `onEnrolled`).
 */
export default function EnrolStep({
  token,
  user,
  onEnrolled,
}: {
  token: string;
  user: StoredUser;
  onEnrolled?: () => void;
}) {
  const translate = useTranslate();
  const login = useLogin();
  return (
    <Box aria-labelledby="enrol-step-title" component="section">
      <Typography id="enrol-step-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {translate(`${T}.enrol_title`)}
      </Typography>
      <Alert severity="info" sx={{ my: 2 }}>
        {translate(`${T}.enrol_required`)}
      </Alert>
      <Enrolment
        email={user.email}
        token={token}
        doneLabel={translate(`${T}.continue`)}
        onDone={() => (onEnrolled ? onEnrolled() : void login({ session: { token, user } }, '/dashboard'))}
      />
    </Box>
  );
}
