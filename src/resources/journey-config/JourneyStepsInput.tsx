import { useMemo, type ReactNode } from 'react';
import { TextInput, required, useInput, useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Box, Button, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  ErrorSchema,
  ObjectFieldTemplateProps,
  WidgetProps,
} from '@rjsf/utils';
import { JOURNEY_STEPS } from '../../domain/sandbox';
import { journeyConfigs } from './index';
import { JsonField, type JsonFormOptions, type JsonValue } from '../../app/resources/generic/JsonField';
import { resourceJsonForm } from '../../app/resources/generic/jsonForms';

const R = 'resources.admin/journey-config';
const S = `${R}.steps`;

interface Step {
  id?: string;
  title?: string;
  title_en?: string;
  default_duration_minutes?: number;
}

/** What the step rows need from the dialog: the supported ids and the texts. */
interface StepsContext {
  /** The ids the steps have, so that another step cannot take one again. */
  used: string[];
  supported: string[];
  setSupported: (id: string, on: boolean) => void;
  t: (key: string, options?: Record<string, unknown>) => string;
}

const contextOf = (registry: { formContext?: unknown }) => registry.formContext as StepsContext;

/** The rows, then 'add a step'. */
function StepList({ items, canAdd, onAddClick, registry }: ArrayFieldTemplateProps) {
  const { t } = contextOf(registry);
  return (
    <Box>
      {items.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t(`${S}.none`)}
        </Typography>
      )}
      <Stack spacing={1}>{items}</Stack>
      {canAdd && (
        <Button startIcon={<AddIcon />} onClick={onAddClick} sx={{ mt: 1 }}>
          {t(`${S}.add`)}
        </Button>
      )}
    </Box>
  );
}

/** One step: its number, its fields, and buttons to move it up, down, or remove it. */
function StepItem({ children, buttonsProps: b, index, registry }: ArrayFieldItemTemplateProps) {
  const { t } = contextOf(registry);
  const n = index + 1;
  const action = (key: string, icon: ReactNode, onClick: () => void, enabled: boolean) => {
    const label = t(`${S}.${key}`, { n });
    return (
      <Tooltip title={label}>
        <span>
          <IconButton size="small" aria-label={label} disabled={!enabled} onClick={() => onClick()}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  };
  return (
    <Box
      role="group"
      aria-label={t(`${S}.step`, { n })}
      data-step-row={index}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
      }}
    >
      <Typography sx={{ pt: 2, minWidth: 20, fontWeight: 600 }} aria-hidden>
        {n}.
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, pt: 1 }}>
        {action('move_up', <ArrowUpwardIcon fontSize="small" />, b.onMoveUpItem, b.hasMoveUp)}
        {action('move_down', <ArrowDownwardIcon fontSize="small" />, b.onMoveDownItem, b.hasMoveDown)}
        {action('remove', <DeleteIcon fontSize="small" />, b.onRemoveItem, b.hasRemove)}
      </Box>
    </Box>
  );
}

/** A step's fields in a row, and its 'supported' switch (off and disabled while no id is chosen). */
function StepFields({ properties, formData, registry }: ObjectFieldTemplateProps) {
  const { supported, setSupported, t } = contextOf(registry);
  const id = (formData as Step | undefined)?.id;
  const field = (name: string) => properties.find((p) => p.name === name)?.content;
  const area = (name: string, node: ReactNode) => <Box sx={{ gridArea: name, minWidth: 0 }}>{node}</Box>;
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 0.7fr)' },
        gridTemplateAreas: {
          xs: '"id" "supported" "title" "title_en" "duration"',
          sm: '"id id supported" "title title_en duration"',
        },
        columnGap: 1.5,
        alignItems: 'center',
      }}
    >
      {area('id', field('id'))}
      {area('title', field('title'))}
      {area('title_en', field('title_en'))}
      {area('duration', field('default_duration_minutes'))}
      <FormControlLabel
        sx={{ gridArea: 'supported', ml: 0 }}
        control={
          <Switch
            checked={!!id && supported.includes(id)}
            disabled={!id}
            onChange={(e) => id && setSupported(id, e.target.checked)}
          />
        }
        label={t(`${S}.supported`)}
      />
    </Box>
  );
}

/** The step id choice: the ten ids, those another step already has disabled. */
function StepIdWidget(props: WidgetProps) {
  const { used } = contextOf(props.registry);
  const Select = props.registry.widgets.SelectWidget;
  const taken = used.filter((id) => id !== props.value);
  return <Select {...props} options={{ ...props.options, enumDisabled: taken }} />;
}

const WIDGETS = { stepId: StepIdWidget };

const TEMPLATES = {
  ArrayFieldTemplate: StepList,
  ArrayFieldItemTemplate: StepItem,
  ObjectFieldTemplate: StepFields,
};

/** Choosing a step id fills its title, English title and duration from the defaults (§9). */
export function fillStepDefaults(next: JsonValue, _previous: JsonValue, changed?: string): JsonValue {
  const at = changed?.match(/_(\d+)_id$/);
  if (!at || !Array.isArray(next)) return next;
  const index = Number(at[1]);
  const chosen = JOURNEY_STEPS.find((s) => s.id === (next[index] as Step | undefined)?.id);
  if (!chosen) return next;
  return next.map((step, i) => (i === index ? { ...(step as Step), ...chosen } : step));
}

