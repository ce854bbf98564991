import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { getToken } from '../../providers/session';
import { LOGIN_FAILED, NETWORK_ERROR, SignInStep } from '../../providers/authProvider';
import { useLoginToDashboard } from '../../components/dashboard-figures';

type Next = SignInStep['next'];

/** The server's sign-in refusals (in Indonesian), as texts of the chosen language. */
const SERVER_REASONS: Record<string, string> = {
  [LOGIN_FAILED]: 'app.login.failed',
  [NETWORK_ERROR]: 'app.login.network_error',
  'Email atau password salah': 'app.login.wrong_credentials',
  'Terlalu banyak percobaan masuk yang gagal. Silakan coba lagi dalam beberapa menit.': 'app.login.blocked',
  'Akun Anda tidak aktif. Hubungi administrator.': 'app.login.inactive',
};
/**
 * What the login card shows: the password form, the code of a two-factor sign-in, the
 * enrolment, or the change of a temporary password (with the password typed, the current one).
 */
export type LoginStep =
  | { kind: 'password' }
  | Exclude<Next, { kind: 'change' }>
  | (Extract<Next, { kind: 'change' }> & { current: string });

/**
 * The sign-in form's state: email and password (typing clears the error), the submit that signs
 * in and opens /dashboard or shows the server's reason or the next step, and a signed-in user
 * sent on at once.
 */
export function useLoginForm() {
  const login = useLoginToDashboard();
  const translate = useTranslate();
  const navigate = useNavigate();
  // The password typed, kept past the code step: it is the current one if a change follows.
  const typed = useRef('');
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
  /** The step after the password or the code. */
  const advance = (next: Next) => {
    setPasswordValue('');
    setStep(next.kind === 'change' ? { ...next, current: typed.current } : next);
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    typed.current = password;
    try {
      await login({ email, password }, '/dashboard');
    } catch (err) {
      if (err instanceof SignInStep) advance(err.next);
      else {
        const message = (err as Error)?.message || LOGIN_FAILED;
        setError(SERVER_REASONS[message] ? translate(SERVER_REASONS[message]) : message);
      }
      setSubmitting(false);
    }
  };
  /** Back to the password form, with the reason when there is one (an expired code step). */
  const restart = (reason: string | null = null) => {
    typed.current = '';
    setStep({ kind: 'password' });
    setError(reason);
  };
  return { email, setEmail, password, setPassword, submitting, error, onSubmit, step, restart, advance };
}
