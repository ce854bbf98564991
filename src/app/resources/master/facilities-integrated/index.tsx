import { useEffect, useState } from 'react';
import { Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Pagination,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import { API_URL } from '../../../providers/http';
import { call, FACILITIES, type Facility } from './api';
import { ConfirmDelete, failure } from './dialogs';
import { FacilityDialog } from './FacilityDialog';
import { ParamsTab } from './ParamsTab';
import { ConnectionsTab } from './ConnectionsTab';
import { FacilityTypeLabel, OnlineChip } from '../medical-facilities/chips';
import { DismissButton } from '../../../components/DismissButton';

const R = 'resources.master/medical-facilities';
const PER_PAGE = 20;

interface Page {
  data: Facility[];
  pagination: { total: number; totalPages: number };
}

/**
 * /master/medical-facilities-integrated (spec part 1 §2): the facilities on the left; the one
 * selected shows its Parameters and Connections. A medical_facility user sees only theirs and
 * neither adds nor deletes facilities.
 */
export default function IntegratedFacilities() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { identity } = useGetIdentity();
  const facilityUser = identity?.role === 'medical_facility';
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [tab, setTab] = useState<'params' | 'connections'>('params');
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  // The search waits for a pause in typing.
  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);

  const list = useQuery({
    queryKey: ['facility-integration', 'facilities', page, query],
    queryFn: () =>
      call<Page>(
        `${FACILITIES}?${new URLSearchParams({ page: String(page), limit: String(PER_PAGE), sort: 'name', order: 'ASC', ...(query ? { search: query } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const facilities = list.data?.data ?? [];
  const selected = facilities.find((f) => f.id === selectedId) ?? null;
  const first = list.data?.data[0]?.id;
  useEffect(() => {
    if (selectedId === null && first !== undefined) setSelectedId(first);
  }, [first, selectedId]);
  useEffect(() => setDismissed(false), [list.error]);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['facility-integration'] });

  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Title title={translate(`${R}.integrated.title`)} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Card>
            <CardContent sx={{ pb: 1 }}>
              <Box
                sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}
              >
                <Typography variant="h6" component="h2">
                  {translate(`${R}.integrated.facilities`)}
                </Typography>
                {!facilityUser && (
                  <Button
                    size="small"
                    variant="contained"
                    startIcon={<AddIcon />}
                    onClick={() => setDialog('add')}
                  >
                    {translate('app.common.add')}
                  </Button>
                )}
              </Box>
              <TextField
                size="small"
                fullWidth
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={translate(`${R}.filters.search`)}
                slotProps={{
                  htmlInput: { 'aria-label': translate(`${R}.filters.search`) },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
              {list.error && !dismissed && (
                <Alert
                  severity="error"
                  sx={{ mt: 1 }}
                  action={<DismissButton onClick={() => setDismissed(true)} />}
                >
                  {failure(translate(`${R}.errors.fetch`), list.error)}
                </Alert>
              )}
              {list.isPending ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
                  <CircularProgress aria-label={translate('ra.page.loading')} />
                </Box>
              ) : facilities.length === 0 && !list.error ? (
                <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
                  {translate(`${R}.empty`)}
                </Typography>
              ) : (
                <List
                  dense
                  aria-label={translate(`${R}.integrated.facilities`)}
                  sx={{ maxHeight: { xs: 360, md: 560 }, overflowY: 'auto' }}
                >
                  {facilities.map((f) => (
                    <ListItem key={f.id} disablePadding>
                      <ListItemButton selected={f.id === selectedId} onClick={() => setSelectedId(f.id)}>
                        <ListItemText
                          primary={f.name}
                          secondary={<FacilityTypeLabel type={f.type} />}
                          slotProps={{ primary: { noWrap: true } }}
                        />
                        <OnlineChip online={f.online} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              )}
              {(list.data?.pagination.totalPages ?? 0) > 1 && (
                <Pagination
                  size="small"
                  page={page}
                  count={list.data!.pagination.totalPages}
                  onChange={(_, p) => setPage(p)}
                  sx={{ display: 'flex', justifyContent: 'center' }}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Card>
            {selected ? (
              <CardContent>
                <Box
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'flex-start',
                    justifyContent: 'space-between',
                    gap: 1,
                  }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="h6" component="h2" data-selected-facility={selected.id}>
                      {selected.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      <FacilityTypeLabel type={selected.type} /> · {selected.email ?? '-'} ·{' '}
                      {selected.phone ?? '-'}
                    </Typography>
                  </Box>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <OnlineChip online={selected.online} />
                    <Tooltip title={translate('ra.action.edit')} disableInteractive>
                      <IconButton
                        aria-label={`${translate('ra.action.edit')} ${selected.name}`}
                        onClick={() => setDialog('edit')}
                      >
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    {!facilityUser && (
                      <Tooltip title={translate('ra.action.delete')} disableInteractive>
                        <IconButton
                          aria-label={`${translate('ra.action.delete')} ${selected.name}`}
                          color="error"
                          onClick={() => setDeleting(true)}
                        >
                          <DeleteIcon />
                        </IconButton>
                      </Tooltip>
                    )}
                  </Box>
                </Box>
                <Tabs
                  value={tab}
                  onChange={(_, v) => setTab(v)}
                  sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
                >
                  <Tab value="params" label={translate(`${R}.integrated.tabs.params`)} />
                  <Tab value="connections" label={translate(`${R}.integrated.tabs.connections`)} />
                </Tabs>
                {tab === 'params' ? (
                  <ParamsTab facilityId={selected.id} />
                ) : (
                  <ConnectionsTab facilityId={selected.id} />
                )}
              </CardContent>
            ) : (
              <CardContent>
                <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
                  {facilities.length ? translate(`${R}.integrated.select`) : translate(`${R}.empty`)}
                </Typography>
              </CardContent>
            )}
          </Card>
        </Grid>
      </Grid>
      {dialog && (
        <FacilityDialog
          facility={dialog === 'edit' ? selected : null}
          onClose={() => setDialog(null)}
          onSaved={(f) => {
            setDialog(null);
            setSelectedId(f.id);
            reload();
          }}
        />
      )}
      <ConfirmDelete
        open={deleting}
        text={translate(`${R}.integrated.delete_facility`, { name: selected?.name ?? '' })}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await call(`${API_URL}/master/medical-facilities/${selected!.id}`, 'DELETE');
            notify(`${R}.integrated.deleted`, { type: 'success' });
            setSelectedId(null);
            reload();
          } catch (err) {
            notify(failure(translate(`${R}.errors.delete`), err), { type: 'error' });
          }
          setDeleting(false);
        }}
      />
    </Box>
  );
}
