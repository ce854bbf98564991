import { useState, type MouseEvent } from 'react';
import { LocalesMenuButton, useLocaleState, useLocales, useTranslate } from 'react-admin';
import { IconButton, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';

/**
 * The language selector of the header: the language's name on wide screens, an icon button on
 * a phone so the page title keeps the width it needs.
 */
export function LanguageMenu() {
  const translate = useTranslate();
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (languages.length < 2) return null;
  if (!narrow) return <LocalesMenuButton />;
  const current = languages.find((l) => l.locale === locale)?.name ?? '';
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`${translate('app.sidebar.language')}: ${current}`}
        title={current}
        aria-haspopup="true"
        aria-controls={anchor ? 'language-menu' : undefined}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            onClick={() => {
              setLocale(l.locale);
              setAnchor(null);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
