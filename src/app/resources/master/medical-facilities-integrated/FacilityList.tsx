import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Pagination,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { failure } from './dialogs';
import type { FacilityListState } from './useFacilities';
import { FacilityTypeLabel, OnlineChip } from './chips';
import { DismissButton } from '../../../components/DismissButton';
import { NewRecordsBar } from '../../generic/LiveList';

const R = 'resources.master/medical-facilities';

/**
 * The left card: the search box, the page of facilities with their type and whether they are
 * online, and the pages. Adding is offered only when onAdd is given.
 */
export function FacilityList({
  state,
  selectedId,
  onSelect,
  onAdd,
}: {
  state: FacilityListState;
  selectedId: number | null;
  onSelect: (id: number) => void;
  onAdd?: () => void;
}) {
  const translate = useTranslate();
  const { search, setSearch, page, setPage, list, facilities, totalPages, live } = state;
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(false), [list.error]);

  return (
    <Card>
      <CardContent sx={{ pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography variant="h6" component="h2">
            {translate(`${R}.integrated.facilities`)}
          </Typography>
          {onAdd && (
            <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
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
        <NewRecordsBar fresh={live.fresh} onShow={live.show} />
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
                <ListItemButton selected={f.id === selectedId} onClick={() => onSelect(f.id)}>
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
        {totalPages > 1 && (
          <Pagination
            size="small"
            page={page}
            count={totalPages}
            onChange={(_, p) => setPage(p)}
            getItemAriaLabel={(type, p, selected) =>
              type === 'page'
                ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: p })
                : translate(`ra.navigation.${type}`)
            }
            sx={{ display: 'flex', justifyContent: 'center' }}
          />
        )}
      </CardContent>
    </Card>
  );
}
