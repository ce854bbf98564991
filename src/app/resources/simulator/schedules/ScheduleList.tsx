import { AutocompleteInput, FunctionField, ReferenceInput, SelectInput, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { simulatorSchedules } from '../../../../domain/resources/simulator-schedules';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { Line } from '../../generic/cells';

const R = 'resources.admin/simulator/schedules';
const DAYS = [1, 2, 3, 4, 5, 6, 7];
const hhmm = (t: string | null | undefined) => (t ? t.slice(0, 5) : '-');

/**
 * /simulator/schedules: doctor with specialization, poli, day (Senin ... Minggu), hours, patients
 * at most, room and status; filters by doctor and day (spec part 2 §2, §9: 20 patients and 15
 * minutes by default).
 */
function ScheduleList() {
  const translate = useTranslate();
  const day = (d: number | null) =>
    d == null ? '-' : translate(`${R}.choices.day_of_week.${d}`, { _: String(d) });
  return (
    <ResourceScreen
      decl={simulatorSchedules}
      filters={[
        <ReferenceInput
          key="doctor"
          source="doctor_id"
          reference="admin/simulator/doctors"
          alwaysOn
          perPage={100}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            label={`${R}.filters.doctor_id`}
            optionText={(d: any) => `${d.name} (${d.specialization})`}
            filterToQuery={(q: string) => ({ q })}
            sx={{ minWidth: 240 }}
          />
        </ReferenceInput>,
        <SelectInput
          key="day"
          source="day_of_week"
          alwaysOn
          label={`${R}.filters.day_of_week`}
          choices={DAYS.map((d) => ({ id: String(d), name: day(d) }))}
          sx={{ minWidth: 140 }}
        />,
      ]}
      columns={[
        <FunctionField
          key="doctor"
          label={`${R}.filters.doctor_id`}
          sortable={false}
          render={(r: any) => (
            <Box sx={{ minWidth: 160 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.doctor_name ?? '-'}
              </Typography>
              {r.specialization && <Line>{r.specialization}</Line>}
            </Box>
          )}
        />,
        <FunctionField
          key="poly"
          label={`${R}.fields.poly_name`}
          sortable={false}
          render={(r: any) => r.poly_name ?? '-'}
        />,
        <FunctionField
          key="day"
          label={`${R}.fields.day_of_week`}
          sortable={false}
          render={(r: any) => day(r.day_of_week)}
        />,
        <FunctionField
          key="hours"
          label={`${R}.fields.start_time`}
          sortable={false}
          render={(r: any) => `${hhmm(r.start_time)}–${hhmm(r.end_time)}`}
        />,
        <FunctionField
          key="max"
          label={`${R}.fields.max_patients`}
          sortable={false}
          render={(r: any) => r.max_patients ?? '-'}
        />,
        <FunctionField
          key="room"
          label={`${R}.fields.room_number`}
          sortable={false}
          render={(r: any) => r.room_number ?? '-'}
        />,
        <FunctionField
          key="active"
          label={`${R}.fields.is_active`}
          sortable={false}
          render={(r: any) => (
            <Chip
              size="small"
              color={r.is_active ? 'success' : 'default'}
              label={translate(`${R}.choices.is_active.${Boolean(r.is_active)}`, {
                _: r.is_active ? '✓' : '-',
              })}
            />
          )}
        />,
      ]}
    />
  );
}

export default ScheduleList;
