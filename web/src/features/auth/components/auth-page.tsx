import type { SigninInput, SignupFormInput } from '@bagshop/domain';
import { Container, Divider, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { RouteLoader } from '../../../components/route-loader';
import { getFirebaseAuth } from '../../../lib/firebase';
import { notify } from '../../../lib/notify';
import { LOGIN_FIRST, safeNext } from '../../../lib/sign-in-first';
import { useSession } from '../../../lib/session';
import { signup } from '../api/auth-api';
import { authErrorMessage } from '../auth-errors';
import { welcomeLater } from '../welcome';
import { GOOGLE_FAILED, GoogleSignIn } from './google-sign-in';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type Mode = 'login' | 'register';

export default function AuthPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [justSignedIn, setJustSignedIn] = useState(false);
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  // Sent here by a form that needs a shopper (Add to cart before the app ran): say so, and go back after.
  const next = safeNext(params.get('next')) ?? '/';
  const reason = params.get('reason');
  const signedOut = !session.loading && !session.user && !session.firebaseUser;
  useEffect(() => {
    if (reason === 'login-first' && signedOut) notify.error(LOGIN_FIRST);
  }, [reason, signedOut]);

  // Someone already signed in has nothing to do here (but let a fresh sign-in finish first).
  if (!justSignedIn && session.user && !session.loading) return <Navigate to={next} replace />;
  if (session.loading && !justSignedIn && session.firebaseUser) return <RouteLoader />;

  const greet = async () => {
    const user = await session.loadUser();
    navigate(next, { replace: true });
    welcomeLater(`Welcome back, ${user?.fullname.firstname ?? 'shopper'}`);
  };

  const login = async ({ email, password }: SigninInput) => {
    try {
      setJustSignedIn(true);
      await signInWithEmailAndPassword(getFirebaseAuth(), email, password);
      await greet();
    } catch (error) {
      setJustSignedIn(false);
      notify.error(authErrorMessage(error));
    }
  };

  const register = async (values: SignupFormInput) => {
    try {
      setJustSignedIn(true);
      await signup(values);
      await signInWithEmailAndPassword(getFirebaseAuth(), values.email, values.password);
      await session.loadUser();
      navigate(next, { replace: true });
      welcomeLater('Account created successfully');
    } catch (error) {
      setJustSignedIn(false);
      notify.error(authErrorMessage(error));
    }
  };

  return (
    <Container size={480} py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <div>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {mode === 'login' ? 'Welcome back' : 'Create your account'}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {mode === 'login' ? 'Sign in to see your cart and orders.' : 'Free shipping across India on every order.'}
            </Text>
          </div>
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={(value) => setMode(value === 'register' ? 'register' : 'login')}
            data={[
              { value: 'login', label: 'Login' },
              { value: 'register', label: 'Register' },
            ]}
            aria-label="Login or register"
          />
          {mode === 'login' ? <LoginForm onSubmit={login} /> : <RegisterForm onSubmit={register} />}
          <Divider label="or" labelPosition="center" />
          <GoogleSignIn
            onStart={() => setJustSignedIn(true)}
            onSignedIn={greet}
            onFailed={() => {
              setJustSignedIn(false);
              notify.error(GOOGLE_FAILED);
            }}
          />
        </Stack>
      </Paper>
    </Container>
  );
}
