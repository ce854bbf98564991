import { FunctionField, TextField, useGetIdentity, useTranslate } from 'react-admin';
import { medicalFacilities } from '../../../../domain/resources/medical-facilities';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { FacilityTypeLabel, OnlineChip } from './chips';
import { OwnFacility } from './OwnFacility';
import { RequireMenuAccess } from '../../../components/RequireMenuAccess';

const R = 'resources.master/medical-facilities';

/** /master/medical-facilities: name, email, type, phone, an Online/Offline chip, actions. */
function FacilityList() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  if (isPending) return null;
  // A facility user has one facility to edit, nothing to add or delete.
  if (identity?.role === 'medical_facility')
    return (
      <RequireMenuAccess path={`/${medicalFacilities.name}`}>
        <OwnFacility />
      </RequireMenuAccess>
    );
  return (
    <ResourceScreen
      decl={medicalFacilities}
      defaults={() => ({ online: true, type: 'PUSKESMAS' })}
      // Online unless set otherwise (spec §5); an edit keeps what is stored.
      columns={[
        <TextField key="name" source="name" label={`${R}.fields.name`} />,
        <TextField key="email" source="email" label={`${R}.fields.email`} />,
        <FunctionField
          key="type"
          source="type"
          label={`${R}.fields.type`}
          render={(r: any) => <FacilityTypeLabel type={r.type} />}
        />,
        <FunctionField
          key="phone"
          source="phone"
          label={`${R}.fields.phone`}
          render={(r: any) => <span style={{ whiteSpace: 'nowrap' }}>{r.phone || '-'}</span>}
        />,
        <FunctionField
          key="online"
          source="online"
          label={translate(`${R}.fields.online`)}
          render={(r: any) => <OnlineChip online={r.online} />}
        />,
      ]}
    />
  );
}

export default FacilityList;
