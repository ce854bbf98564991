import { useState } from 'react';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Box, Grid } from '@mui/material';
import { medicalFacilities } from '../../../../resources/medical-facilities';
import { ResourceDialog } from '../../generic/ResourceDialog';
import { ConfirmVersionedDelete } from '../../generic/VersionedDeleteButton';
import { consoleNameOf } from '../../screen-paths';
import { FacilityList } from './FacilityList';
import { FacilityDetail } from './FacilityDetail';
import { useFacilityList, useSelectedFacility } from './useFacilities';

const R = 'resources.master/medical-facilities';

/**
 * /master/medical-facilities-integrated (spec part 1 §2): the facilities on the left; the one
 * selected shows its Parameters and Connections. Every list, dialog and delete is the declared
 * resources' (the facility, and its params and connections below it), through the dataProvider:
 * each write is on the version shown (If-Match) and a 412 shows the conflict. A
 * medical_facility user sees only theirs and neither adds nor deletes facilities.
 */
export default function IntegratedFacilities() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const facilityUser = identity?.role === 'medical_facility';
  const listState = useFacilityList();
  const { facilities } = listState;
  const { selectedId, setSelectedId, selected } = useSelectedFacility(facilities);
  const [dialog, setDialog] = useState<'create' | 'edit' | null>(null);
  const [deleting, setDeleting] = useState(false);

  return (
    <Box sx={{ mt: 2, minWidth: 0 }}>
      <Title title={translate(`${R}.integrated.title`)} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FacilityList
            state={listState}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onAdd={facilityUser ? undefined : () => setDialog('create')}
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
        <ResourceDialog
          decl={medicalFacilities}
          mode={dialog}
          id={dialog === 'edit' ? selected?.id : undefined}
          onClose={() => setDialog(null)}
          onSaved={(facility) => {
            setDialog(null);
            setSelectedId(facility.id);
          }}
        />
      )}
      <ConfirmVersionedDelete
        decl={medicalFacilities}
        resource={consoleNameOf(medicalFacilities)}
        record={deleting ? selected : null}
        title={translate(`${R}.integrated.delete_title`)}
        text={translate(`${R}.integrated.delete_facility`, { name: selected?.name ?? '' })}
        onClose={() => setDeleting(false)}
        onDeleted={() => setSelectedId(null)}
      />
    </Box>
  );
}
