import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, IconButton, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import type { Facility } from './records';
import { ParamsTab } from './ParamsTab';
import { ConnectionsTab } from './ConnectionsTab';
import { FacilityTypeLabel, OnlineChip } from './chips';

const R = 'resources.master/medical-facilities';

/**
 * The right card: the selected facility's name, type and contacts, its edit (and, when onDelete
 * is given, delete) button, and its Parameters and Connections tabs. The tab chosen stays while
 * another facility is selected.
 */
export function FacilityDetail({
  selected,
  hasFacilities,
  onEdit,
  onDelete,
}: {
  selected: Facility | null;
  hasFacilities: boolean;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'params' | 'connections'>('params');

  if (!selected) {
    return (
      <Card>
        <CardContent>
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
            {hasFacilities ? translate(`${R}.integrated.select`) : translate(`${R}.empty`)}
          </Typography>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardContent>
        <FacilityHeader facility={selected} onEdit={onEdit} onDelete={onDelete} />
        <Tabs
          value={tab}
          onChange={(_, v) => setTab(v)}
          sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
        >
          <Tab value="params" label={translate(`${R}.integrated.tabs.params`)} />
          <Tab value="connections" label={translate(`${R}.integrated.tabs.connections`)} />
        </Tabs>
        {tab === 'params' ? (
          <ParamsTab facilityId={selected.id} />
        ) : (
          <ConnectionsTab facilityId={selected.id} />
        )}
      </CardContent>
    </Card>
  );
}

function FacilityHeader({
  facility,
  onEdit,
  onDelete,
}: {
  facility: Facility;
  onEdit: () => void;
  onDelete?: () => void;
}) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: 1,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="h2" data-selected-facility={facility.id}>
          {facility.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <FacilityTypeLabel type={facility.type} /> · {facility.email ?? '-'} · {facility.phone ?? '-'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <OnlineChip online={facility.online} />
        <Tooltip title={translate('ra.action.edit')} disableInteractive>
          <IconButton aria-label={`${translate('ra.action.edit')} ${facility.name}`} onClick={onEdit}>
            <EditIcon />
          </IconButton>
        </Tooltip>
        {onDelete && (
          <Tooltip title={translate('ra.action.delete')} disableInteractive>
            <IconButton
              aria-label={`${translate('ra.action.delete')} ${facility.name}`}
              color="error"
              onClick={onDelete}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
