import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import {
  CreateButton,
  Datagrid,
  EditButton,
  List,
  SearchInput,
  TopToolbar,
  WrapperField,
  useGetIdentity,
  useListContext,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Button, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import type { ResourceDeclaration } from '../../../domain/resource';
import { defaultFilters } from './ListFilters';
import { ServerExportButton } from './ServerExportButton';
import { ImportButton } from './import/ImportButton';
import { VersionedDeleteButton } from './VersionedDeleteButton';
import { ResourceDialog, type CustomInputs, type FormSection } from './ResourceDialog';
import type { DialogTab } from './DialogTabs';
import { ListPagination } from './ListPagination';
import { LiveListUpdates } from './LiveList';
import { schemaColumns } from './SchemaColumns';
import { RequireMenuAccess } from '../../components/RequireMenuAccess';
import { consoleNameOf, screenPathOf } from '../screen-paths';
import { messageSeconds, SHORT_MESSAGE_SECONDS } from '../../../domain/messages';
import { DismissButton } from '../../components/DismissButton';

export interface ResourceScreenProps {
  decl: ResourceDeclaration;
  /** Table columns; by default the declaration's `listColumns` shown by type. */
  columns?: ReactNode;
  /** Filters beside the search box; by default the declaration's (ListFilters). */
  filters?: ReactElement[];
  sections?: FormSection[];
  defaults?: (identity: Record<string, any>) => Record<string, any>;
  /** The dialog's own inputs for some fields, in place of the schema's. */
  inputs?: CustomInputs;
  /** Actions of the screen's own beside Add and Export (copy from master, initialize defaults). */
  actions?: ReactNode;
  /** A row's actions of the screen's own, before Edit and Delete (a temporary password). */
  rowActions?: ReactNode;
  /** A record's tabs beside its edit form, and the form tab's label (DialogTabs). */
  tabs?: DialogTab[];
  formTabLabel?: string;
}

function Empty({ decl, canAdd }: { decl: ResourceDeclaration; canAdd: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, width: '100%' }}>
      {/* An empty list shows the first record someone adds. */}
      <LiveListUpdates />
      <InboxIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h6" color="text.secondary">
        {translate(`resources.${decl.name}.empty`, {
          _: translate('ra.navigation.no_results', { name: '' }),
        })}
      </Typography>
      {canAdd && (
        <Box sx={{ mt: 2 }}>
          <CreateButton resource={consoleNameOf(decl)} variant="contained" label="app.common.add" />
        </Box>
      )}
    </Box>
  );
}

/**
 * Add, unless the signed-in facility user already has the one record their facility may have
 * (onePerFacility): the server would refuse a second.
 */
function AddButton({ decl }: { decl: ResourceDeclaration }) {
  const { identity } = useGetIdentity();
  const { total, filterValues } = useListContext();
  const unfiltered = Object.values(filterValues ?? {}).every((v) => v === undefined || v === '');
  const full = decl.onePerFacility && identity?.role === 'medical_facility' && unfiltered && (total ?? 0) > 0;
  return full ? null : <CreateButton label="app.common.add" />;
}

/**
 * The list could not be loaded: the spec's message with the server's detail, a retry, and a
 * close button that dismisses the alert (spec §8). Where the alert clears itself (poli and
 * simulator screens) or is closed, the message and the retry stay in the list's place as plain
 * text: the page is never left blank.
 */
function FetchError({ decl }: { decl: ResourceDeclaration }) {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  // On the poli and simulator screens the alert clears itself after 3 s (spec part 2 §8).
  const seconds = messageSeconds(pathname);
  const clears = seconds === SHORT_MESSAGE_SECONDS;
  useEffect(() => {
    if (!clears || dismissed) return;
    const timer = setTimeout(() => setDismissed(true), seconds * 1000);
    return () => clearTimeout(timer);
  }, [clears, dismissed, seconds, error]);
  const message = translate(`resources.${decl.name}.errors.fetch`, {
    _: translate('ra.notification.http_error'),
  });
  if (dismissed)
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 6, width: '100%' }}>
        <Typography color="text.secondary">{message}</Typography>
        <Button sx={{ mt: 1 }} onClick={() => refetch()}>
          {translate('ra.action.refresh')}
        </Button>
      </Box>
    );
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <>
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {translate('ra.action.refresh')}
          </Button>
          <DismissButton onClick={() => setDismissed(true)} />
        </>
      }
    >
      {message}
      {error?.message ? `: ${error.message}` : ''}
    </Alert>
  );
}

