import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { call, FACILITIES, type Facility } from '../facilities-integrated/api';
import { FacilityDialog } from '../facilities-integrated/FacilityDialog';
import { failure } from '../facilities-integrated/dialogs';
import { FacilityTypeLabel, OnlineChip } from './chips';

const R = 'resources.master/medical-facilities';
const COLUMNS = ['name', 'email', 'type', 'phone', 'online'] as const;

/**
 * /master/medical-facilities for a medical_facility user: their one facility, which they may
 * edit (and set its password) but neither add to nor delete (the server refuses both).
 */
export function OwnFacility() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const key = ['facility-integration', 'own-facility'];
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: () => call<{ data: Facility[] }>(`${FACILITIES}?limit=10`),
  });
  const [editing, setEditing] = useState<Facility | null>(null);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate(`${R}.title`)} />
      {error && <Alert severity="error">{failure(translate(`${R}.errors.fetch`), error)}</Alert>}
      <Card>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label={translate(`${R}.title`)}>
              <TableHead>
                <TableRow>
                  {COLUMNS.map((c) => (
                    <TableCell key={c}>{translate(`${R}.fields.${c}`)}</TableCell>
                  ))}
                  <TableCell align="right">{translate('app.common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(data?.data ?? []).map((f) => (
                  <TableRow key={f.id}>
                    <TableCell>{f.name}</TableCell>
                    <TableCell>{f.email ?? '-'}</TableCell>
                    <TableCell>
                      <FacilityTypeLabel type={f.type} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{f.phone ?? '-'}</TableCell>
                    <TableCell>
                      <OnlineChip online={f.online} />
                    </TableCell>
                    <TableCell align="right">
                      <Button startIcon={<EditIcon />} onClick={() => setEditing(f)}>
                        {translate('ra.action.edit')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      {editing && (
        <FacilityDialog
          facility={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      )}
    </Box>
  );
}
