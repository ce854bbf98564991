import Box from '@mui/material/Box';
import { TEAL } from '../theme';

/** The product logo: a health cross over the Monas silhouette, in the theme's teal and blue. */
export function Logo({ size = 48 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      role="img"
      aria-label="Logo Dashboard Analisis Kesehatan Jakarta"
    >
      <circle cx="32" cy="32" r="31" fill={TEAL} />
      <path d="M30 8h4l1 10h-6z M27 18h10v4H27z M29 22h6l2 28H27z" fill="#e0f2f1" />
      <rect x="18" y="50" width="28" height="4" rx="1" fill="#e0f2f1" />
      <circle cx="46" cy="20" r="10" fill="#1e88e5" stroke="#fff" strokeWidth="2" />
      <path d="M44 14h4v4h4v4h-4v4h-4v-4h-4v-4h4z" fill="#fff" />
    </Box>
  );
}
