import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { GatewayStatus } from '../../../../domain/facility-integration';

const R = 'resources.master/medical-facilities';

/** Online / Offline (spec §4 'Facility online flag'). */
export function OnlineChip({ online }: { online: boolean | null | undefined }) {
  const translate = useTranslate();
  if (online == null) return null;
  return (
    <Chip
      size="small"
      label={translate(`${R}.choices.online.${online}`)}
      color={online ? 'success' : 'default'}
      variant={online ? 'filled' : 'outlined'}
      data-online={online}
    />
  );
}

export function FacilityTypeLabel({ type }: { type: string | null | undefined }) {
  const translate = useTranslate();
  if (!type) return <>-</>;
  return <>{translate(`${R}.choices.type.${type}`, { _: type })}</>;
}

const GATEWAY_COLORS: Record<GatewayStatus, 'success' | 'default' | 'warning' | 'error'> = {
  enabled: 'success',
  disabled: 'default',
  not_configured: 'default',
  invalid: 'error',
};

/** Enabled / Disabled / Not Configured / Invalid Config (spec §4 'Connection gateway status'). */
export function GatewayChip({ status }: { status: GatewayStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'enabled' || status === 'invalid' ? 'filled' : 'outlined'}
      color={GATEWAY_COLORS[status]}
      label={translate(`${R}.integrated.connections.gateway.${status}`)}
      data-gateway={status}
    />
  );
}
