import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Card, Fab, InputAdornment, TextField } from '@mui/material';
import { PageTitle } from '../components/PageHeader';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { T, type DomainConnection } from './domain-config/connections';
import { useDomainConnections } from './domain-config/useDomainConnections';
import { ConnectionsTable } from './domain-config/ConnectionsTable';
import { ConfigDialog } from './domain-config/ConfigDialog';
import { DeleteDialog } from './domain-config/DeleteDialog';

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2 }}>
      <TextField
        size="small"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={translate(`${T}.search`)}
        slotProps={{
          htmlInput: { 'aria-label': translate(`${T}.search`) },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ width: { xs: '100%', sm: 320 } }}
      />
    </Box>
  );
}

/**
 * /master/domain-config (spec part 2 §2 'Domain Configuration'): the facilities' connections
 * with their gateway mapping, status chips, Activate only when configured but inactive, a
 * floating add button and an info box about the redirect gateway.
 */
export default function DomainConfig() {
  const translate = useTranslate();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DomainConnection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DomainConnection | null>(null);
  const connections = useDomainConnections(search);

  return (
    <Box sx={{ mt: 2, mb: 10 }}>
      <PageTitle title={translate(`${T}.title`)} subtitle={translate(`${T}.subtitle`)} />
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>{translate(`${T}.info_title`)}</AlertTitle>
        {translate(`${T}.info`, { path: '/api/gateway/{facility_code}/…' })}
      </Alert>
      {(connections.error || connections.isError) && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={connections.clearError}>
          {connections.error ?? translate(`${T}.errors.fetch`)}
        </Alert>
      )}
      <Card>
        <SearchBox value={search} onChange={setSearch} />
        <ConnectionsTable
          rows={connections.rows}
          loading={connections.isPending}
          onActivate={connections.activate}
          onEdit={setDialog}
          onDelete={setDeleting}
        />
      </Card>
      <Fab
        color="primary"
        aria-label={translate(`${T}.add`)}
        onClick={() => setDialog('new')}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
      >
        <AddIcon />
      </Fab>
      {dialog && (
        <ConfigDialog
          row={dialog}
          free={connections.free}
          onClose={(saved) => {
            setDialog(null);
            if (saved) {
              notify(translate(`${T}.saved`), { type: 'success' });
              void connections.reload();
            }
          }}
        />
      )}
      <DeleteDialog
        deleting={deleting}
        onCancel={() => setDeleting(null)}
        onDelete={(row) => {
          setDeleting(null);
          void connections.remove(row);
        }}
      />
    </Box>
  );
}
