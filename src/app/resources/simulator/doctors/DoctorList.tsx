import { useState } from 'react';
import { FunctionField, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { simulatorDoctors } from '../../../../domain/resources/simulator-doctors';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { Line, Rupiah } from '../../generic/cells';
import { JsonFieldsButton, JsonFieldsDialog } from '../JsonFieldsDialog';

const R = 'resources.admin/simulator/doctors';

/**
 * /simulator/doctors: NIP, name with the facility, specialization (the 16 of spec §9), fee,
 * experience and availability; the work schedule edited as a form generated from its JSON
 * Schema, or as raw JSON.
 */
function DoctorList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const writable = Object.entries(simulatorDoctors.schema.properties ?? {})
    .filter(([k, p]) => !p.readOnly && k !== 'work_schedule')
    .map(([k]) => k);
  return (
    <>
      <ResourceScreen
        decl={simulatorDoctors}
        sections={[{ title: '', fields: writable }]}
        columns={[
          <FunctionField key="nip" label={`${R}.fields.nip`} sortBy="nip" render={(r: any) => r.nip} />,
          <FunctionField
            key="name"
            label={`${R}.fields.name`}
            sortBy="name"
            render={(r: any) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.name}
                </Typography>
                {r.facility_name && <Line>{r.facility_name}</Line>}
              </Box>
            )}
          />,
          <FunctionField
            key="spec"
            label={`${R}.fields.specialization`}
            sortBy="specialization"
            render={(r: any) => (
              <Chip size="small" variant="outlined" color="primary" label={r.specialization} />
            )}
          />,
          <FunctionField
            key="fee"
            label={`${R}.fields.consultation_fee`}
            sortBy="consultation_fee"
            render={(r: any) => <Rupiah value={r.consultation_fee} />}
          />,
          <FunctionField
            key="exp"
            label={`${R}.fields.experience_years`}
            sortable={false}
            render={(r: any) =>
              r.experience_years == null
                ? '-'
                : translate(`${R}.columns.years`, { count: r.experience_years })
            }
          />,
          <FunctionField
            key="available"
            label={`${R}.fields.is_available`}
            sortable={false}
            render={(r: any) => (
              <Chip
                size="small"
                color={r.is_available ? 'success' : 'default'}
                label={translate(`${R}.choices.is_available.${Boolean(r.is_available)}`, {
                  _: r.is_available ? '✓' : '-',
                })}
              />
            )}
          />,
          <FunctionField
            key="schedule"
            label={`${R}.columns.schedule`}
            sortable={false}
            render={(r: any) => {
              const summary = translate(`${R}.columns.days`, {
                count: Object.keys(r.work_schedule ?? {}).length,
              });
              return (
                <JsonFieldsButton
                  summary={summary}
                  action={`${translate(`${R}.columns.edit_schedule`)} ${r.name}`}
                  onOpen={() => setEditing({ id: r.id, name: r.name })}
                />
              );
            }}
          />,
        ]}
      />
      {editing && (
        <JsonFieldsDialog
          resource={simulatorDoctors.name}
          id={editing.id}
          title={translate(`${R}.columns.schedule_title`, { name: editing.name })}
          fields={['work_schedule']}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

export default DoctorList;
