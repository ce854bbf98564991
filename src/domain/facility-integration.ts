/**
 * Rules of the integrated facilities shared by server and console (spec part 1 §4, §5).
 */

/** Connection gateway status (spec §4): Enabled, Disabled, Not Configured, Invalid Config. */
export type GatewayStatus = 'enabled' | 'disabled' | 'not_configured' | 'invalid';

/**
 * The status of a stored or typed gateway config: none is Not Configured; text that is not a
 * JSON object, or an object whose `enabled` is not true/false, is Invalid Config; otherwise
 * Enabled when `enabled` is true, Disabled when it is false.
 */
export function gatewayStatus(config: unknown): GatewayStatus {
  if (config === null || config === undefined) return 'not_configured';
  let value = config;
  if (typeof value === 'string') {
    if (!value.trim()) return 'not_configured';
    try {
      value = JSON.parse(value);
    } catch {
      return 'invalid';
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const enabled = (value as { enabled?: unknown }).enabled;
  if (enabled === true) return 'enabled';
  if (enabled === false || enabled === undefined) return 'disabled';
  return 'invalid';
}

export const INVALID_JSON = 'JSON tidak valid';
export const JSON_NOT_OBJECT = 'Harus berupa objek JSON ({ ... })';

/**
 * A JSON field as typed in a form or sent by a client: empty is null, an object stays, text is
 * parsed and must be an object. Returns the value or the field's error message.
 */
export function parseJsonObject(
  input: unknown,
): { value: Record<string, unknown> | null; error?: undefined } | { error: string } {
  let value = input;
  if (typeof value === 'string') {
    if (!value.trim()) return { value: null };
    try {
      value = JSON.parse(value);
    } catch {
      return { error: INVALID_JSON };
    }
  }
  if (value === null || value === undefined) return { value: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { error: JSON_NOT_OBJECT };
  return { value: value as Record<string, unknown> };
}

/** A demo facility's code: its type's first letters and its id ('PUS00001', 'RSU00045'). */
export const facilityCode = (type: string | null, id: number) =>
  `${(type ?? 'FAS').slice(0, 3)}${String(id).padStart(5, '0')}`;
