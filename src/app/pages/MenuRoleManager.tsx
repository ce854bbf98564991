import { Fragment, useEffect, useMemo, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Switch,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import RestoreIcon from '@mui/icons-material/Restore';
import { MENU, ROLES, menuLeaves, type MenuItem, type Role } from '../../domain/menu';
import { menuIcon } from '../layout/icons';
import { API_URL, httpClient } from '../providers/http';

const T = 'app.menu_role_manager';
const URL = `${API_URL}/admin/menu-access`;
const QUERY_KEY = ['admin', 'menu-access'];

type Matrix = Record<Role, string[]>;
interface MatrixAnswer {
  version: string;
  matrix: Matrix;
  defaults: Matrix;
  locked: { super_admin: string[] };
}

/** What the screen edits: per role, the leaves that are on and the groups switched on. */
interface Draft {
  leaves: Record<Role, Set<string>>;
  groups: Record<Role, Set<string>>;
}

const GROUPS = MENU.filter((m) => m.submenu);
const LEAF_COUNT = menuLeaves().length;

function draftOf(matrix: Matrix): Draft {
  const leaves = {} as Draft['leaves'];
  const groups = {} as Draft['groups'];
  for (const role of ROLES) {
    leaves[role] = new Set(matrix[role]);
    groups[role] = new Set(
      GROUPS.filter((g) => g.submenu!.some((s) => leaves[role].has(s.path!))).map((g) => g.id),
    );
  }
  return { leaves, groups };
}

const matrixOf = (draft: Draft): Matrix =>
  Object.fromEntries(
    ROLES.map((r) => [
      r,
      menuLeaves()
        .filter((l) => draft.leaves[r].has(l.path!))
        .map((l) => l.path!),
    ]),
  ) as Matrix;

const sameMatrix = (a: Matrix, b: Matrix) => ROLES.every((r) => a[r].join() === b[r].join());

/** The dashboard is every role's; the super admin keeps the manager itself. */
const lockedFor = (role: Role, path: string, answer: MatrixAnswer | undefined) =>
  path === '/dashboard' || (role === 'super_admin' && !!answer?.locked.super_admin.includes(path));

function MenuRow({
  item,
  parent,
  group,
  depth,
  checked,
  disabled,
  hint,
  onChange,
}: {
  item: MenuItem;
  /** The group of a submenu: its switch is named 'Group › Submenu' (labels repeat across groups). */
  parent?: MenuItem;
  /** A group's own row starts a new section. */
  group?: boolean;
  depth: number;
  checked: boolean;
  disabled: boolean;
  hint?: string;
  onChange: (on: boolean) => void;
}) {
  const translate = useTranslate();
  const Icon = menuIcon(item.icon);
  const label = translate(item.labelKey);
  return (
    <ListItem
      sx={{ pl: 2 + depth * 4, ...(group && { borderTop: 1, borderColor: 'divider' }) }}
      secondaryAction={
        <Switch
          edge="end"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{
            input: {
              'aria-label': parent ? `${translate(parent.labelKey)} › ${label}` : label,
              role: 'switch',
            },
          }}
        />
      }
    >
      <ListItemIcon sx={{ minWidth: 36 }}>
        <Icon fontSize="small" color={checked ? 'primary' : 'disabled'} />
      </ListItemIcon>
      <ListItemText
        primary={label}
        secondary={hint ?? item.path}
        slotProps={{ primary: { fontWeight: depth === 0 ? 600 : 400, variant: 'body2' } }}
      />
    </ListItem>
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
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>('viewer');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [base, setBase] = useState<MatrixAnswer | null>(null);
  const [conflict, setConflict] = useState<{ message: string; latest: MatrixAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRestore, setConfirmRestore] = useState(false);

  const query = useQuery<MatrixAnswer>({
    queryKey: QUERY_KEY,
    queryFn: async () => (await httpClient(URL)).json as MatrixAnswer,
  });
  // The draft starts from the stored matrix, and follows it until the user changes something.
  useEffect(() => {
    if (query.data && (!base || base.version !== query.data.version) && (!draft || !dirty())) {
      setBase(query.data);
      setDraft(draftOf(query.data.matrix));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  const current = useMemo(() => (draft ? matrixOf(draft) : null), [draft]);
  const dirty = () => !!(current && base && !sameMatrix(current, base.matrix));
  const isDirty = dirty();

  const adopt = (answer: MatrixAnswer) => {
    queryClient.setQueryData(QUERY_KEY, answer);
    setBase(answer);
    setDraft(draftOf(answer.matrix));
    setConflict(null);
  };

  const update = (fn: (leaves: Set<string>, groups: Set<string>) => void) => {
    if (!draft) return;
    const leaves = new Set(draft.leaves[role]);
    const groups = new Set(draft.groups[role]);
    fn(leaves, groups);
    setDraft({ leaves: { ...draft.leaves, [role]: leaves }, groups: { ...draft.groups, [role]: groups } });
  };
  const toggleLeaf = (path: string, on: boolean, parent?: MenuItem) =>
    update((leaves, groups) => {
      if (on) {
        leaves.add(path);
        if (parent) groups.add(parent.id);
      } else leaves.delete(path);
    });
  const toggleGroup = (group: MenuItem, on: boolean) =>
    update((leaves, groups) => {
      if (on) groups.add(group.id);
      else {
        groups.delete(group.id);
        for (const s of group.submenu!) leaves.delete(s.path!);
      }
    });

  const send = async (method: 'PUT' | 'POST', url: string, body: object, success: string) => {
    if (!base) return;
    setBusy(true);
    setError(null);
    try {
      const { json } = await httpClient(url, {
        method,
        body: JSON.stringify(body),
        headers: new Headers({ 'Content-Type': 'application/json', 'If-Match': `"${base.version}"` }),
      });
      adopt(json as MatrixAnswer);
      notify(translate(`${T}.${success}`), { type: 'success' });
    } catch (err) {
      const e = err as { status?: number; message?: string; body?: MatrixAnswer & { error?: string } };
      if (e.status === 412 && e.body?.matrix) setConflict({ message: e.message ?? '', latest: e.body });
      else setError(e.message || translate(`${T}.save_failed`));
    } finally {
      setBusy(false);
    }
  };
  const save = () => current && send('PUT', URL, { matrix: current }, 'saved');
  const restore = () => {
    setConfirmRestore(false);
    void send('POST', `${URL}/restore-defaults`, {}, 'restored');
  };

  const onCount = current ? current[role].length : 0;
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate(`${T}.title`)} />
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
          onClick={() => setConfirmRestore(true)}
          disabled={busy || !base}
        >
          {translate(`${T}.restore`)}
        </Button>
        <Button
          variant="contained"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
          onClick={save}
          disabled={busy || !isDirty}
          aria-busy={busy}
        >
          {translate(busy ? `${T}.saving` : `${T}.save`)}
        </Button>
      </Box>

      {query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(`${T}.load_failed`)}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {conflict && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          onClose={() => setConflict(null)}
          action={
            <Button color="inherit" size="small" onClick={() => adopt(conflict.latest)}>
              {translate(`${T}.reload_latest`)}
            </Button>
          }
        >
          {conflict.message}
        </Alert>
      )}
      {isDirty && !conflict && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => base && setDraft(draftOf(base.matrix))}>
              {translate(`${T}.discard`)}
            </Button>
          }
        >
          {translate(`${T}.unsaved`)}
        </Alert>
      )}

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
            {query.isPending && <CircularProgress aria-label={translate('ra.page.loading')} />}
          </Box>
        ) : (
          <Box role="tabpanel" aria-labelledby={`role-tab-${role}`}>
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 1.5 }}>
              {translate(`${T}.count`, { on: onCount, total: LEAF_COUNT })}
            </Typography>
            <List dense data-testid="menu-access-list">
              {MENU.map((item) => {
                if (!item.submenu) {
                  const locked = lockedFor(role, item.path!, base ?? undefined);
                  return (
                    <MenuRow
                      key={item.id}
                      item={item}
                      depth={0}
                      checked={locked || draft.leaves[role].has(item.path!)}
                      disabled={locked || busy}
                      hint={locked ? translate(`${T}.always_on`) : undefined}
                      onChange={(on) => toggleLeaf(item.path!, on)}
                    />
                  );
                }
                const groupOn = draft.groups[role].has(item.id);
                const anyChild = item.submenu.some((s) => draft.leaves[role].has(s.path!));
                return (
                  <Fragment key={item.id}>
                    <MenuRow
                      item={item}
                      group
                      depth={0}
                      checked={groupOn}
                      disabled={busy}
                      hint={groupOn && !anyChild ? translate(`${T}.empty_group`) : ''}
                      onChange={(on) => toggleGroup(item, on)}
                    />
                    <ListItem disablePadding sx={{ display: 'block' }}>
                      <List dense disablePadding aria-label={translate(item.labelKey)}>
                        {item.submenu.map((sub) => (
                          <MenuRow
                            key={sub.id}
                            item={sub}
                            parent={item}
                            depth={1}
                            checked={groupOn && draft.leaves[role].has(sub.path!)}
                            disabled={!groupOn || busy}
                            hint={!groupOn ? translate(`${T}.parent_off`) : undefined}
                            onChange={(on) => toggleLeaf(sub.path!, on, item)}
                          />
                        ))}
                      </List>
                    </ListItem>
                  </Fragment>
                );
              })}
            </List>
          </Box>
        )}
      </Card>

      <Dialog open={confirmRestore} onClose={() => setConfirmRestore(false)} aria-labelledby="restore-title">
        <DialogTitle id="restore-title">{translate(`${T}.restore_title`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate(`${T}.restore_body`)}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRestore(false)}>{translate(`${T}.cancel`)}</Button>
          <Button variant="contained" color="warning" onClick={restore}>
            {translate(`${T}.restore_confirm`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
