import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

/** The password, hidden until its eye button shows it. */
export function PasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const [showPassword, setShowPassword] = useState(false);
  return (
    <TextField
      label={translate('app.login.password')}
      type={showPassword ? 'text' : 'password'}
      name="password"
      autoComplete="current-password"
      required
      fullWidth
      margin="normal"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(showPassword ? 'app.login.hide_password' : 'app.login.show_password')}
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