/**
 * A resource's whole screen from its declaration: search, filters, a paginated table with
 * edit and delete (with confirmation), import and export, and the add/edit dialog over the list at
 * /<resource>/create and /<resource>/<id>.
 */
export function ResourceScreen(props: ResourceScreenProps) {
  // A role without this screen is sent away before the list asks for any data.
  return (
    <RequireMenuAccess path={screenPathOf(props.decl.name)}>
      <ResourceScreenBody {...props} />
    </RequireMenuAccess>
  );
}

function ResourceScreenBody({
  decl,
  columns,
  filters,
  sections,
  defaults,
  inputs,
  actions,
  rowActions,
  tabs,
  formTabLabel,
}: ResourceScreenProps) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/${consoleNameOf(decl)}`;
  const creating = matchPath(`${base}/create`, pathname);
  const editing = !creating ? matchPath(`${base}/:id`, pathname) : null;
  const close = () => navigate(base);
  // A facility user on the facilities themselves: their one row, to edit, not to add or delete
  // (the server refuses both).
  const { identity } = useGetIdentity();
  const ownRowOnly = decl.facilityColumn === 'id' && identity?.role === 'medical_facility';

  return (
    <>
      <List
        resource={consoleNameOf(decl)}
        title={translate(`resources.${decl.name}.title`, { _: decl.name })}
        sort={decl.defaultSort}
        perPage={10}
        pagination={<ListPagination />}
        filters={[
          <SearchInput
            key="q"
            source="q"
            alwaysOn
            // Wide enough for the whole hint ('Cari nama, NIK, telepon, email'); full width on a phone.
            sx={{ width: { xs: '100%', sm: 340 } }}
            placeholder={translate(`resources.${decl.name}.filters.search`, {
              _: translate('ra.action.search'),
            })}
          />,
          ...(filters ?? defaultFilters(decl, translate)),
        ]}
        actions={
          <TopToolbar>
            {actions}
            {!ownRowOnly && <AddButton decl={decl} />}
            {!ownRowOnly && <ImportButton decl={decl} />}
            <ServerExportButton />
          </TopToolbar>
        }
        empty={<Empty decl={decl} canAdd={!ownRowOnly} />}
        error={<FetchError decl={decl} />}
        // On a phone the table is wider than the screen: it scrolls sideways inside its card
        // (its links and buttons take the keyboard there) instead of widening the whole page.
        sx={{
          minWidth: 0,
          maxWidth: '100%',
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
        }}
      >
        <LiveListUpdates />
        <Datagrid bulkActionButtons={false} rowClick={false}>
          {columns ?? schemaColumns(decl, translate)}
          <WrapperField
            // 'Actions' on the master lists (the spec's header), the resource's own text elsewhere.
            label={translate(`resources.${decl.name}.columns.actions`, {
              _: translate('app.common.actions'),
            })}
            textAlign="right"
          >
            {/* Side by side where the table has room, one above the other where it has not. */}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
              {rowActions}
              <EditButton />
              {!ownRowOnly && <VersionedDeleteButton decl={decl} />}
            </Box>
          </WrapperField>
        </Datagrid>
      </List>
      {creating && (
        <ResourceDialog
          decl={decl}
          mode="create"
          onClose={close}
          sections={sections}
          defaults={defaults}
          inputs={inputs}
        />
      )}
      {editing && (
        <ResourceDialog
          decl={decl}
          mode="edit"
          id={editing.params.id}
          onClose={close}
          sections={sections}
          defaults={defaults}
          inputs={inputs}
          tabs={tabs}
          formTabLabel={formTabLabel}
        />
      )}
    </>
  );
}
