import { useState } from 'react';
import { FunctionField, ReferenceField, TextField, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { simulatorFacilities } from '../../../../domain/resources/simulator-facilities';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { Line } from '../../generic/cells';
import { JsonFieldsButton, JsonFieldsDialog } from '../JsonFieldsDialog';

const R = 'resources.admin/simulator/facilities';
const cut = (s: string | null | undefined, n = 50) => (!s ? '' : s.length > n ? `${s.slice(0, n)}…` : s);

/**
 * /simulator/facilities: code, name with the address cut at 50 characters, a type chip, level,
 * capacity in beds, contact and the linked medical facility (spec part 2 §2, §3); operating
 * hours and services edited as forms generated from their JSON Schemas, or as raw JSON.
 */
function FacilityList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  return (
    <>
      <ResourceScreen
        decl={simulatorFacilities}
        sections={[
          {
            title: '',
            fields: [
              'facility_code',
              'name',
              'type',
              'level',
              'capacity',
              'phone',
              'email',
              'medical_facility_id',
              'address',
            ],
          },
        ]}
        columns={[
          <FunctionField
            key="code"
            label={`${R}.fields.facility_code`}
            sortBy="facility_code"
            render={(r: any) => (
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                {r.facility_code}
              </Typography>
            )}
          />,
          <FunctionField
            key="name"
            label={`${R}.columns.name_address`}
            sortBy="name"
            render={(r: any) => (
              <Box sx={{ minWidth: 180, maxWidth: 360 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.name}
                </Typography>
                {r.address && <Line>{cut(r.address)}</Line>}
              </Box>
            )}
          />,
          <FunctionField
            key="type"
            label={`${R}.fields.type`}
            sortBy="type"
            render={(r: any) => (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={translate(`${R}.choices.type.${r.type}`, { _: r.type })}
              />
            )}
          />,
          <FunctionField
            key="level"
            label={`${R}.fields.level`}
            sortable={false}
            render={(r: any) => (r.level ? translate(`${R}.choices.level.${r.level}`, { _: r.level }) : '-')}
          />,
          <FunctionField
            key="capacity"
            label={`${R}.fields.capacity`}
            sortable={false}
            render={(r: any) => (r.capacity == null ? '-' : r.capacity.toLocaleString('id-ID'))}
          />,
          <FunctionField
            key="contact"
            label={`${R}.columns.contact`}
            sortable={false}
            render={(r: any) => (
              <Box>
                <Typography variant="body2">{r.phone || '-'}</Typography>
                {r.email && <Line>{r.email}</Line>}
              </Box>
            )}
          />,
          <ReferenceField
            key="facility"
            source="medical_facility_id"
            reference="admin/medical-facilities"
            label={`${R}.fields.medical_facility_id`}
            sortable={false}
            link={false}
          >
            <TextField source="name" />
          </ReferenceField>,
          <FunctionField
            key="hours"
            label={`${R}.columns.hours_services`}
            sortable={false}
            render={(r: any) => {
              const summary = `${translate(`${R}.columns.days`, {
                count: Object.keys(r.operational_hours ?? {}).length,
              })} · ${translate(`${R}.columns.services_count`, { count: (r.services ?? []).length })}`;
              return (
                <JsonFieldsButton
                  summary={summary}
                  action={`${translate(`${R}.columns.edit_hours`)} ${r.name}`}
                  onOpen={() => setEditing({ id: r.id, name: r.name })}
                />
              );
            }}
          />,
        ]}
      />
      {editing && (
        <JsonFieldsDialog
          resource={simulatorFacilities.name}
          id={editing.id}
          title={translate(`${R}.columns.hours_title`, { name: editing.name })}
          fields={['operational_hours', 'services']}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

export default FacilityList;
