import { FunctionField, SelectInput, TextField, useTranslate } from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { webAdmins } from '../../../../domain/resources/web-admins';
import { ROLES } from '../../../../domain/menu';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { formatDateTimeWib } from '../../generic/cells';

const R = 'resources.master/web-admins';

/** Role badge colours (spec part 2 §2): super_admin error, admin primary, staff info. */
export const ROLE_COLORS: Record<string, 'error' | 'primary' | 'info' | 'default'> = {
  super_admin: 'error',
  admin: 'primary',
  staff: 'info',
};

const DateTime = ({ value, empty }: { value?: string | null; empty?: string }) => (
  <span style={{ whiteSpace: 'nowrap' }}>{value ? formatDateTimeWib(value) : (empty ?? '-')}</span>
);

/**
 * /master/web-admins: search, the role filter (every role but medical_facility), then username,
 * email, full name, role badge, status, last login, created and the row actions. The form asks
 * for a facility only for the medical_facility role.
 */
function WebAdminList() {
  const translate = useTranslate();
  const role = (r: string) => translate(`${R}.choices.role.${r}`, { _: r });
  return (
    <ResourceScreen
      decl={webAdmins}
      filters={[
        <SelectInput
          key="role"
          source="role"
          alwaysOn
          label={`${R}.filters.role`}
          choices={ROLES.filter((r) => r !== 'medical_facility').map((r) => ({ id: r, name: role(r) }))}
          sx={{ minWidth: 170 }}
        />,
      ]}
      columns={[
        <FunctionField
          key="username"
          label={`${R}.columns.username`}
          sortBy="username"
          render={(r: any) => (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {r.username}
            </Typography>
          )}
        />,
        <TextField key="email" source="email" label={`${R}.columns.email`} sortable={false} />,
        <TextField key="full_name" source="full_name" label={`${R}.columns.full_name`} sortBy="full_name" />,
        <FunctionField
          key="role"
          label={`${R}.columns.role`}
          sortable={false}
          render={(r: any) => (
            <Chip size="small" label={role(r.role)} color={ROLE_COLORS[r.role] ?? 'default'} />
          )}
        />,
        <FunctionField
          key="status"
          label={`${R}.columns.status`}
          sortable={false}
          render={(r: any) => (
            <Chip
              size="small"
              variant="outlined"
              label={translate(`${R}.choices.is_active.${Boolean(r.is_active)}`)}
              color={r.is_active ? 'success' : 'default'}
            />
          )}
        />,
        <FunctionField
          key="last_login"
          label={`${R}.columns.last_login`}
          sortBy="last_login"
          render={(r: any) => <DateTime value={r.last_login} empty={translate(`${R}.never`)} />}
        />,
        <FunctionField
          key="created_at"
          label={`${R}.columns.created_at`}
          sortBy="created_at"
          render={(r: any) => <DateTime value={r.created_at} />}
        />,
      ]}
    />
  );
}

export default WebAdminList;
