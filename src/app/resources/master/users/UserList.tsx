import { FunctionField, SelectInput, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import VerifiedIcon from '@mui/icons-material/Verified';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { users } from '../../../../domain/resources/users';
import { ResourceScreen } from '../../generic/ResourceScreen';
import type { FormSection } from '../../generic/ResourceDialog';
import { formatDateTimeWib, Line } from '../../generic/cells';

const R = 'resources.master/users';

const sections: FormSection[] = [
  { title: `${R}.sections.account`, fields: ['name', 'email', 'password'] },
  { title: `${R}.sections.status`, fields: ['verified', 'has_medicine_delivery'] },
];

/**
 * /master/users: search, the verification filter, then user info, email, status (verified
 * chip), services ('Medicine Delivery' chip), created and the row actions (spec part 2 §2).
 */
function UserList() {
  const translate = useTranslate();
  const verified = (v: boolean) => translate(`${R}.choices.verified.${v}`);
  return (
    <ResourceScreen
      decl={users}
      sections={sections}
      filters={[
        <SelectInput
          key="verified"
          source="verified"
          alwaysOn
          label={`${R}.filters.verified`}
          choices={[
            { id: 'true', name: verified(true) },
            { id: 'false', name: verified(false) },
          ]}
          sx={{ minWidth: 200 }}
        />,
      ]}
      columns={[
        <FunctionField
          key="info"
          label={`${R}.columns.user_info`}
          sortBy="name"
          render={(r: any) => (
            <Box sx={{ minWidth: 160 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.name}
              </Typography>
              <Line>ID {r.id}</Line>
            </Box>
          )}
        />,
        <FunctionField
          key="email"
          label={`${R}.columns.email`}
          sortBy="email"
          render={(r: any) => <Typography variant="body2">{r.email}</Typography>}
        />,
        <FunctionField
          key="status"
          label={`${R}.columns.status`}
          sortable={false}
          render={(r: any) => (
            <Chip
              size="small"
              icon={r.verified ? <VerifiedIcon /> : undefined}
              label={verified(Boolean(r.verified))}
              // Unverified in grey outline: legible on white (an orange outline is not, 3.1:1).
              color={r.verified ? 'success' : 'default'}
              variant={r.verified ? 'filled' : 'outlined'}
            />
          )}
        />,
        <FunctionField
          key="services"
          label={`${R}.columns.services`}
          sortable={false}
          render={(r: any) =>
            r.has_medicine_delivery ? (
              <Chip
                size="small"
                icon={<LocalShippingIcon />}
                label={translate(`${R}.services.medicine_delivery`)}
                color="info"
              />
            ) : (
              <Line>{translate(`${R}.services.none`)}</Line>
            )
          }
        />,
        <FunctionField
          key="created"
          label={`${R}.columns.created`}
          sortBy="created_at"
          render={(r: any) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(r.created_at)}</span>}
        />,
      ]}
    />
  );
}

export default UserList;
