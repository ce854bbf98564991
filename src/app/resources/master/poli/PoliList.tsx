import { FunctionField, SelectInput, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { poli } from '../../../../domain/resources/poli';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { Line } from '../cells';

const R = 'resources.master/poli';

/**
 * /master/poli: search by code or name, the BPJS filter, then code, name with its description,
 * a BPJS chip and an active chip (spec part 2 §2, §3). The code is fixed once created.
 */
function PoliList() {
  const translate = useTranslate();
  const choice = (field: string, v: boolean) => translate(`${R}.choices.${field}.${v}`);
  return (
    <ResourceScreen
      decl={poli}
      defaults={() => ({ is_bpjs_available: true, is_active: true })}
      filters={[
        <SelectInput
          key="is_bpjs_available"
          source="is_bpjs_available"
          alwaysOn
          label={`${R}.filters.is_bpjs_available`}
          choices={[
            { id: 'true', name: choice('is_bpjs_available', true) },
            { id: 'false', name: choice('is_bpjs_available', false) },
          ]}
          sx={{ minWidth: 160 }}
        />,
      ]}
      columns={[
        <FunctionField
          key="code"
          label={`${R}.fields.poly_code`}
          sortBy="poly_code"
          render={(r: any) => (
            <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
              {r.poly_code}
            </Typography>
          )}
        />,
        <FunctionField
          key="name"
          label={`${R}.fields.poly_name`}
          sortBy="poly_name"
          render={(r: any) => (
            <Box sx={{ minWidth: 180, maxWidth: 420 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.poly_name}
              </Typography>
              {r.description && <Line>{r.description}</Line>}
            </Box>
          )}
        />,
        <FunctionField
          key="bpjs"
          label={`${R}.columns.bpjs`}
          sortable={false}
          render={(r: any) => (
            <Chip
              size="small"
              label={choice('is_bpjs_available', Boolean(r.is_bpjs_available))}
              color={r.is_bpjs_available ? 'success' : 'default'}
              variant={r.is_bpjs_available ? 'filled' : 'outlined'}
            />
          )}
        />,
        <FunctionField
          key="status"
          label={`${R}.columns.status`}
          sortable={false}
          render={(r: any) => (
            <Chip
              size="small"
              label={choice('is_active', Boolean(r.is_active))}
              color={r.is_active ? 'primary' : 'default'}
              variant="outlined"
            />
          )}
        />,
      ]}
    />
  );
}

export default PoliList;
