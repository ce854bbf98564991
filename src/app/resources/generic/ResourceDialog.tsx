import { useState, type ReactNode } from 'react';
import {
  CreateBase,
  EditBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useGetIdentity,
  useLocaleState,
  useNotify,
  useTranslate,
  type Identifier,
} from 'react-admin';
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { createDefaults, dialogGroups, type ResourceDeclaration } from '../../../domain/resource';
import { SchemaInput } from './SchemaInput';
import { schemaValidator } from './formValidation';
import { ConflictPanel, type Conflict } from './ConflictPanel';
import { RemoteChangeNotice } from './RemoteChangeNotice';
import { consoleNameOf } from '../screen-paths';
import { DialogTabs, type DialogTab } from './DialogTabs';

export interface FormSection {
  /** i18n key of the section title. */
  title: string;
  fields: string[];
}

export interface ResourceDialogProps {
  decl: ResourceDeclaration;
  mode: 'create' | 'edit';
  id?: Identifier;
  onClose: () => void;
  sections?: FormSection[];
  /** Values a new record starts with beyond the schema's defaults and the own facility (createDefaults). */
  defaults?: (identity: Record<string, any>) => Record<string, any>;
  /** Inputs of the screen's own for some fields, in place of the schema's. */
  inputs?: CustomInputs;
  /** A record's tabs beside its form (edit only), and the form tab's label (an i18n key). */
  tabs?: DialogTab[];
  formTabLabel?: string;
  /** The react-admin resource the dialog reads and writes (default: the declaration's screen; a child's records: childResourceOf). */
  resource?: string;
  /** Called with the saved record instead of going back to the resource's list. */
  onSaved?: (record: Record<string, any>) => void;
  /** The values as the API wants them, from the form's (a value the API takes as text). */
  transform?: (values: Record<string, any>) => Record<string, any>;
}

/** A field's own input (it may span the dialog's two columns with `gridColumn: '1 / -1'`). */
export type CustomInputs = Record<string, (props: { editing: boolean }) => ReactNode>;

function DialogToolbar({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  return (
    // Opaque: on a phone the bar stays at the screen's foot and the fields scroll beneath it.
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1, bgcolor: 'background.paper' }}>
      <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
}

function Inputs({
  decl,
  sections,
  editing,
  inputs,
}: {
  decl: ResourceDeclaration;
  sections?: FormSection[];
  editing: boolean;
  inputs?: CustomInputs;
}) {
  const translate = useTranslate();
  const groups: FormSection[] =
    sections ??
    dialogGroups(decl).map((g) => ({
      title: g.title ? `resources.${decl.name}.${g.title}` : '',
      fields: g.fields,
    }));
  return (
    <Box sx={{ width: '100%' }}>
      {groups.map((section) => (
        <Box key={section.title || 'all'} sx={{ mb: 2 }}>
          {section.title && (
            <Typography variant="subtitle2" color="primary" sx={{ mb: 1, fontWeight: 600 }}>
              {translate(section.title)}
            </Typography>
          )}
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              columnGap: 2,
              rowGap: 0.5,
            }}
          >
            {section.fields.map((field) => {
              const Custom = inputs?.[field];
              return Custom ? (
                <Custom key={field} editing={editing} />
              ) : (
                <SchemaInput
                  key={field}
                  decl={decl}
                  field={field}
                  editing={editing}
                  autoFocus={!editing && field === groups[0]?.fields[0]}
                />
              );
            })}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Above the edit form: the conflict of a refused save, else word of someone else's save. */
function EditWarnings(p: {
  decl: ResourceDeclaration;
  resource: string;
  id: Identifier;
  conflict: Conflict | null;
  set: (conflict: Conflict | null) => void;
}) {
  return p.conflict ? (
    <ConflictPanel decl={p.decl} conflict={p.conflict} onResolved={() => p.set(null)} />
  ) : (
    <RemoteChangeNotice resource={p.resource} id={p.id} onConflict={p.set} />
  );
}

/**
 * The add/edit dialog of a resource: an empty form that POSTs, or a prefilled one that PUTs.
 * Checks the resource's schema before sending; the server's field errors land on the fields.
 */
export function ResourceDialog({
  decl,
  mode,
  id,
  onClose,
  sections,
  defaults,
  inputs,
  tabs,
  formTabLabel = 'ra.action.edit',
  resource = consoleNameOf(decl),
  onSaved,
  transform,
}: ResourceDialogProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { identity, isPending } = useGetIdentity();
  const editing = mode === 'edit';
  const title = translate(`resources.${decl.name}.${editing ? 'edit_title' : 'add_title'}`, {
    _: translate(editing ? 'ra.action.edit' : 'ra.action.create'),
  });
  const notify = useNotify();
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // The server's own reason ('Data dengan nilai ini sudah terdaftar', ...), else the resource's
  // 'Failed to save ...' (spec §8).
  const notifyError = (error: any) =>
    notify(error?.message || `resources.${decl.name}.errors.save`, {
      type: 'error',
      messageArgs: { _: error?.message || translate('ra.notification.http_error') },
    });
  // A save on a version someone else replaced meanwhile: the dialog stays open with the conflict.
  const onError = (error: any) => {
    if (error?.status === 412 && error.body?.current) {
      setConflict({ message: error.message, current: error.body.current });
      return;
    }
    notifyError(error);
  };
  // Saved in place (a dialog over another screen's content): the screen decides what follows.
  const saved = (message: string) =>
    onSaved
      ? {
          redirect: false as const,
          onSuccess: (record: Record<string, any>) => {
            notify(message, { type: 'info', messageArgs: { smart_count: 1 } });
            onSaved(record);
          },
        }
      : { redirect: 'list' as const };
  const { redirect: afterEdit, ...editSuccess } = saved('ra.notification.updated');
  const { redirect: afterCreate, ...createSuccess } = saved('ra.notification.created');
  const form = (children: ReactNode) => (
    <SimpleForm
      validate={schemaValidator(decl, editing, locale)}
      toolbar={<DialogToolbar onCancel={onClose} />}
      defaultValues={
        editing ? undefined : { ...createDefaults(decl, identity ?? {}), ...defaults?.(identity ?? {}) }
      }
      // The schema's checks answer in the console's language, under each field: not the browser's.
      noValidate
      sx={{ p: 0 }}
    >
      {children}
    </SimpleForm>
  );
  const edit = (
    <EditBase
      resource={resource}
      id={id}
      mutationMode="pessimistic"
      redirect={afterEdit}
      transform={transform}
      mutationOptions={{ onError, ...editSuccess }}
    >
      {form(
        <>
          <EditWarnings decl={decl} resource={resource} id={id!} conflict={conflict} set={setConflict} />
          <Inputs decl={decl} sections={sections} editing inputs={inputs} />
        </>,
      )}
    </EditBase>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="resource-dialog-title"
    >
      <DialogTitle id="resource-dialog-title">{title}</DialogTitle>
      <DialogContent dividers>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress />
          </Box>
        ) : editing && tabs?.length ? (
          <DialogTabs id={id!} tabs={tabs} formLabel={formTabLabel} label={title} onClose={onClose}>
            {edit}
          </DialogTabs>
        ) : editing ? (
          edit
        ) : (
          <CreateBase
            resource={resource}
            redirect={afterCreate}
            transform={transform}
            mutationOptions={{ onError: notifyError, ...createSuccess }}
          >
            {form(<Inputs decl={decl} sections={sections} editing={false} inputs={inputs} />)}
          </CreateBase>
        )}
      </DialogContent>
    </Dialog>
  );
}
