import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { getToken } from '../../providers/session';
import { LOGIN_FAILED, TwoFactorStep } from '../../providers/authProvider';
import { useLoginToDashboard } from '../../pages/dashboard-figures';

/** What the login card shows: the password form, the code of a two-factor sign-in, or the enrolment. */
export type LoginStep = { kind: 'password' } | TwoFactorStep['next'];

/**
 * The sign-in form's state: email and password (typing clears the error), the submit that signs
 * in and opens /dashboard or shows the server's reason or the next step, and a signed-in user
 * sent on at once.
 */
export function useLoginForm() {
  const login = useLoginToDashboard();
  const navigate = useNavigate();
  const [email, setEmailValue] = useState('');
  const [password, setPasswordValue] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<LoginStep>({ kind: 'password' });

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
      if (err instanceof TwoFactorStep) {
        setPasswordValue('');
        setStep(err.next);
      } else setError((err as Error)?.message || LOGIN_FAILED);
      setSubmitting(false);
    }
  };
  /** Back to the password form, with the reason when there is one (an expired code step). */
  const restart = (reason: string | null = null) => {
    setStep({ kind: 'password' });
    setError(reason);
  };
  return { email, setEmail, password, setPassword, submitting, error, onSubmit, step, restart };
}
