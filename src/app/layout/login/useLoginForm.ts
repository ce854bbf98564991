import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogin } from 'react-admin';
import { getToken } from '../../providers/session';
import { LOGIN_FAILED } from '../../providers/authProvider';

/**
 * The sign-in form's state: email and password (typing clears the error), the submit that signs
 * in and opens /dashboard or shows the server's reason, and a signed-in user sent on at once.
 */
export function useLoginForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const [email, setEmailValue] = useState('');
  const [password, setPasswordValue] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (getToken()) navigate('/dashboard', { replace: true });
  }, [navigate]);

  const setEmail = (value: string) => {
    setEmailValue(value);
    setError(null);
  };
  const setPassword = (value: string) => {
    setPasswordValue(value);
    setError(null);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await login({ email, password }, '/dashboard');
    } catch (err) {
      setError((err as Error)?.message || LOGIN_FAILED);
      setSubmitting(false);
    }
  };
  return { email, setEmail, password, setPassword, submitting, error, onSubmit };
}
