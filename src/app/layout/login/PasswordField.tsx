import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The sign-in's 'Password' unless told. */
  label?: string;
  name?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** A field error, shown under the field in red. */
  error?: string | null;
  /** A hint under the field when there is no error. */
  helperText?: string;
  /** Shown in clear from the start. */
  shown?: boolean;
}

/** A password, hidden until its eye button shows it. */
export function PasswordField({
  value,
  onChange,
  label,
  name = 'password',
  autoComplete = 'current-password',
  autoFocus,
  error,
  helperText,
  shown = false,
}: PasswordFieldProps) {
  const translate = useTranslate();
  const [showPassword, setShowPassword] = useState(shown);
  return (
    <TextField
      label={label ?? translate('app.login.password')}
      type={showPassword ? 'text' : 'password'}
      name={name}
      id={`login-${name}`}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      margin="normal"
      value={value}
      error={Boolean(error)}
      helperText={error || helperText}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={`${translate(showPassword ? 'app.login.hide_password' : 'app.login.show_password')}${label ? `: ${label}` : ''}`}
                onClick={() => setShowPassword((v) => !v)}
                edge="end"
              >
                {showPassword ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
