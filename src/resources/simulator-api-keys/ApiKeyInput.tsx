import { useEffect, useRef } from 'react';
import { TextInput, useGetOne, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { IconButton, InputAdornment, Tooltip } from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { simulatorApiKeys } from './index';
import { generateApiKey } from '../../domain/sandbox';
import { SchemaInput } from '../../app/resources/generic/SchemaInput';
import { R } from './textKeys';
import { useCopyText } from './useCopyText';

const FACILITY = 'simulasi_medical_facility_id';
const facilities = simulatorApiKeys.references![FACILITY].resource;
const secureRandom = () => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;

/**
 * The key of a new API key, shown whole before it is saved (spec part 2 §2): once a facility is
 * chosen the field holds a generated key (the facility code, six digits, six letters), which is
 * the one created; it can be generated again, copied, or replaced by a key of one's own. An edit
 * keeps the schema's input (the key masked, sent back unchanged unless replaced).
 */
export function ApiKeyInput({ editing }: { editing: boolean }) {
  return editing ? <SchemaInput decl={simulatorApiKeys} field="x_api_key" editing /> : <GeneratedKeyInput />;
}

function GeneratedKeyInput() {
  const translate = useTranslate();
  const copy = useCopyText();
  const { setValue, getValues } = useFormContext();
  const facilityId = useWatch({ name: FACILITY });
  const key: string | null | undefined = useWatch({ name: 'x_api_key' });
  const { data: facility } = useGetOne(facilities, { id: facilityId }, { enabled: !!facilityId });
  const code: string | undefined = facility?.facility_code;
  // The last key generated here: replaced when the facility changes, unless the user typed their own.
  const generated = useRef<string | null>(null);

  const generate = () => {
    if (!code) return;
    generated.current = generateApiKey(code, secureRandom);
    setValue('x_api_key', generated.current, { shouldDirty: true, shouldValidate: true });
  };
  useEffect(() => {
    const current = getValues('x_api_key');
    if (!current || current === generated.current) generate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new key only for a new facility code
  }, [code]);

  const isGenerated = !!key && key === generated.current;
  const helper =
    !code || !key
      ? `${R}.helpers.x_api_key`
      : isGenerated
        ? `${R}.helpers.x_api_key_generated`
        : `${R}.helpers.x_api_key_own`;
  return (
    <TextInput
      source="x_api_key"
      label={`${R}.fields.x_api_key`}
      helperText={helper}
      fullWidth
      autoFocus
      sx={{ '& input': { fontFamily: 'monospace' } }}
      slotProps={{
        input: {
          endAdornment: code ? (
            <InputAdornment position="end">
              <Tooltip title={translate(`${R}.actions.regenerate`)}>
                <IconButton aria-label={translate(`${R}.actions.regenerate`)} onClick={generate} edge="end">
                  <AutorenewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {key && (
                <Tooltip title={translate(`${R}.actions.copy`)}>
                  <IconButton
                    aria-label={`${translate(`${R}.actions.copy`)} ${translate(`${R}.fields.x_api_key`)}`}
                    onClick={() => void copy(key)}
                    edge="end"
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
