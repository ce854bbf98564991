import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Box, Button, Card, CircularProgress, Divider, Tab, Tabs, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import RestoreIcon from '@mui/icons-material/Restore';
import { ROLES, type Role } from '../../domain/roles';
import { LEAF_COUNT, T } from './menu-role-manager/matrix';
import { useMenuAccess, type MenuAccess } from './menu-role-manager/useMenuAccess';
import { MenuAccessList } from './menu-role-manager/MenuAccessList';
import { AccessAlerts } from './menu-role-manager/AccessAlerts';
import { RestoreDialog } from './menu-role-manager/RestoreDialog';

/** Title and subtitle, 'Restore defaults' and 'Save'. */
function Header({ access, onRestore }: { access: MenuAccess; onRestore: () => void }) {
  const translate = useTranslate();
  const { busy } = access;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <Box sx={{ flex: '1 1 320px' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {translate(`${T}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.subtitle`)}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        startIcon={<RestoreIcon />}
        onClick={onRestore}
        disabled={busy || !access.base}
      >
        {translate(`${T}.restore`)}
      </Button>
      <Button
        variant="contained"
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
        onClick={access.save}
        disabled={busy || !access.isDirty}
        aria-busy={busy}
      >
        {translate(busy ? `${T}.saving` : `${T}.save`)}
      </Button>
    </Box>
  );
}

/**
 * /menu-role-manager (spec part 2 §2, §4): a tab per role, a toggle per menu and submenu.
 * Turning a parent off clears its submenus, turning a submenu on turns its parent on, and
 * submenu toggles are disabled while the parent is off. Save stores the whole matrix on the
 * server with the version it was read at; a save over someone else's newer matrix is refused
 * and the newer one can be loaded.
 */
export default function MenuRoleManager() {
  const translate = useTranslate();
  const [role, setRole] = useState<Role>('viewer');
  const [confirmRestore, setConfirmRestore] = useState(false);
  const access = useMenuAccess(role);
  const { draft, current } = access;

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate(`${T}.title`)} />
      <Header access={access} onRestore={() => setConfirmRestore(true)} />
      <AccessAlerts access={access} />
      <Card>
        <Tabs
          value={role}
          onChange={(_e, r: Role) => setRole(r)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={translate(`${T}.title`)}
        >
          {ROLES.map((r) => (
            <Tab key={r} value={r} label={translate(`${T}.roles.${r}`)} id={`role-tab-${r}`} />
          ))}
        </Tabs>
        <Divider />
        {!draft ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            {access.query.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
          </Box>
        ) : (
          <Box role="tabpanel" aria-labelledby={`role-tab-${role}`}>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
              {translate(`${T}.count`, { on: current ? current[role].length : 0, total: LEAF_COUNT })}
            </Typography>
            <MenuAccessList role={role} draft={draft} base={access.base} access={access} />
          </Box>
        )}
      </Card>
      <RestoreDialog
        open={confirmRestore}
        onCancel={() => setConfirmRestore(false)}
        onConfirm={() => {
          setConfirmRestore(false);
          void access.restore();
        }}
      />
    </Box>
  );
}
