import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Logo } from '../Logo';
import { TEAL } from '../../theme';
import { LanguageMenu } from '../LanguageMenu';

/** The logo, the card's title and the product's name. */
function LoginHeader({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
      <Logo size={72} />
      <Typography component="h1" variant="h5" sx={{ mt: 2, fontWeight: 700, textAlign: 'center' }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" align="center">
        {translate('app.login.subtitle')}
      </Typography>
    </Box>
  );
}

/**
 * The frame of the pages a visitor sees before signing in (the sign-in, the password reset):
 * the language switch above, then the card with the logo and its title.
 */
export function LoginShell({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        p: 2,
        background: `linear-gradient(135deg, ${TEAL} 0%, #1e88e5 100%)`,
      }}
    >
      {/* The header's language switch, white over the page's colours. */}
      <Box component="nav" sx={{ display: 'flex', justifyContent: 'flex-end', color: 'common.white' }}>
        <LanguageMenu />
      </Box>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 2 }}>
        <Card component="main" sx={{ width: '100%', maxWidth: wide ? 460 : 400 }} elevation={6}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <LoginHeader title={title} />
            {children}
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
