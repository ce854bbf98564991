import { useState } from 'react';
import { Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { Box, Grid } from '@mui/material';
import { API_URL } from '../../../providers/http';
import { call } from './api';
import { ConfirmDelete, failure } from './dialogs';
import { FacilityDialog } from './FacilityDialog';
import { FacilityList } from './FacilityList';
import { FacilityDetail } from './FacilityDetail';
import { useFacilityList, useSelectedFacility } from './useFacilities';

const R = 'resources.master/medical-facilities';

/**
 * /master/medical-facilities-integrated (spec part 1 §2): the facilities on the left; the one
 * selected shows its Parameters and Connections. A medical_facility user sees only theirs and
 * neither adds nor deletes facilities.
 */
export default function IntegratedFacilities() {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const facilityUser = identity?.role === 'medical_facility';
  const listState = useFacilityList();
  const { facilities, reload } = listState;
  const { selectedId, setSelectedId, selected } = useSelectedFacility(facilities);
  const [dialog, setDialog] = useState<'add' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);

  const remove = async () => {
    try {
      await call(`${API_URL}/master/medical-facilities/${selected!.id}`, 'DELETE');
      notify(`${R}.integrated.deleted`, { type: 'success' });
      setSelectedId(null);
      reload();
    } catch (err) {
      notify(failure(translate(`${R}.errors.delete`), err), { type: 'error' });
    }
    setDeleting(false);
  };

  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Title title={translate(`${R}.integrated.title`)} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FacilityList
            state={listState}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onAdd={facilityUser ? undefined : () => setDialog('add')}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <FacilityDetail
            selected={selected}
            hasFacilities={facilities.length > 0}
            onEdit={() => setDialog('edit')}
            onDelete={facilityUser ? undefined : () => setDeleting(true)}
          />
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
        onConfirm={remove}
      />
    </Box>
  );
}