/** A message of the form's errors: react-admin's `{ message }` or the server's text. */
const messageOf = (e: any): string | undefined =>
  !e ? undefined : typeof e.message === 'string' ? e.message : e.message?.message;

/** The form's errors inside the steps ('journey_steps.0.title' ...) as the rows' error schema. */
function stepErrorSchema(errors: any, translate: (m: string, o?: any) => string): ErrorSchema {
  const schema: Record<string, any> = {};
  if (!errors || typeof errors !== 'object') return schema;
  for (const [index, fields] of Object.entries(errors)) {
    if (!/^\d+$/.test(index) || !fields || typeof fields !== 'object') continue;
    for (const [name, error] of Object.entries(fields as object)) {
      const message = messageOf(error);
      if (!message) continue;
      schema[index] ??= {};
      schema[index][name] = { __errors: [translate(message, { _: message })] };
    }
  }
  return schema;
}

/**
 * The journey type, in capitals as it is typed (the server stores it so too).
 */
export function JourneyTypeInput() {
  const translate = useTranslate();
  return (
    <TextInput
      source="journey_type"
      label={`${R}.fields.journey_type`}
      validate={required()}
      parse={(v: string) => (v ?? '').toUpperCase()}
      helperText={translate(`${R}.helpers.journey_type`)}
      fullWidth
      slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
    />
  );
}

/**
 * The journey's steps as rows (spec part 2 §5 'Journey config'): each step's id chosen from the
 * ten ids, which fills its titles and duration (still editable); add, remove and reorder; a
 * 'supported' switch per step, kept in supported_journey (a removed step leaves it); or the
 * steps as raw JSON. The form's and the server's errors show on the fields they concern.
 */
export function JourneyStepsInput() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const record = useRecordContext();
  const { setValue, getValues } = useFormContext();
  const { field } = useInput({ source: 'journey_steps' });
  const supported: string[] = useWatch({ name: 'supported_journey' }) ?? [];
  const { errors, isSubmitted } = useFormState({ name: ['journey_steps', 'supported_journey'] });
  const steps: Step[] = Array.isArray(field.value) ? field.value : [];

  const writeSupported = (ids: string[], within: Step[]) => {
    const order = within.map((s) => s.id).filter(Boolean) as string[];
    setValue(
      'supported_journey',
      order.filter((id) => ids.includes(id)),
      { shouldDirty: true },
    );
  };
  // The generated form keeps its context while it compares equal (functions included): the
  // switch reads the form's values when it is used, not those of the render that made it.
  const context: StepsContext = {
    used: steps.map((s) => s.id).filter((id): id is string => !!id),
    supported,
    setSupported: (id, on) => {
      const current: string[] = getValues('supported_journey') ?? [];
      const within: Step[] = getValues('journey_steps') ?? [];
      writeSupported(on ? [...current, id] : current.filter((s) => s !== id), within);
    },
    t: (key, options) => translate(key, options),
  };

  const form: JsonFormOptions = useMemo(() => {
    const lang = locale === 'en' ? 'title_en' : 'title';
    const names = JOURNEY_STEPS.map((s) => `${s[lang]} (${s.id})`);
    return {
      templates: TEMPLATES,
      widgets: WIDGETS,
      liveValidate: false,
      // A new configuration starts without steps (the list says to add one), not with an empty row.
      experimental_defaultFormStateBehavior: { arrayMinItems: { populate: 'never' } },
      uiSchema: {
        items: {
          id: {
            'ui:widget': 'stepId',
            'ui:title': translate(`${S}.id`),
            'ui:enumNames': names,
            'ui:placeholder': translate(`${S}.choose`),
          },
          title: { 'ui:title': translate(`${S}.title`) },
          title_en: { 'ui:title': translate(`${S}.title_en`) },
          default_duration_minutes: { 'ui:title': translate(`${S}.duration`) },
        },
      },
    };
  }, [locale, translate]);

  const fieldErrors = (errors as any).journey_steps;
  const extraErrors = useMemo(() => stepErrorSchema(fieldErrors, translate), [fieldErrors, translate]);
  const whole =
    messageOf(fieldErrors) ?? messageOf(fieldErrors?.root) ?? messageOf((errors as any).supported_journey);

  return (
    <Box sx={{ gridColumn: '1 / -1', my: 1 }}>
      <JsonField
        key={`${record?.id ?? 'new'}-${record?.version ?? ''}`}
        name="journey_steps"
        form={resourceJsonForm(journeyConfigs.name, 'journey_steps')}
        label={`${translate(`${R}.fields.journey_steps`)} *`}
        initial={steps.length ? (steps as JsonValue) : null}
        options={{ ...form, formContext: context, extraErrors }}
        normalize={fillStepDefaults}
        error={whole ? translate(whole, { _: whole }) : undefined}
        onChange={({ value }) => {
          const next = (Array.isArray(value) ? value : []) as Step[];
          // The form's own setter: the generated form may report its first value while it mounts.
          setValue('journey_steps', next, { shouldDirty: true, shouldValidate: isSubmitted });
          // A step removed (or given another id) leaves the supported list, which keeps the steps' order.
          const current: string[] = getValues('supported_journey') ?? [];
          const ordered = next.map((s) => s.id).filter((id): id is string => !!id && current.includes(id));
          if (ordered.join() !== current.join()) writeSupported(current, next);
        }}
      />
    </Box>
  );
}
