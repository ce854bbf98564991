import { useState, type ReactNode } from 'react';
import { useTranslate, type Identifier } from 'react-admin';
import { Box, Button, Tab, Tabs } from '@mui/material';

/** A tab of a record's dialog beside its form (a patient's 'Riwayat Akses'). */
export interface DialogTab {
  key: string;
  /** i18n key of the tab's label. */
  label: string;
  render: (id: Identifier) => ReactNode;
}

const FORM = 'form';
const tabId = (key: string) => `resource-dialog-tab-${key}`;
const panelId = (key: string) => `resource-dialog-panel-${key}`;

/**
 * The form and the record's other tabs. The form stays mounted while another tab shows, so an
 * edit in progress survives a look at the other tab; another tab's content is made only while
 * it shows (it loads its data when opened).
 */
export function DialogTabs({
  id,
  tabs,
  formLabel,
  label,
  onClose,
  children,
}: {
  id: Identifier;
  tabs: DialogTab[];
  /** i18n key of the form's tab. */
  formLabel: string;
  /** Accessible name of the tab list. */
  label: string;
  /** Closes the dialog (the form has its own Cancel; the other tabs get a Close). */
  onClose: () => void;
  /** The form. */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [current, setCurrent] = useState(FORM);
  const all = [{ key: FORM, label: formLabel }, ...tabs];
  return (
    <>
      <Tabs
        value={current}
        onChange={(_, value: string) => setCurrent(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={label}
        sx={{ mt: -2, mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {all.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={translate(t.label)}
            id={tabId(t.key)}
            aria-controls={panelId(t.key)}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(FORM)} aria-labelledby={tabId(FORM)} hidden={current !== FORM}>
        {children}
      </Box>
      {tabs.map(
        (t) =>
          current === t.key && (
            <Box key={t.key} role="tabpanel" id={panelId(t.key)} aria-labelledby={tabId(t.key)}>
              {t.render(id)}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <Button onClick={onClose}>{translate('ra.action.close')}</Button>
              </Box>
            </Box>
          ),
      )}
    </>
  );
}
