/**
 * The facility API as E-Registrasi calls it (spec part 2 §7 'Mobile simulator'): the connection
 * (key, target URL, auth method, Bearer token), the inspector's exchanges, and one function per
 * endpoint the wizard uses. Every call goes through callFacilityApi and never throws.
 */
import { useCallback, useMemo, useState } from 'react';
import { callFacilityApi, localTargetUrl, type Answer, type Connection, type Exchange } from './client';

const MAX_EXCHANGES = 50;

export interface FacilityApi {
  conn: Connection;
  setConn: (patch: Partial<Connection>) => void;
  exchanges: Exchange[];
  clearExchanges: () => void;
  facilities: () => Promise<Answer>;
  poli: () => Promise<Answer>;
  patientByNik: (nik: string) => Promise<Answer>;
  registerPatient: (body: Record<string, unknown>) => Promise<Answer>;
  quota: (poly: string, date: string, time: string) => Promise<Answer>;
  book: (body: Record<string, unknown>) => Promise<Answer>;
  booking: (code: string) => Promise<Answer>;
  /** POST /v1/token, always with the X-API-Key (a Bearer token is what it fetches). */
  token: (username: string, password: string) => Promise<Answer>;
}

const enc = encodeURIComponent;

export function useFacilityApi(): FacilityApi {
  const [conn, setConnState] = useState<Connection>(() => ({
    key: '',
    targetUrl: localTargetUrl(),
    auth: 'apikey',
    token: null,
  }));
  const setConn = useCallback((patch: Partial<Connection>) => setConnState((c) => ({ ...c, ...patch })), []);
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const record = useCallback(
    (e: Exchange) => setExchanges((list) => [e, ...list].slice(0, MAX_EXCHANGES)),
    [],
  );
  const clearExchanges = useCallback(() => setExchanges([]), []);

  const endpoints = useMemo(() => {
    const get = (path: string) => callFacilityApi(conn, 'GET', path, undefined, record);
    const post = (path: string, body: unknown) => callFacilityApi(conn, 'POST', path, body, record);
    return {
      facilities: () => get('/facilities?limit=100'),
      poli: () => get('/simulator/poli'),
      patientByNik: (nik: string) => get(`/v1/patient/KTP/${enc(nik)}`),
      registerPatient: (body: Record<string, unknown>) => post('/v1/patient', body),
      quota: (poly: string, date: string, time: string) =>
        get(`/v1/appointment/quota/${enc(poly)}/${enc(date)}?time=${enc(time)}`),
      book: (body: Record<string, unknown>) => post('/v1/appointment', body),
      booking: (code: string) => get(`/v1/appointment/${enc(code)}`),
      token: (username: string, password: string) =>
        callFacilityApi({ ...conn, auth: 'apikey' }, 'POST', '/v1/token', { username, password }, record),
    };
  }, [conn, record]);

  return { conn, setConn, exchanges, clearExchanges, ...endpoints };
}
