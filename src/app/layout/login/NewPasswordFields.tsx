import { useTranslate } from 'react-admin';
import { MIN_PASSWORD_LENGTH, passwordProblemOf } from '../../../domain/password-policy';
import { PasswordField } from './PasswordField';

const T = 'app.login';

export interface NewPassword {
  password: string;
  confirm: string;
}
/** Each field's error, as a text key (or the server's own words when it is not a known reason). */
export type NewPasswordErrors = Partial<Record<keyof NewPassword, string>>;

/** What is checked before asking the server: filled in, long enough, typed twice alike. */
export function checkNewPassword(v: NewPassword): NewPasswordErrors {
  const errors: NewPasswordErrors = {};
  if (!v.password) errors.password = `${T}.required`;
  else if ([...v.password].length < MIN_PASSWORD_LENGTH) errors.password = `${T}.too_short`;
  if (!v.confirm) errors.confirm = `${T}.required`;
  else if (v.password && v.confirm !== v.password) errors.confirm = `${T}.mismatch`;
  return errors;
}

/** The server's reason a new password is refused (it answers in Indonesian), as a text key. */
export const serverPasswordProblem = (message: string) => {
  const problem = passwordProblemOf(message);
  return problem ? `${T}.${problem}` : message;
};

/** The new password and its repetition, each with show/hide and its error under it. */
export function NewPasswordFields({
  value,
  errors,
  onChange,
}: {
  value: NewPassword;
  errors: NewPasswordErrors;
  onChange: (value: NewPassword, changed: keyof NewPassword) => void;
}) {
  const translate = useTranslate();
  const text = (key?: string) => (key ? translate(key, { _: key }) : null);
  return (
    <>
      <PasswordField
        name="new_password"
        label={translate(`${T}.new_password`)}
        autoComplete="new-password"
        autoFocus
        value={value.password}
        error={text(errors.password)}
        helperText={translate(`${T}.rules`)}
        onChange={(password) => onChange({ ...value, password }, 'password')}
      />
      <PasswordField
        name="confirm_password"
        label={translate(`${T}.confirm_password`)}
        autoComplete="new-password"
        value={value.confirm}
        error={text(errors.confirm)}
        onChange={(confirm) => onChange({ ...value, confirm }, 'confirm')}
      />
    </>
  );
}
